import BubblePhysics

/// Time: fixed steps, animations as functions of simulated time (smoothstep, + − × ÷ only).
extension BubbleContainer {
    /// Scale of a growing bubble when it appears, and the floor of a shrinking one (UIKit-like 0.01).
    static let minimumScale = 0.01

    /// Advances one fixed step (`configuration.physics.timeStep`, 1/60 s by default): moves the
    /// anchor, animates sizes, drives a dragged bubble, steps the world (only when the container
    /// has an area), then finishes removals.
    public mutating func step() {
        moveAnchorTowardTarget()
        animateBodies()
        driveDraggedBody()
        if configuration.size.hasArea { world.step() }
        time += configuration.physics.timeStep
        stepCount += 1
        settleAnimations()
        finishRemovals()
    }

    /// Runs as many whole steps as `elapsed` seconds (plus time carried from earlier calls)
    /// allows, at most `physics.maxStepsPerAdvance`, and returns the leftover as a fraction of a
    /// step (0..<1) for interpolation. Negative, zero or non-finite `elapsed` runs nothing.
    @discardableResult
    public mutating func advance(by elapsed: Double) -> Double {
        let dt = configuration.physics.timeStep
        if elapsed.isFinite && elapsed > 0 { carriedTime += elapsed }
        var steps = 0
        while carriedTime >= dt && steps < configuration.physics.maxStepsPerAdvance {
            step()
            carriedTime -= dt
            steps += 1
        }
        if carriedTime >= dt { carriedTime = 0 }
        return carriedTime / dt
    }

    /// 0 at `start`, 1 after `duration` seconds (1 at once for a zero duration).
    func progress(since start: Double, over duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        let t = (time - start) / duration
        return t < 0 ? 0 : (t > 1 ? 1 : t)
    }

    /// 3t² − 2t³ for t in 0...1: eases in and out, no overshoot.
    static func smoothstep(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// Grow-in / shrink-out scale now.
    func scale(_ record: BubbleRecord) -> Double {
        switch record.phase {
        case .waiting: return 0
        case .present: return 1
        case .growingIn:
            let t = BubbleContainer.smoothstep(progress(since: record.phaseStart, over: configuration.growInDuration))
            return BubbleContainer.minimumScale + (1 - BubbleContainer.minimumScale) * t
        case .removing:
            let t = BubbleContainer.smoothstep(progress(since: record.phaseStart, over: configuration.removalDuration))
            return 1 - (1 - BubbleContainer.minimumScale) * t
        }
    }

    /// Sets each body's radius to `diameter × scale / 2` (mass follows).
    mutating func animateBodies() {
        for index in records.indices {
            guard let body = records[index].body else { continue }
            let radius = currentDiameter(records[index]) * scale(records[index]) * 0.5
            if radius != world.radius(of: body) { world.setRadius(radius, of: body) }
        }
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
        world.field.point = anchorPoint
    }
}
