/// The last resort of a layout: as many lines as allowed at the minimum size, the last one ended with "…".

extension TextLayoutEngine {
    /// The shortened layout at the minimum size showing the most graphemes over every allowed line
    /// count (fewer lines on a tie); no lines when not even "…" fits.
    func truncated(_ room: (Int, Double) -> Double) -> TextLayout {
        let size = style.minimumSize
        var best: (lines: [TextLine], shown: Int)?
        for count in 1...style.maximumLines {
            let width = room(count, size)
            guard width >= 0 else { break }
            guard let candidate = shortened(lines: count, width: width, size: size) else { continue }
            if best.map({ candidate.shown > $0.shown }) ?? true { best = candidate }
        }
        return TextLayout(lines: best?.lines ?? [], fontSize: size, lineHeight: style.lineHeight * size,
                          isTruncated: true, breaksWords: false, roundingAllowance: style.roundingAllowance)
    }

    /// `count` lines at `width`: the first `count − 1` wrapped (words broken when they must be), the
    /// rest of the text on the last, shortened to fit with "…"; nil when "…" does not fit there.
    func shortened(lines count: Int, width: Double, size: Double) -> (lines: [TextLine], shown: Int)? {
        var lines: [TextLine] = [], shown = 0
        var paragraph = 0, start = 0
        while lines.count < count - 1, paragraph < paragraphs.count {
            guard let line = nextLine(paragraph: paragraph, from: start, width: width, size: size, breakWords: true) else { break }
            let text = Self.string(paragraphs[paragraph][line.span.start..<line.span.end])
            lines.append(TextLine(text: text, width: measurer.emWidth(of: text) * size))
            shown += line.span.end - line.span.start
            start = line.next
            if start >= paragraphs[paragraph].count { paragraph += 1; start = 0 }
        }
        var rest: [Cluster] = []
        if paragraph < paragraphs.count {
            rest += paragraphs[paragraph][start...]
            for later in paragraphs[(paragraph + 1)...] { rest.append(LineBreaks.joiningSpace(measurer)); rest += later }
        }
        guard let last = ellipsized(rest, width: width, size: size) else { return nil }
        lines.append(last.line)
        return (lines, shown + last.kept)
    }

    /// The longest prefix of `clusters` (trailing spaces dropped) that fits `width` with "…" after
    /// it, and how many graphemes it kept; nil when not even "…" fits.
    func ellipsized(_ clusters: [Cluster], width: Double, size: Double) -> (line: TextLine, kept: Int)? {
        let ellipsis: Character = "…"
        let ellipsisWidth = measurer.advance(of: ellipsis)
        var kept = 0, running = 0.0
        for (index, cluster) in clusters.enumerated() {
            let next = index == 0 ? cluster.advance : running + cluster.kernBefore + cluster.advance
            if !cluster.isSpace, !fits(next + ellipsisWidth, count: index + 2, size: size, width: width) { break }
            running = next
            if !cluster.isSpace { kept = index + 1 }
        }
        // Kerning against the ellipsis (a measurer may have some) is checked on the real string.
        while true {
            let text = Self.string(clusters[0..<kept]) + String(ellipsis)
            let em = measurer.emWidth(of: text)
            if fits(em, count: kept + 1, size: size, width: width) { return (TextLine(text: text, width: em * size), kept) }
            guard kept > 0 else { return nil }
            kept -= 1
            while kept > 0, clusters[kept - 1].isSpace { kept -= 1 }
        }
    }
}
