/// An axis-aligned rectangle, in world units. A picker uses points with y growing downward
/// (as UIKit does); the benchmark scene uses abstract units with its corner at (0, 0).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minX: Double
    public var minY: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.minX = x
        self.minY = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { minX + width }
    public var maxY: Double { minY + height }
    public var center: Vector2 { Vector2(minX + width * 0.5, minY + height * 0.5) }
    /// True when both sides are positive.
    public var hasArea: Bool { width > 0 && height > 0 }
    /// True when every field is finite and the sides are not negative.
    public var isValid: Bool { minX.isFinite && minY.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0 }

    public var description: String { "Rect(x: \(minX), y: \(minY), width: \(width), height: \(height))" }
}

/// Which of the container's four borders are solid walls. An open border lets bodies pass.
///
/// `top` is the `minY` border and `bottom` the `maxY` border (y grows downward, as on screen).
public struct Borders: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The `minX` border.
    public static let left = Borders(rawValue: 1)
    /// The `maxX` border.
    public static let right = Borders(rawValue: 2)
    /// The `minY` border.
    public static let top = Borders(rawValue: 4)
    /// The `maxY` border.
    public static let bottom = Borders(rawValue: 8)

    public static let all: Borders = [.left, .right, .top, .bottom]
    public static let none: Borders = []
    /// Left and right (closed when the horizontal axis does not scroll).
    public static let horizontal: Borders = [.left, .right]
    /// Top and bottom (closed when the vertical axis does not scroll).
    public static let vertical: Borders = [.top, .bottom]
}

/// The rectangle bodies live in, and which of its borders are solid.
///
/// The rectangle can change between steps (a device rotation): bodies caught outside a solid
/// border are pushed back in at the contact push speed, never teleported, and never move
/// further out.
public struct Container: Hashable, Sendable {
    /// The container's rectangle, in world units. A zero-size rectangle has no walls.
    public var rect: Rect
    /// The solid borders. Default: all four.
    public var solidBorders: Borders

    public init(rect: Rect, solidBorders: Borders = .all) {
        self.rect = rect
        self.solidBorders = solidBorders
    }
}
