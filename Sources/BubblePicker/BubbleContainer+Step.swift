import BubblePhysics

/// Time: fixed steps, animations as functions of simulated time (smoothstep, + − × ÷ only).
extension BubbleContainer {
    /// Advances one fixed step (`configuration.physics.timeStep`, 1/60 s by default): keeps the
    /// current state for interpolated frames, advances the clock, moves the anchor, sets animated
    /// sizes to their values at the step's end, drives a dragged bubble, steps the world (only
    /// when the container has an area), then ends finished grow-ins and removals (reporting
    /// `removed`), and checks for rest (reporting `paused`). A resting picker only advances its
    /// clock (see `isAtRest`).
    /// - Complexity: O(n) for bubbles of similar size; O(1) at rest.
    public mutating func step() {
        if resting {
            restingStep()
            return
        }
        keepPreviousState()
        time += configuration.physics.timeStep  // animations show their state at the step's end
        stepCount += 1
        moveAnchorTowardTarget()
        animateBodies()
        driveDraggedBody()
        if configuration.size.hasArea { world.step() }
        settleAnimations()
        finishRemovals()
        reportCapacity()
        checkRest()
    }

    /// Runs as many whole steps as `elapsed` seconds (plus time carried from earlier calls)
    /// allows, at most `physics.maxStepsPerAdvance`, and returns the leftover as a fraction of a
    /// step (0..<1): pass it to `frame(interpolation:)` to draw between the last two steps.
    /// Negative, zero or non-finite `elapsed` runs nothing (see `FixedStepClock`).
    /// - Complexity: O(steps run × n).
    @discardableResult
    public mutating func advance(by elapsed: Double) -> Double {
        let dt = configuration.physics.timeStep
        let steps = clock.steps(after: elapsed, timeStep: dt, limit: configuration.physics.maxStepsPerAdvance)
        for _ in 0..<steps { step() }
        return clock.fraction(of: dt)
    }

    /// Remembers every bubble's drawn state and the anchor point before a step.
    mutating func keepPreviousState() {
        previousAnchorPoint = anchorPoint
        for index in records.indices {
            let record = records[index]
            let center = record.body.map { world.position(of: $0) } ?? anchorPoint
            records[index].previous = MotionSample(center: center, diameter: currentDiameter(record), scale: scale(record))
        }
    }

    /// 0 at `start`, 1 after `duration` seconds (1 at once for a zero duration).
    func progress(since start: Double, over duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        let t = (time - start) / duration
        return t < 0 ? 0 : (t > 1 - 1e-9 ? 1 : t)  // the tolerance absorbs rounding of summed steps
    }

    /// 3t² − 2t³ for t in 0...1: eases in and out, no overshoot.
    static func smoothstep(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// Grow-in / shrink-out scale now.
    func scale(_ record: BubbleRecord<Content>) -> Double {
        switch record.phase {
        case .waiting: return 0
        case .present: return 1
        case .growingIn:
            let t = BubbleContainer.smoothstep(progress(since: record.phaseStart, over: configuration.growInDuration))
            return PickerConstants.minimumScale + (1 - PickerConstants.minimumScale) * t
        case .removing:
            let t = BubbleContainer.smoothstep(progress(since: record.phaseStart, over: configuration.removalDuration))
            return 1 - (1 - PickerConstants.minimumScale) * t
        }
    }

    /// Sets each body's radius to `diameter × scale / 2`. The mass follows the layout diameter
    /// but not the grow-in / shrink-out scale (density is divided by scale²): a spring field's
    /// force does not depend on mass, so a 1%-scale body of 1/10,000 the mass would be flung
    /// across the container in one step.
    mutating func animateBodies() {
        for index in records.indices {
            guard let body = records[index].body else { continue }
            let record = records[index]
            let scale = scale(record)
            let radius = currentDiameter(record) * scale * 0.5
            if radius != world.radius(of: body) {
                bounded(try world.setRadius(radius, of: body))
                // A bubble growing against a solid border moves in with its rim.
                let position = world.position(of: body), inside = keptInside(position, radius: radius)
                if inside != position && configuration.size.hasArea { bounded(try world.setPosition(BubbleContainer.withinWorld(inside), of: body)) }
            }
            let density = bodyDensity(record)
            if density != world.body(body).density { bounded(try world.setDensity(density, of: body)) }
        }
    }

    /// The body's density: the selection state's density over scale², so the mass is that of
    /// the full-size bubble.
    func bodyDensity(_ record: BubbleRecord<Content>) -> Double {
        let scale = scale(record)
        return density(selected: record.bubble.isSelected) / (scale * scale)
    }

    /// Ends grow-ins that have run their course.
    mutating func settleAnimations() {
        for index in records.indices where records[index].phase == .growingIn {
            if progress(since: records[index].phaseStart, over: configuration.growInDuration) >= 1 {
                records[index].phase = .present
            }
        }
    }

    /// Moves the anchor `anchorSmoothing` of the way toward its target and updates the field.
    mutating func moveAnchorTowardTarget() {
        if anchorCurrent != anchorTarget {
            let k = configuration.anchorSmoothing
            anchorCurrent = anchorCurrent + (anchorTarget - anchorCurrent) * k
            if (anchorTarget - anchorCurrent).lengthSquared < 1e-12 { anchorCurrent = anchorTarget }
        }
        var field = world.field
        field.point = anchorPoint
        bounded(try world.setField(field))
    }
}
