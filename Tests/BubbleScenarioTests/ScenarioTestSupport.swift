import Foundation
@testable import BubbleScenario

/// Paths and small helpers shared by the scenario tests.
enum ScenarioTestSupport {
    /// The package root (three levels above this file).
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Scenarios/` in the package.
    static let scenariosDirectory = root.appendingPathComponent("Scenarios")

    /// Every scenario file name in `Scenarios/` (not the schema), sorted.
    static let scenarioFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenariosDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }()

    /// Reads and decodes a scenario file.
    static func load(_ path: String) throws -> Scenario {
        try Scenario(json: try String(contentsOfFile: path, encoding: .utf8), name: Scenario.name(forPath: path))
    }

    /// The golden trace of a scenario file: `Expected/<name>.trace` beside it.
    static func goldenPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("Expected")
            .appendingPathComponent(Scenario.name(forPath: path) + ".trace").path
    }

    /// A minimal valid scenario document with `fields` merged in at the top level (JSON text fragments).
    static func document(steps: Int = 120, extra: String = "", container: String = #""width": 375, "height": 667"#,
                         bubbles: String = #"[{"text": "A", "tag": 1}, {"text": "B", "tag": 2}]"#, timeline: String = "[]") -> String {
        """
        {
          "format": 1,
          "description": "test",
          "seed": 1,
          "steps": \(steps),
          "container": {\(container)},
          "bubbles": \(bubbles),
          "timeline": \(timeline)\(extra)
        }
        """
    }

    /// Decodes `text`, returning the error (nil when it decodes).
    static func error(_ text: String) -> ScenarioError? {
        do {
            _ = try Scenario(json: text, name: "test")
            return nil
        } catch {
            return error
        }
    }
}
