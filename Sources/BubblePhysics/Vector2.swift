/// A 2-D vector or point, in world units (points in a picker, abstract units in benchmarks).
///
/// Only `+ - * /` and `squareRoot()` are used, so every result is bit-reproducible on every
/// IEEE-754 platform.
@frozen
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vector2(0, 0)

    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }

    /// Dot product.
    @inlinable public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }
    /// Squared length.
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// Euclidean length.
    @inlinable public var length: Double { lengthSquared.squareRoot() }
    /// Distance to another point.
    @inlinable public func distance(to other: Vector2) -> Double { (self - other).length }
    /// True when both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}
