import Foundation
import BubbleScenario

/// How large this target's replays are. `swift test` runs a small representative size, so the
/// whole suite stays within two minutes after a debug build; `BUBBLEPICKER_LONG_TESTS=1` runs the
/// long sizes (`.ci/run` does, in a release build).
enum TestSize {
    /// True when the environment sets `BUBBLEPICKER_LONG_TESTS=1`.
    static let long = ProcessInfo.processInfo.environment["BUBBLEPICKER_LONG_TESTS"] == "1"

    /// `short` by default, `long` under `BUBBLEPICKER_LONG_TESTS=1`.
    static func pick<Value>(_ short: Value, long: Value) -> Value { Self.long ? long : short }

    /// Steps of `scenario` replayed against its golden: all of them, except that a crowd of more
    /// than 200 bubbles replays its first 10 by default (all under `BUBBLEPICKER_LONG_TESTS=1`).
    static func replayedSteps(_ scenario: Scenario) -> Int {
        scenario.bubbles.count > 200 ? pick(min(10, scenario.steps), long: scenario.steps) : scenario.steps
    }
}

extension Trace {
    /// This trace through step `count`: its hashes of steps 0...count and the samples among them.
    func prefix(through count: Int) -> Trace {
        var trace = self
        trace.steps = count
        trace.hashes = Array(hashes.prefix(count + 1))
        trace.samples = samples.filter { $0.step <= count }
        return trace
    }
}
