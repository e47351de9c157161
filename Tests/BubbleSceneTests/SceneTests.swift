import Foundation
import Testing
import Balloons
import BubblePicker
@testable import BubbleScene
@testable import BubbleScenario

/// The scene model over every bundled scenario, at every 10th step, in the callout theme (the
/// default face plus callouts): what people see holds up.
@Suite("Scene model")
struct SceneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios: [String] = {
        let directory = root.appendingPathComponent("Scenarios").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }()

    /// Every 20th frame's scene of a scenario (every 10th long), and the frames.
    static func scenes(_ file: String) throws -> [(BubbleFrame, DrawList)] {
        let path = root.appendingPathComponent("Scenarios").appendingPathComponent(file).path
        let scenario = try Scenario(json: try String(contentsOfFile: path, encoding: .utf8), name: file)
        var runner = try ScenarioRunner(scenario)
        var builder = SceneBuilder(theme: .callouts)
        var result: [(BubbleFrame, DrawList)] = []
        try runner.run(through: TestSize.replayedSteps(scenario), every: TestSize.pick(20, long: 10)) { (runner: ScenarioRunner) throws(ScenarioError) in
            let frame = runner.frame()
            result.append((frame, builder.scene(for: frame)))
        }
        return result
    }

    @Test("every scenario (every 20th step, a large crowd its first 10; every 10th and all long): callouts inside the container, free of labels and selected bubbles when a free side exists, labels and check marks inside their bubbles, layers in order",
          arguments: SceneTests.scenarios)
    func invariants(file: String) throws {
        var crowdedFrames = 0, callouts = 0
        for (frame, scene) in try Self.scenes(file) {
            let layers = scene.items.map { $0.layer }
            #expect(layers == layers.sorted(), "\(file) step \(frame.step): layers out of order")
            callouts += scene.items.filter { $0.role == .callout }.count
            if scene.crowdedCallouts > 0 { crowdedFrames += 1 }
            for item in scene.items { try Self.check(item, scene: scene, frame: frame, file: file) }
        }
        print("\(file): \(callouts) callouts, \(crowdedFrames) frames where some callout had no free side")
    }

    static func check(_ item: SceneItem, scene: DrawList, frame: BubbleFrame, file: String) throws {
        let note = "\(file) step \(frame.step) \(item.bubble.map { "\($0)" } ?? "")"
        switch (item.role, item.shape) {
        case (.label, .text(let text)), (.imageName, .text(let text)):
            let bubble = try #require(frame.bubbles.first { $0.id == item.bubble })
            let r = bubble.drawnDiameter / 2
            let dx = text.width / 2, dy = 0.6 * text.fontSize + abs(text.center.y - bubble.center.y)
            #expect(dx * dx + dy * dy <= r * r * (1 + 1e-9), "\(note): label '\(text.text)' wider than its bubble")
        case (.checkMark, .circle(let center, let radius, _)):
            let bubble = try #require(frame.bubbles.first { $0.id == item.bubble })
            #expect(bubble.isSelected && (center - bubble.center).length + radius <= bubble.drawnDiameter / 2,
                    "\(note): check mark outside its selected bubble")
        case (.callout, .path(let path, _)):
            let bounds = try #require(path.boundingBox)
            #expect(frame.container.contains(bounds, tolerance: 1e-6), "\(note): callout outside the container")
            if scene.crowdedCallouts == 0 {
                let obstacles = Obstacles(labels: scene.items.filter { $0.layer == .labels }, frame: frame)
                let others = obstacles.overlap(bounds, excluding: try #require(item.bubble))
                    - otherCallouts(scene, item).reduce(0) { $0 + (bounds.intersection($1)?.area ?? 0) }
                #expect(others <= 1e-6, "\(note): callout covers a label or a selected bubble")
            }
        default: break
        }
    }

    /// The bounds of the other callouts in the scene.
    static func otherCallouts(_ scene: DrawList, _ item: SceneItem) -> [Rect] {
        scene.items.compactMap {
            guard $0.role == .callout, $0.bubble != item.bubble, case .path(let path, _) = $0.shape else { return nil }
            return path.boundingBox
        }
    }

    @Test("a callout keeps its side while that side stays free (no flicker between sides)")
    func stableCallouts() throws {
        var builder = SceneBuilder(theme: .callouts)
        var previous: [BubbleID: StemDirection] = [:]
        var flips = 0, kept = 0
        let path = Self.root.appendingPathComponent("Scenarios/demo.json").path
        var runner = try ScenarioRunner(try Scenario(json: try String(contentsOfFile: path, encoding: .utf8), name: "demo"))
        try runner.run(through: 600, every: 1) { (runner: ScenarioRunner) throws(ScenarioError) in
            _ = builder.scene(for: runner.frame())
            for (id, direction) in builder.calloutDirections {
                if let before = previous[id] { if before == direction { kept += 1 } else { flips += 1 } }
                previous[id] = direction
            }
        }
        // Every step of a whole run: a callout changes side only when its side stops being free.
        #expect(kept > 1000 && flips * 50 < kept, "kept \(kept), changed side \(flips) times")
    }
}
