/// Single-line fitting: shrink, then "…" (the one-line case of `TextLayout`).

/// Text fitted to a width by `TextMeasuring.fit(_:width:preferredSize:minimumSize:)`.
public struct FittedText: Sendable, Hashable {
    /// The text to draw: the original, or a prefix of it ending in "…" (possibly just "…", or empty
    /// when not even "…" fits).
    public var text: String
    /// The font size to draw it at, points: between the minimum and the preferred size.
    public var fontSize: Double
    /// Its width at that size by the measurer, points: never more than the width asked for.
    public var width: Double
    /// True when the text was shortened.
    public var isTruncated: Bool
}

extension TextMeasuring {
    /// `text` fitted into `width` points on one line: at the largest font size ≤ `preferredSize` and
    /// ≥ `minimumSize` at which it fits; if it does not fit even at `minimumSize`, the longest prefix
    /// (whole graphemes, trailing spaces dropped) that fits with "…" appended, at `minimumSize`. An
    /// explicit newline cannot be drawn on one line, so text with one is shortened at it. The width is
    /// the measurer's exactly (no rounding allowance; `layout(_:width:height:style:)` keeps one). Throws
    /// `BalloonError.invalidValue` for a negative or non-finite width, a non-positive or non-finite
    /// size, or a minimum size above the preferred one.
    /// - Complexity: O(n · log(1/ε)) in the number of graphemes.
    public func fit(_ text: String, width: Double, preferredSize: Double, minimumSize: Double) throws(BalloonError) -> FittedText {
        try Check.nonNegative(width, "width")
        try Check.positive(preferredSize, "preferred font size")
        try Check.positive(minimumSize, "minimum font size")
        let style = TextStyle(preferredSize: preferredSize, minimumSize: minimumSize, maximumLines: 1, lineHeight: 1.2,
                              roundingAllowance: 0)
        let laid = try layout(text, width: width, style: style)
        // One line never breaks a word (that would need a second line): it is shortened instead.
        let line = laid.lines.first
        return FittedText(text: line?.text ?? "", fontSize: laid.fontSize, width: line?.width ?? 0, isTruncated: laid.isTruncated)
    }
}
