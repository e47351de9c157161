extension SolverContext {
    /// Moves every body by `h × v`, then holds it inside the solid borders: a body may not end
    /// the substep further out than it began it, nor outside once inside. A clamped body loses
    /// its outward speed (reflected by `elasticity`). Open borders are infinitely far away.
    func integratePositions(elasticity: Double) {
        let clamps = rect.hasArea && !solid.isEmpty
        let minX = solid.contains(.left) ? rect.minX : -Double.infinity
        let maxX = solid.contains(.right) ? rect.maxX : Double.infinity
        let minY = solid.contains(.top) ? rect.minY : -Double.infinity
        let maxY = solid.contains(.bottom) ? rect.maxY : Double.infinity
        for slot in 0..<bodies.count where flags[slot].contains(.alive) {
            var body = bodies[slot]
            let oldX = body.px, oldY = body.py
            body.px += h * body.vx
            body.py += h * body.vy
            if clamps {
                let r = body.radius
                SolverContext.clamp(&body.px, &body.vx, old: oldX, low: minX + r, high: maxX - r, elasticity: elasticity)
                SolverContext.clamp(&body.py, &body.vy, old: oldY, low: minY + r, high: maxY - r, elasticity: elasticity)
            }
            bodies[slot] = body
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

    /// Restitution after the substeps (Box2D's relax-then-restitute): contacts that were
    /// closing faster than one radius per second at step start and carried an impulse get
    /// their normal speed reflected by `elasticity`.
    func applyRestitution(elasticity: Double, approachSpeeds: UnsafeBufferPointer<Double>) {
        for index in 0..<contacts.count {
            let contact = contacts[index]
            let a = Int(contact.a), b = Int(contact.b)
            let nx = Double(contact.nx), ny = Double(contact.ny), accumulated = Double(contact.impulse)
            let bodyA = bodies[a], bodyB = bodies[b]
            let threshold = 0.5 * (bodyA.radius + bodyB.radius)
            let approach = approachSpeeds[index]
            guard approach < -threshold, accumulated > 0 else { continue }
            let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
            let impulse = -Double(contact.normalMass) * (normalSpeed + elasticity * approach)
            let total = Float(accumulated + impulse > 0 ? accumulated + impulse : 0)
            let applied = Double(total) - accumulated
            contacts[index].impulse = total
            let px = applied * nx, py = applied * ny
            bodies[a].vx -= px * bodyA.invMass; bodies[a].vy -= py * bodyA.invMass
            bodies[b].vx += px * bodyB.invMass; bodies[b].vy += py * bodyB.invMass
        }
        applyWallRestitution(elasticity: elasticity, approachSpeeds: UnsafeBufferPointer(rebasing: approachSpeeds[contacts.count...]))
    }

    /// The same for wall contacts (threshold: one radius per second).
    private func applyWallRestitution(elasticity: Double, approachSpeeds: UnsafeBufferPointer<Double>) {
        for index in 0..<walls.count {
            let wall = walls[index]
            let slot = Int(wall.slot)
            let body = bodies[slot]
            let approach = approachSpeeds[index]
            guard approach < -body.radius, wall.impulse > 0 else { continue }
            let (dx, dy) = SolverContext.wallDirection(wall.side)
            let normalSpeed = body.vx * dx + body.vy * dy
            let impulse = -wall.normalMass * (normalSpeed + elasticity * approach)
            let total = wall.impulse + impulse > 0 ? wall.impulse + impulse : 0
            let applied = total - wall.impulse
            walls[index].impulse = total
            bodies[slot].vx = body.vx + dx * applied * body.invMass
            bodies[slot].vy = body.vy + dy * applied * body.invMass
        }
    }
}
