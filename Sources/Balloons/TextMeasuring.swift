/// Measuring text: the protocol every text layout in the package takes, so a caller can plug in the
/// font it really draws with.

/// Tells how wide text is, grapheme by grapheme, in em (multiples of the font size), and names the
/// font it measures so a renderer can draw with the same one.
///
/// Conformers in this module:
/// - ``FontWidthTable``: per-code-point advances and ASCII kerning of a calibrated family
///   (``FontWidthTable/liberationSans``, ``FontWidthTable/dejaVuSans``), emoji, CJK and Indic by class.
/// - ``TextMetrics``: a coarse per-character-class table (the fallback for unknown fonts).
/// - ``MeasuredWidths``: widths a page (or an app) measured with its real font and passes in, with
///   any other measurer as the fallback for graphemes it did not measure.
///
/// Layouts take the measurer as a generic parameter (`some TextMeasuring`), never as an existential,
/// so the code stays Embedded-Swift clean. A conformer must be deterministic: the same grapheme gives
/// the same width on every call.
public protocol TextMeasuring {
    /// The CSS `font-family` list to draw with, e.g. `'Liberation Sans', Arial, Helvetica, sans-serif`:
    /// the font whose widths this measurer reports first, then compatible fallbacks. Renderers that
    /// write SVG or HTML put it in `font-family` verbatim.
    var fontFamily: String { get }

    /// The advance of one extended grapheme cluster at a font size of 1, em (never negative, finite).
    func advance(of grapheme: Character) -> Double

    /// The adjustment between two adjacent graphemes (kerning), em; usually 0 and negative when the
    /// pair is drawn closer. The default implementation returns 0.
    func kerning(between left: Character, and right: Character) -> Double
}

extension TextMeasuring {
    /// No kerning.
    public func kerning(between left: Character, and right: Character) -> Double { 0 }

    /// The width of `text` at a font size of 1 (em): advances of its graphemes plus kerning.
    /// - Complexity: O(n) in the number of graphemes.
    public func emWidth<S: StringProtocol>(of text: S) -> Double {
        var total = 0.0
        var previous: Character?
        for grapheme in text {
            if let previous { total += kerning(between: previous, and: grapheme) }
            total += advance(of: grapheme)
            previous = grapheme
        }
        return Swift.max(total, 0)
    }

    /// The width of `text` at `fontSize` points, in points. Throws `BalloonError.invalidValue` for a
    /// font size that is not a finite number greater than 0.
    /// - Complexity: O(n) in the number of graphemes.
    public func width(of text: String, fontSize: Double) throws(BalloonError) -> Double {
        try Check.positive(fontSize, "font size")
        return emWidth(of: text) * fontSize
    }
}

/// Widths measured elsewhere — typically by a web page with canvas `measureText` in the font it
/// really draws with — looked up per grapheme, with `fallback` for any grapheme not supplied.
///
/// How a page feeds it: ask which graphemes of the texts it will lay out are still unknown
/// (`unmeasured(in:)`, or collect them itself with `Intl.Segmenter`), measure each with
/// `ctx.measureText(g).width / fontSizeInPx` in the family named by `fontFamily`, pass the
/// (grapheme, em) pairs in (`set(_:em:)`), then lay the text out with this measurer. Pairs may also be supplied for kerning (`setKerning(_:_:em:)`).
/// Lookups use `Dictionary`, but only by key, never by iteration, so results are deterministic.
public struct MeasuredWidths<Fallback: TextMeasuring>: TextMeasuring {
    /// The family the widths were measured in (what renderers should draw with).
    public var fontFamily: String
    /// Measures graphemes that were not supplied.
    public var fallback: Fallback
    /// Supplied advances, em.
    var advances: [Character: Double] = [:]
    /// Supplied pair adjustments, em, keyed by the two graphemes as one string.
    var pairs: [String: Double] = [:]

    /// An empty table in `fontFamily` over `fallback`.
    public init(fontFamily: String, fallback: Fallback) {
        self.fontFamily = fontFamily
        self.fallback = fallback
    }

    /// Records the advance of `grapheme`, em. Throws `BalloonError.invalidValue` for a negative or
    /// non-finite width.
    public mutating func set(_ grapheme: Character, em: Double) throws(BalloonError) {
        try Check.nonNegative(em, "measured width of \(grapheme)")
        advances[grapheme] = em
    }

    /// Records the kerning between `left` and `right`, em. Throws `BalloonError.invalidValue` for a
    /// non-finite value.
    public mutating func setKerning(_ left: Character, _ right: Character, em: Double) throws(BalloonError) {
        try Check.finite(em, "measured kerning of \(left)\(right)")
        pairs[String(left) + String(right)] = em
    }

    /// The number of graphemes supplied.
    public var count: Int { advances.count }

    /// The graphemes of `texts` with no supplied width yet, each once, in order of first appearance:
    /// what a page should measure and `set` before laying those texts out.
    /// - Complexity: O(n) in the total number of graphemes (dictionary lookups).
    public func unmeasured(in texts: [String]) -> [Character] {
        var seen: [Character: Bool] = [:]
        var result: [Character] = []
        for text in texts {
            for grapheme in text where advances[grapheme] == nil && seen[grapheme] == nil {
                seen[grapheme] = true
                result.append(grapheme)
            }
        }
        return result
    }

    /// The supplied advance, else the fallback's.
    public func advance(of grapheme: Character) -> Double {
        advances[grapheme] ?? fallback.advance(of: grapheme)
    }

    /// The supplied pair adjustment; 0 for a pair of supplied graphemes with none, else the fallback's.
    public func kerning(between left: Character, and right: Character) -> Double {
        if let value = pairs[String(left) + String(right)] { return value }
        if advances[left] != nil || advances[right] != nil { return 0 }
        return fallback.kerning(between: left, and: right)
    }
}
