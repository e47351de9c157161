/// Widths a page (or an app) measured in the font it really draws with.

/// Widths measured elsewhere — typically by a web page with canvas `measureText` in the font it
/// really draws with — looked up per grapheme, regular and bold, with `fallback` for any grapheme
/// not supplied.
///
/// How a page feeds it: ask which graphemes of the texts it will lay out are still unknown
/// (`unmeasured(in:)`, or collect them itself with `Intl.Segmenter`), measure each with
/// `ctx.measureText(g).width / fontSizeInPx` in the family named by `fontFamily`, regular and bold,
/// and pass the numbers in (`init(fontFamily:graphemes:regular:bold:fallback:)`, or one at a time
/// with `set(_:em:)` and `setBold(_:em:)`), then lay the text out with this measurer (regular) or
/// with `coveringBold(widening:)` (a layout that draws some text bold). Pairs may also be supplied
/// for kerning (`setKerning(_:_:em:)`).
/// Lookups use `Dictionary`, but only by key, never by iteration, so results are deterministic.
public struct MeasuredWidths<Fallback: TextMeasuring>: TextMeasuring {
    /// The family the widths were measured in (what renderers should draw with).
    public var fontFamily: String
    /// Measures graphemes that were not supplied.
    public var fallback: Fallback
    /// Supplied regular advances, em.
    var advances: [Character: Double] = [:]
    /// Supplied bold advances, em.
    var boldAdvances: [Character: Double] = [:]
    /// Supplied pair adjustments, em, keyed by the two graphemes as one string.
    var pairs: [String: Double] = [:]

    /// The widest advance accepted, em: far beyond any glyph (a wide emoji cluster is about 1.3 em,
    /// letter-spacing adds to it), so a larger number is a measuring mistake, not a font.
    public static var maximumAdvance: Double { 64 }

    /// An empty table in `fontFamily` over `fallback`.
    public init(fontFamily: String, fallback: Fallback) {
        self.fontFamily = fontFamily
        self.fallback = fallback
    }

    /// A table of `graphemes` measured in `fontFamily`: `regular[i]` and `bold[i]` are the advances
    /// of `graphemes[i]`, em (a grapheme listed twice keeps its last widths).
    /// - Throws: `BalloonError.invalidValue` naming the field and value for a width that is not a
    ///   finite number in 0...`maximumAdvance` ("regular width of \"W\"", "bold width of \"W\"") or
    ///   for a count of widths other than the count of graphemes ("regular widths count").
    /// - Complexity: O(n) for n graphemes.
    public init(fontFamily: String, graphemes: [Character], regular: [Double], bold: [Double],
                fallback: Fallback) throws(BalloonError) {
        self.init(fontFamily: fontFamily, fallback: fallback)
        for (field, list) in [("regular widths count", regular), ("bold widths count", bold)] where list.count != graphemes.count {
            throw .invalidValue(InvalidValue(field: field, value: list.count,
                                             requirement: "must equal the count of graphemes, \(graphemes.count)"))
        }
        for (index, grapheme) in graphemes.enumerated() {
            try set(grapheme, em: regular[index])
            try setBold(grapheme, em: bold[index])
        }
    }

    /// Records the regular advance of `grapheme`, em.
    /// - Throws: `BalloonError.invalidValue` for a width that is not a finite number in
    ///   0...`maximumAdvance`.
    public mutating func set(_ grapheme: Character, em: Double) throws(BalloonError) {
        try Self.check(em, "regular width of \"\(grapheme)\"")
        advances[grapheme] = em
    }

    /// Records the bold advance of `grapheme`, em.
    /// - Throws: `BalloonError.invalidValue` for a width that is not a finite number in
    ///   0...`maximumAdvance`.
    public mutating func setBold(_ grapheme: Character, em: Double) throws(BalloonError) {
        try Self.check(em, "bold width of \"\(grapheme)\"")
        boldAdvances[grapheme] = em
    }

    /// Records the kerning between `left` and `right`, em.
    /// - Throws: `BalloonError.invalidValue` for a non-finite value.
    public mutating func setKerning(_ left: Character, _ right: Character, em: Double) throws(BalloonError) {
        try Check.finite(em, "measured kerning of \(left)\(right)")
        pairs[String(left) + String(right)] = em
    }

    static func check(_ em: Double, _ field: String) throws(BalloonError) {
        guard em.isFinite, em >= 0, em <= maximumAdvance else {
            throw Check.invalid(field, em, "must be a finite number of em in 0...\(Int(maximumAdvance))")
        }
    }

    /// The number of graphemes with a supplied regular width.
    public var count: Int { advances.count }

    /// The graphemes of `texts` with no supplied regular width yet, each once, in order of first
    /// appearance: what a page should measure and `set` before laying those texts out.
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

    /// The supplied regular advance, else the fallback's.
    public func advance(of grapheme: Character) -> Double {
        advances.isEmpty ? fallback.advance(of: grapheme) : advances[grapheme] ?? fallback.advance(of: grapheme)
    }

    /// The supplied bold advance; else the regular advance (supplied or the fallback's), em.
    public func boldAdvance(of grapheme: Character) -> Double {
        boldAdvances.isEmpty ? advance(of: grapheme) : boldAdvances[grapheme] ?? advance(of: grapheme)
    }

    /// The supplied pair adjustment; 0 for a pair of supplied graphemes with none, else the fallback's.
    public func kerning(between left: Character, and right: Character) -> Double {
        if !pairs.isEmpty, let value = pairs[String(left) + String(right)] { return value }
        if !advances.isEmpty, advances[left] != nil || advances[right] != nil { return 0 }
        return fallback.kerning(between: left, and: right)
    }

    /// A measurer for a layout that sets bold text `widening` times as wide as the measurer's
    /// regular widths (as `SceneBuilder` does with its labels): each advance is the larger of the
    /// regular one and the bold one divided by `widening`, so text laid out with it fits both
    /// drawn regular and drawn bold at `widening` times its width.
    /// - Precondition: `widening` is finite and at least 1 (a narrower bold means nothing).
    public func coveringBold(widening: Double) -> BoldCoveringWidths<Fallback> {
        precondition(widening.isFinite && widening >= 1, "bold widening must be a finite number of at least 1")
        return BoldCoveringWidths(widths: self, widening: widening)
    }
}

/// Measured widths seen by a layout that widens bold text by a fixed factor
/// (`MeasuredWidths.coveringBold(widening:)`): every advance is
/// `max(regular, bold / widening)`, em. Deterministic, as the widths it reads.
public struct BoldCoveringWidths<Fallback: TextMeasuring>: TextMeasuring {
    /// The measured widths.
    public let widths: MeasuredWidths<Fallback>
    /// How much wider the layout draws bold text than it measured it.
    public let widening: Double

    /// The measured family.
    public var fontFamily: String { widths.fontFamily }

    /// The larger of the regular advance and the bold advance divided by `widening`, em.
    public func advance(of grapheme: Character) -> Double {
        Swift.max(widths.advance(of: grapheme), widths.boldAdvance(of: grapheme) / widening)
    }

    /// The measured widths' kerning.
    public func kerning(between left: Character, and right: Character) -> Double {
        widths.kerning(between: left, and: right)
    }
}
