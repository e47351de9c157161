/// An estimate of text width, for sizing callouts, labels and chat bubbles without a font engine.

/// The width classes of `TextMetrics`. Each Unicode scalar falls in exactly one; see `TextMetrics`
/// for the members and widths.
public enum TextCharacterClass: String, Sendable, Hashable, CaseIterable {
    /// Thin letters and marks: `i j l f t I` and `. , : ; ' ! |`.
    case narrow
    /// Other lowercase letters (and letters with no case: accented Latin, Greek, Cyrillic lowercase…).
    case regular
    /// `m w M W % @`.
    case wide
    /// Other uppercase letters (ASCII, Latin-1, Greek and Cyrillic capitals).
    case uppercase
    /// `0`…`9` (tabular in most sans-serif fonts).
    case digit
    /// The space (and no-break space).
    case space
    /// Other punctuation and symbols.
    case punctuation
    /// Full-width characters: CJK ideographs, kana, Hangul, full-width forms; also `…` and `—` (a
    /// grapheme that is an emoji is measured by `TextMetrics.emoji` instead).
    case fullWidth
    /// Nothing: combining marks, variation selectors, joiners, emoji modifiers and controls.
    case zeroWidth
}

/// How wide text is in a proportional sans-serif font, **estimated** per character class: a coarse
/// ``TextMeasuring`` for fonts without a calibrated table (``FontWidthTable`` is exact for the
/// families it covers). Deterministic, standard-library only.
///
/// Widths are in em (multiples of the font size). The defaults (`sansSerif`) approximate Liberation
/// Sans (metric-compatible with Arial and Helvetica) with about a dozen numbers, so single words can
/// be off by 10%; wider fonts (DejaVu Sans, Verdana) come out wider than estimated. Graphemes are
/// measured whole (Swift's `Character`): emoji, keycaps, flags and emoji sequences count `emoji`
/// once, CJK `fullWidth`, Indic and Thai clusters as ``FontWidthTable`` counts them, anything else by
/// the class of its first scalar (combining marks on it add nothing).
///
/// | class | members | em |
/// |---|---|---:|
/// | narrow | `i j l f t I . , : ; ' ! \|` | 0.26 |
/// | regular | other lowercase letters | 0.53 |
/// | wide | `m w M W % @` | 0.83 |
/// | uppercase | other capitals | 0.68 |
/// | digit | `0`–`9` | 0.556 |
/// | space | space, no-break space | 0.278 |
/// | punctuation | other punctuation and symbols (currency, arrows, maths, shapes) | 0.45 |
/// | fullWidth | CJK, kana, Hangul, full-width forms, `…`, `—` | 1.0 |
/// | emoji | pictographs and emoji sequences (the `emoji` property) | 1.3 |
/// | zeroWidth | combining marks, joiners, selectors, modifiers, controls | 0 |
public struct TextMetrics: TextMeasuring, Sendable, Hashable {
    /// Width of each class, em. Zero-width scalars always count 0.
    public var narrow: Double
    /// Width of `regular` characters, em.
    public var regular: Double
    /// Width of `wide` characters, em.
    public var wide: Double
    /// Width of `uppercase` characters, em.
    public var uppercase: Double
    /// Width of digits, em.
    public var digit: Double
    /// Width of a space, em.
    public var space: Double
    /// Width of `punctuation`, em.
    public var punctuation: Double
    /// Width of `fullWidth` characters, em.
    public var fullWidth: Double

    /// A table of class widths in em (for a font that differs much from the default `sansSerif`).
    public init(narrow: Double, regular: Double, wide: Double, uppercase: Double, digit: Double, space: Double,
                punctuation: Double, fullWidth: Double) {
        self.narrow = narrow
        self.regular = regular
        self.wide = wide
        self.uppercase = uppercase
        self.digit = digit
        self.space = space
        self.punctuation = punctuation
        self.fullWidth = fullWidth
    }

    /// The calibrated sans-serif table (see the type's documentation).
    public static let sansSerif = TextMetrics(narrow: 0.26, regular: 0.53, wide: 0.83, uppercase: 0.68, digit: 0.556,
                                              space: 0.278, punctuation: 0.45, fullWidth: 1.0)

    /// The ellipsis appended to shortened text.
    public static let ellipsis = "…"

    /// The width of one character of `characterClass`, em.
    public func advance(_ characterClass: TextCharacterClass) -> Double {
        switch characterClass {
        case .narrow: return narrow
        case .regular: return regular
        case .wide: return wide
        case .uppercase: return uppercase
        case .digit: return digit
        case .space: return space
        case .punctuation: return punctuation
        case .fullWidth: return fullWidth
        case .zeroWidth: return 0
        }
    }

    /// The emoji fonts' width, em (emoji, keycaps, flags and emoji sequences).
    public var emoji: Double = GraphemeKind.emojiWidth

    /// The table's widths are for Liberation Sans, so it draws with that family's list.
    public var fontFamily: String { FontWidthTable.liberationSans.fontFamily }

    /// The estimated advance of one grapheme, em: emoji, CJK, Indic and Thai clusters by class (as
    /// ``FontWidthTable`` does), anything else by the class of its first scalar.
    public func advance(of grapheme: Character) -> Double {
        let kind = GraphemeKind(grapheme)
        switch kind {
        case .emoji: return emoji
        case .fullWidth: return fullWidth
        case .invisible, .newline, .indic, .thai: return kind.fixedWidth ?? 0
        case .space, .noBreakSpace, .other: break
        }
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        return advance(Self.characterClass(of: first))
    }
}

extension TextMetrics {
    /// The class of one Unicode scalar on its own (see `TextCharacterClass`; `advance(of:)` measures a
    /// grapheme by its first scalar's class, or as a whole for emoji, CJK, Indic and Thai clusters).
    public static func characterClass(of scalar: Unicode.Scalar) -> TextCharacterClass {
        let v = scalar.value
        switch v {
        case 0x20, 0xA0: return .space
        case 0x30...0x39: return .digit
        case 0x41...0x5A: return v == 0x49 ? .narrow : (v == 0x4D || v == 0x57) ? .wide : .uppercase
        case 0x61...0x7A: return asciiLowercase(v)
        case 0x21...0x7E: return asciiPunctuation(v)
        case 0xAD: return .zeroWidth
        case 0xA1...0xBF: return .punctuation
        case 0xC0...0xDE: return v == 0xD7 ? .punctuation : .uppercase
        case 0xDF...0xFF: return v == 0xF7 ? .punctuation : .regular
        case 0x391...0x3A9, 0x400...0x42F: return .uppercase
        case 0x2026, 0x2014: return .fullWidth
        case 0x2010...0x205F: return GraphemeKind.isZeroWidth(v) ? .zeroWidth : .punctuation
        case 0x20A0...0x20CF, 0x2100...0x23FF, 0x2500...0x25FF: return .punctuation   // currency, arrows, maths, shapes
        default: break
        }
        if GraphemeKind.isZeroWidth(v) { return .zeroWidth }
        return GraphemeKind.isFullWidth(v) || GraphemeKind.isEmoji(v) ? .fullWidth : .regular
    }

    static func asciiLowercase(_ v: UInt32) -> TextCharacterClass {
        switch v {
        case 0x69, 0x6A, 0x6C, 0x66, 0x74: return .narrow    // i j l f t
        case 0x6D, 0x77: return .wide                        // m w
        default: return .regular
        }
    }

    static func asciiPunctuation(_ v: UInt32) -> TextCharacterClass {
        switch v {
        case 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C: return .narrow   // . , : ; ' ! |
        case 0x25, 0x40: return .wide                                  // % @
        default: return .punctuation
        }
    }
}
