/// A set of a rectangle's four borders: which of a container's borders are solid walls (an open
/// border lets bubbles pass), or which borders a renderer marks.
///
/// `top` is the `minY` border and `bottom` the `maxY` border (y grows downward, as on screen).
@frozen
public struct Borders: OptionSet, Hashable, Sendable {
    /// The bits: 1 left, 2 right, 4 top, 8 bottom.
    public let rawValue: UInt8
    /// A set from its bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The `minX` border.
    public static let left = Borders(rawValue: 1)
    /// The `maxX` border.
    public static let right = Borders(rawValue: 2)
    /// The `minY` border.
    public static let top = Borders(rawValue: 4)
    /// The `maxY` border.
    public static let bottom = Borders(rawValue: 8)

    /// All four borders.
    public static let all: Borders = [.left, .right, .top, .bottom]
    /// No border.
    public static let none: Borders = []
    /// Left and right (open when the horizontal axis scrolls).
    public static let horizontal: Borders = [.left, .right]
    /// Top and bottom (open when the vertical axis scrolls).
    public static let vertical: Borders = [.top, .bottom]
}
