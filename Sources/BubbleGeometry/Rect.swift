/// An axis-aligned rectangle: its origin is the corner with the smallest coordinates (the top
/// left on screen, y down) and its size is not negative.
///
/// The container of a picker or a world, the body of a balloon, a placement area. Laid out like
/// `CGRect` (origin and size), so converting is one line each way (see the README).
@frozen
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates.
    public var origin: Vector2
    /// Width and height.
    public var size: Size

    /// A rect from its origin and size.
    @inlinable public init(origin: Vector2, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rect from its origin's coordinates and its sides.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Vector2(x, y), size: Size(width: width, height: height))
    }

    /// The smallest rect holding both points.
    @inlinable public init(corners a: Vector2, _ b: Vector2) {
        let x0 = a.x < b.x ? a.x : b.x, y0 = a.y < b.y ? a.y : b.y
        let x1 = a.x < b.x ? b.x : a.x, y1 = a.y < b.y ? b.y : a.y
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The zero rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Width.
    @inlinable public var width: Double { size.width }
    /// Height.
    @inlinable public var height: Double { size.height }
    /// Smallest x (the left edge).
    @inlinable public var minX: Double { origin.x }
    /// Smallest y (the top edge on screen).
    @inlinable public var minY: Double { origin.y }
    /// Largest x (the right edge).
    @inlinable public var maxX: Double { origin.x + size.width }
    /// Largest y (the bottom edge on screen).
    @inlinable public var maxY: Double { origin.y + size.height }
    /// x of the centre.
    @inlinable public var midX: Double { origin.x + size.width * 0.5 }
    /// y of the centre.
    @inlinable public var midY: Double { origin.y + size.height * 0.5 }
    /// The centre.
    @inlinable public var center: Vector2 { Vector2(midX, midY) }
    /// Area, `width × height`.
    @inlinable public var area: Double { size.width * size.height }
    /// True when both sides are positive.
    @inlinable public var hasArea: Bool { size.hasArea }
    /// True when every field is finite and the sides are not negative.
    @inlinable public var isValid: Bool { origin.isFinite && size.isValid }

    /// True when `point` lies inside or on the boundary.
    @inlinable public func contains(_ point: Vector2) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// True when `other` lies wholly inside (or on the boundary of) this rect, with `tolerance` of slack.
    @inlinable public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// The smallest rect holding both rects.
    @inlinable public func union(_ other: Rect) -> Rect {
        Rect(corners: Vector2(Swift.min(minX, other.minX), Swift.min(minY, other.minY)),
             Vector2(Swift.max(maxX, other.maxX), Swift.max(maxY, other.maxY)))
    }

    /// The overlap of two rects, or nil when they do not overlap (touching is a zero-size overlap).
    @inlinable public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rect moved in by `dx` on the left and right and `dy` on the top and bottom (negative grows it).
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    /// `(x, y, width, height)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
