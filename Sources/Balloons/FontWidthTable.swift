/// Calibrated width tables of named font families.

/// The advance widths of a real font family, per code point, with its ASCII kerning pairs, as
/// headless Chromium's canvas `measureText` reports them with the family installed (Debian's
/// `fonts-liberation` and `fonts-dejavu-core`); emoji, CJK, Indic and Thai clusters by class
/// (``TextMeasuring`` conformance). Deterministic and standard-library only.
///
/// A grapheme is measured by its first scalar when a table covers it (Latin with its extensions,
/// Greek, Cyrillic, Latin Extended Additional, general punctuation, currency, letter-like symbols,
/// arrows, mathematical operators); combining marks on it add nothing. Otherwise by class:
///
/// | class | em |
/// |---|---:|
/// | emoji (pictographs, VS16, keycaps, flags, skin tones, ZWJ sequences, the symbol blocks) | 1.3 |
/// | ideographs, kana, Hangul, full-width forms | 1.0 |
/// | Indic cluster: per base letter / per spacing vowel sign | 0.74 / 0.3 |
/// | Thai and Lao: per spacing scalar | 0.7 |
/// | controls, joiners, zero-width spaces | 0 |
/// | any other scalar | 0.75 |
///
/// The class widths are on the generous side (text laid out with them fits when drawn); the tables
/// match Chromium to rounding (1/2048 em) per glyph, and kerning is applied between ASCII pairs.
/// Draw with ``fontFamily`` so the renderer uses the font that was measured.
///
/// Compiled with `-D FONT_TABLES_WITHOUT_DEJAVU` (the browser modules: nothing there measures in
/// DejaVu Sans), ``Family`` has Liberation Sans alone and DejaVu Sans's tables are left out.
public struct FontWidthTable: TextMeasuring, Sendable, Hashable {
    /// The calibrated families.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        /// Liberation Sans (metric-compatible with Arial and Helvetica).
        case liberationSans
        #if !FONT_TABLES_WITHOUT_DEJAVU
        /// DejaVu Sans (Debian's default `sans-serif`; metric-compatible with Bitstream Vera Sans).
        case dejaVuSans
        #endif
    }

    /// The family measured.
    public let family: Family

    /// The table of `family`.
    public init(_ family: Family) {
        self.family = family
    }

    /// Liberation Sans, drawn as `'Liberation Sans', Arial, Helvetica, …`: the package's default.
    public static let liberationSans = FontWidthTable(.liberationSans)
    #if !FONT_TABLES_WITHOUT_DEJAVU
    /// DejaVu Sans, drawn as `'DejaVu Sans', 'Bitstream Vera Sans', …`.
    public static let dejaVuSans = FontWidthTable(.dejaVuSans)
    #endif

    /// The emoji fonts named after the text family, so emoji draw in colour at the measured width.
    static let emojiFamilies = "'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji'"

    /// The CSS font-family list: the family, its metric-compatible equivalents, emoji fonts, `sans-serif`.
    /// - Complexity: O(1): one stored string per family, so a scene naming it per label shares it.
    public var fontFamily: String {
        switch family {
        case .liberationSans: return Self.liberationSansFamily
        #if !FONT_TABLES_WITHOUT_DEJAVU
        case .dejaVuSans: return Self.dejaVuSansFamily
        #endif
        }
    }

    static let liberationSansFamily = "'Liberation Sans', Arial, Helvetica, " + emojiFamilies + ", sans-serif"
    #if !FONT_TABLES_WITHOUT_DEJAVU
    static let dejaVuSansFamily = "'DejaVu Sans', 'Bitstream Vera Sans', " + emojiFamilies + ", sans-serif"
    #endif

    /// Font units per em of the tables.
    static let unitsPerEm = 2048.0

    var advances: [UInt16] {
        switch family {
        case .liberationSans: return Self.liberationSansAdvances
        #if !FONT_TABLES_WITHOUT_DEJAVU
        case .dejaVuSans: return Self.dejaVuSansAdvances
        #endif
        }
    }

    /// The advance of `grapheme`, em (see the type's documentation).
    public func advance(of grapheme: Character) -> Double {
        let kind = GraphemeKind(grapheme)
        if let fixed = kind.fixedWidth { return fixed }
        guard let first = grapheme.unicodeScalars.first else { return 0 }
        return tableAdvance(of: first.value) ?? GraphemeKind.unknownWidth
    }

    /// The advance of code point `v` from the table, em; nil when no range covers it.
    func tableAdvance(of v: UInt32) -> Double? {
        var base = 0
        for range in Self.coveredRanges {
            let offset = Int(v) - Int(range.first)
            if offset >= 0, offset < range.count { return Double(advances[base + offset]) / Self.unitsPerEm }
            base += range.count
        }
        return nil
    }

    /// The kerning between two ASCII graphemes, em (0 for any other pair).
    public func kerning(between left: Character, and right: Character) -> Double {
        guard let a = left.asciiValue, let b = right.asciiValue else { return 0 }
        let key = UInt16(a) * 128 + UInt16(b)
        let (pairs, values) = kerningTables
        var low = 0, high = pairs.count
        while low < high {
            let mid = (low + high) / 2
            if pairs[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low < pairs.count && pairs[low] == key ? Double(values[low]) / Self.unitsPerEm : 0
    }

    /// The family's kerned ASCII pairs and their adjustments.
    private var kerningTables: (pairs: [UInt16], values: [Int16]) {
        switch family {
        case .liberationSans: return (Self.liberationSansKerningPairs, Self.liberationSansKerningValues)
        #if !FONT_TABLES_WITHOUT_DEJAVU
        case .dejaVuSans: return (Self.dejaVuSansKerningPairs, Self.dejaVuSansKerningValues)
        #endif
        }
    }
}
