import Foundation
import Testing
import BubbleFixtures
@testable import BubbleScenario

/// Replays every `Scenarios/*.json` and compares it exactly with `Scenarios/Expected/<name>.trace`.
/// Re-record with `RECORD_GOLDENS=1 swift test --filter BubbleScenarioTests`.
@Suite("Golden traces")
struct GoldenTraceTests {
    typealias Support = ScenarioTestSupport

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    @Test("there are at least 15 scenarios, each with a golden trace and a one-line description")
    func inventory() throws {
        #expect(Support.scenarioFiles.count >= 15)
        for file in Support.scenarioFiles {
            let path = Support.scenariosDirectory.appendingPathComponent(file).path
            let scenario = try Support.load(path)
            #expect(!scenario.description.isEmpty && !scenario.description.contains("\n"), "\(file)")
            #expect(FileManager.default.fileExists(atPath: Support.goldenPath(path)), "\(file): no golden")
        }
    }

    @Test("replays bit-identically to its golden trace (a large crowd: its first 10 steps; all long)",
          arguments: ScenarioTestSupport.scenarioFiles)
    func replay(file: String) throws {
        let path = Support.scenariosDirectory.appendingPathComponent(file).path
        var scenario = try Support.load(path)
        let golden = Support.goldenPath(path)
        if !Self.recording { scenario.steps = TestSize.replayedSteps(scenario) }
        let replay = try Trace.replay(scenario)
        if Self.recording {
            try replay.text.write(toFile: golden, atomically: true, encoding: .utf8)
            return
        }
        guard let text = try? String(contentsOfFile: golden, encoding: .utf8) else {
            Issue.record("\(scenario.name): no golden trace at \(golden); record with RECORD_GOLDENS=1 swift test --filter BubbleScenarioTests")
            return
        }
        let expected = try Trace(parsing: text).prefix(through: scenario.steps)
        if let detail = replay.firstDifference(from: expected) { Issue.record("\(scenario.name): \(detail)") }
    }

    @Test("goldens are small: each under 200 KB, all under 2 MB")
    func sizes() throws {
        let directory = Support.scenariosDirectory.appendingPathComponent("Expected")
        var total = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".trace") {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int)
            #expect(size < 200_000, "\(name) is \(size) bytes")
            total += size
        }
        #expect(total > 0 && total < 2_000_000, "goldens total \(total) bytes")
    }

    @Test("every golden belongs to a scenario (no stale files)")
    func noOrphans() throws {
        let directory = Support.scenariosDirectory.appendingPathComponent("Expected")
        let names = Set(Support.scenarioFiles.map { String($0.dropLast(5)) })
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            #expect(name.hasSuffix(".trace") && names.contains(String(name.dropLast(6))), "\(name)")
        }
    }

    @Test("the bundled demo is byte for byte Scenarios/demo.json")
    func demoIsEmbedded() throws {
        let file = try String(contentsOf: Support.scenariosDirectory.appendingPathComponent("demo.json"), encoding: .utf8)
        #expect(file == DemoScenario.json)
        #expect(try DemoScenario.scenario().sourceHash == Support.load(Support.scenariosDirectory.appendingPathComponent("demo.json").path).sourceHash)
    }
}
