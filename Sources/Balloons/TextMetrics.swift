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
    /// Full-width characters: CJK ideographs, kana, Hangul, full-width forms, emoji; also `…` and `—`.
    case fullWidth
    /// Nothing: combining marks, variation selectors, joiners, emoji modifiers, controls, and any scalar
    /// that continues the previous one's grapheme (after a zero-width joiner, the second of a flag pair).
    case zeroWidth
}

/// How wide text is in a proportional sans-serif font, **estimated** per character class: no font is
/// read, so the result is deterministic (the same on every platform) and needs only the standard
/// library, but it is an estimate, not a measurement.
///
/// Widths are in em (multiples of the font size). The defaults (`sansSerif`) were calibrated against
/// headless Chromium's `sans-serif` (Liberation Sans, metric-compatible with Arial and Helvetica) with
/// canvas `measureText`; on 38 typical labels (genres, settings, chat lines, mixed case, digits,
/// punctuation, accents) the estimate is within 3.3% on average and 10.4% at worst. Fonts with wider
/// letters (DejaVu Sans, Verdana) come out about 8% (up to 15%) wider than estimated. The full-width
/// figure is the CJK convention (ideographs are 1 em in every CJK font) and an emoji font's 1.04 em.
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
/// | fullWidth | CJK, kana, Hangul, full-width forms, emoji, `…`, `—` | 1.0 |
/// | zeroWidth | combining marks, joiners, selectors, modifiers, controls | 0 |
///
/// Text is read by Unicode scalars, grouped into graphemes well enough for layout: a combining
/// mark, an emoji modifier or a zero-width-joined emoji adds nothing, a flag (two regional
/// indicators) counts once.
public struct TextMetrics: Sendable, Hashable {
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

    /// The estimated width of `text` at a font size of 1 (so in em).
    /// - Complexity: O(n) in the number of Unicode scalars.
    public func emWidth(of text: String) -> Double {
        var total = 0.0
        var reader = GraphemeReader()
        for scalar in text.unicodeScalars { total += advance(reader.next(scalar)) }
        return total
    }

    /// The estimated width of `text` at `fontSize` points, in points. Throws
    /// `BalloonError.invalidValue` for a font size that is not a finite number greater than 0.
    /// - Complexity: O(n) in the number of Unicode scalars.
    public func width(of text: String, fontSize: Double) throws(BalloonError) -> Double {
        try Check.positive(fontSize, "font size")
        return emWidth(of: text) * fontSize
    }
}

/// Text fitted to a width by `TextMetrics.fit(_:width:preferredSize:minimumSize:)`.
public struct FittedText: Sendable, Hashable {
    /// The text to draw: the original, or a prefix of it ending in "…" (possibly just "…", or empty
    /// when not even "…" fits).
    public var text: String
    /// The font size to draw it at, points: between the minimum and the preferred size.
    public var fontSize: Double
    /// Its estimated width at that size, points: never more than the width asked for.
    public var width: Double
    /// True when the text was shortened.
    public var isTruncated: Bool
}

extension TextMetrics {
    /// `text` fitted into `width` points: at the largest font size ≤ `preferredSize` and ≥
    /// `minimumSize` at which its estimated width fits; if it does not fit even at `minimumSize`, the
    /// longest prefix (whole graphemes, trailing spaces dropped) that fits with "…" appended, at
    /// `minimumSize`. The result is never wider than `width` (by this estimate). Throws
    /// `BalloonError.invalidValue` for a negative or non-finite width, a non-positive or non-finite
    /// size, or a minimum size above the preferred one.
    /// - Complexity: O(n) in the number of Unicode scalars.
    public func fit(_ text: String, width: Double, preferredSize: Double, minimumSize: Double) throws(BalloonError) -> FittedText {
        try Check.nonNegative(width, "width")
        try Check.positive(preferredSize, "preferred font size")
        try Check.positive(minimumSize, "minimum font size")
        guard minimumSize <= preferredSize else {
            throw Check.invalid("minimum font size", minimumSize, "must not exceed the preferred font size \(preferredSize)")
        }
        let em = emWidth(of: text)
        guard em > 0 else { return FittedText(text: text, fontSize: preferredSize, width: 0, isTruncated: false) }
        var size = Swift.min(preferredSize, width / em)
        // The division rounds either way by an ulp: settle on the largest size whose width still fits.
        while size > 0, em * size > width { size = size.nextDown }
        while size < preferredSize, em * size.nextUp <= width { size = size.nextUp }
        if size >= minimumSize { return FittedText(text: text, fontSize: size, width: em * size, isTruncated: false) }
        let shortened = ellipsized(text, width: width, fontSize: minimumSize)
        return FittedText(text: shortened, fontSize: minimumSize, width: emWidth(of: shortened) * minimumSize, isTruncated: true)
    }

    /// The longest grapheme-whole prefix of `text` that, with "…" appended, is at most `width` at
    /// `fontSize` ("" when even "…" is too wide). Widths are summed scalar by scalar in text order, as
    /// `emWidth(of:)` does, so the result measures exactly what was tested.
    func ellipsized(_ text: String, width: Double, fontSize: Double) -> String {
        let ellipsisWidth = emWidth(of: Self.ellipsis)
        guard ellipsisWidth * fontSize <= width else { return "" }
        var kept = String.UnicodeScalarView()      // graphemes known to fit, trailing spaces included
        var keptCount = 0, keptWidth = 0.0, trimmedCount = 0, trimmedWidth = 0.0
        var grapheme = String.UnicodeScalarView()  // the grapheme being read
        var graphemeCount = 0, graphemeWidth = 0.0, graphemeIsSpace = true
        var reader = GraphemeReader()
        // Adds the grapheme just read if it still fits with the ellipsis; false when it does not.
        func commit() -> Bool {
            let width0 = keptWidth + graphemeWidth
            let candidate = graphemeIsSpace ? trimmedWidth : width0
            guard (candidate + ellipsisWidth) * fontSize <= width else { return false }
            kept.append(contentsOf: grapheme)
            keptCount += graphemeCount
            keptWidth = width0
            if !graphemeIsSpace { trimmedCount = keptCount; trimmedWidth = keptWidth }
            return true
        }
        for scalar in text.unicodeScalars {
            let characterClass = reader.next(scalar)
            if reader.startsGrapheme, !grapheme.isEmpty {
                guard commit() else { break }
                grapheme = String.UnicodeScalarView()
                graphemeCount = 0
                graphemeWidth = 0
                graphemeIsSpace = true
            }
            grapheme.append(scalar)
            graphemeCount += 1
            graphemeWidth += advance(characterClass)
            if characterClass != .space { graphemeIsSpace = false }
        }
        if !grapheme.isEmpty { _ = commit() }
        return String(String.UnicodeScalarView(kept.prefix(trimmedCount))) + Self.ellipsis
    }
}

extension TextMetrics {
    /// The class of one Unicode scalar on its own (see `TextCharacterClass`; a scalar that continues
    /// a grapheme is made zero-width by the reader, not here).
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
        case 0x2010...0x205F: return isZeroWidth(v) ? .zeroWidth : .punctuation
        case 0x20A0...0x20CF, 0x2100...0x23FF, 0x2500...0x25FF: return .punctuation   // currency, arrows, maths, shapes
        default: break
        }
        if isZeroWidth(v) { return .zeroWidth }
        return isFullWidth(v) ? .fullWidth : .regular
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

    /// Controls, combining marks, joiners, variation selectors, emoji modifiers and tags.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD: return true
        case 0x300...0x36F, 0x483...0x489, 0x591...0x5BD, 0x64B...0x65F: return true
        case 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        case 0x200B...0x200F, 0x2060...0x2064, 0xFEFF: return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default: return false
        }
    }

    /// Scalars that join onto the previous one's grapheme (as opposed to zero-width ones on their own,
    /// such as controls).
    static func extendsGrapheme(_ v: UInt32) -> Bool {
        switch v {
        case 0x300...0x36F, 0x483...0x489, 0x591...0x5BD, 0x64B...0x65F: return true
        case 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default: return false
        }
    }

    /// CJK, kana, Hangul, full-width forms and emoji.
    static func isFullWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: return true
        case 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F: return true
        case 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x2600...0x27BF, 0x1F000...0x1FAFF, 0x20000...0x3FFFD: return true
        default: return false
        }
    }
}

/// Reads Unicode scalars in order and tells, for each, its width class and whether it starts a new
/// grapheme: combining marks and other extenders, the scalar after a zero-width joiner and the second
/// regional indicator of a flag continue the previous grapheme (and add no width).
struct GraphemeReader {
    private var afterJoiner = false
    private var openFlag = false
    /// Whether the scalar last read started a new grapheme.
    private(set) var startsGrapheme = true

    mutating func next(_ scalar: Unicode.Scalar) -> TextCharacterClass {
        let v = scalar.value
        let joined = afterJoiner
        afterJoiner = v == 0x200D
        if joined || TextMetrics.extendsGrapheme(v) {
            startsGrapheme = false
            return .zeroWidth
        }
        if (0x1F1E6...0x1F1FF).contains(v) {
            openFlag.toggle()
            startsGrapheme = openFlag
            return openFlag ? .fullWidth : .zeroWidth
        }
        openFlag = false
        startsGrapheme = true
        return TextMetrics.characterClass(of: scalar)
    }
}
