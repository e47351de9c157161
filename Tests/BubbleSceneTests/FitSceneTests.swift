import Foundation
import Testing
import BubblePicker
@testable import BubbleScene
@testable import BubbleScenario

/// What the fit policy's scenes show: no label under the minimum size, a scroll indicator while
/// the content scrolls, none otherwise.
@Suite("Fit scenes")
struct FitSceneTests {
    /// The frame and scene of a bundled scenario at its last step.
    static func lastScene(_ file: String) throws -> (BubbleFrame, DrawList) {
        let path = SceneTests.root.appendingPathComponent("Scenarios").appendingPathComponent(file).path
        let scenario = try Scenario(json: try String(contentsOfFile: path, encoding: .utf8), name: file)
        var runner = try ScenarioRunner(scenario)
        var builder = SceneBuilder()
        var last: (BubbleFrame, DrawList)? = nil
        try runner.run(through: scenario.steps, every: scenario.steps) { (runner: ScenarioRunner) throws(ScenarioError) in
            let frame = runner.frame()
            last = (frame, builder.scene(for: frame))
        }
        return try #require(last)
    }

    @Test("a shrunk phone of 200 bubbles draws no label under 11 pt, shortens some, and has nothing to scroll")
    func labelsStayReadable() throws {
        let (frame, scene) = try Self.lastScene("fit-phone-200.json")
        #expect(frame.fitScale < 0.8 && !frame.scrolls)
        let sizes = scene.items.compactMap { item -> Double? in
            guard item.role == .label, case .text(let text) = item.shape else { return nil }
            return text.fontSize
        }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= SceneTheme().minimumLabelSize })
        let shortened = scene.items.contains { item in
            guard item.role == .label, case .text(let text) = item.shape else { return false }
            return text.text.hasSuffix("…")
        }
        #expect(shortened)
        #expect(!scene.items.contains { $0.role == .scrollIndicator })
    }

    @Test("scrolling content draws a scroll indicator inside the view, along the scroll axis")
    func scrollIndicator() throws {
        let (frame, scene) = try Self.lastScene("fit-rotation.json")
        #expect(frame.scrolls && frame.content.width > frame.container.width)
        let bar = try #require(scene.items.first { $0.role == .scrollIndicator })
        guard case .line(let a, let b, _) = bar.shape else { Issue.record("not a line"); return }
        #expect(a.y == b.y && a.x < b.x)
        #expect(frame.container.contains(a) && frame.container.contains(b))
    }
}
