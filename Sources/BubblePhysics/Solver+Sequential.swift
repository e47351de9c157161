/// The contacts solved one at a time, after the colours: the overflow (contacts no colour
/// fitted) and the walls; and restitution. They run on the calling thread, in list order.
extension SolverContext {
    /// Refreshes the overflow's normals and masses and the walls' masses and impulses (see `refresh`).
    func refreshSequential() {
        for index in 0..<overflow.count {
            var contact = overflow[index]
            let bodyA = bodies[Int(contact.a)], bodyB = bodies[Int(contact.b)]
            let dx = bodyB.px - bodyA.px, dy = bodyB.py - bodyA.py
            let distance = (dx * dx + dy * dy).squareRoot()
            let radiusSum = bodyA.radius + bodyB.radius
            var nx: Double, ny: Double
            if distance > 1e-9 * radiusSum {
                nx = dx / distance
                ny = dy / distance
            } else {
                (nx, ny) = World.fallbackNormal(contact.a, contact.b)
            }
            let inverseMassSum = bodyA.invMass + bodyB.invMass
            contact.nx = Float(nx)
            contact.ny = Float(ny)
            contact.mass = inverseMassSum > 0 ? Float(1 / inverseMassSum) : 0
            if !(distance < contactRange * radiusSum) { contact.impulse = 0 }
            contact.base = SolverContext.storedSeparation(SIMD4(repeating: nx * dx + ny * dy - radiusSum))[0]
            overflow[index] = contact
        }
        for index in 0..<walls.count {
            let body = bodies[Int(walls[index].slot)]
            walls[index].normalMass = body.invMass > 0 ? 1 / body.invMass : 0
            if !(walls[index].side.separation(body, rect) < wallMargin * body.radius) {
                walls[index].impulse = 0
            }
        }
    }

    /// Warm start of the overflow and the walls.
    func warmStartSequential() {
        for index in 0..<overflow.count {
            let contact = overflow[index]
            let a = Int(contact.a), b = Int(contact.b)
            let push = contact.impulse * SIMD2(contact.nx, contact.ny)
            motion[a].lowHalf -= push * traits[a].x
            motion[b].lowHalf += push * traits[b].x
        }
        for index in 0..<walls.count {
            let wall = walls[index]
            let slot = Int(wall.slot)
            var body = bodies[slot]
            loadVelocity(slot, into: &body)
            let (dx, dy) = wall.side.normal
            body.vx += dx * wall.impulse * body.invMass
            body.vy += dy * wall.impulse * body.invMass
            storeVelocity(slot, body)
        }
    }

    /// One sweep over the overflow, then the walls.
    func solveSequential(biased: Bool) {
        let constants = LaneConstants(self)
        for index in 0..<overflow.count { solveOverflow(index, constants, biased: biased) }
        for index in 0..<walls.count { solveWall(index, biased: biased) }
    }

    /// One overflow contact, with the arithmetic of a lane (`solveGroup`) in scalar form.
    @inline(__always)
    private func solveOverflow(_ index: Int, _ constants: LaneConstants, biased: Bool) {
        let contact = overflow[index]
        let a = Int(contact.a), b = Int(contact.b)
        let bodyA = motion[a], bodyB = motion[b], traitsA = traits[a], traitsB = traits[b]
        let separation = contact.base + (contact.nx * (bodyB.z - bodyA.z) + contact.ny * (bodyB.w - bodyA.w))
        var bias: Float = 0, massScale: Float = 1, impulseScale: Float = 0
        if separation > 0 {
            bias = separation * constants.inverseH
        } else if biased {
            let push = constants.push * (traitsA.y + traitsB.y)
            let spring = constants.biasRate * separation
            bias = spring > push ? spring : push
            massScale = constants.massScale
            impulseScale = constants.impulseScale
        }
        let normalSpeed = (bodyB.x - bodyA.x) * contact.nx + (bodyB.y - bodyA.y) * contact.ny
        let change = -contact.mass * massScale * (normalSpeed + bias) - impulseScale * contact.impulse
        let total = SolverContext.storedImpulse(contact.impulse + change)
        let applied = total - contact.impulse
        overflow[index].impulse = total
        let push = applied * SIMD2(contact.nx, contact.ny)
        motion[a].lowHalf = bodyA.lowHalf - push * traitsA.x
        motion[b].lowHalf = bodyB.lowHalf + push * traitsB.x
    }

    @inline(__always)
    private func solveWall(_ index: Int, biased: Bool) {
        let wall = walls[index]
        let slot = Int(wall.slot)
        var body = bodies[slot]
        loadVelocity(slot, into: &body)
        let (dx, dy) = wall.side.normal
        let separation = wall.side.separation(body, rect)
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if separation > 0 {
            bias = separation * inverseH
        } else if biased {
            let push = -pushSpeed * body.radius
            let soft = wallSoftness.biasRate * separation
            bias = soft > push ? soft : push
            massScale = wallSoftness.massScale
            impulseScale = wallSoftness.impulseScale
        }
        let normalSpeed = body.vx * dx + body.vy * dy
        let impulse = -wall.normalMass * massScale * (normalSpeed + bias) - impulseScale * wall.impulse
        let total = SolverContext.wallImpulse(wall.impulse + impulse)
        let applied = total - wall.impulse
        walls[index].impulse = total
        body.vx += dx * applied * body.invMass
        body.vy += dy * applied * body.invMass
        storeVelocity(slot, body)
    }

    /// Writes a body's velocity to the solver state (its displacement unchanged).
    @inline(__always)
    func storeVelocity(_ slot: Int, _ body: SolverBody) {
        motion[slot].lowHalf = SIMD2(Float(body.vx), Float(body.vy))
    }

    /// A wall's new accumulated impulse: not negative, at most `largestFloat` (so the change
    /// of speed it gives, impulse over mass, stays finite), NaN impossible (and would become 0).
    @inline(__always)
    static func wallImpulse(_ sum: Double) -> Double {
        sum > 0 ? (sum < largestFloat ? sum : largestFloat) : 0
    }
}
