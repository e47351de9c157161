import BubbleGeometry
import BubbleScenario

/// Replays a session journal (`PlaygroundSession.journalText`): the first line makes the
/// session (`create W H SEED`, or `scenario NAME` with the scenario found by `scenarios`), every
/// other line is a `PlaygroundCommand`. Errors a command throws during the original session are
/// thrown again here at the same line, so they are part of the replay, not a failure of it:
/// they are collected in `refusals`.
public struct PlaygroundScript {
    /// The session after the last line.
    public private(set) var session: PlaygroundSession
    /// Commands the session refused, with their line numbers (1-based), as the original did.
    public private(set) var refusals: [(line: Int, error: PlaygroundError)] = []

    /// Replays `text`.
    /// - Throws: `.script` for a line that is not a command (or a bad first line), `.scenario`
    ///   when the named scenario is unknown, `.container` for a size out of range.
    public init(_ text: String, scenarios: (String) -> Scenario? = { _ in nil }) throws(PlaygroundError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        guard let header = lines.first else { throw .script(line: 1, text: "") }
        session = try Self.makeSession(header, scenarios: scenarios)
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            guard let command = PlaygroundCommand(text: line) else { throw .script(line: index + 1, text: line) }
            do { try session.perform(command) } catch { refusals.append((index + 1, error)) }
        }
    }

    /// The session a journal's first line makes (recording, like the original).
    static func makeSession(_ header: String, scenarios: (String) -> Scenario?) throws(PlaygroundError) -> PlaygroundSession {
        let words = header.split(separator: " ").map { String($0) }
        if words.count == 4, words[0] == "create", let width = Double(words[1]), let height = Double(words[2]),
           let seed = UInt64(words[3]) {
            return try PlaygroundSession(size: Size(width: width, height: height), seed: seed, recording: true)
        }
        if words.count == 2, words[0] == "scenario" {
            guard let scenario = scenarios(words[1]) else { throw .scenario(ScenarioFailure("unknown scenario \(words[1])")) }
            return try PlaygroundSession(scenario: scenario, recording: true)
        }
        throw .script(line: 1, text: header)
    }
}
