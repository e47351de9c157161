import Foundation
import Testing
import BubblePicker
@testable import BubbleScenario

/// Every bundled scenario saved at its midpoint, restored from the text, and stepped on beside
/// the picker never saved: the same state hash at every step. That is the long test
/// (`BUBBLEPICKER_LONG_TESTS=1`: midpoint, 600 steps, every scenario); the default run, to stay
/// fast in debug, saves each scenario at step 30 at the latest and steps 30 more, and leaves the
/// 2,000-bubble crowd (whose first steps alone take seconds in debug) to the long test.
@Suite("Saved state: every scenario")
struct SavedStateScenarioTests {
    typealias Support = ScenarioTestSupport

    @Test("saved, restored and stepped on: identical hashes at every step (long: midpoint, 600 steps)",
          arguments: ScenarioTestSupport.scenarioFiles)
    func midpoint(file: String) throws {
        let scenario = try Support.load(Support.scenariosDirectory.appendingPathComponent(file).path)
        if !TestSize.long && scenario.bubbles.count > 1_000 { return }
        let saveAt = TestSize.long ? scenario.steps / 2 : min(scenario.steps / 2, 30)
        let steps = TestSize.long ? 600 : 30
        var runner = try ScenarioRunner(scenario)
        try runner.run(through: saveAt, every: scenario.steps) { _ in }
        var original = runner.container
        let text = original.savedState()
        original.pointerCancel()  // a saved state holds no pointers: it restores as if they were cancelled
        var restored = try BubbleContainer<DefaultBubble>(savedState: text)
        #expect(restored.savedState() == text, "\(scenario.name): the restored picker saves the same text")
        #expect(original.stateHash() == restored.stateHash(), "\(scenario.name): right after restoring")
        for step in 1...steps {
            original.step()
            restored.step()
            guard original.stateHash() == restored.stateHash() else {
                Issue.record("\(scenario.name): hashes differ \(step) steps after restoring at step \(saveAt)")
                return
            }
        }
    }
}
