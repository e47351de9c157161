import Testing
@testable import Balloons

@Suite("Text layout: measuring, wrapping, whole graphemes")
struct TextLayoutTests {
    static let liberation = FontWidthTable.liberationSans
    static let dejaVu = FontWidthTable.dejaVuSans

    @Test("the calibrated tables are within 3% of Chromium's canvas on the word list, per family")
    func calibration() {
        for (name, table, column) in [("Liberation Sans", Self.liberation, 0), ("DejaVu Sans", Self.dejaVu, 1)] {
            var worst = 0.0, total = 0.0
            for (text, liberation, dejaVu) in CalibrationReference.words {
                let reference = column == 0 ? liberation : dejaVu
                let error = table.emWidth(of: text) / reference - 1
                #expect(abs(error) <= 0.03, "\(name): \(text) \(error)")
                worst = max(worst, abs(error))
                total += abs(error)
            }
            print("calibration \(name): mean \(total / Double(CalibrationReference.words.count)), worst \(worst) over \(CalibrationReference.words.count) words")
        }
    }

    @Test("the tables name the family they measure")
    func families() {
        #expect(Self.liberation.fontFamily.hasPrefix("'Liberation Sans', Arial, Helvetica"))
        #expect(Self.dejaVu.fontFamily.hasPrefix("'DejaVu Sans'"))
        #expect(TextMetrics.sansSerif.fontFamily == Self.liberation.fontFamily)
        #expect(Self.liberation.advance(of: " ") == 569.0 / 2048)
        #expect(Self.liberation.kerning(between: "A", and: "V") < 0)
        #expect(Self.liberation.kerning(between: "a", and: "b") == 0)
    }

    @Test("emoji, keycaps, flags and sequences measure as one emoji; CJK 1 em; marks add nothing")
    func classes() {
        for table in [Self.liberation, Self.dejaVu] {
            for emoji in ["😀", "1️⃣", "🇯🇵", "👍🏽", "👨‍👩‍👧", "❤️", "#️⃣"] {
                #expect(table.emWidth(of: emoji) == 1.3, "\(emoji)")
            }
            #expect(table.emWidth(of: "日本語") == 3)
            #expect(table.emWidth(of: "か\u{3099}") == 1)
            #expect(table.emWidth(of: "e\u{301}") == table.emWidth(of: "e"))
            #expect(table.emWidth(of: "\u{1100}\u{1161}\u{11A8}") == 1)   // jamo-built Hangul: one grapheme
            #expect(table.emWidth(of: "नमस्ते") >= 2.2412 && table.emWidth(of: "ภาษาไทย") >= 4.1895)
            #expect(table.emWidth(of: "\u{200B}") == 0)
        }
    }

    /// Graphemes that a scalar-by-scalar cut would split.
    static let corpus = [
        "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", "a\u{308}\u{323}o\u{302}\u{301}u\u{31B}\u{323}",
        "👨‍👩‍👧👩🏽‍💻🏳️‍🌈👨‍👩‍👧‍👦", "🇯🇵🇫🇷🇩🇪🇺🇸🇬🇧", "1️⃣2️⃣3️⃣#️⃣", "नमस्ते दुनिया क्षत्रिय", "हिन्दी भाषा",
        "ภาษาไทย น้ำ ที่ สุ", "\u{1100}\u{1161}\u{11A8}\u{1102}\u{1161}\u{11AB}\u{1103}\u{1161}", "한국어 텍스트",
        "か\u{3099}き\u{3099}く\u{3099}け\u{3099}こ\u{3099}", "Zo\u{308}e\u{301} 👍🏽 🇯🇵 か\u{3099}",
    ]

    @Test("the issue's example keeps the voiced mark")
    func voicedMark() throws {
        let whole = try TextMetrics.sansSerif.fit("か\u{3099}き\u{3099}", width: 32, preferredSize: 16, minimumSize: 16)
        #expect(whole.text == "か\u{3099}き\u{3099}" && !whole.isTruncated)
        let fit = try TextMetrics.sansSerif.fit("か\u{3099}き\u{3099}く\u{3099}", width: 32, preferredSize: 16, minimumSize: 16)
        #expect(fit.text == "か\u{3099}…" && fit.isTruncated)
    }

    @Test("truncation and wrapping never split a grapheme (corpus, every width)")
    func wholeGraphemes() throws {
        for table in [Self.liberation, Self.dejaVu] {
            for text in Self.corpus {
                let graphemes = Array(text)
                for width in stride(from: 0.0, through: 200, by: 1.5) {
                    let fit = try table.fit(text, width: width, preferredSize: 16, minimumSize: 16)
                    var kept = Array(fit.text)
                    if kept.last == "…" { kept.removeLast() }
                    #expect(Array(graphemes.prefix(kept.count)) == kept, "\(text) at \(width): \(fit.text)")
                    for lines in 1...3 {
                        let laid = try table.layout(text, width: width, style: TextStyle(preferredSize: 16, minimumSize: 16, maximumLines: lines))
                        let shown = laid.lines.flatMap { line -> [Character] in
                            var characters = Array(line.text)
                            if characters.last == "…" { characters.removeLast() }
                            return characters
                        }.filter { $0 != " " }
                        let original = graphemes.filter { $0 != " " }
                        #expect(Array(original.prefix(shown.count)) == shown, "\(text) at \(width), \(lines) lines: \(laid.text)")
                    }
                }
            }
        }
    }

    @Test("wrapping examples: words, CJK, kinsoku, newlines, line count, shrink, ellipsis")
    func examples() throws {
        let table = Self.liberation
        let style = TextStyle(preferredSize: 10, minimumSize: 10, maximumLines: 3)
        #expect(try table.layout("Hello world again", width: 60, style: style).lines.map(\.text) == ["Hello world", "again"])
        #expect(try table.layout("日本語のテキスト", width: 35, style: style).lines.map(\.text) == ["日本語", "のテキ", "スト"])
        // No line starts with 。 or a small kana: the character before moves down with it.
        #expect(try table.layout("日本語。です", width: 31, style: style).lines.map(\.text) == ["日本", "語。で", "す"])
        #expect(try table.layout("ちょっと", width: 31, style: style).lines.map(\.text) == ["ちょっ", "と"])
        #expect(try table.layout("one\ntwo", width: 500, style: style).lines.map(\.text) == ["one", "two"])
        #expect(try table.layout("a\n\nb", width: 500, style: style).lines.map(\.text) == ["a", "", "b"])
        #expect(try table.layout("well-known words", width: 40, style: style).lines.map(\.text) == ["well-", "known", "words"])
        // Too many lines: the last one is shortened.
        let long = try table.layout("one two three four five six seven", width: 40, style: style)
        #expect(long.lines.count == 3 && long.isTruncated && long.lines[2].text.hasSuffix("…"))
        // Two lines before shrinking.
        let two = try table.layout("Drum and Bass", width: 55, style: TextStyle(preferredSize: 12, minimumSize: 8, maximumLines: 2))
        #expect(two.lines.map(\.text) == ["Drum and", "Bass"] && two.fontSize == 12)
        // Shrink before the ellipsis.
        let shrunk = try table.layout("Notifications", width: 60, style: TextStyle(preferredSize: 12, minimumSize: 8, maximumLines: 2))
        #expect(shrunk.lines.count == 1 && shrunk.fontSize < 12 && !shrunk.isTruncated && shrunk.width <= 60)
        // A word too long even at the minimum size is broken between graphemes when a line is free.
        let broken = try table.layout("Supercalifragilistic", width: 50, style: TextStyle(preferredSize: 10, minimumSize: 10, maximumLines: 3))
        #expect(broken.breaksWords && !broken.isTruncated && broken.lines.count >= 2 && broken.lines.map(\.text).joined() == "Supercalifragilistic")
        // Line geometry.
        #expect(long.lineHeight == 12 && long.height == 36)
        #expect(long.lineCenters(around: Vector2(x: 5, y: 50)) == [Vector2(x: 5, y: 38), Vector2(x: 5, y: 50), Vector2(x: 5, y: 62)])
        #expect(try table.layout("", width: 10, style: style).lines.isEmpty)
        #expect(try table.layout("Anything", width: 3, style: style).lines.isEmpty)
    }

    @Test("inside a circle: two lines before shrinking, every line within its chord")
    func circle() throws {
        let table = Self.liberation
        let style = TextStyle(preferredSize: 14, minimumSize: 9, maximumLines: 2)
        let laid = try table.layout("Singer/Songwriter Classics", inCircleOfRadius: 45, style: style)
        #expect(laid.lines.count == 2)
        let reach = laid.height / 2
        #expect(laid.width <= 2 * (45 * 45 - reach * reach).squareRoot() * 0.92)
        let single = try table.layout("Jazz", inCircleOfRadius: 45, style: style)
        #expect(single.lines.count == 1 && single.fontSize == 14)
    }

    @Test("random layouts: lines fit, counts and sizes in range, text kept in order (seeded)")
    func randomLayouts() throws {
        var rng = SplitMix64(seed: 2828)
        let words = ["Jazz", "Heavy Metal", "Notifications", "naïve café", "東京タワー", "See you at 7:30?", "WWW", "ill",
                     "🇫🇷", "e\u{301}t\u{301}e\u{301}", "नमस्ते", "1️⃣", "\n", "Supercalifragilistic", "。", "「引用」"]
        for _ in 0..<TestSize.pick(2_000, long: 100_000) {
            let text = (0..<(1 + Int(rng.next() % 8))).map { _ in rng.pick(words) }.joined(separator: rng.unit() < 0.8 ? " " : "")
            let width = rng.uniform(0...300)
            let preferred = rng.uniform(8...24)
            let style = TextStyle(preferredSize: preferred, minimumSize: rng.uniform(4...preferred), maximumLines: 1 + Int(rng.next() % 4))
            let table = rng.unit() < 0.5 ? Self.liberation : Self.dejaVu
            let laid = try table.layout(text, width: width, style: style)
            #expect(laid.lines.count <= style.maximumLines)
            #expect(laid.fontSize >= style.minimumSize && laid.fontSize <= style.preferredSize)
            for line in laid.lines {
                #expect(line.width + Double(line.text.count) * style.roundingAllowance <= width, "\(text) in \(width): \(line.text)")
                #expect(line.width == table.emWidth(of: line.text) * laid.fontSize)
            }
            let shown = laid.lines.flatMap { line -> [Character] in
                var characters = Array(line.text)
                if laid.isTruncated, characters.last == "…" { characters.removeLast() }
                return characters
            }.filter { $0 != " " && $0 != "\n" }
            let original = Array(text).filter { $0 != " " && $0 != "\n" }
            #expect(Array(original.prefix(shown.count)) == shown, "\(text): \(laid.text)")
            if !laid.isTruncated { #expect(shown.count == original.count, "\(text): \(laid.text)") }
        }
    }
}

@Suite("Widths supplied by a page")
struct MeasuredWidthsTests {
    @Test("supplied widths win, the fallback measures the rest; unmeasured graphemes are listed once, in order")
    func supplied() throws {
        var widths = MeasuredWidths(fontFamily: "'Inter', sans-serif", fallback: FontWidthTable.liberationSans)
        #expect(widths.unmeasured(in: ["Jazz", "Zoë 👍🏽", "Jazz"]) == ["J", "a", "z", "Z", "o", "ë", " ", "👍🏽"])
        try widths.set("J", em: 0.5)
        try widths.set("a", em: 0.6)
        try widths.set("z", em: 0.55)
        try widths.setKerning("a", "z", em: -0.05)
        #expect(widths.count == 3 && widths.fontFamily == "'Inter', sans-serif")
        #expect(abs(widths.emWidth(of: "Jazz") - (0.5 + 0.6 - 0.05 + 0.55 + 0.55)) < 1e-12)
        #expect(widths.emWidth(of: "Q") == FontWidthTable.liberationSans.emWidth(of: "Q"))
        #expect(widths.unmeasured(in: ["Jazz"]).isEmpty)
        #expect(throws: BalloonError.self) { try widths.set("x", em: -1) }
        let laid = try widths.layout("Jazz Jazz", width: 30, style: TextStyle(preferredSize: 10, minimumSize: 10, maximumLines: 2))
        #expect(laid.lines.map { $0.text } == ["Jazz", "Jazz"])
    }
}
