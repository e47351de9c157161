/// Reads the text form of a `Trace`, strictly, with a line number in every error.
extension Trace {
    /// Parses a golden trace. Errors are located as `line N`.
    public init(parsing text: String) throws(ScenarioError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == "bubblepicker-trace \(Trace.formatVersion)" else {
            throw ScenarioError("line 1", "not a version \(Trace.formatVersion) trace", got: String((lines.first ?? "").prefix(40)))
        }
        guard lines.count >= 4 else { throw ScenarioError("line \(lines.count + 1)", "truncated trace header") }
        let scenario = try Self.field(lines[1], "scenario", line: 2)
        let source = try Self.field(lines[2], "source", line: 3)
        let counts = lines[3].split(separator: " ").map(String.init)
        guard counts.count == 6, counts[0] == "steps", counts[2] == "every", counts[4] == "limit",
              let steps = Int(counts[1]), let every = Int(counts[3]), let limit = Int(counts[5]) else {
            throw ScenarioError("line 4", "expected 'steps N every K limit L'", got: String(lines[3].prefix(60)))
        }
        self.init(scenario: scenario, source: source, steps: steps, every: every, limit: limit)
        for (offset, line) in lines.dropFirst(4).enumerated() {
            try parseBody(line, number: offset + 5)
        }
    }

    private static func field(_ line: String, _ name: String, line number: Int) throws(ScenarioError) -> String {
        guard line.hasPrefix(name + " ") else { throw ScenarioError("line \(number)", "expected '\(name) ...'", got: String(line.prefix(40))) }
        return String(line.dropFirst(name.count + 1))
    }

    /// A hash line (`step hash`) opens a step, with an empty sample when the step is a multiple
    /// of `every` (so a sample of no bubbles round-trips); an indented line adds to that sample;
    /// an `event …` line adds an event to that step.
    private mutating func parseBody(_ line: String, number: Int) throws(ScenarioError) {
        let words = line.split(separator: " ")
        if line.hasPrefix("event ") {
            guard !hashes.isEmpty, line.count > 6 else {
                throw ScenarioError("line \(number)", "an event line before the first step", got: String(line.prefix(60)))
            }
            let step = hashes.count - 1
            if events.last?.step == step {
                events[events.count - 1].lines.append(String(line.dropFirst(6)))
            } else {
                events.append(TraceSample(step: step, lines: [String(line.dropFirst(6))]))
            }
            return
        }
        if line.hasPrefix("  ") {
            guard words.count == 5, Int(words[0]) != nil, Double(words[1]) != nil, Double(words[2]) != nil,
                  Double(words[3]) != nil, words[4] == "0" || words[4] == "1" else {
                throw ScenarioError("line \(number)", "expected '  id x y diameter selected'", got: String(line.prefix(60)))
            }
            guard let last = samples.last, last.step == hashes.count - 1 else {
                throw ScenarioError("line \(number)", "a sample line outside a sampled step", got: String(line.prefix(60)))
            }
            samples[samples.count - 1].lines.append(String(line.dropFirst(2)))
            return
        }
        guard words.count == 2, Int(words[0]) == hashes.count, words[1].count == 16 else {
            throw ScenarioError("line \(number)", "expected '\(hashes.count) <16 hex digits>'", got: String(line.prefix(60)))
        }
        hashes.append(String(words[1]))
        let step = hashes.count - 1
        if every > 0 && step % every == 0 { samples.append(TraceSample(step: step, lines: [])) }
    }
}
