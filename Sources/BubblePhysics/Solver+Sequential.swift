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
        let overflow = self.overflow.start, walls = self.walls.start
        var index = 0
        while index < self.overflow.count {
            let contact = overflow[index]
            let rowA = motionScalars + 4 * Int(contact.a), rowB = motionScalars + 4 * Int(contact.b)
            let pushX = contact.impulse * contact.nx, pushY = contact.impulse * contact.ny
            let massA = traitScalars[2 * Int(contact.a)], massB = traitScalars[2 * Int(contact.b)]
            rowA[0] -= pushX * massA
            rowA[1] -= pushY * massA
            rowB[0] += pushX * massB
            rowB[1] += pushY * massB
            index += 1
        }
        index = 0
        while index < self.walls.count {
            let wall = walls[index]
            let slot = Int(wall.slot)
            var body = self.body[slot]
            loadVelocity(slot, into: &body)
            let (dx, dy) = wall.side.normal
            body.vx += dx * wall.impulse * body.invMass
            body.vy += dy * wall.impulse * body.invMass
            storeVelocity(slot, body)
            index += 1
        }
    }

    /// One sweep over the overflow, then the walls.
    func solveSequential(biased: Bool) {
        let constants = LaneConstants(self)
        let overflow = self.overflow.start, walls = self.walls.start
        var index = 0
        while index < self.overflow.count {
            solveOverflow(overflow + index, constants, biased: biased)
            index += 1
        }
        index = 0
        while index < self.walls.count {
            solveWall(walls + index, biased: biased)
            index += 1
        }
    }

    /// One overflow contact, with the arithmetic of a lane (`solveGroup`) in scalar form.
    @inline(__always)
    private func solveOverflow(_ stored: UnsafeMutablePointer<Contact>, _ constants: LaneConstants, biased: Bool) {
        let contact = stored.pointee
        let rowA = motionScalars + 4 * Int(contact.a), rowB = motionScalars + 4 * Int(contact.b)
        let traitsA = traitScalars + 2 * Int(contact.a), traitsB = traitScalars + 2 * Int(contact.b)
        let vxA = rowA[0], vyA = rowA[1], vxB = rowB[0], vyB = rowB[1]
        let separation = contact.base + (contact.nx * (rowB[2] - rowA[2]) + contact.ny * (rowB[3] - rowA[3]))
        var bias: Float = 0, massScale: Float = 1, impulseScale: Float = 0
        if separation > 0 {
            bias = separation * constants.inverseH
        } else if biased {
            let push = constants.push * (traitsA[1] + traitsB[1])
            let spring = constants.biasRate * separation
            bias = spring > push ? spring : push
            massScale = constants.massScale
            impulseScale = constants.impulseScale
        }
        let normalSpeed = (vxB - vxA) * contact.nx + (vyB - vyA) * contact.ny
        let change = -contact.mass * massScale * (normalSpeed + bias) - impulseScale * contact.impulse
        let total = SolverContext.storedImpulse(contact.impulse + change)
        let applied = total - contact.impulse
        stored.pointee.impulse = total
        let pushX = applied * contact.nx, pushY = applied * contact.ny
        rowA[0] = vxA - pushX * traitsA[0]
        rowA[1] = vyA - pushY * traitsA[0]
        rowB[0] = vxB + pushX * traitsB[0]
        rowB[1] = vyB + pushY * traitsB[0]
    }

    @inline(__always)
    private func solveWall(_ stored: UnsafeMutablePointer<WallContact>, biased: Bool) {
        let wall = stored.pointee
        let slot = Int(wall.slot)
        var body = self.body[slot]
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
        stored.pointee.impulse = total
        body.vx += dx * applied * body.invMass
        body.vy += dy * applied * body.invMass
        storeVelocity(slot, body)
    }

    /// Writes a body's velocity to the solver state (its displacement unchanged).
    @inline(__always)
    func storeVelocity(_ slot: Int, _ body: SolverBody) {
        motionScalars[4 * slot] = Float(body.vx)
        motionScalars[4 * slot + 1] = Float(body.vy)
    }

    /// A wall's new accumulated impulse: not negative, at most `largestFloat` (so the change
    /// of speed it gives, impulse over mass, stays finite), NaN impossible (and would become 0).
    @inline(__always)
    static func wallImpulse(_ sum: Double) -> Double {
        sum > 0 ? (sum < largestFloat ? sum : largestFloat) : 0
    }
}
