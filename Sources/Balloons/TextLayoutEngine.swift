/// The line breaker behind `TextLayout`: graphemes measured once, greedy wrapping, a bisection of
/// the font size, then word breaking and the ellipsis.

/// One grapheme of the text, measured.
struct Cluster {
    let grapheme: Character
    /// Advance, em.
    let advance: Double
    /// Kerning with the previous grapheme of the same paragraph, em.
    let kernBefore: Double
    /// A space that hangs at the end of a line.
    let isSpace: Bool
    /// A line may start at this grapheme.
    var breakBefore: Bool
}

/// A line being built: clusters `start..<end` of one paragraph, `width` em.
struct LineSpan {
    let paragraph: Int
    let start: Int
    let end: Int
    let width: Double
    /// Graphemes in the line (each gets the rounding allowance).
    var count: Int { end - start }
}

struct TextLayoutEngine<Measurer: TextMeasuring> {
    let measurer: Measurer
    let style: TextStyle
    /// The text split at explicit newlines, each paragraph measured.
    let paragraphs: [[Cluster]]
    /// Bisection steps between the minimum and the preferred size.
    static var bisections: Int { 24 }

    init(measurer: Measurer, text: String, style: TextStyle) {
        self.measurer = measurer
        self.style = style
        paragraphs = LineBreaks.paragraphs(text, measurer: measurer)
    }

    /// Lays the text out with `room(lines, size)` as the width available.
    func run(_ room: (Int, Double) -> Double) -> TextLayout {
        let textIsEmpty = paragraphs.allSatisfy { $0.isEmpty } && paragraphs.count <= 1
        if textIsEmpty { return finish([], size: style.preferredSize, truncated: false, broken: false) }
        if let lines = fitting(at: style.preferredSize, room, breakWords: false) {
            return finish(lines, size: style.preferredSize, truncated: false, broken: false)
        }
        if var best = fitting(at: style.minimumSize, room, breakWords: false) {
            var low = style.minimumSize, high = style.preferredSize
            for _ in 0..<Self.bisections {
                let mid = low + (high - low) / 2
                guard mid > low, mid < high else { break }
                if let lines = fitting(at: mid, room, breakWords: false) { low = mid; best = lines } else { high = mid }
            }
            let size = polished(best, size: low, limit: high, room)
            return finish(best, size: size, truncated: false, broken: false)
        }
        if let lines = fitting(at: style.minimumSize, room, breakWords: true) {
            return finish(lines, size: style.minimumSize, truncated: false, broken: true)
        }
        return truncated(room)
    }

    /// The lines at `size` in the fewest line count that fits, or nil.
    func fitting(at size: Double, _ room: (Int, Double) -> Double, breakWords: Bool) -> [LineSpan]? {
        guard paragraphs.count <= style.maximumLines else { return nil }
        for count in paragraphs.count...style.maximumLines {
            let width = room(count, size)
            guard width >= 0 else { return nil }   // more lines only make less room
            if let lines = wrap(limit: count, width: width, size: size, breakWords: breakWords) { return lines }
        }
        return nil
    }

    /// Whether a line of `em` width and `count` graphemes fits `width` points at `size`.
    func fits(_ em: Double, count: Int, size: Double, width: Double) -> Bool {
        em * size + Double(count) * style.roundingAllowance <= width
    }

    /// The largest size up to `limit` at which these same lines still fit (exact to the last bit for
    /// room that does not depend on the size); `size` when that is not larger.
    func polished(_ lines: [LineSpan], size: Double, limit: Double, _ room: (Int, Double) -> Double) -> Double {
        let width = room(lines.count, size)
        var candidate = limit
        for line in lines where line.width > 0 {
            candidate = Swift.min(candidate, (width - Double(line.count) * style.roundingAllowance) / line.width)
        }
        func all(_ s: Double, _ w: Double) -> Bool { lines.allSatisfy { fits($0.width, count: $0.count, size: s, width: w) } }
        while candidate > size, !all(candidate, width) { candidate = candidate.nextDown }
        while candidate.nextUp < limit, all(candidate.nextUp, width) { candidate = candidate.nextUp }
        guard candidate > size, all(candidate, room(lines.count, candidate)) else { return size }
        return candidate
    }

    /// Every paragraph wrapped greedily at `width` points and `size`; nil when more than `limit`
    /// lines are needed or a word (a grapheme, with `breakWords`) is wider than the line.
    func wrap(limit: Int, width: Double, size: Double, breakWords: Bool) -> [LineSpan]? {
        var lines: [LineSpan] = []
        for index in paragraphs.indices {
            var start = 0
            repeat {
                guard lines.count < limit,
                      let line = nextLine(paragraph: index, from: start, width: width, size: size, breakWords: breakWords)
                else { return nil }
                lines.append(line.span)
                start = line.next
            } while start < paragraphs[index].count
        }
        return lines
    }

    /// The longest line from `start` at `width`: the span and where the next line starts; nil when
    /// the first word (or grapheme, with `breakWords`) does not fit.
    func nextLine(paragraph: Int, from start: Int, width: Double, size: Double,
                  breakWords: Bool) -> (span: LineSpan, next: Int)? {
        let clusters = paragraphs[paragraph]
        var running = 0.0, end = start, endWidth = 0.0
        var lastBreak: (at: Int, end: Int, width: Double)?
        var index = start
        while index < clusters.count {
            let cluster = clusters[index]
            if index > start, cluster.breakBefore, end > start { lastBreak = (index, end, endWidth) }
            let next = index == start ? cluster.advance : running + cluster.kernBefore + cluster.advance
            if !cluster.isSpace, !fits(next, count: index + 1 - start, size: size, width: width) {
                if let lastBreak { return (LineSpan(paragraph: paragraph, start: start, end: lastBreak.end, width: lastBreak.width), lastBreak.at) }
                guard breakWords, end > start else { return nil }
                return (LineSpan(paragraph: paragraph, start: start, end: end, width: endWidth), Self.skipSpaces(clusters, from: end))
            }
            running = next
            if !cluster.isSpace { end = index + 1; endWidth = running }
            index += 1
        }
        return (LineSpan(paragraph: paragraph, start: start, end: end, width: endWidth), clusters.count)
    }

    static func skipSpaces(_ clusters: [Cluster], from index: Int) -> Int {
        var index = index
        while index < clusters.count, clusters[index].isSpace { index += 1 }
        return index
    }

    /// The layout of `lines` at `size`.
    func finish(_ lines: [LineSpan], size: Double, truncated: Bool, broken: Bool) -> TextLayout {
        let made = lines.map { span -> TextLine in
            let text = Self.string(paragraphs[span.paragraph][span.start..<span.end])
            return TextLine(text: text, width: measurer.emWidth(of: text) * size)
        }
        return TextLayout(lines: made, fontSize: size, lineHeight: style.lineHeight * size, isTruncated: truncated, breaksWords: broken,
                          roundingAllowance: style.roundingAllowance)
    }

    static func string(_ clusters: ArraySlice<Cluster>) -> String {
        var text = ""
        for cluster in clusters { text.append(cluster.grapheme) }
        return text
    }
}
