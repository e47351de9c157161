/// What the end-of-step pass over a range of bodies found.
struct BodySummary: Sendable {
    /// Some body has moved more than the skin since the last contact build.
    var drifted = false
    /// Bodies that moved more than half their radius this step (they are swept).
    var fastBodies = 0
    /// Largest (speed / radius)², 1/s².
    var fastestSquared = 0.0

    /// Combines two ranges' summaries (order-independent: or, sum, max).
    mutating func merge(_ other: BodySummary) {
        drifted = drifted || other.drifted
        fastBodies += other.fastBodies
        fastestSquared = other.fastestSquared > fastestSquared ? other.fastestSquared : fastestSquared
    }
}

/// The solid borders as a clamp sees them: infinitely far where a border is open.
struct ClampBounds {
    var clamps: Bool
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double

    @inline(__always)
    init(_ context: SolverContext) {
        let rect = context.rect, solid = context.solid
        clamps = rect.hasArea && !solid.isEmpty
        minX = solid.contains(.left) ? rect.minX : -Double.infinity
        maxX = solid.contains(.right) ? rect.maxX : Double.infinity
        minY = solid.contains(.top) ? rect.minY : -Double.infinity
        maxY = solid.contains(.bottom) ? rect.maxY : Double.infinity
    }
}

extension SolverContext {
    /// Moves every body in `range` by `h × v` (its speed capped first), then holds it inside the
    /// solid borders: a body may not end the substep further out than it began it, nor outside
    /// once inside. A clamped body loses its outward speed (reflected by `elasticity`). Open
    /// borders are infinitely far away. The first substep records where each body started.
    /// Two bodies at a time where both take the common path (see `integratePositionPair`).
    @inline(__always)
    func integratePositions(_ range: Range<Int>, first: Bool) {
        let bounds = ClampBounds(self)
        var slot = range.lowerBound
        while slot + 1 < range.upperBound {
            if !integratePositionPair(slot, first: first, bounds: bounds) {
                integratePosition(slot, first: first, bounds: bounds)
                integratePosition(slot + 1, first: first, bounds: bounds)
            }
            slot += 2
        }
        if slot < range.upperBound { integratePosition(slot, first: first, bounds: bounds) }
    }

    /// The position update of one body.
    @inline(__always)
    private func integratePosition(_ slot: Int, first: Bool, bounds: ClampBounds) {
        guard flags[slot].contains(.alive) else { return }
        var body = bodies[slot]
        loadVelocity(slot, into: &body)
        let oldX = body.px, oldY = body.py
        if first { stepStart[slot] = SIMD2(oldX, oldY) }
        limitSpeed(&body)
        body.px += h * body.vx
        body.py += h * body.vy
        if bounds.clamps {
            let r = body.radius
            SolverContext.clamp(&body.px, &body.vx, old: oldX, low: bounds.minX + r, high: bounds.maxX - r, elasticity: elasticity)
            SolverContext.clamp(&body.py, &body.vy, old: oldY, low: bounds.minY + r, high: bounds.maxY - r, elasticity: elasticity)
        }
        bodies[slot] = body
        let start = stepStart[slot]
        motion[slot] = SIMD4(Float(body.vx), Float(body.vy), Float(body.px - start.x), Float(body.py - start.y))
    }

    /// The position update of bodies `slot` and `slot + 1` in two lanes, exactly as the
    /// one-body path computes it; false, having written nothing, unless both are alive with
    /// finite solver state under the speed limit and end inside the borders (no clamp).
    @inline(__always)
    private func integratePositionPair(_ slot: Int, first: Bool, bounds: ClampBounds) -> Bool {
        guard flags[slot].contains(.alive), flags[slot + 1].contains(.alive) else { return false }
        let rowA = motion[slot], rowB = motion[slot + 1]
        guard SolverContext.allFiniteScalars(rowA[0], rowA[1], rowB[0], rowB[1]) else { return false }
        let a = bodies[slot], b = bodies[slot + 1]
        let vx = Lane2D(Double(rowA[0]), Double(rowB[0])), vy = Lane2D(Double(rowA[1]), Double(rowB[1]))
        let radius = Lane2D(a.radius, b.radius), limit = Lane2D(repeating: maxSpeed) * radius
        guard Lane2D.allAtMost(vx * vx + vy * vy, limit * limit) else { return false }
        let oldX = Lane2D(a.px, b.px), oldY = Lane2D(a.py, b.py)
        let px = oldX + Lane2D(repeating: h) * vx, py = oldY + Lane2D(repeating: h) * vy
        if bounds.clamps {
            let lowX = Lane2D(repeating: bounds.minX) + radius, highX = Lane2D(repeating: bounds.maxX) - radius
            let lowY = Lane2D(repeating: bounds.minY) + radius, highY = Lane2D(repeating: bounds.maxY) - radius
            guard Lane2D.allAtMost(lowX, highX), Lane2D.allAtMost(lowX, px), Lane2D.allAtMost(px, highX),
                  Lane2D.allAtMost(lowY, highY), Lane2D.allAtMost(lowY, py), Lane2D.allAtMost(py, highY) else { return false }
        }
        var startX = oldX, startY = oldY
        if first {
            stepStart[slot] = SIMD2(oldX.a, oldY.a)
            stepStart[slot + 1] = SIMD2(oldX.b, oldY.b)
        } else {
            let startA = stepStart[slot], startB = stepStart[slot + 1]
            startX = Lane2D(startA[0], startB[0])
            startY = Lane2D(startA[1], startB[1])
        }
        bodies[slot] = SolverBody(px: px.a, py: py.a, vx: vx.a, vy: vy.a, invMass: a.invMass, radius: a.radius)
        bodies[slot + 1] = SolverBody(px: px.b, py: py.b, vx: vx.b, vy: vy.b, invMass: b.invMass, radius: b.radius)
        let movedX = px - startX, movedY = py - startY
        motion[slot] = SIMD4(Float(vx.a), Float(vy.a), Float(movedX.a), Float(movedY.a))
        motion[slot + 1] = SIMD4(Float(vx.b), Float(vy.b), Float(movedX.b), Float(movedY.b))
        return true
    }

    /// Clamps one coordinate between `low` and `high` (either may be infinite). A body wider
    /// than the container is held at the middle.
    @inline(__always)
    static func clamp(_ position: inout Double, _ velocity: inout Double, old: Double,
                      low: Double, high: Double, elasticity: Double) {
        var low = low, high = high
        if low > high {
            let middle = (low + high) * 0.5
            low = middle
            high = middle
        }
        if position < low {
            let allowed = old < low ? old : low
            if position < allowed { position = allowed }
            if velocity < 0 { velocity = -elasticity * velocity }
        } else if position > high {
            let allowed = old > high ? old : high
            if position > allowed { position = allowed }
            if velocity > 0 { velocity = -elasticity * velocity }
        }
    }

    /// After the substeps: writes the solver state's velocities back to the bodies, flags a
    /// drift when a body is more than `skin × r` from where it
    /// was at the last build (an upper bound: the L1 distance to the stored single-precision
    /// position plus that rounding's largest error, so a body that only jiggles in place
    /// never raises it), counts the bodies fast enough to tunnel (more than half their
    /// radius this step) and finds the largest speed in radii per second, squared — the larger
    /// of the velocity and the displacement over the step, so a body pushed out of an overlap
    /// (moved by position correction, with no velocity left after the relax sweep) is not still.
    @inline(__always)
    func finishBodies(_ range: Range<Int>, skin: Double) -> BodySummary {
        var summary = BodySummary()
        let inverseStep = inverseH / Double(substepsPerStep)
        for slot in range where flags[slot].contains(.alive) {
            loadVelocity(slot, into: &bodies[slot])
            let body = bodies[slot], start = stepStart[slot]
            let tx = body.px - start.x, ty = body.py - start.y
            let built = buildPosition[slot]
            let rounding = (abs(body.px) + abs(body.py)) * 0x1p-23
            let away = abs(body.px - Double(built.x)) + abs(body.py - Double(built.y)) + rounding
            if !(away <= skin * body.radius) { summary.drifted = true }
            let travelled = tx * tx + ty * ty, half = 0.5 * body.radius
            if travelled > half * half { summary.fastBodies += 1 }
            let velocity = body.vx * body.vx + body.vy * body.vy, moved = travelled * (inverseStep * inverseStep)
            let speed = (velocity > moved ? velocity : moved) / (body.radius * body.radius)
            summary.fastestSquared = speed > summary.fastestSquared ? speed : summary.fastestSquared
        }
        return summary
    }
}
