import Balloons

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
