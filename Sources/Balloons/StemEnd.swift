/// How each end of a stem meets the corner next to it, and the stem's elements along its edge.
///
/// Far from a corner, a stem end is the usual pair: a concave join where the stem's side meets the
/// edge, a straight stretch of edge, then the body corner. As the stem slides towards a corner the
/// corner first shrinks (smoothing, then radius, as Figma does) down to `minimum` (its full extent,
/// or half the stem width if less). Pushed further, the corner *gives way*: instead of shrinking to
/// a sharp 90° ledge, the straight stretch between join and corner (the leg) swings out of the edge
/// and onto the stem's side. The join's vertex slides up the side so the leg keeps the length the
/// join and the corner need; the corner keeps its size and turns to meet the leg (an affine image of
/// the same corner, so still tangent-continuous at both ends). When the stem's base reaches the
/// corner point, the leg lies along the side, the join has nothing left to turn, and the outline runs
/// from the stem's side through one convex corner into the neighbouring edge: no ledge, no notch.
/// Every quantity varies continuously with the offset, so a stem sliding into a corner animates smoothly.
struct StemEnd: Sendable {
    /// The concave join's vertex: the base end on the edge, or a point further up the stem's side.
    let vertex: Vector2
    /// The straight leg between the join and the corner, in path order (towards the corner at the
    /// end of the edge, away from it at the start). The edge itself while the corner has not given way.
    let leg: EdgeFrame
    /// True while `leg` is the edge itself: its points are then computed exactly on the edge.
    let onEdge: Bool
    /// The join's extent along the leg and along the stem's side, points.
    let joinOnLeg: Double
    let joinOnSide: Double
    /// The most the corner may take along the leg, points.
    let cornerBudget: Double
}

extension ResolvedStem {
    /// The end of this stem at the edge's end (`atEnd`) or start, next to a corner that would
    /// take `fullCorner` points along the edge if there were room.
    func end(atEnd: Bool, on frame: EdgeFrame, fullCorner: Double) -> StemEnd {
        let base = atEnd ? base1 : base0
        let corner = atEnd ? frame.point(along: frame.length, out: 0) : frame.start
        let v = frame.point(along: base, out: 0)
        let room = atEnd ? frame.length - base : base
        let side = tip - v
        let sideLength = side.length
        let joinOnSide = sideShare * sideLength
        let reach = join + Swift.min(fullCorner, width / 2)
        guard room < reach, reach > 0 else {
            return StemEnd(vertex: v, leg: frame, onEdge: true, joinOnLeg: join, joinOnSide: joinOnSide, cornerBudget: room - join)
        }
        // Slide the join's vertex up the side until the leg to the corner point is `reach` long,
        // but never into the side's own join or the tip rounding.
        var slide = 0.0
        // A flat stem (tip on the edge line) has no side to swing the leg onto: its corner just shrinks.
        if side.dot(frame.n) > 1e-12 * sideLength {
            let s = side / sideLength
            let p = v - corner
            let ps = p.dot(s)
            // The circle of radius `reach` round the corner may miss the side's line (a side leaning
            // away from the corner): then there is nothing to slide to.
            let discriminant = ps * ps - p.lengthSquared + reach * reach
            if discriminant >= 0 {
                let wanted = -ps + discriminant.squareRoot()
                slide = Swift.max(Swift.min(wanted, sideLength - rounding - joinOnSide), 0)
            }
        }
        let vertex = slide > 0 ? v + side * (slide / sideLength) : v
        let toCorner = corner - vertex
        let legLength = toCorner.length
        // When the leg is shorter than `reach`, join and corner share it in proportion.
        let share = Swift.min(legLength / reach, 1)
        guard slide > 0, legLength > 0 else {
            return StemEnd(vertex: v, leg: frame, onEdge: true, joinOnLeg: join * share, joinOnSide: joinOnSide,
                           cornerBudget: (reach - join) * share)
        }
        let direction = toCorner / legLength
        let leg = atEnd
            ? EdgeFrame.leg(of: frame, from: vertex, direction: direction, length: legLength)
            : EdgeFrame.leg(of: frame, from: corner, direction: -direction, length: legLength)
        return StemEnd(vertex: vertex, leg: leg, onEdge: false, joinOnLeg: join * share, joinOnSide: joinOnSide,
                       cornerBudget: (reach - join) * share)
    }

    /// The stem's six elements along its edge: line to the first join, join cubic, line along side 1,
    /// tip cubic, line along side 2, join cubic (the caller adds the line onwards to the next corner).
    /// `startCorner` and `endCorner` are the extents of the corners before and after, along the legs, so
    /// the joins never reach into them, whatever the rounding errors in the budgets.
    func elements(on frame: EdgeFrame, start: StemEnd, end: StemEnd, startCorner: Double, endCorner: Double) -> [PathElement] {
        if width <= 0 {
            // No stem: six placeholders on the straight part of the edge.
            let p = frame.point(along: Swift.min(Swift.max(base0, startCorner), frame.length - endCorner), out: 0)
            let still = Self.corner(from: p, vertex: p, to: p)
            return [.line(p), still, .line(p), still, .line(p), still]
        }
        let e1: Vector2
        let e2: Vector2
        if start.onEdge {
            e1 = frame.point(along: Swift.min(Swift.max(base0 - start.joinOnLeg, startCorner), frame.length - endCorner), out: 0)
        } else {
            e1 = start.leg.point(along: Self.snapped(start.leg.length - start.joinOnLeg, to: startCorner, beyond: -1, on: start.leg), out: 0)
        }
        if end.onEdge {
            let along0 = start.onEdge ? Swift.max(base0 - start.joinOnLeg, startCorner) : 0
            e2 = frame.point(along: Swift.min(Swift.max(base1 + end.joinOnLeg, along0), frame.length - endCorner), out: 0)
        } else {
            e2 = end.leg.point(along: Self.snapped(end.joinOnLeg, to: end.leg.length - endCorner, beyond: 1, on: end.leg), out: 0)
        }
        let q1 = Self.onSide(from: tip, towards: frame.point(along: base0, out: 0), by: rounding)
        let q2 = Self.onSide(from: tip, towards: frame.point(along: base1, out: 0), by: rounding)
        let s1 = Self.joinStart(start, tip: tip, roundingEnd: q1, rounding: rounding)
        let s2 = Self.joinStart(end, tip: tip, roundingEnd: q2, rounding: rounding)
        return [
            .line(e1),
            Self.corner(from: e1, vertex: start.vertex, to: s1),
            .line(q1),
            Self.corner(from: q1, vertex: tip, to: q2),
            .line(s2),
            Self.corner(from: s2, vertex: end.vertex, to: e2),
        ]
    }

    /// `along` on a slanted leg, moved onto `corner` (where the corner meets the leg) when it is past it
    /// (`beyond` = +1: larger values are past, −1: smaller ones) or within rounding noise of it: a line of
    /// 1e-15 points between the two would have a direction made of noise, a kink to any tangent check.
    static func snapped(_ along: Double, to corner: Double, beyond: Double, on leg: EdgeFrame) -> Double {
        (along - corner) * beyond >= -1e-9 * leg.length ? corner : along
    }

    /// Where `end`'s join leaves the stem's side. When the join's vertex has slid up the side as far as
    /// it may, this is exactly where the tip rounding ends (`roundingEnd`), not a rounding error away.
    static func joinStart(_ end: StemEnd, tip: Vector2, roundingEnd: Vector2, rounding: Double) -> Vector2 {
        let side = end.vertex.distance(to: tip)
        guard side - end.joinOnSide - rounding > 1e-9 * side else { return roundingEnd }
        return onSide(from: end.vertex, towards: tip, by: end.joinOnSide)
    }

    /// The point `distance` from `a` towards `b` (`a` itself when they coincide).
    static func onSide(from a: Vector2, towards b: Vector2, by distance: Double) -> Vector2 {
        let length = a.distance(to: b)
        return length > 0 ? Vector2.lerp(a, b, distance / length) : a
    }

    /// A cubic equal to the quadratic with control `vertex`: rounds the corner at `vertex`, tangent to both
    /// sides. Written as `a + (vertex − a)·⅔` so a degenerate corner (all three points equal) stays exact.
    static func corner(from a: Vector2, vertex: Vector2, to b: Vector2) -> PathElement {
        .cubic(a + (vertex - a) * (2.0 / 3.0), b + (vertex - b) * (2.0 / 3.0), b)
    }
}
