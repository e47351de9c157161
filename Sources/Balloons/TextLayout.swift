/// Several lines of text fitted to a box: the styles, the result and the public entry points.

/// How text is to be laid out: sizes, line height and how many lines it may take.
public struct TextStyle: Sendable, Hashable {
    /// The size to draw at when the text fits, points (typical 12–17).
    public var preferredSize: Double
    /// The smallest size the text may shrink to before it is ellipsized, points; at most `preferredSize`.
    public var minimumSize: Double
    /// The most lines the text may take (1 for a single line); explicit newlines count.
    public var maximumLines: Int
    /// Distance between baselines, as a multiple of the font size (typical 1.2).
    public var lineHeight: Double
    /// Room kept per grapheme for the renderer's rounding of glyph positions, points (default
    /// 1/64: browsers place glyphs on a 1/64 px grid): a line is fitted so that its measured width
    /// plus this much per grapheme stays within the width available.
    public var roundingAllowance: Double

    /// A style; every value is checked when text is laid out (see `validate()`).
    public init(preferredSize: Double = 15, minimumSize: Double = 12, maximumLines: Int = 1, lineHeight: Double = 1.2,
                roundingAllowance: Double = 1.0 / 64) {
        self.preferredSize = preferredSize
        self.minimumSize = minimumSize
        self.maximumLines = maximumLines
        self.lineHeight = lineHeight
        self.roundingAllowance = roundingAllowance
    }

    /// The values `roundingAllowance` accepts, 0...1 points per grapheme.
    public static var roundingAllowanceRange: SettingRange<Double> { SettingRange("rounding allowance", 0...1) }

    /// The values `maximumLines` accepts, 1...1000.
    public static var maximumLinesRange: SettingRange<Double> { SettingRange("maximum lines", 1...1000) }
    /// The values `lineHeight` accepts, 0.5...4 (times the font size).
    public static var lineHeightRange: SettingRange<Double> { SettingRange("line height", 0.5...4) }

    /// Throws `BalloonError.invalidValue` for a non-positive or non-finite size, a minimum above the
    /// preferred size, or a line count or line height outside its range.
    public func validate() throws(BalloonError) {
        try Check.positive(preferredSize, "preferred font size")
        try Check.positive(minimumSize, "minimum font size")
        guard minimumSize <= preferredSize else {
            throw Check.invalid("minimum font size", minimumSize, "must not exceed the preferred font size \(preferredSize)")
        }
        try Check.inRange(Double(maximumLines), Self.maximumLinesRange)
        try Check.inRange(lineHeight, Self.lineHeightRange)
        try Check.inRange(roundingAllowance, Self.roundingAllowanceRange)
    }
}

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
    /// The text to draw (whole graphemes; ends in "…" on a shortened last line).
    public var text: String
    /// Its width at the layout's font size by the measurer that laid it out, points.
    public var width: Double

    /// A line from its parts.
    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}

/// Text laid out in lines: what to draw, at which size, and how much room it takes.
///
/// Lines are broken at word boundaries (after spaces and hyphens), between CJK characters and emoji
/// (not before closing punctuation or small kana, not after opening punctuation) and at explicit
/// newlines; a word too long for a line at the minimum size is broken between graphemes. No
/// extended grapheme cluster is ever split. Every line's width plus the style's rounding allowance
/// per grapheme is within the width it was laid out for.
public struct TextLayout: Sendable, Hashable {
    /// The lines, top to bottom (empty when not even "…" fits, or for empty text).
    public var lines: [TextLine]
    /// The font size, points: between the style's minimum and preferred sizes.
    public var fontSize: Double
    /// Distance between baselines, points (the style's line height × `fontSize`).
    public var lineHeight: Double
    /// True when text was left out (the last line ends in "…").
    public var isTruncated: Bool
    /// True when a word had to be broken between graphemes (it was wider than a line at the minimum size).
    public var breaksWords: Bool
    /// The rounding allowance it was laid out with, points per grapheme (see `TextStyle`).
    public var roundingAllowance: Double

    /// A layout from its parts.
    public init(lines: [TextLine], fontSize: Double, lineHeight: Double, isTruncated: Bool, breaksWords: Bool,
                roundingAllowance: Double = 0) {
        self.lines = lines
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.isTruncated = isTruncated
        self.breaksWords = breaksWords
        self.roundingAllowance = roundingAllowance
    }

    /// The widest line as measured, points.
    public var width: Double { lines.reduce(0) { Swift.max($0, $1.width) } }
    /// The width a box needs to hold every line as drawn: each line's width plus the rounding
    /// allowance per grapheme, the widest of them, points. Never more than the width laid out for.
    public var boxWidth: Double {
        lines.reduce(0) { Swift.max($0, $1.width + Double($1.text.count) * roundingAllowance) }
    }
    /// Lines × line height, points.
    public var height: Double { Double(lines.count) * lineHeight }
    /// The box the text needs: `boxWidth` × `height` (what to size a balloon's content to).
    public var size: Size { Size(width: boxWidth, height: height) }
    /// All lines joined with line feeds.
    public var text: String { lines.map { $0.text }.joined(separator: "\n") }

    /// The centre of each line when the block of lines is centred on `center` (one line box of
    /// `lineHeight` per line; draw each line centred there with a central baseline).
    public func lineCenters(around center: Vector2) -> [Vector2] {
        let first = center.y - (Double(lines.count) - 1) / 2 * lineHeight
        return lines.indices.map { Vector2(x: center.x, y: first + Double($0) * lineHeight) }
    }
}

extension TextMeasuring {
    /// `text` laid out in a box `width` points wide and at most `height` high: at the preferred size
    /// when it fits in `style.maximumLines` lines (and the height), else at the largest size down to
    /// the minimum at which it does, else at the minimum with long words broken, else shortened
    /// with "…" on the last line. Every line is at most `width` wide by this measurer. Throws
    /// `BalloonError.invalidValue` for a negative or non-finite width, a negative or NaN height or a
    /// bad style.
    /// - Complexity: O(n · log(1/ε) · lines) for n graphemes (a bisection of the size).
    public func layout(_ text: String, width: Double, height: Double = .infinity, style: TextStyle) throws(BalloonError) -> TextLayout {
        try Check.nonNegative(width, "width")
        guard !height.isNaN, height >= 0 else { throw Check.invalid("height", height, Check.nonNegativeRequirement) }
        try style.validate()
        return TextLayoutEngine(measurer: self, text: text, style: style).run { lines, size in
            Double(lines) * style.lineHeight * size <= height ? width : -1
        }
    }

    /// `text` laid out inside a circle of `radius` points, its block of lines centred `offset` points
    /// below the circle's centre (negative: above): each line's box must lie within the chord at the
    /// block's top or bottom edge, whichever is farther from the centre, narrowed by `margin` (a share
    /// of the chord, 0...1; 0.92 leaves a little air at the rim). Fewer lines are preferred at the
    /// same size; otherwise as `layout(_:width:height:style:)`. Throws `BalloonError.invalidValue`
    /// for a negative or non-finite radius or offset, a margin outside 0...1, or a bad style.
    public func layout(_ text: String, inCircleOfRadius radius: Double, offset: Double = 0, margin: Double = 0.92,
                       style: TextStyle) throws(BalloonError) -> TextLayout {
        try Check.nonNegative(radius, "radius")
        try Check.finite(offset, "offset")
        guard margin.isFinite, margin >= 0, margin <= 1 else { throw Check.invalid("margin", margin, "must be in 0...1") }
        try style.validate()
        return TextLayoutEngine(measurer: self, text: text, style: style).run { lines, size in
            let reach = Swift.abs(offset) + Double(lines) * style.lineHeight * size / 2
            let half = radius * radius - reach * reach
            return half > 0 ? 2 * half.squareRoot() * margin : -1
        }
    }

    /// `text` laid out with the room given by `availableWidth(lines, fontSize)`: the width a block of
    /// `lines` lines may take at `fontSize` points (negative: that many lines do not fit at all). It
    /// must not grow with either argument. Otherwise as `layout(_:width:height:style:)`.
    public func layout(_ text: String, style: TextStyle,
                       availableWidth: (_ lines: Int, _ fontSize: Double) -> Double) throws(BalloonError) -> TextLayout {
        try style.validate()
        return TextLayoutEngine(measurer: self, text: text, style: style).run(availableWidth)
    }
}
