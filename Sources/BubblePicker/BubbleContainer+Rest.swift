import BubblePhysics

/// Rest: a picker in which nothing moves and nothing animates stops doing work, like UIKit
/// Dynamics' animator pausing, and tells the app so it can stop its display link.
extension BubbleContainer {
    /// True while the picker rests: its world is at rest (`World.isAtRest`: every bubble slower
    /// than `World.restSpeed` radii per second for `World.restTime`), no grow-in, shrink-out or
    /// selection animation runs, no pointer is down and the anchor has reached its target.
    /// Entering rest is reported as `paused`; while resting, `step()` only advances the clock
    /// (frames do not change), and any input — a pointer event, adding, removing, selecting, a
    /// resize, a setting or anchor change — wakes it at once and reports `resumed`.
    public var isAtRest: Bool { resting }

    /// Wakes a resting picker (every input does this itself) and reports `resumed`; the next
    /// step runs in full. Does nothing to a picker that is awake.
    /// - Complexity: O(1).
    public mutating func wake() {
        guard resting else { return }
        resting = false
        restingSteps = 0
        world.wake()
        report(.resumed)
    }

    /// A resting step: the clock advances, the first one also makes the frame's previous state
    /// the current one (so interpolated frames hold still); nothing else.
    mutating func restingStep() {
        if restingSteps == 0 { keepPreviousState(); fit.previousOffset = fit.offset }
        restingSteps += 1
        time += configuration.physics.timeStep
        stepCount += 1
        world.step()  // at rest: counts the step only
    }

    /// After a full step: rests when the world does and nothing else moves.
    mutating func checkRest() {
        guard world.isAtRest, pointers.isEmpty, anchorCurrent == anchorTarget, !isAnimating, !fitIsMoving else { return }
        if fit.extra > 0 || fit.offset != 0 { keepOffsetInRange() }
        resting = true
        restingSteps = 0
        report(.paused)
    }

    /// True while a grow-in, shrink-out or selection size animation runs.
    /// - Complexity: O(n).
    var isAnimating: Bool {
        let timing = timing
        return motions.contains { $0.isAnimating(timing) }
    }
}
