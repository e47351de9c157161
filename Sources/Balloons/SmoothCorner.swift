/// One body corner: a circular arc (smoothing 0) or a Figma-style smoothed corner, always as three cubics.
///
/// Geometry, in corner-local coordinates (α = distance back along the incoming edge from the corner
/// point, β = distance along the outgoing edge), for radius R and smoothing s in 0...1:
/// - the corner starts at α = (1 + s)·R on the incoming edge and ends at β = (1 + s)·R;
/// - in the middle sits a circular arc of radius R centred at (R, R), spanning 90° − 2θ, where θ is the
///   angle the smoothing takes off each end. Instead of θ = 45°·s (which needs trig) we use
///   tan(θ/2) = s·tan(22.5°), which differs from it by under 0.5° and keeps everything to + − × ÷ and √;
/// - on each side a transition cubic: its first three points lie on the edge line (so its curvature is 0
///   where it leaves the straight edge), its third point is where the arc's tangent meets the edge line
///   (tangent-continuous), and its second point is placed so its end curvature equals the arc cubic's
///   (curvature-continuous). At s = 1 the arc shrinks to nothing and the two transitions meet on the
///   diagonal with equal curvature by symmetry. At s = 0 the transitions are degenerate (zero length)
///   and the arc is the classic one-cubic quarter circle with kappa = 4/3·(√2 − 1) ≈ 0.5522847498.
struct SmoothCorner: Sendable, Equatable {
    /// Distance from the corner point where the corner starts on each edge, points.
    let extent: Double
    /// Three cubics (control 1, control 2, end) in (α, β) coordinates, from (extent, 0) to (0, extent).
    let cubics: [(Vector2, Vector2, Vector2)]

    static func == (a: SmoothCorner, b: SmoothCorner) -> Bool {
        a.extent == b.extent && a.cubics.elementsEqual(b.cubics) { $0 == $1 }
    }

    /// tan(22.5°) = √2 − 1.
    static let tan22_5 = (2.0).squareRoot() - 1

    /// A corner of `radius` and `smoothing` that uses at most `budget` points of each edge. When it would
    /// need more, it gives way as Figma does: first the smoothing is reduced, then the radius.
    init(radius: Double, smoothing: Double, budget: Double) {
        var r = Swift.max(radius, 0)
        var s = Swift.min(Swift.max(smoothing, 0), 1)
        let room = Swift.max(budget, 0)
        if (1 + s) * r > room {
            if r <= room {
                s = Swift.min(Swift.max(room / r - 1, 0), 1)
            } else {
                r = room
                s = 0
            }
        }
        self.init(radius: r, smoothing: s, budgetLimit: room)
    }

    private init(radius r: Double, smoothing s: Double, budgetLimit: Double) {
        guard r > 0 else {
            extent = 0
            cubics = Array(repeating: (Vector2.zero, Vector2.zero, Vector2.zero), count: 3)
            return
        }
        let u = Self.tan22_5
        let t = s * u
        let sinTheta = 2 * t / (1 + t * t)
        let cosTheta = (1 - t * t) / (1 + t * t)
        var k = 4.0 / 3.0 * r * (u - t) / (1 + u * t)
        var p3 = Vector2(x: r * (1 - sinTheta), y: r * (1 - cosTheta))
        if k <= 1e-9 * r {
            // The arc has shrunk to nothing: put its ends exactly on the diagonal and its controls on them,
            // so it is a true placeholder (a 1e-15 cubic left over would have a tangent made of noise).
            let m = (p3.x + p3.y) / 2
            p3 = Vector2(x: m, y: m)
            k = 0
        }
        let p2 = Vector2(x: r * (1 - t), y: 0)
        let tangent = Vector2(x: -cosTheta, y: sinTheta)
        let a1 = p3 + tangent * k
        let a2 = Self.swap(a1)
        let arcEndCurvature = Self.arcCurvature(p3: p3, a1: a1, a2: a2, k: k, radius: r)
        // Transition end curvature (2/3)·b·sinθ / |P3 − P2|², with |P3 − P2| = r·t, set equal to the arc's.
        let b = 0.75 * arcEndCurvature * r * r * t * (1 + t * t)
        let p1 = Vector2(x: r * (1 - t) + b, y: 0)
        let p0 = Vector2(x: (1 + s) * r, y: 0)
        // Never more than the budget, even by a rounding error, so neighbouring points stay in order.
        extent = Swift.min(p0.x, budgetLimit)
        cubics = [
            (p1, p2, p3),
            (a1, a2, Self.swap(p3)),
            (Self.swap(p2), Self.swap(p1), Vector2(x: 0, y: extent)),
        ]
    }

    /// Curvature at the start of the arc cubic (1/r when the arc has shrunk to nothing).
    private static func arcCurvature(p3: Vector2, a1: Vector2, a2: Vector2, k: Double, radius r: Double) -> Double {
        guard k > 1e-9 * r else { return 1 / r }  // the value is irrelevant then: the transitions meet by symmetry
        return 2.0 / 3.0 * abs((a1 - p3).cross(a2 - a1)) / (k * k * k)
    }

    private static func swap(_ p: Vector2) -> Vector2 { Vector2(x: p.y, y: p.x) }
}

/// Maps corner-local (α, β) coordinates to the plane. Points on the incoming edge (β = 0) and on the
/// outgoing edge (α = 0) are computed with the edges' own `point(along:out:)`, so they match the
/// neighbouring straight segments bit for bit and keep the edge's coordinate exactly.
/// When one side is a leg that a stem has swung out of the edge (see `StemEnd`), the legs are not
/// perpendicular and the map is a shear of the right-angled corner: an affine map, so the corner stays
/// tangent to both legs, curvature-continuous inside and with zero curvature where it meets them.
struct CornerFrame: Sendable {
    let incoming: EdgeFrame
    let outgoing: EdgeFrame

    func map(_ local: Vector2) -> Vector2 {
        // The vertex itself (a corner that has shrunk to nothing) comes from the outgoing side, which
        // starts exactly there; a slanted incoming leg would only reach it up to rounding.
        if local.x == 0 { return outgoing.point(along: local.y, out: 0) }
        if local.y == 0 { return incoming.point(along: incoming.length - local.x, out: 0) }
        return outgoing.start - incoming.u * local.x + outgoing.u * local.y
    }
}
