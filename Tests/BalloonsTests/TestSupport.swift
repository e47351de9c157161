import Balloons
import Foundation

/// SplitMix64: a tiny deterministic PRNG so randomized tests are reproducible everywhere.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

/// Derivative-based facts about path segments, computed independently of the library's internals.
enum Curve {
    /// Unit tangent leaving the segment's start (first control point that differs from the start).
    static func startTangent(_ s: PathSegment) -> Vector2? {
        let poly = s.controlPolygon
        guard let p = poly.dropFirst().first(where: { $0 != poly[0] }) else { return nil }
        return normalized(p - poly[0])
    }

    /// Unit tangent arriving at the segment's end.
    static func endTangent(_ s: PathSegment) -> Vector2? {
        let poly = s.controlPolygon
        guard let last = poly.last, let p = poly.dropLast().last(where: { $0 != last }) else { return nil }
        return normalized(last - p)
    }

    static func normalized(_ v: Vector2) -> Vector2 { v * (1 / v.length) }

    /// Signed curvature at t = 0 (start) or t = 1 (end); 0 for lines.
    static func curvature(_ s: PathSegment, atEnd: Bool) -> Double {
        guard case let .cubic(c1, c2, p) = s.element else { return 0 }
        let d1 = atEnd ? (p - c2) * 3 : (c1 - s.start) * 3
        let d2 = atEnd ? (p - c2 * 2 + c1) * 6 : (c2 - c1 * 2 + s.start) * 6
        let speed = d1.length
        return d1.cross(d2) / (speed * speed * speed)
    }

    /// Drawn segments of a path with placeholders (zero-length elements) removed.
    static func visible(_ path: BezierPath) -> [PathSegment] {
        path.segments.filter { !$0.isDegenerate }
    }

    /// Joins (a ends, b starts) of consecutive visible segments, cyclically (paths are closed).
    static func joins(_ path: BezierPath) -> [(PathSegment, PathSegment)] {
        let segments = visible(path)
        return segments.indices.map { (segments[$0], segments[($0 + 1) % segments.count]) }
    }

    /// Sine of the turn at every join where the path is not tangent-continuous (empty = G1 everywhere).
    static func g1Breaks(_ path: BezierPath, tolerance: Double = 1e-9) -> [Double] {
        joins(path).compactMap { a, b in
            guard let ta = endTangent(a), let tb = startTangent(b) else { return 1 }
            let turn = ta.cross(tb)
            return abs(turn) > tolerance || ta.dot(tb) <= 0 ? turn : nil
        }
    }
}

/// Reference winding number: sum of signed angles (atan2) along a dense uniform sampling of every
/// segment; independent of the library's flattening and crossing test.
enum Reference {
    static func polyline(_ path: BezierPath, samplesPerSegment: Int = 300) -> [Vector2] {
        var points: [Vector2] = []
        for segment in path.segments {
            let n = segment.element.hasSameKind(as: .line(.zero)) ? 1 : samplesPerSegment
            for i in 0...n { points.append(segment.point(at: Double(i) / Double(n))) }
        }
        return points
    }

    static func winding(_ polyline: [Vector2], around p: Vector2) -> Int {
        var total = 0.0
        for i in polyline.indices {
            let a = polyline[i] - p
            let b = polyline[(i + 1) % polyline.count] - p
            total += atan2(a.cross(b), a.dot(b))
        }
        return Int((total / (2 * Double.pi)).rounded())
    }

    static func distance(_ polyline: [Vector2], to p: Vector2) -> Double {
        var best = Double.infinity
        for i in polyline.indices {
            let a = polyline[i]
            let b = polyline[(i + 1) % polyline.count]
            let ab = b - a
            let lengthSquared = ab.dot(ab)
            let t = lengthSquared > 0 ? min(max((p - a).dot(ab) / lengthSquared, 0), 1) : 0
            best = min(best, (a + ab * t).distance(to: p))
        }
        return best
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where things are in the 42-element balloon path: per edge (top, right, bottom, left) a block of
/// ten elements after the move: [0] line to the first join, [1] join, [2] side 1, [3] tip, [4] side 2,
/// [5] join, [6] line to the corner, [7–9] the corner after the edge.
enum Layout {
    static func edgeIndex(_ edge: StemEdge) -> Int {
        switch edge {
        case .top: return 0
        case .right: return 1
        case .bottom: return 2
        case .left: return 3
        }
    }

    /// Index of element `i` (0...9) of `edge`'s block; wraps around the 40 block elements.
    static func element(_ i: Int, of edge: StemEdge) -> Int { 1 + (10 * edgeIndex(edge) + i + 40) % 40 }

    /// The segment drawn by element `index` (its start is the previous element's end).
    static func segment(_ path: BezierPath, _ index: Int) -> PathSegment {
        let start = path.elements[index - 1].endPoint ?? .zero
        return PathSegment(start: start, element: path.elements[index])
    }

    /// Outward normal of a body edge.
    static func normal(_ edge: StemEdge) -> Vector2 {
        switch edge {
        case .top: return Vector2(x: 0, y: -1)
        case .right: return Vector2(x: 1, y: 0)
        case .bottom: return Vector2(x: 0, y: 1)
        case .left: return Vector2(x: -1, y: 0)
        }
    }
}

extension Curve {
    /// Derivative of a cubic (or line) at `t`, from its control points.
    static func velocity(_ s: PathSegment, _ t: Double) -> Vector2 {
        let u = 1 - t
        switch s.element {
        case let .cubic(c1, c2, p): return (c1 - s.start) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (p - c2) * (3 * t * t)
        case let .line(p): return p - s.start
        default: return .zero
        }
    }

    /// Signed curvature at `t` (positive = clockwise on screen = convex for these outlines).
    static func curvature(_ s: PathSegment, _ t: Double) -> Double {
        guard case let .cubic(c1, c2, p) = s.element else { return 0 }
        let d1 = velocity(s, t)
        let d2 = (c2 - c1 * 2 + s.start) * (6 * (1 - t)) + (p - c2 * 2 + c1) * (6 * t)
        let speed = d1.length
        return speed > 1e-12 ? d1.cross(d2) / (speed * speed * speed) : 0
    }

    /// Total turning (radians, by tangent angle steps) of the elements at `indices`, split into the
    /// convex (clockwise) and concave parts, sampled `samples` times per element. Joins between the
    /// elements count too, so a kink shows up as a jump.
    static func turning(_ path: BezierPath, _ indices: [Int], samples: Int = 64) -> (convex: Double, concave: Double) {
        var tangents: [Vector2] = []
        for index in indices {
            let segment = Layout.segment(path, index)
            guard !segment.isDegenerate else { continue }
            for k in 0...samples {
                let v = velocity(segment, Double(k) / Double(samples))
                if v.length > 1e-12 { tangents.append(normalized(v)) }
            }
        }
        var convex = 0.0, concave = 0.0
        for i in tangents.indices.dropFirst() {
            let a = tangents[i - 1], b = tangents[i]
            let angle = atan2(a.cross(b), a.dot(b))
            if angle > 0 { convex += angle } else { concave -= angle }
        }
        return (convex, concave)
    }
}

/// Simple-polygon check for flattened outlines: no two non-adjacent edges meet.
enum Polygon {
    /// The closed polyline's points with consecutive duplicates (zero-length edges) removed.
    static func vertices(_ path: BezierPath, tolerance: Double) -> [Vector2] {
        var points: [Vector2] = []
        for p in path.flattened(tolerance: tolerance)[0] where points.last.map({ $0.distance(to: p) > 1e-12 }) ?? true {
            points.append(p)
        }
        if let first = points.first, let last = points.last, first.distance(to: last) <= 1e-12 { points.removeLast() }
        return points
    }

    static func orientation(_ a: Vector2, _ b: Vector2, _ c: Vector2) -> Double { (b - a).cross(c - a) }

    /// True when the closed segments ab and cd share a point.
    static func intersect(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Bool {
        let d1 = orientation(c, d, a), d2 = orientation(c, d, b), d3 = orientation(a, b, c), d4 = orientation(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ p: Vector2, _ q: Vector2, _ r: Vector2) -> Bool {
            min(p.x, q.x) <= r.x && r.x <= max(p.x, q.x) && min(p.y, q.y) <= r.y && r.y <= max(p.y, q.y)
        }
        return (d1 == 0 && onSegment(c, d, a)) || (d2 == 0 && onSegment(c, d, b))
            || (d3 == 0 && onSegment(a, b, c)) || (d4 == 0 && onSegment(a, b, d))
    }

    /// The first pair of non-adjacent edges (by start index) that meet, or nil for a simple polygon.
    static func firstCrossing(_ points: [Vector2]) -> (Int, Int)? {
        let n = points.count
        guard n > 3 else { return nil }
        for i in 0..<(n - 2) {
            for j in (i + 2)..<n where !(i == 0 && j == n - 1) {
                if intersect(points[i], points[(i + 1) % n], points[j], points[(j + 1) % n]) { return (i, j) }
            }
        }
        return nil
    }
}

extension Polygon {
    /// As `firstCrossing`, by a sweep over x (edges sorted by their left end; each compared only
    /// with edges that start before it ends): the same answer, fast enough for long sweeps.
    static func crosses(_ points: [Vector2]) -> Bool {
        let n = points.count
        guard n > 3 else { return false }
        let order = (0..<n).sorted { min(points[$0].x, points[($0 + 1) % n].x) < min(points[$1].x, points[($1 + 1) % n].x) }
        for (position, i) in order.enumerated() {
            let a = points[i], b = points[(i + 1) % n]
            let right = max(a.x, b.x)
            for j in order[(position + 1)...] {
                let c = points[j], d = points[(j + 1) % n]
                if min(c.x, d.x) > right { break }
                let adjacent = j == (i + 1) % n || i == (j + 1) % n
                if !adjacent, max(min(a.y, b.y), min(c.y, d.y)) <= min(max(a.y, b.y), max(c.y, d.y)), intersect(a, b, c, d) { return true }
            }
        }
        return false
    }

    /// True when every coordinate of every element is finite.
    static func isFinite(_ path: BezierPath) -> Bool {
        path.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }

    /// The distance from `point` to the outline (flattened finely).
    static func distance(_ path: BezierPath, to point: Vector2) -> Double {
        let line = path.flattened(tolerance: 1e-4)[0]
        var best = Double.infinity
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i], ab = b - a
            let t = ab.lengthSquared > 0 ? min(max((point - a).dot(ab) / ab.lengthSquared, 0), 1) : 0
            best = min(best, point.distance(to: a + ab * t))
        }
        return best
    }
}
