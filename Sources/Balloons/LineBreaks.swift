/// Where lines may break: a small part of Unicode's line breaking rules (UAX #14) — after spaces,
/// after hyphens and dashes between letters, around CJK characters and emoji — plus explicit newlines.

enum LineBreaks {
    /// `text` split at explicit newlines into paragraphs of measured graphemes with their break
    /// opportunities.
    static func paragraphs<M: TextMeasuring>(_ text: String, measurer: M) -> [[Cluster]] {
        var result: [[Cluster]] = []
        var current: [Cluster] = []
        var previous: Character?
        var previousKind: GraphemeKind?
        for grapheme in text {
            let kind = GraphemeKind(grapheme)
            if kind == .newline {
                result.append(current)
                current = []
                previous = nil
                previousKind = nil
                continue
            }
            let kern = previous.map { measurer.kerning(between: $0, and: grapheme) } ?? 0
            let isSpace = kind == .space
            var breakBefore = false
            if let previous, let previousKind {
                breakBefore = allowsBreak(between: previous, previousKind, and: grapheme, kind, before: current.count >= 2 ? current[current.count - 2].grapheme : nil)
            }
            current.append(Cluster(grapheme: grapheme, advance: measurer.advance(of: grapheme), kernBefore: kern,
                                   isSpace: isSpace, breakBefore: breakBefore))
            previous = grapheme
            previousKind = kind
        }
        result.append(current)
        return result
    }

    /// A space standing for a newline when a shortened last line runs paragraphs together.
    static func joiningSpace<M: TextMeasuring>(_ measurer: M) -> Cluster {
        Cluster(grapheme: " ", advance: measurer.advance(of: " "), kernBefore: 0, isSpace: true, breakBefore: false)
    }

    /// Whether a line may start at `right`, which follows `left` (and `beforeLeft`, if any).
    static func allowsBreak(between left: Character, _ leftKind: GraphemeKind, and right: Character, _ rightKind: GraphemeKind,
                            before beforeLeft: Character?) -> Bool {
        if rightKind == .space || leftKind == .noBreakSpace || rightKind == .noBreakSpace { return false }
        if isClosing(right) { return false }
        if leftKind == .space { return true }
        if isOpening(left) { return false }
        if isIdeographic(leftKind) || isIdeographic(rightKind) { return true }
        if isHyphen(left), let beforeLeft, isWordCharacter(beforeLeft), isWordCharacter(right) { return true }
        return false
    }

    static func isIdeographic(_ kind: GraphemeKind) -> Bool { kind == .fullWidth || kind == .emoji }

    /// Hyphens and dashes a line may break after (between letters or digits).
    static func isHyphen(_ c: Character) -> Bool {
        c == "-" || c == "\u{2010}" || c == "\u{2013}" || c == "\u{2014}" || c == "/"
    }

    /// Letters and digits of any script (anything that is not ASCII punctuation, a space or a symbol
    /// from the general punctuation block).
    static func isWordCharacter(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        let v = scalar.value
        if v < 0x80 { return (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
        return !(0x2000...0x206F).contains(v) && !(0x3000...0x303F).contains(v)
    }

    /// Closing punctuation, small kana and marks no line may start with (kinsoku), and Latin closers.
    static func isClosing(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2026, 0x2019, 0x201D, 0xBB: return true
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F: return true
        case 0x3005, 0x303B, 0x309B...0x309E, 0x30FB...0x30FE, 0x30A0: return true
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096: return true
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC: return true
        case 0x31F0...0x31FF, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64: return true
        default: return false
        }
    }

    /// Opening punctuation no line may end with.
    static func isOpening(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0xAB: return true
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D: return true
        case 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62: return true
        default: return false
        }
    }
}
