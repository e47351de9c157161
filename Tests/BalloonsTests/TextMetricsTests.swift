import Testing
@testable import Balloons

@Suite("Text width model")
struct TextMetricsTests {
    let metrics = TextMetrics.sansSerif

    /// Widths measured in headless Chromium (canvas measureText, 100 px `sans-serif`, which is
    /// Liberation Sans there), in em: the calibration set the table was fitted to.
    static let measured: [(String, Double)] = [
        ("Jazz", 2.056), ("Classical", 4.001), ("Heavy Metal", 5.558), ("Bubble downRight", 8.117),
        ("See you at 7:30?", 7.562), ("Sounds good, thanks", 9.396), ("OK", 1.445), ("Notifications", 5.447),
        ("Photos (128)", 5.726), ("€12.99 / month", 6.671), ("Ünïcödé naïve café", 8.617), ("WWW MMM", 5.608),
        ("illicit little", 3.945), ("The quick brown fox jumps over the lazy dog", 19.788), ("SELECTED", 5.279),
        ("100%", 2.558), ("user@example.com", 8.907),
    ]

    @Test("the estimate is within about 10% of Chromium's sans-serif on typical labels")
    func calibration() {
        var total = 0.0
        for (text, width) in Self.measured {
            let error = metrics.emWidth(of: text) / width - 1
            #expect(abs(error) < 0.105, "\(text): \(error)")
            total += abs(error)
        }
        #expect(total / Double(Self.measured.count) < 0.04)
    }

    @Test("character classes follow the documented table")
    func classes() {
        let cases: [(String, TextCharacterClass)] = [
            ("i", .narrow), ("l", .narrow), ("I", .narrow), (".", .narrow), ("|", .narrow), ("a", .regular), ("z", .regular),
            ("é", .regular), ("m", .wide), ("W", .wide), ("@", .wide), ("A", .uppercase), ("Ö", .uppercase), ("Ж", .uppercase),
            ("7", .digit), (" ", .space), ("-", .punctuation), ("€", .punctuation), ("中", .fullWidth), ("あ", .fullWidth),
            ("한", .fullWidth), ("😀", .fullWidth), ("…", .fullWidth), ("\u{301}", .zeroWidth), ("\u{200D}", .zeroWidth),
            ("\u{FE0F}", .zeroWidth), ("\n", .zeroWidth),
        ]
        for (text, expected) in cases {
            let scalar = text.unicodeScalars.first ?? " "
            #expect(TextMetrics.characterClass(of: scalar) == expected, "\(text)")
        }
        #expect(metrics.emWidth(of: "Mill") == 0.83 + 0.26 * 3)
    }

    @Test("graphemes: combining marks, modifiers and joined emoji add nothing; a flag counts once (1.3 em)")
    func graphemes() {
        #expect(metrics.emWidth(of: "e\u{301}") == metrics.emWidth(of: "e"))
        #expect(metrics.emWidth(of: "👍🏽") == 1.3)
        #expect(metrics.emWidth(of: "👨‍👩‍👧") == 1.3)          // man ZWJ woman ZWJ girl
        #expect(metrics.emWidth(of: "🇫🇷🇩🇪") == 2.6)            // two flags
        #expect(metrics.emWidth(of: "") == 0)
    }

    @Test("width grows with every character added (seeded random strings)")
    func monotone() throws {
        var rng = SplitMix64(seed: 80)
        let alphabet = Array("aeimwMWIl.,;!? 0123456789ABCxyz-é中😀") + ["e\u{301}"]
        for _ in 0..<200 {
            var text = ""
            var previous = 0.0
            for _ in 0..<30 {
                text.append(rng.pick(alphabet))
                let width = try metrics.width(of: text, fontSize: 15)
                #expect(width > previous, "\(text)")
                previous = width
            }
        }
    }

    @Test("fitting: the largest size in range that fits; else ellipsized at the minimum, never wider")
    func fitting() throws {
        var rng = SplitMix64(seed: 81)
        let words = ["Jazz", "Heavy Metal", "Notifications", "naïve café", "東京タワー", "See you at 7:30?", "WWW", "ill", "🇫🇷", "e\u{301}t\u{301}e\u{301}"]
        for _ in 0..<500 {
            let count = 1 + Int(rng.next() % 6)
            let text = (0..<count).map { _ in rng.pick(words) }.joined(separator: " ")
            let width = rng.uniform(0...400)
            let preferred = rng.uniform(8...24)
            let minimum = rng.uniform(4...preferred)
            let fit = try metrics.fit(text, width: width, preferredSize: preferred, minimumSize: minimum)
            #expect(fit.width <= width, "\(text) in \(width): \(fit)")
            #expect(fit.fontSize >= minimum && fit.fontSize <= preferred)
            #expect(fit.width == metrics.emWidth(of: fit.text) * fit.fontSize)
            if fit.isTruncated {
                #expect(fit.fontSize == minimum)
                #expect(metrics.emWidth(of: text) * minimum > width, "shortened although it fitted")
                #expect(fit.text.isEmpty || fit.text.hasSuffix("…"))
                let kept = String(fit.text.dropLast())
                #expect(text.hasPrefix(kept) && !kept.hasSuffix(" "), "\(fit.text) is not a trimmed prefix of \(text)")
                // One more grapheme would not have fitted (unless the text's next one is a space).
                let next = text.dropFirst(kept.count).drop { $0 == " " }.prefix(1)
                if !next.isEmpty {
                    #expect(metrics.emWidth(of: text.prefix(kept.count) + text.dropFirst(kept.count).prefix { $0 == " " } + next + "…") * minimum > width)
                }
            } else {
                #expect(fit.text == text)
                #expect(fit.fontSize == preferred || metrics.emWidth(of: text) * fit.fontSize.nextUp > width || fit.fontSize.nextUp > preferred)
            }
        }
    }

    @Test("fitting examples: shrink, then ellipsize; graphemes stay whole")
    func examples() throws {
        let roomy = try metrics.fit("Jazz", width: 200, preferredSize: 17, minimumSize: 12)
        #expect(roomy == FittedText(text: "Jazz", fontSize: 17, width: metrics.emWidth(of: "Jazz") * 17, isTruncated: false))
        let shrunk = try metrics.fit("Notifications", width: 80, preferredSize: 17, minimumSize: 12)
        #expect(!shrunk.isTruncated && shrunk.fontSize < 17 && shrunk.fontSize > 14 && abs(shrunk.width - 80) < 1e-9)
        let cut = try metrics.fit("Do Not Disturb", width: 60, preferredSize: 17, minimumSize: 14)
        #expect(cut.isTruncated && cut.text == "Do Not…" && cut.fontSize == 14)
        let accents = try metrics.fit("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", width: 30, preferredSize: 12, minimumSize: 12)
        #expect(accents.text.unicodeScalars.filter { $0 == "e" }.count * 2 == accents.text.unicodeScalars.count - 1)
        #expect(try metrics.fit("Anything", width: 5, preferredSize: 12, minimumSize: 12).text == "")
        #expect(try metrics.fit("", width: 0, preferredSize: 12, minimumSize: 10) == FittedText(text: "", fontSize: 12, width: 0, isTruncated: false))
    }

    @Test("bad sizes and widths are rejected, naming the field")
    func errors() {
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "font size", value: 0.0, requirement: "must be greater than 0"))) {
            try metrics.width(of: "a", fontSize: 0)
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "width", value: -1.0, requirement: "must not be negative"))) {
            try metrics.fit("a", width: -1, preferredSize: 12, minimumSize: 10)
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "minimum font size", value: 14.0,
                                                                requirement: "must not exceed the preferred font size 12.0"))) {
            try metrics.fit("a", width: 10, preferredSize: 12, minimumSize: 14)
        }
        #expect(throws: BalloonError.self) { try metrics.fit("a", width: .nan, preferredSize: 12, minimumSize: 10) }
    }
}
