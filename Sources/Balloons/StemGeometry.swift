/// Where a stem sits on its edge, after clamping: its base, its sharp tip and its rounding.

/// One body edge, travelled clockwise on screen (top: left→right, right: down, bottom: right→left,
/// left: up), or a straight leg of the outline that is not axis-aligned (see `StemEnd`).
/// Points are `start + u·along + n·out`, with `u` and `n` unit vectors.
struct EdgeFrame: Sendable {
    let edge: StemEdge
    /// The corner the edge starts at (for a leg: its first point).
    let start: Vector2
    /// Unit direction of travel.
    let u: Vector2
    /// Unit outward normal.
    let n: Vector2
    /// Length of the edge, points.
    let length: Double
    /// +1 when travel is right/down (top, right edges), −1 when left/up: converts the public
    /// "positive = right or down" offsets to distances along the travel direction.
    let sign: Double

    func point(along: Double, out: Double) -> Vector2 { start + u * along + n * out }

    /// The four edges of `body` in path order: top, right, bottom, left.
    static func edges(of body: Rect) -> [EdgeFrame] {
        let tl = Vector2(x: body.minX, y: body.minY)
        let tr = Vector2(x: body.maxX, y: body.minY)
        let br = Vector2(x: body.maxX, y: body.maxY)
        let bl = Vector2(x: body.minX, y: body.maxY)
        return [
            EdgeFrame(edge: .top, start: tl, u: Vector2(x: 1, y: 0), n: Vector2(x: 0, y: -1), length: body.width, sign: 1),
            EdgeFrame(edge: .right, start: tr, u: Vector2(x: 0, y: 1), n: Vector2(x: 1, y: 0), length: body.height, sign: 1),
            EdgeFrame(edge: .bottom, start: br, u: Vector2(x: -1, y: 0), n: Vector2(x: 0, y: 1), length: body.width, sign: -1),
            EdgeFrame(edge: .left, start: bl, u: Vector2(x: 0, y: -1), n: Vector2(x: -1, y: 0), length: body.height, sign: -1),
        ]
    }

    /// A straight leg from `start` in unit direction `u` (normal: `u` turned a quarter to the left of
    /// travel, which is outward for a clockwise outline), on behalf of `edge`.
    static func leg(of edge: EdgeFrame, from start: Vector2, direction u: Vector2, length: Double) -> EdgeFrame {
        EdgeFrame(edge: edge.edge, start: start, u: u, n: Vector2(x: u.y, y: -u.x), length: length, sign: edge.sign)
    }
}

/// A stem resolved on its edge: the sharp triangle from `base0` to `base1` along the edge with its
/// vertex at `tip`, joins reaching `join` points further along the edge on each side, and the tip
/// rounded `rounding` points along each side.
struct ResolvedStem: Sendable {
    /// Share of the stem width each join takes along the edge at join smoothing 1.
    static let joinWidthRatio = 0.3
    /// Share of each side each join takes at join smoothing 1.
    static let joinSideRatio = 0.25

    let base0: Double
    let base1: Double
    /// Base width after narrowing to the edge, points.
    let width: Double
    /// Join extent along the edge, points.
    let join: Double
    /// Join extent along each side, as a share of the side.
    let sideShare: Double
    /// The sharp vertex (the rounded tip's curve has its control point here).
    let tip: Vector2
    /// Distance of the tip rounding along each side from `tip`, points (already limited to half a side).
    let rounding: Double

    /// A zero-size stem `at` points along an edge without a stem (by default its middle).
    static func hidden(on frame: EdgeFrame, at along: Double? = nil) -> ResolvedStem {
        let at = along ?? frame.length / 2
        return ResolvedStem(base0: at, base1: at, width: 0, join: 0, sideShare: 0,
                            tip: frame.point(along: at, out: 0), rounding: 0)
    }

    /// Resolves `stem` on `frame`: narrows it to the edge, slides it to stay on the edge (its base may
    /// reach the corner point; the corner then gives way, see `StemEnd`), clamps the tip along the edge.
    /// `depth` is the (already clamped) tip distance. With a `focus` the tip is placed so that the
    /// rounded tip's apex is exactly `focus` (the sharp vertex lies beyond it).
    init(_ stem: StemConfiguration, on frame: EdgeFrame, depth: Double, focus: Vector2?) {
        let length = frame.length
        // No width or no depth: no stem, a plain edge.
        if stem.size.width <= 0 || (focus == nil && depth <= 0) {
            self = .hidden(on: frame)
            return
        }
        // A focus on the edge's own line gives a flat stem, with no sides to round: no stem either,
        // and the edge runs straight through the focus (the corners give it room when it is near one).
        if let focus, (focus - frame.start).dot(frame.n) <= 1e-9 * Swift.max(length, 1) {
            self = .hidden(on: frame, at: Swift.min(Swift.max((focus - frame.start).dot(frame.u), 0), length))
            return
        }
        let width = Swift.min(stem.size.width, length)
        let centre = Swift.min(Swift.max(length / 2 + frame.sign * stem.offset, width / 2), length - width / 2)
        let base0 = centre - width / 2
        let base1 = centre + width / 2
        let v1 = frame.point(along: base0, out: 0)
        let v2 = frame.point(along: base1, out: 0)
        let tip: Vector2
        if let focus {
            tip = Self.sharpTip(apexAt: focus, v1, v2, rounding: stem.tipRounding, normal: frame.n)
        } else {
            let along = stem.tipOffset.map { length / 2 + frame.sign * $0 } ?? centre
            tip = frame.point(along: Swift.min(Swift.max(along, 0), length), out: depth)
        }
        self.init(base0: base0, base1: base1, width: width,
                  join: Self.joinWidthRatio * (stem.joinWidthSmoothing ?? stem.joinSmoothing) * width,
                  sideShare: Self.joinSideRatio * (stem.joinHeightSmoothing ?? stem.joinSmoothing), tip: tip,
                  rounding: Self.effectiveRounding(stem.tipRounding, tip: tip, v1, v2))
    }

    private init(base0: Double, base1: Double, width: Double, join: Double, sideShare: Double, tip: Vector2, rounding: Double) {
        self.base0 = base0
        self.base1 = base1
        self.width = width
        self.join = join
        self.sideShare = sideShare
        self.tip = tip
        self.rounding = rounding
    }

    /// The rounding actually used: at most half of the shorter side, so the two side joins and the tip
    /// never overlap.
    static func effectiveRounding(_ rounding: Double, tip: Vector2, _ v1: Vector2, _ v2: Vector2) -> Double {
        Swift.max(Swift.min(rounding, Swift.min(tip.distance(to: v1), tip.distance(to: v2)) / 2), 0)
    }

    /// The apex of the tip rounded `rounding` points along both sides from `tip`: the point of the
    /// rounding (a quadratic with control point `tip`) farthest out along `normal`.
    static func roundedApex(tip: Vector2, _ v1: Vector2, _ v2: Vector2, rounding: Double, normal: Vector2) -> Vector2 {
        let r = effectiveRounding(rounding, tip: tip, v1, v2)
        guard r > 0 else { return tip }
        let q1 = Vector2.lerp(tip, v1, r / tip.distance(to: v1))
        let q2 = Vector2.lerp(tip, v2, r / tip.distance(to: v2))
        // The quadratic's derivative along the normal is linear: (1 − t)·a + t·b, zero at a / (a − b).
        let a = (tip - q1).dot(normal)
        let b = (q2 - tip).dot(normal)
        let t = a - b > 0 ? Swift.min(Swift.max(a / (a - b), 0), 1) : 0.5
        let s = 1 - t
        return q1 * (s * s) + tip * (2 * s * t) + q2 * (t * t)
    }

    /// The sharp vertex whose rounded tip has its apex exactly at `focus`. The apex sits a nearly
    /// constant offset inside the vertex, so moving the vertex by the remaining miss converges fast
    /// (the offset changes by at most about rounding / side per unit of movement, under a half).
    /// - Complexity: at most 100 iterations of a few dozen operations; typically under 10.
    static func sharpTip(apexAt focus: Vector2, _ v1: Vector2, _ v2: Vector2, rounding: Double, normal: Vector2) -> Vector2 {
        let scale = Swift.max(focus.distance(to: v1), focus.distance(to: v2))
        // A focus on the edge line gives a flat stem with no apex to speak of: keep it sharp.
        guard rounding > 0, scale > 0, (focus - v1).dot(normal) > 1e-12 * scale else { return focus }
        // Stop at the rounding noise of the coordinates themselves.
        let tolerance = 1e-14 * (scale + abs(focus.x) + abs(focus.y))
        var tip = focus
        for _ in 0..<100 {
            let miss = focus - roundedApex(tip: tip, v1, v2, rounding: rounding, normal: normal)
            tip += miss
            if miss.length <= tolerance { break }
        }
        return tip
    }
}
