/// The one frame clock of the package: turns a front end's elapsed frame times into whole fixed
/// steps, carrying the remainder, so a simulation advances in fixed steps whatever the display
/// rate. `World.advance(by:)` and `BubbleContainer.advance(by:)` both use it.
///
/// It never reads a clock itself: the caller passes elapsed seconds. After a stall it runs at
/// most `limit` steps and drops the rest (no spiral of death), and `fraction` is the leftover as
/// a fraction of a step, for interpolating between the last two states.
public struct FixedStepClock: Hashable, Sendable {
    /// Seconds carried toward the next step, in `0..<timeStep` between calls.
    public internal(set) var carriedTime: Double = 0

    /// A clock with nothing carried.
    public init() {}

    /// Adds `elapsed` seconds and returns how many whole steps of `timeStep` to run now, at most
    /// `limit`; time beyond that is dropped. A negative, zero or non-finite `elapsed` adds nothing.
    /// - Precondition: `timeStep > 0` and `limit >= 1` (the callers' validated settings).
    /// - Complexity: O(steps returned).
    public mutating func steps(after elapsed: Double, timeStep: Double, limit: Int) -> Int {
        if elapsed.isFinite && elapsed > 0 { carriedTime += elapsed }
        var steps = 0
        while carriedTime >= timeStep && steps < limit {
            carriedTime -= timeStep
            steps += 1
        }
        if carriedTime >= timeStep || !carriedTime.isFinite { carriedTime = 0 }  // dropped: the frame clock stalled
        return steps
    }

    /// The carried time as a fraction of `timeStep`, in `0..<1`: how far the display is between
    /// the last step and the next.
    public func fraction(of timeStep: Double) -> Double { carriedTime / timeStep }
}
