import BubblePhysics

/// Time: fixed steps, animations as functions of simulated time (smoothstep, + − × ÷ only).
extension BubbleContainer {
    /// Advances one fixed step (`configuration.physics.timeStep`, 1/60 s by default): keeps the
    /// current state for interpolated frames, advances the clock, fires due long presses, moves
    /// the anchor, sets animated sizes to their values at the step's end, drives the dragged
    /// bubbles, steps the world (only when the container has an area), then ends finished
    /// grow-ins and removals (reporting `removed`), and checks for rest (reporting `paused`). A
    /// resting picker only advances its clock (see `isAtRest`).
    /// - Complexity: O(n) for bubbles of similar size; O(1) at rest.
    public mutating func step() {
        if resting {
            restingStep()
            return
        }
        keepPreviousState()
        time += configuration.physics.timeStep  // animations show their state at the step's end
        stepCount += 1
        fireLongPresses()
        moveAnchorTowardTarget()
        updateFit()
        animateBodies()
        driveDraggedBodies()
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
        motions.keepPreviousState(in: world, anchor: anchorPoint, timing)
    }

    /// The clock and durations the animations read now.
    var timing: AnimationTiming {
        AnimationTiming(time: time, growIn: configuration.growInDuration, removal: configuration.removalDuration,
                        selection: configuration.selectionDuration, fitScale: fit.scale)
    }

    /// 0 at `start`, 1 after `duration` seconds (1 at once for a zero duration).
    func progress(since start: Double, over duration: Double) -> Double {
        timing.progress(since: start, over: duration)
    }

    /// Grow-in / shrink-out scale now.
    func scale(_ motion: BubbleMotion) -> Double { motion.scale(timing) }

    /// Sets each body's radius and density to its animated values (see `World.animate`).
    mutating func animateBodies() {
        world.animate(motions, timing, configuration, inside: contentRect)
    }

    /// The body's density now (see `BubbleMotion.density`).
    func bodyDensity(_ motion: BubbleMotion) -> Double { motion.density(timing, configuration) }

    /// Ends grow-ins that have run their course.
    mutating func settleAnimations() {
        motions.settleGrowIns(timing)
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
