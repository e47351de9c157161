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
        guard SolverContext.allFinite(SIMD4(lowHalf: rowA.lowHalf, highHalf: rowB.lowHalf)) else { return false }
        let a = bodies[slot], b = bodies[slot + 1]
        let vx = SIMD2(Double(rowA.x), Double(rowB.x)), vy = SIMD2(Double(rowA.y), Double(rowB.y))
        let radius = SIMD2(a.radius, b.radius), limit = maxSpeed * radius
        guard all(vx * vx + vy * vy .<= limit * limit) else { return false }
        let oldX = SIMD2(a.px, b.px), oldY = SIMD2(a.py, b.py)
        let px = oldX + h * vx, py = oldY + h * vy
        if bounds.clamps {
            let lowX = bounds.minX + radius, highX = bounds.maxX - radius
            let lowY = bounds.minY + radius, highY = bounds.maxY - radius
            guard all(lowX .<= highX .& px .>= lowX .& px .<= highX),
                  all(lowY .<= highY .& py .>= lowY .& py .<= highY) else { return false }
        }
        var startX = oldX, startY = oldY
        if first {
            stepStart[slot] = SIMD2(oldX[0], oldY[0])
            stepStart[slot + 1] = SIMD2(oldX[1], oldY[1])
        } else {
            let startA = stepStart[slot], startB = stepStart[slot + 1]
            startX = SIMD2(startA.x, startB.x)
            startY = SIMD2(startA.y, startB.y)
        }
        bodies[slot] = SolverBody(px: px[0], py: py[0], vx: vx[0], vy: vy[0], invMass: a.invMass, radius: a.radius)
        bodies[slot + 1] = SolverBody(px: px[1], py: py[1], vx: vx[1], vy: vy[1], invMass: b.invMass, radius: b.radius)
        let velocityX = SIMD2<Float>(vx), velocityY = SIMD2<Float>(vy)
        let movedX = SIMD2<Float>(px - startX), movedY = SIMD2<Float>(py - startY)
        motion[slot] = SIMD4(velocityX[0], velocityY[0], movedX[0], movedY[0])
        motion[slot + 1] = SIMD4(velocityX[1], velocityY[1], movedX[1], movedY[1])
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
