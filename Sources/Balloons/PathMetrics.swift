/// Measurements of a `BezierPath`: exact bounds, flattening, length and non-zero containment.

extension BezierPath {
    /// The exact bounding box of the drawn path (curve extremes, not control points), or nil when empty.
    public var boundingBox: Rect? {
        var box: Rect?
        for element in elements {
            if case let .move(p) = element { box = box.map { $0.union(Rect(corners: p, p)) } ?? Rect(corners: p, p) }
        }
        for segment in segments {
            for t in segment.extremeParameters() {
                let p = segment.point(at: t)
                box = box.map { $0.union(Rect(corners: p, p)) } ?? Rect(corners: p, p)
            }
        }
        return box
    }

    /// The path as polylines, one per sub-path, each starting at its sub-path's start; closed sub-paths
    /// end back at their start. Curves are split uniformly so no chord strays more than `tolerance`
    /// points (typical 0.1 for drawing, 0.001 for measuring) from the curve.
    public func flattened(tolerance: Double = 0.1) -> [[Vector2]] {
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
        var polylines: [[Vector2]] = []
        var current: [Vector2] = []
        var cursor = Vector2.zero
        var start = Vector2.zero
        for element in elements {
            switch element {
            case let .move(p):
                if current.count > 0 { polylines.append(current) }
                current = [p]
                cursor = p
                start = p
            case .line, .quad, .cubic:
                if current.isEmpty { current = [cursor] }
                let segment = PathSegment(start: cursor, element: element)
                let n = segment.flatteningSteps(tolerance: tol)
                for i in 1...n { current.append(segment.point(at: Double(i) / Double(n))) }
                cursor = element.endPoint ?? cursor
            case .close:
                if current.isEmpty { current = [cursor] }
                current.append(start)
                cursor = start
            }
        }
        if current.count > 0 { polylines.append(current) }
        return polylines
    }

    /// Arc length in points, measured on a flattening with `tolerance` (0.001 gives ~1e-6 relative accuracy).
    public func length(tolerance: Double = 0.001) -> Double {
        var total = 0.0
        for line in flattened(tolerance: tolerance) where line.count > 1 {
            for i in 1..<line.count { total += line[i].distance(to: line[i - 1]) }
        }
        return total
    }

    /// Non-zero winding containment: true when the path winds around `point` a non-zero number of times.
    /// Open sub-paths count as if closed. Points exactly on the boundary may go either way.
    public func contains(_ point: Vector2, tolerance: Double = 0.01) -> Bool {
        windingNumber(around: point, tolerance: tolerance) != 0
    }

    /// The winding number of the (implicitly closed) path around `point`, on a flattening with `tolerance`.
    public func windingNumber(around point: Vector2, tolerance: Double = 0.01) -> Int {
        var winding = 0
        for line in flattened(tolerance: tolerance) where line.count > 1 {
            var polygon = line
            if let first = polygon.first, polygon.last != first { polygon.append(first) }
            for i in 1..<polygon.count {
                winding += PathSegment.crossing(polygon[i - 1], polygon[i], point)
            }
        }
        return winding
    }
}

extension PathSegment {
    /// The derivative (velocity) at parameter `t` in 0...1, points per unit of `t`; its direction is the
    /// tangent where it is not zero.
    public func derivative(at t: Double) -> Vector2 {
        let s = 1 - t
        switch element {
        case let .line(p):
            return p - start
        case let .quad(c, p):
            return (c - start) * (2 * s) + (p - c) * (2 * t)
        case let .cubic(c1, c2, p):
            return (c1 - start) * (3 * s * s) + (c2 - c1) * (6 * s * t) + (p - c2) * (3 * t * t)
        case .move, .close:
            return .zero
        }
    }

    /// The second derivative at parameter `t` in 0...1, points per unit of `t` squared.
    public func secondDerivative(at t: Double) -> Vector2 {
        switch element {
        case let .quad(c, p):
            return (p - c * 2 + start) * 2
        case let .cubic(c1, c2, p):
            return (c2 - c1 * 2 + start) * (6 * (1 - t)) + (p - c2 * 2 + c1) * (6 * t)
        case .line, .move, .close:
            return .zero
        }
    }

    /// Signed curvature at parameter `t`, 1/points: positive where the path turns clockwise on screen
    /// (y down), which is convex for the clockwise balloon and chat outlines; 0 on lines and where the
    /// velocity vanishes (a degenerate placeholder).
    public func curvature(at t: Double) -> Double {
        let d1 = derivative(at: t)
        let speed = d1.length
        guard speed > 0 else { return 0 }
        return d1.cross(secondDerivative(at: t)) / (speed * speed * speed)
    }

    /// Parameters in 0...1 where the segment may reach an extreme in x or y: the ends plus the
    /// roots of the derivative.
    func extremeParameters() -> [Double] {
        var ts: [Double] = [0, 1]
        switch element {
        case let .quad(c, p):
            for (a, b, d) in [(start.x, c.x, p.x), (start.y, c.y, p.y)] {
                let denominator = a - 2 * b + d
                if denominator != 0 { ts.append((a - b) / denominator) }
            }
        case let .cubic(c1, c2, p):
            for (p0, p1, p2, p3) in [(start.x, c1.x, c2.x, p.x), (start.y, c1.y, c2.y, p.y)] {
                ts += Self.quadraticRoots(a: -p0 + 3 * p1 - 3 * p2 + p3, b: 2 * (p0 - 2 * p1 + p2), c: p1 - p0)
            }
        default:
            break
        }
        return ts.filter { $0 >= 0 && $0 <= 1 }
    }

    /// Real roots of a·t² + b·t + c (linear when a is negligible).
    static func quadraticRoots(a: Double, b: Double, c: Double) -> [Double] {
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= 1e-12 * scale {
            return b == 0 ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }

    /// Uniform steps so the chord error stays under `tolerance`: error ≤ |B''|max / (8 n²).
    func flatteningSteps(tolerance: Double) -> Int {
        let polygon = controlPolygon
        guard polygon.count > 2 else { return 1 }
        var secondDifference = 0.0
        for i in 2..<polygon.count {
            secondDifference = Swift.max(secondDifference, (polygon[i] - polygon[i - 1] * 2 + polygon[i - 2]).length)
        }
        // |B''| ≤ n(n−1)·max second difference for a degree-n Bézier.
        let degree = Double(polygon.count - 1)
        let bound = degree * (degree - 1) * secondDifference
        let steps = (bound / (8 * tolerance)).squareRoot().rounded(.up)
        guard steps.isFinite else { return 1 }
        return Swift.min(Swift.max(Int(steps), 1), 4096)
    }

    /// +1 / −1 when the edge a→b crosses the upward / downward ray test for `p`, else 0 (Sunday's algorithm).
    static func crossing(_ a: Vector2, _ b: Vector2, _ p: Vector2) -> Int {
        let side = (b - a).cross(p - a)
        if a.y <= p.y {
            if b.y > p.y && side > 0 { return 1 }
        } else if b.y <= p.y && side < 0 {
            return -1
        }
        return 0
    }
}
