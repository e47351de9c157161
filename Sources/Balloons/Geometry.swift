/// Plain geometry values for balloons: points, sizes and rects in points, y growing down
/// (as in UIKit and SVG). Doubles throughout; no Foundation.

/// A point in the plane, in points. y grows down.
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal coordinate, points; grows to the right.
    public var x: Double
    /// Vertical coordinate, points; grows down.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// Dot product, treating both points as vectors.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }
    /// z-component of the cross product (positive = `other` turns clockwise on screen, y down).
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }
    /// Euclidean length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// Distance to another point, points.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// `a` at `t = 0`, `b` at `t = 1`, exactly at both ends (`a·(1−t) + b·t`).
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x * (1 - t) + b.x * t, y: a.y * (1 - t) + b.y * t)
    }
}

/// A width and a height, in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal extent, points.
    public var width: Double
    /// Vertical extent, points.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width) x \(height)" }
}

/// An axis-aligned rectangle: origin at the top-left corner (y down), size non-negative.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// Top-left corner, points.
    public var origin: Point
    /// Width and height, points.
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The smallest rect holding both points.
    public init(corners a: Point, _ b: Point) {
        let x0 = Swift.min(a.x, b.x)
        let y0 = Swift.min(a.y, b.y)
        self.init(x: x0, y: y0, width: Swift.max(a.x, b.x) - x0, height: Swift.max(a.y, b.y) - y0)
    }

    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    /// Area, square points.
    public var area: Double { size.width * size.height }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }

    /// True when `point` lies inside or on the boundary.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// True when `other` lies wholly inside (or on the boundary of) this rect, with `tolerance` points of slack.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// The smallest rect holding both rects.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    /// The overlap of two rects, or nil when they do not overlap (touching counts as a zero-size overlap).
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rect moved in by `dx` on the left and right and `dy` on the top and bottom (negative grows it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }
}
