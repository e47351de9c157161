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

    /// Steps of `scenario` a test runs: all of them, except that a crowd of more than 200 bubbles
    /// runs its first 10 by default (all under `BUBBLEPICKER_LONG_TESTS=1`).
    static func replayedSteps(_ scenario: Scenario) -> Int {
        scenario.bubbles.count > 200 ? pick(min(10, scenario.steps), long: scenario.steps) : scenario.steps
    }
}
