import BubbleScenario

/// Finding scenario files and their golden traces, and checking a replay against its golden.
enum ScenarioCatalog {
    /// The scenario files in a directory: `*.json` except `*.schema.json`, sorted by name.
    static func scenarioFiles(in directory: String) throws -> [String] {
        try TextFile.list(directory)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
            .map { TextFile.join(directory, $0) }
    }

    /// The golden trace of a scenario file: `Expected/<name>.trace` beside it.
    static func goldenPath(forScenario path: String) -> String {
        TextFile.join(TextFile.join(directory(of: path), "Expected"), Scenario.name(forPath: path) + ".trace")
    }

    /// The directory part of a path ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The result of checking one scenario against its golden trace.
enum VerifyOutcome: Sendable, Equatable {
    /// The replay matches the golden exactly.
    case matched
    /// The golden was (re)written.
    case recorded
    /// No golden trace exists.
    case missingGolden(path: String)
    /// The replay differs; the text says where first.
    case diverged(String)
}

extension Scenario {
    /// Reads, decodes and validates a scenario file. Throws `TextFileError` or `ScenarioError`.
    static func load(_ path: String) throws -> Scenario {
        try Scenario(json: TextFile.read(path), name: Scenario.name(forPath: path))
    }
}

extension ScenarioCatalog {
    /// Replays `scenario` and compares it with the golden at `goldenPath`, or records the golden
    /// there when `record` is true. Throws `ScenarioError` for a bad scenario or unreadable golden
    /// (location prefixed with the golden's path), `TextFileError` when writing fails.
    static func verify(_ scenario: Scenario, goldenPath: String, record: Bool,
                              progress: (Int) -> Void = { _ in }) throws -> VerifyOutcome {
        let replay = try Trace.replay(scenario, progress: progress)
        if record {
            try TextFile.makeDirectory(directory(of: goldenPath))
            try TextFile.write(replay.text, to: goldenPath)
            return .recorded
        }
        guard TextFile.exists(goldenPath) else { return .missingGolden(path: goldenPath) }
        let golden: Trace
        do {
            golden = try Trace(parsing: try TextFile.read(goldenPath))
        } catch let error as ScenarioError {
            throw GoldenError(path: goldenPath, error: error)
        }
        return replay.firstDifference(from: golden).map(VerifyOutcome.diverged) ?? .matched
    }
}

/// A golden trace file that cannot be parsed.
struct GoldenError: Error, CustomStringConvertible {
    var path: String
    var error: ScenarioError

    var description: String { "\(path): \(error)" }
}
