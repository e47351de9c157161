/// A vector path: sub-paths of lines, quadratic and cubic Béziers, in points (y down).

/// One drawing command of a `BezierPath`.
public enum PathElement: Sendable, Hashable {
    /// Starts a new sub-path at the point.
    case move(Vector2)
    /// A straight segment to the point.
    case line(Vector2)
    /// A quadratic Bézier with one control point, to `to`.
    case quad(Vector2, Vector2)
    /// A cubic Bézier with two control points, to `to`.
    case cubic(Vector2, Vector2, Vector2)
    /// Closes the sub-path with a straight segment back to its start.
    case close

    /// The point the element ends at (nil for `.close`, which ends at its sub-path's start).
    public var endPoint: Vector2? {
        switch self {
        case let .move(p), let .line(p), let .quad(_, p), let .cubic(_, _, p): return p
        case .close: return nil
        }
    }

    /// The element's points in order (controls then end); empty for `.close`.
    public var points: [Vector2] {
        switch self {
        case let .move(p), let .line(p): return [p]
        case let .quad(c, p): return [c, p]
        case let .cubic(c1, c2, p): return [c1, c2, p]
        case .close: return []
        }
    }

    /// True when both elements are the same kind of command (so they can be interpolated).
    public func hasSameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): return true
        default: return false
        }
    }
}

/// A path: an ordered list of elements. Value type; build it with the mutating helpers or the
/// `balloon`/`chatBubble` factories.
public struct BezierPath: Sendable, Hashable {
    /// The drawing commands in order.
    public var elements: [PathElement]

    /// A path of `elements` (empty by default).
    public init(_ elements: [PathElement] = []) {
        self.elements = elements
    }

    /// Starts a new sub-path at `p`.
    public mutating func move(to p: Vector2) { elements.append(.move(p)) }
    /// Adds a straight segment to `p`.
    public mutating func line(to p: Vector2) { elements.append(.line(p)) }
    /// Adds a quadratic Bézier to `p` with control point `c`.
    public mutating func quad(to p: Vector2, control c: Vector2) { elements.append(.quad(c, p)) }
    /// Adds a cubic Bézier to `p` with control points `c1` and `c2`.
    public mutating func cubic(to p: Vector2, control1 c1: Vector2, control2 c2: Vector2) { elements.append(.cubic(c1, c2, p)) }
    /// Closes the current sub-path.
    public mutating func close() { elements.append(.close) }

    /// True when the path is non-empty and every sub-path ends with `.close`.
    public var isClosed: Bool {
        guard let last = elements.last, case .close = last else { return false }
        for (index, element) in elements.enumerated() where index > 0 {
            if case .move = element, !(elements[index - 1] == .close) { return false }
        }
        return true
    }

    /// Every segment as (start, element) pairs, with `.close` turned into a line back to the sub-path's
    /// start and moves dropped. The basis of length, flattening, bounds and containment.
    public var segments: [PathSegment] {
        var result: [PathSegment] = []
        var current = Vector2.zero
        var start = Vector2.zero
        for element in elements {
            switch element {
            case let .move(p):
                current = p
                start = p
            case .line, .quad, .cubic:
                result.append(PathSegment(start: current, element: element))
                current = element.endPoint ?? current
            case .close:
                result.append(PathSegment(start: current, element: .line(start)))
                current = start
            }
        }
        return result
    }
}

/// One drawn piece of a path: where it starts and the element that continues from there.
public struct PathSegment: Sendable, Hashable {
    /// Where the segment starts (the previous element's end point).
    public var start: Vector2
    /// A `.line`, `.quad` or `.cubic`.
    public var element: PathElement

    /// Control polygon: start, controls, end.
    public var controlPolygon: [Vector2] { [start] + element.points }

    /// A segment from `start` drawn by `element` (a `.line`, `.quad` or `.cubic`).
    public init(start: Vector2, element: PathElement) {
        self.start = start
        self.element = element
    }

    /// The point at parameter `t` in 0...1.
    public func point(at t: Double) -> Vector2 {
        let s = 1 - t
        switch element {
        case let .line(p):
            return Vector2.lerp(start, p, t)
        case let .quad(c, p):
            return start * (s * s) + c * (2 * s * t) + p * (t * t)
        case let .cubic(c1, c2, p):
            return start * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + p * (t * t * t)
        case .move, .close:
            return start
        }
    }

    /// True when every point of the segment coincides (a placeholder element, zero length).
    public var isDegenerate: Bool { controlPolygon.allSatisfy { $0 == start } }
}
