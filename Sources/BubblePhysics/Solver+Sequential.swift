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
            overflow[index] = contact
        }
        for index in 0..<walls.count {
            let body = bodies[Int(walls[index].slot)]
            walls[index].normalMass = body.invMass > 0 ? 1 / body.invMass : 0
            if !(World.wallSeparation(body, side: walls[index].side, rect: rect) < wallMargin * body.radius) {
                walls[index].impulse = 0
            }
        }
    }

    /// Warm start of the overflow and the walls.
    func warmStartSequential() {
        for index in 0..<overflow.count {
            let contact = overflow[index]
            let a = Int(contact.a), b = Int(contact.b)
            let impulse = Double(contact.impulse)
            let px = impulse * Double(contact.nx), py = impulse * Double(contact.ny)
            let ma = bodies[a].invMass, mb = bodies[b].invMass
            bodies[a].vx -= px * ma; bodies[a].vy -= py * ma
            bodies[b].vx += px * mb; bodies[b].vy += py * mb
        }
        for index in 0..<walls.count {
            let wall = walls[index]
            let slot = Int(wall.slot)
            let (dx, dy) = SolverContext.wallDirection(wall.side)
            let m = bodies[slot].invMass
            bodies[slot].vx += dx * wall.impulse * m
            bodies[slot].vy += dy * wall.impulse * m
        }
    }

    /// One sweep over the overflow, then the walls.
    func solveSequential(biased: Bool) {
        for index in 0..<overflow.count { solveOverflow(index, biased: biased) }
        for index in 0..<walls.count { solveWall(index, biased: biased) }
    }

    @inline(__always)
    private func solveOverflow(_ index: Int, biased: Bool) {
        let contact = overflow[index]
        let a = Int(contact.a), b = Int(contact.b)
        let nx = Double(contact.nx), ny = Double(contact.ny), accumulated = Double(contact.impulse)
        let bodyA = bodies[a], bodyB = bodies[b]
        let radiusSum = bodyA.radius + bodyB.radius
        let separation = nx * (bodyB.px - bodyA.px) + ny * (bodyB.py - bodyA.py) - radiusSum
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if separation > 0 {
            bias = separation * inverseH
        } else if biased {
            let push = (-pushSpeed * 0.5) * radiusSum
            let spring = contactSoftness.biasRate * separation
            bias = spring > push ? spring : push
            massScale = contactSoftness.massScale
            impulseScale = contactSoftness.impulseScale
        }
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let impulse = -Double(contact.mass) * massScale * (normalSpeed + bias) - impulseScale * accumulated
        let total = SolverContext.storedImpulse(accumulated + impulse)
        let applied = Double(total) - accumulated
        overflow[index].impulse = total
        let px = applied * nx, py = applied * ny
        bodies[a].vx = bodyA.vx - px * bodyA.invMass; bodies[a].vy = bodyA.vy - py * bodyA.invMass
        bodies[b].vx = bodyB.vx + px * bodyB.invMass; bodies[b].vy = bodyB.vy + py * bodyB.invMass
    }

    @inline(__always)
    private func solveWall(_ index: Int, biased: Bool) {
        let wall = walls[index]
        let slot = Int(wall.slot)
        let body = bodies[slot]
        let (dx, dy) = SolverContext.wallDirection(wall.side)
        let separation = World.wallSeparation(body, side: wall.side, rect: rect)
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
        bodies[slot].vx = body.vx + dx * applied * body.invMass
        bodies[slot].vy = body.vy + dy * applied * body.invMass
    }

    /// A wall's new accumulated impulse: not negative, at most `largestImpulse` (so the change
    /// of speed it gives, impulse over mass, stays finite), NaN impossible (and would become 0).
    @inline(__always)
    static func wallImpulse(_ sum: Double) -> Double {
        sum > 0 ? (sum < largestImpulse ? sum : largestImpulse) : 0
    }
}
