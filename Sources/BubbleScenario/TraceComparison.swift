/// Compares a replay's trace with a golden one and says what diverged, and where first.
extension Trace {
    /// Nil when `self` (the replay) matches `golden` exactly; otherwise one line naming the
    /// first diverging step and, when a sample shows it, the first differing bubble field.
    public func firstDifference(from golden: Trace) -> String? {
        if source != golden.source {
            return "the golden was recorded for a different version of the scenario (source \(golden.source), now \(source)); "
                + "re-record it"
        }
        if steps != golden.steps || every != golden.every || limit != golden.limit {
            return "the golden has steps \(golden.steps) every \(golden.every) limit \(golden.limit), "
                + "the replay steps \(steps) every \(every) limit \(limit)"
        }
        let count = min(hashes.count, golden.hashes.count)
        if let step = (0..<count).first(where: { hashes[$0] != golden.hashes[$0] }) {
            var message = "first divergence at step \(step): state hash \(hashes[step]), golden \(golden.hashes[step])"
            if let detail = firstSampleDifference(from: golden, atOrAfter: step) { message += "; " + detail }
            return message
        }
        if hashes.count != golden.hashes.count {
            return "the replay has \(hashes.count) step hashes, the golden \(golden.hashes.count)"
        }
        return firstSampleDifference(from: golden, atOrAfter: 0) ?? firstEventDifference(from: golden)
    }

    /// The first step whose recorded events differ, as "events at step S: A, golden B".
    func firstEventDifference(from golden: Trace) -> String? {
        guard events != golden.events else { return nil }
        for index in 0..<max(events.count, golden.events.count) {
            let mine = index < events.count ? events[index] : nil, theirs = index < golden.events.count ? golden.events[index] : nil
            guard mine != theirs else { continue }
            let step = min(mine?.step ?? Int.max, theirs?.step ?? Int.max)
            let shown = mine?.step == step ? mine!.lines.joined(separator: ", ") : "none"
            let goldenShown = theirs?.step == step ? theirs!.lines.joined(separator: ", ") : "none"
            return "events at step \(step): \(shown), golden \(goldenShown)"
        }
        return nil
    }

    /// The first sampled difference at or after `step`, as "at step S bubble I: x A, golden B".
    func firstSampleDifference(from golden: Trace, atOrAfter step: Int) -> String? {
        for (mine, theirs) in zip(samples, golden.samples) where mine.step >= step {
            guard mine != theirs else { continue }
            if mine.step != theirs.step { return "sampled step \(mine.step), golden \(theirs.step)" }
            for (a, b) in zip(mine.lines, theirs.lines) where a != b {
                return "at step \(mine.step) \(Self.describe(a, b))"
            }
            return "at step \(mine.step): \(mine.lines.count) bubbles sampled, golden \(theirs.lines.count)"
        }
        if samples.count != golden.samples.count {
            return "\(samples.count) position samples, golden \(golden.samples.count)"
        }
        return nil
    }

    /// `bubble I: field A, golden B` for the first differing field of two sample lines.
    private static func describe(_ a: String, _ b: String) -> String {
        let mine = a.split(separator: " "), theirs = b.split(separator: " ")
        let names = ["id", "x", "y", "diameter", "selected"]
        for (index, name) in names.enumerated() where index < mine.count && index < theirs.count && mine[index] != theirs[index] {
            if index == 0 { return "bubble \(mine[0]): id \(mine[0]), golden \(theirs[0])" }
            let shown = name == "selected" ? (mine[index] == "1" ? "true" : "false") : String(mine[index])
            let goldenShown = name == "selected" ? (theirs[index] == "1" ? "true" : "false") : String(theirs[index])
            return "bubble \(mine[0]): \(name) \(shown), golden \(goldenShown)"
        }
        return "bubble \(mine.first ?? ""): \(a), golden \(b)"
    }
}
