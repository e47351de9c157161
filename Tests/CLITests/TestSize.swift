import Foundation

/// How large this target's runs are. `swift test` runs a small representative size, so the whole
/// suite stays within two minutes after a debug build; `BUBBLEPICKER_LONG_TESTS=1` runs the long
/// sizes (`.ci/run` does, in a release build).
enum TestSize {
    /// True when the environment sets `BUBBLEPICKER_LONG_TESTS=1`.
    static let long = ProcessInfo.processInfo.environment["BUBBLEPICKER_LONG_TESTS"] == "1"

    /// `short` by default, `long` under `BUBBLEPICKER_LONG_TESTS=1`.
    static func pick<Value>(_ short: Value, long: Value) -> Value { Self.long ? long : short }

    /// Where `verify` runs over a whole `Scenarios/` directory: the package root under
    /// `BUBBLEPICKER_LONG_TESTS=1`, else a temporary copy of the first three scenarios (in name
    /// order) of at most 200 bubbles, with their goldens (the golden tests replay every scenario).
    /// The caller removes a copy (any directory but the package root).
    static func scenarioDirectory() throws -> URL {
        let root = CLIRunner.packageRoot
        if long { return root }
        let directory = try CLIRunner.temporaryDirectory("scenarios")
        let source = root.appendingPathComponent("Scenarios"), copy = directory.appendingPathComponent("Scenarios")
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Expected"), withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        for name in try names.filter({ try bubbleCount(source.appendingPathComponent($0)) <= 200 }).prefix(3) {
            let file = source.appendingPathComponent(name)
            let trace = "Expected/" + name.dropLast(5) + ".trace"
            try FileManager.default.copyItem(at: file, to: copy.appendingPathComponent(name))
            try FileManager.default.copyItem(at: source.appendingPathComponent(trace), to: copy.appendingPathComponent(trace))
        }
        return directory
    }

    /// The listed bubbles and the crowd of a scenario file.
    static func bubbleCount(_ file: URL) throws -> Int {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        let crowd = (json["crowd"] as? [String: Any])?["count"] as? Int ?? 0
        return crowd + ((json["bubbles"] as? [Any])?.count ?? 0)
    }
}
