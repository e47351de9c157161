/// Where a stem sits on its edge, after clamping: its base, tip and the room it leaves the corners.

/// One body edge, travelled clockwise on screen (top: left→right, right: down, bottom: right→left,
/// left: up). Points are `start + u·along + n·out`, with `u` and `n` axis-aligned unit vectors.
struct EdgeFrame: Sendable {
    let edge: StemEdge
    /// The corner the edge starts at.
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
}

/// A stem resolved on its edge: base from `base0` to `base1` along the edge, joins reaching `join`
/// points further out along the edge on each side, tip at `tip`.
struct ResolvedStem: Sendable {
    /// Share of the stem width each join takes along the edge at join smoothing 1.
    static let joinWidthRatio = 0.3
    /// Share of each side each join takes at join smoothing 1.
    static let joinSideRatio = 0.25

    let base0: Double
    let base1: Double
    let join: Double
    let tip: Vector2
    let joinSmoothing: Double
    let tipRounding: Double

    /// Room left for the corner at the edge's start / end, points.
    var startBudget: Double { base0 - join }
    func endBudget(length: Double) -> Double { length - (base1 + join) }

    /// A zero-size stem in the middle of an edge without a stem.
    static func hidden(on frame: EdgeFrame) -> ResolvedStem {
        let mid = frame.length / 2
        return ResolvedStem(base0: mid, base1: mid, join: 0, tip: frame.point(along: mid, out: 0), joinSmoothing: 0, tipRounding: 0)
    }

    /// Resolves `stem` on `frame`: narrows it to fit the edge (joins included), slides it to stay on the
    /// edge, clamps the tip along the edge. `depth` is the (already clamped) tip distance; `focus`, when
    /// given, replaces the computed tip exactly.
    init(_ stem: StemConfiguration, on frame: EdgeFrame, depth: Double, focus: Vector2?) {
        let length = frame.length
        let joinRatio = Self.joinWidthRatio * stem.joinSmoothing
        let width = Swift.min(stem.size.width, length / (1 + 2 * joinRatio))
        let join = joinRatio * width
        let half = width / 2 + join
        let centre = Swift.min(Swift.max(length / 2 + frame.sign * stem.offset, half), length - half)
        base0 = centre - width / 2
        base1 = centre + width / 2
        self.join = join
        if let focus {
            tip = focus
        } else {
            let along = stem.tipOffset.map { length / 2 + frame.sign * $0 } ?? centre
            tip = frame.point(along: Swift.min(Swift.max(along, 0), length), out: depth)
        }
        joinSmoothing = stem.joinSmoothing
        tipRounding = stem.tipRounding
    }

    private init(base0: Double, base1: Double, join: Double, tip: Vector2, joinSmoothing: Double, tipRounding: Double) {
        self.base0 = base0
        self.base1 = base1
        self.join = join
        self.tip = tip
        self.joinSmoothing = joinSmoothing
        self.tipRounding = tipRounding
    }

    /// The stem's six elements: line to the first join, join cubic, line along side 1, tip cubic, line
    /// along side 2, join cubic (the caller adds the line onwards to the next corner).
    /// `first` and `last` bound the straight part (where the corners end and start), so rounding errors
    /// in the budgets can never put a point out of order.
    func elements(on frame: EdgeFrame, between first: Double, and last: Double) -> [PathElement] {
        let along0 = Swift.min(Swift.max(base0 - join, first), last)
        let along1 = Swift.min(Swift.max(base1 + join, along0), last)
        let v1 = frame.point(along: Swift.min(Swift.max(base0, along0), along1), out: 0)
        let v2 = frame.point(along: Swift.min(Swift.max(base1, along0), along1), out: 0)
        let e1 = frame.point(along: along0, out: 0)
        let e2 = frame.point(along: along1, out: 0)
        let sideShare = Self.joinSideRatio * joinSmoothing
        let s1 = Vector2.lerp(v1, tip, sideShare)
        let s2 = Vector2.lerp(v2, tip, sideShare)
        let side1 = tip.distance(to: v1)
        let side2 = tip.distance(to: v2)
        let rounding = Swift.min(tipRounding, Swift.min(side1, side2) / 2)
        let q1 = side1 > 0 ? Vector2.lerp(tip, v1, rounding / side1) : tip
        let q2 = side2 > 0 ? Vector2.lerp(tip, v2, rounding / side2) : tip
        return [
            .line(e1),
            Self.corner(from: e1, vertex: v1, to: s1),
            .line(q1),
            Self.corner(from: q1, vertex: tip, to: q2),
            .line(s2),
            Self.corner(from: s2, vertex: v2, to: e2),
        ]
    }

    /// A cubic equal to the quadratic with control `vertex`: rounds the corner at `vertex`, tangent to both
    /// sides. Written as `a + (vertex − a)·⅔` so a degenerate corner (all three points equal) stays exact.
    static func corner(from a: Vector2, vertex: Vector2, to b: Vector2) -> PathElement {
        .cubic(a + (vertex - a) * (2.0 / 3.0), b + (vertex - b) * (2.0 / 3.0), b)
    }
}
