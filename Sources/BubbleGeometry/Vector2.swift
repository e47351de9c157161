/// A 2-D point or vector: the one coordinate type of every BubblePicker module.
///
/// Units are the caller's: points with y growing downward in a picker, a balloon or a scene (as in
/// UIKit and SVG), abstract units in the benchmark. Only `+ - * /` and `squareRoot()` are used, so
/// every result is bit-reproducible on every IEEE-754 platform.
///
/// Converting to and from CoreGraphics is one line each way (see the README):
/// `Vector2(x: Double(p.x), y: Double(p.y))` and `CGPoint(x: v.x, y: v.y)`.
@frozen
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component; grows to the right.
    public var x: Double
    /// Vertical component; grows downward on screen.
    public var y: Double

    /// A vector from its two components.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// A vector from its two components, labelled.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0).
    public static let zero = Vector2(0, 0)

    /// Component-wise sum.
    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    /// Both components scaled by `s`.
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    /// Both components scaled by `s`.
    @inlinable public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    /// Both components divided by `s`.
    @inlinable public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }

    /// Dot product.
    @inlinable public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }
    /// z-component of the cross product (positive: `other` turns clockwise on screen, y down).
    @inlinable public func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }
    /// Squared length.
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// Euclidean length.
    @inlinable public var length: Double { lengthSquared.squareRoot() }
    /// Distance to another point.
    @inlinable public func distance(to other: Vector2) -> Double { (self - other).length }
    /// True when both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// `a` at `t = 0`, `b` at `t = 1`, exactly at both ends (`a·(1−t) + b·t`).
    @inlinable public static func lerp(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 {
        Vector2(a.x * (1 - t) + b.x * t, a.y * (1 - t) + b.y * t)
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
