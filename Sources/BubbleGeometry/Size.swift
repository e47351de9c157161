/// A width and a height: a container's size, a balloon's content size, a stem's size.
///
/// Zero sides are legal (a picker of size zero holds its bubbles until it gets an area); the
/// APIs that need positive sides say so and reject others with an `InvalidValue`.
@frozen
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent, in the caller's units (points in a picker).
    public var width: Double
    /// Vertical extent, in the caller's units.
    public var height: Double

    /// A size from its two sides.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// True when both sides are positive.
    @inlinable public var hasArea: Bool { width > 0 && height > 0 }
    /// True when both sides are finite and not negative.
    @inlinable public var isValid: Bool { width.isFinite && height.isFinite && width >= 0 && height >= 0 }
    /// `width × height`.
    @inlinable public var area: Double { width * height }

    /// `width x height`.
    public var description: String { "\(width) x \(height)" }
}
