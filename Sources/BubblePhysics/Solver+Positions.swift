/// What the end-of-step pass over a range of bodies found.
struct BodySummary: Sendable {
    /// Some body has moved more than the skin since the last contact build.
    var needsRebuild = false
    /// Bodies that moved more than half their radius this step (they are swept).
    var fastBodies = 0
    /// Largest (speed / radius)², 1/s².
    var fastestSquared = 0.0

    /// Combines two ranges' summaries (order-independent: or, sum, max).
    mutating func merge(_ other: BodySummary) {
        needsRebuild = needsRebuild || other.needsRebuild
        fastBodies += other.fastBodies
        fastestSquared = other.fastestSquared > fastestSquared ? other.fastestSquared : fastestSquared
    }
}

extension SolverContext {
    /// Moves every body in `range` by `h × v` (its speed capped first), then holds it inside the
    /// solid borders: a body may not end the substep further out than it began it, nor outside
    /// once inside. A clamped body loses its outward speed (reflected by `elasticity`). Open
    /// borders are infinitely far away. The first substep records where each body started.
    func integratePositions(_ range: Range<Int>, first: Bool) {
        let clamps = rect.hasArea && !solid.isEmpty
        let minX = solid.contains(.left) ? rect.minX : -Double.infinity
        let maxX = solid.contains(.right) ? rect.maxX : Double.infinity
        let minY = solid.contains(.top) ? rect.minY : -Double.infinity
        let maxY = solid.contains(.bottom) ? rect.maxY : Double.infinity
        for slot in range where flags[slot].contains(.alive) {
            var body = bodies[slot]
            loadVelocity(slot, into: &body)
            let oldX = body.px, oldY = body.py
            if first { stepStart[slot] = SIMD2(oldX, oldY) }
            limitSpeed(&body)
            body.px += h * body.vx
            body.py += h * body.vy
            if clamps {
                let r = body.radius
                SolverContext.clamp(&body.px, &body.vx, old: oldX, low: minX + r, high: maxX - r, elasticity: elasticity)
                SolverContext.clamp(&body.py, &body.vy, old: oldY, low: minY + r, high: maxY - r, elasticity: elasticity)
            }
            bodies[slot] = body
            let start = stepStart[slot]
            motion[slot] = SIMD4(Float(body.vx), Float(body.vy), Float(body.px - start.x), Float(body.py - start.y))
        }
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
    /// rebuild when a body is more than `skin × r` from where it
    /// was at the last build (an upper bound: the L1 distance to the stored single-precision
    /// position plus that rounding's largest error, so a body that only jiggles in place
    /// never forces one), counts the bodies fast enough to tunnel (more than half their
    /// radius this step) and finds the largest speed in radii per second, squared — the larger
    /// of the velocity and the displacement over the step, so a body pushed out of an overlap
    /// (moved by position correction, with no velocity left after the relax sweep) is not still.
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
            if !(away <= skin * body.radius) { summary.needsRebuild = true }
            let travelled = tx * tx + ty * ty, half = 0.5 * body.radius
            if travelled > half * half { summary.fastBodies += 1 }
            let velocity = body.vx * body.vx + body.vy * body.vy, moved = travelled * (inverseStep * inverseStep)
            let speed = (velocity > moved ? velocity : moved) / (body.radius * body.radius)
            summary.fastestSquared = speed > summary.fastestSquared ? speed : summary.fastestSquared
        }
        return summary
    }
}
