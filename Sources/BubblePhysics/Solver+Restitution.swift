/// Restitution after the substeps (Box2D's relax-then-restitute), only when elasticity is on:
/// contacts that were closing faster than a threshold at step start and carried an impulse get
/// their normal speed reflected by `elasticity`. Runs on the calling thread, in contact order
/// (colours, overflow, walls), as the approach speeds were recorded.
extension SolverContext {
    /// Normal speeds at step start: four per group, then one per overflow contact, then one per wall.
    func recordApproachSpeeds(into speeds: inout Column<Double>) {
        speeds.removeAll()
        for (group, shape) in zip(UnsafeBufferPointer(lanes), UnsafeBufferPointer(geometry)) {
            let bodyA = gather(group.a), bodyB = gather(group.b)
            let speed = (bodyB.vx - bodyA.vx) * SIMD4<Double>(shape.nx) + (bodyB.vy - bodyA.vy) * SIMD4<Double>(shape.ny)
            for lane in 0..<4 { speeds.append(speed[lane]) }
        }
        for contact in UnsafeBufferPointer(overflow) {
            let a = bodies[Int(contact.a)], b = bodies[Int(contact.b)]
            speeds.append((b.vx - a.vx) * Double(contact.nx) + (b.vy - a.vy) * Double(contact.ny))
        }
        for wall in UnsafeBufferPointer(walls) {
            let body = bodies[Int(wall.slot)]
            let (dx, dy) = wall.side.normal
            speeds.append(body.vx * dx + body.vy * dy)
        }
    }

    /// Reflects the approach of every contact that closed faster than half its radius sum per
    /// second (walls: one radius per second) and carried an impulse.
    func applyRestitution(approachSpeeds: UnsafeBufferPointer<Double>) {
        for index in 0..<lanes.count {
            for lane in 0..<4 where lanes[index].a[lane] != lanes[index].b[lane] {
                let group = lanes[index], shape = geometry[index]
                var contact = Contact(a: group.a[lane], b: group.b[lane], nx: shape.nx[lane], ny: shape.ny[lane],
                                      mass: shape.mass[lane], impulse: group.impulse[lane], base: shape.base[lane])
                restitute(&contact, approach: approachSpeeds[4 * index + lane])
                lanes[index].impulse[lane] = contact.impulse
            }
        }
        let walls = 4 * lanes.count + overflow.count
        for index in 0..<overflow.count { restitute(&overflow[index], approach: approachSpeeds[4 * lanes.count + index]) }
        for index in 0..<self.walls.count { restituteWall(index, approach: approachSpeeds[walls + index]) }
    }

    @inline(__always)
    private func restitute(_ contact: inout Contact, approach: Double) {
        let a = Int(contact.a), b = Int(contact.b)
        let nx = Double(contact.nx), ny = Double(contact.ny), accumulated = Double(contact.impulse)
        var bodyA = bodies[a], bodyB = bodies[b]
        loadVelocity(a, into: &bodyA)
        loadVelocity(b, into: &bodyB)
        let threshold = 0.5 * (bodyA.radius + bodyB.radius)
        guard approach < -threshold, accumulated > 0 else { return }
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let impulse = -Double(contact.mass) * (normalSpeed + elasticity * approach)
        let total = SolverContext.storedImpulse(accumulated + impulse)
        let applied = Double(total) - accumulated
        contact.impulse = total
        let px = applied * nx, py = applied * ny
        bodyA.vx -= px * bodyA.invMass; bodyA.vy -= py * bodyA.invMass
        bodyB.vx += px * bodyB.invMass; bodyB.vy += py * bodyB.invMass
        storeVelocity(a, bodyA)
        storeVelocity(b, bodyB)
    }

    @inline(__always)
    private func restituteWall(_ index: Int, approach: Double) {
        let wall = walls[index]
        let slot = Int(wall.slot)
        var body = bodies[slot]
        loadVelocity(slot, into: &body)
        guard approach < -body.radius, wall.impulse > 0 else { return }
        let (dx, dy) = wall.side.normal
        let normalSpeed = body.vx * dx + body.vy * dy
        let impulse = -wall.normalMass * (normalSpeed + elasticity * approach)
        let total = SolverContext.wallImpulse(wall.impulse + impulse)
        let applied = total - wall.impulse
        walls[index].impulse = total
        body.vx += dx * applied * body.invMass
        body.vy += dy * applied * body.invMass
        storeVelocity(slot, body)
    }
}
