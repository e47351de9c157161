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
        guard flag[slot].contains(.alive) else { return }
        var body = self.body[slot]
        loadVelocity(slot, into: &body)
        let oldX = body.px, oldY = body.py
        let start = stepStartScalars + 2 * slot
        if first { (start[0], start[1]) = (oldX, oldY) }
        limitSpeed(&body)
        body.px += h * body.vx
        body.py += h * body.vy
        if bounds.clamps {
            let r = body.radius
            SolverContext.clamp(&body.px, &body.vx, old: oldX, low: bounds.minX + r, high: bounds.maxX - r, elasticity: elasticity)
            SolverContext.clamp(&body.py, &body.vy, old: oldY, low: bounds.minY + r, high: bounds.maxY - r, elasticity: elasticity)
        }
        self.body[slot] = body
        let row = motionScalars + 4 * slot
        row[0] = Float(body.vx)
        row[1] = Float(body.vy)
        row[2] = Float(body.px - start[0])
        row[3] = Float(body.py - start[1])
    }

    /// The position update of bodies `slot` and `slot + 1` in two lanes, exactly as the
    /// one-body path computes it; false, having written nothing, unless both are alive with
    /// finite solver state under the speed limit and end inside the borders (no clamp).
    @inline(__always)
    private func integratePositionPair(_ slot: Int, first: Bool, bounds: ClampBounds) -> Bool {
        guard flag[slot].contains(.alive), flag[slot + 1].contains(.alive) else { return false }
        let rowA = motionScalars + 4 * slot, rowB = rowA + 4
        guard SolverContext.allFiniteScalars(rowA[0], rowA[1], rowB[0], rowB[1]) else { return false }
        let a = body[slot], b = body[slot + 1]
        // Lane by lane (a, then b), the one-body path's operations.
        let vxA = Double(rowA[0]), vxB = Double(rowB[0]), vyA = Double(rowA[1]), vyB = Double(rowB[1])
        let limitA = maxSpeed * a.radius, limitB = maxSpeed * b.radius
        guard vxA * vxA + vyA * vyA <= limitA * limitA, vxB * vxB + vyB * vyB <= limitB * limitB else { return false }
        let pxA = a.px + h * vxA, pxB = b.px + h * vxB, pyA = a.py + h * vyA, pyB = b.py + h * vyB
        if bounds.clamps {
            guard SolverContext.inside(pxA, pyA, radius: a.radius, bounds),
                  SolverContext.inside(pxB, pyB, radius: b.radius, bounds) else { return false }
        }
        let startA = stepStartScalars + 2 * slot, startB = startA + 2
        if first {
            (startA[0], startA[1]) = (a.px, a.py)
            (startB[0], startB[1]) = (b.px, b.py)
        }
        body[slot] = SolverBody(px: pxA, py: pyA, vx: vxA, vy: vyA, invMass: a.invMass, radius: a.radius)
        body[slot + 1] = SolverBody(px: pxB, py: pyB, vx: vxB, vy: vyB, invMass: b.invMass, radius: b.radius)
        (rowA[0], rowA[1], rowA[2], rowA[3]) = (Float(vxA), Float(vyA), Float(pxA - startA[0]), Float(pyA - startA[1]))
        (rowB[0], rowB[1], rowB[2], rowB[3]) = (Float(vxB), Float(vyB), Float(pxB - startB[0]), Float(pyB - startB[1]))
        return true
    }

    /// True when a body of `radius` at (`x`, `y`) needs no clamp: the borders leave it room and
    /// it is within them.
    @_transparent
    static func inside(_ x: Double, _ y: Double, radius: Double, _ bounds: ClampBounds) -> Bool {
        let lowX = bounds.minX + radius, highX = bounds.maxX - radius
        let lowY = bounds.minY + radius, highY = bounds.maxY - radius
        return lowX <= highX && lowX <= x && x <= highX && lowY <= highY && lowY <= y && y <= highY
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
        var slot = range.lowerBound
        while slot < range.upperBound {
            defer { slot += 1 }
            guard flag[slot].contains(.alive) else { continue }
            loadVelocity(slot, into: &self.body[slot])
            let body = self.body[slot], start = stepStartScalars + 2 * slot, built = buildScalars + 2 * slot
            let tx = body.px - start[0], ty = body.py - start[1]
            let rounding = (body.px.magnitude + body.py.magnitude) * 0x1p-23
            let away = (body.px - Double(built[0])).magnitude + (body.py - Double(built[1])).magnitude + rounding
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
