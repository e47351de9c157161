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
