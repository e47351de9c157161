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
        return firstSampleDifference(from: golden, atOrAfter: 0)
    }

    /// The first sampled difference at or after `step`, as "at step S bubble I: x A, golden B".
    func firstSampleDifference(from golden: Trace, atOrAfter step: Int) -> String? {
        for (mine, theirs) in zip(samples, golden.samples) where mine.step >= step {
            guard mine != theirs else { continue }
            if mine.step != theirs.step { return "sampled step \(mine.step), golden \(theirs.step)" }
            for (a, b) in zip(mine.bubbles, theirs.bubbles) where a != b {
                return "at step \(mine.step) bubble \(a.id): \(Self.describe(a, b))"
            }
            return "at step \(mine.step): \(mine.bubbles.count) bubbles sampled, golden \(theirs.bubbles.count)"
        }
        if samples.count != golden.samples.count {
            return "\(samples.count) position samples, golden \(golden.samples.count)"
        }
        return nil
    }

    private static func describe(_ a: TraceBubble, _ b: TraceBubble) -> String {
        if a.id != b.id { return "id \(a.id), golden \(b.id)" }
        if a.x.bitPattern != b.x.bitPattern { return "x \(a.x), golden \(b.x)" }
        if a.y.bitPattern != b.y.bitPattern { return "y \(a.y), golden \(b.y)" }
        if a.diameter.bitPattern != b.diameter.bitPattern { return "diameter \(a.diameter), golden \(b.diameter)" }
        return "selected \(a.selected), golden \(b.selected)"
    }
}
