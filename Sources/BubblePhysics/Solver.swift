// Design notes: the contact solver
// ================================
//
// Method. A "soft step" in the manner of Box2D v3 (Erin Catto, "Solver2D", 2024): every step
// finds contacts once, then runs `substeps` substeps of
//
//     integrate velocities → warm start → solve (soft, with bias) → integrate positions → relax
//
// and, when elasticity is on, one restitution pass at the end. Each solve is one sequential
// Gauss–Seidel sweep over the contacts with accumulated, clamped normal impulses.
//
// Why this method. Bubbles pile into a dense crowd under the attraction field, a stacking
// problem in disguise. Substeps give the effective stiffness of many iterations at the cost of
// one; warm starting carries last step's impulses forward, so pressure through a deep crowd
// converges over time instead of being rebuilt from zero each step; soft contacts (a spring
// of `contactHertz` with a heavy damping ratio) push overlap out smoothly — bounded by
// `pushSpeed` — instead of injecting energy as Baumgarte does; the relax sweep without bias
// removes the push-out velocity, so a settled crowd is still. Position-based dynamics would be
// simpler but loses the warm start, and its overlap in a 100k crowd was much worse.
//
// Geometry. Circles without rotation: the normal is fixed for the step (centre to centre at
// step start) and the separation is `n · (pb − pa) − (ra + rb)` from current positions, which
// is exact along that normal and needs no square root in the substeps. Pairs closer than
// `(1 + speculativeFraction) × (ra + rb)` become contacts; while apart, a contact only stops
// the pair from closing more than its gap in one substep (speculative contact).
//
// Borders. Solid borders are contacts with an infinite-mass wall (stiffer: twice the contact
// hertz, as Box2D does for static contacts), solved in the same sweep, so crowd pressure rests
// on them. After each position update a body is also clamped so it can never end a substep
// further outside a solid border than it began it, and never outside once inside: the
// guarantee that nothing escapes a closed container. A body caught outside after a resize is
// pushed back at `pushSpeed` by its wall contact.
//
// Tunnelling. Contacts found at step start cannot see a body that crosses the whole crowd in
// one step. After the substeps, every body that moved farther than its speculative margin is
// swept from its start to its end position against the others (time of impact of two circles,
// a quadratic) and stopped at the first touch; the next step's contact then takes over.
// Borders need no sweep: the clamp above holds at any speed.
//
// Determinism. Arrays only, visited in slot order; contacts sorted by (a, b); only + − × ÷ and
// squareRoot (no libm, no fused multiply-add), so results are bit-identical across runs,
// build modes and platforms with IEEE-754 doubles.
//
// Scale. Every tolerance is relative to radii (speculative margin, push speed in radii per
// second, restitution threshold), so a scene behaves the same at any unit size.

/// Soft-constraint coefficients for one substep length (Box2D's `b2Softness`).
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    /// - Parameters: hertz: stiffness frequency; zeta: damping ratio; h: substep in seconds.
    init(hertz: Double, zeta: Double, h: Double) {
        let omega = 2 * World.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// The solver's view of one step: raw pointers into the world's arrays, valid for one call of
/// `World.solveStep`. Every stage is a small function over these.
struct SolverContext {
    var bodies: UnsafeMutableBufferPointer<SolverBody>
    var contacts: UnsafeMutableBufferPointer<Contact>
    var walls: UnsafeMutableBufferPointer<WallContact>
    var flags: UnsafeBufferPointer<BodyFlags>
    var resistances: UnsafeBufferPointer<Double>
    var h: Double
    var inverseH: Double
    var contactSoftness: Softness
    var wallSoftness: Softness
    /// Push speed in radii per second.
    var pushSpeed: Double
    /// Speed limit in radii per second.
    var maxSpeed: Double
    var field: AttractionField
    var rect: Rect
    var solid: Borders

    /// Field pull and resistance for every dynamic body, then the speed limit for every body.
    func integrateVelocities() {
        let useField = field.strength > 0
        for slot in 0..<bodies.count {
            let bodyFlags = flags[slot]
            guard bodyFlags.contains(.alive) else { continue }
            var body = bodies[slot]
            if !bodyFlags.contains(.kinematic) {
                if useField && bodyFlags.contains(.attracted) { applyField(to: &body) }
                let damping = 1 / (1 + h * resistances[slot])
                body.vx *= damping
                body.vy *= damping
            }
            limitSpeed(&body)
            bodies[slot] = body
        }
    }

    /// The attraction field's pull on one body for one substep (see `FieldLaw`). The linear
    /// parts (the spring, and radial gravity inside its falloff radius) are integrated
    /// implicitly, so no strength, mass or falloff can make them blow up.
    @inline(__always)
    func applyField(to body: inout SolverBody) {
        let dx = field.point.x - body.px, dy = field.point.y - body.py
        switch field.law {
        case .spring:
            pullLinearly(&body, dx, dy, stiffness: field.strength * body.invMass)
        case .radialGravity:
            let distanceSquared = dx * dx + dy * dy
            let falloff = field.falloffRadius
            if distanceSquared < falloff * falloff {
                pullLinearly(&body, dx, dy, stiffness: field.strength / falloff)
            } else if distanceSquared > 0 {
                let gain = h * field.strength / distanceSquared.squareRoot()
                body.vx += dx * gain
                body.vy += dy * gain
            }
        }
    }

    /// Implicit Euler for a pull of `stiffness` (ω², 1/s²) toward a point `(dx, dy)` away:
    /// v ← q·v + (1 − q)·d / h with q = 1 / (1 + h²ω²). Stable for every ω (explicit Euler
    /// diverges once ω·h > 2), and it reduces to the explicit update when h·ω is small.
    @inline(__always)
    func pullLinearly(_ body: inout SolverBody, _ dx: Double, _ dy: Double, stiffness: Double) {
        let q = 1 / (1 + h * h * stiffness)
        let pull = (1 - q) * inverseH
        body.vx = body.vx * q + dx * pull
        body.vy = body.vy * q + dy * pull
    }

    /// Caps a body's speed at `maxSpeed` radii per second, so no input can overflow a position.
    @inline(__always)
    func limitSpeed(_ body: inout SolverBody) {
        let limit = maxSpeed * body.radius
        let speedSquared = body.vx * body.vx + body.vy * body.vy
        guard speedSquared > limit * limit else { return }
        // Divide by the larger component first: the square of a huge speed may be infinite.
        let larger = max(abs(body.vx), abs(body.vy))
        let ux = body.vx / larger, uy = body.vy / larger
        let scale = limit / (ux * ux + uy * uy).squareRoot()
        body.vx = ux * scale
        body.vy = uy * scale
    }

    /// Re-applies last step's (or substep's) accumulated impulses.
    func warmStart() {
        for index in 0..<contacts.count {
            let contact = contacts[index]
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

    /// One Gauss–Seidel sweep over body and wall contacts. With `useBias` the soft push-out is
    /// on (solve); without, only approach is stopped (relax).
    func solve(useBias: Bool) {
        solveBodyContacts(useBias: useBias)
        solveWallContacts(useBias: useBias)
    }

    private func solveBodyContacts(useBias: Bool) {
        // Two copies of one loop, so each is straight-line code for its pass.
        if useBias { solveBodyContacts(soft: contactSoftness, biased: true) } else { solveBodyContacts(soft: contactSoftness, biased: false) }
    }

    /// One sweep, visiting the contacts as two interleaved halves (0, n/2, 1, n/2 + 1, …).
    /// Contacts are sorted by body `a`, so neighbours in the list share a body and each update
    /// would wait for the one before; two far-apart streams give the processor two independent
    /// chains to overlap. Still one deterministic Gauss–Seidel order.
    @inline(__always)
    private func solveBodyContacts(soft: Softness, biased: Bool) {
        let half = (contacts.count + 1) / 2
        for index in 0..<half {
            solveContact(index, soft: soft, biased: biased)
            let partner = index + half
            if partner < contacts.count { solveContact(partner, soft: soft, biased: biased) }
        }
    }

    @inline(__always)
    private func solveContact(_ index: Int, soft: Softness, biased: Bool) {
        let contact = contacts[index]
        let a = Int(contact.a), b = Int(contact.b)
        let nx = Double(contact.nx), ny = Double(contact.ny), accumulated = Double(contact.impulse)
        let bodyA = bodies[a], bodyB = bodies[b]
        let radiusSum = bodyA.radius + bodyB.radius
        let separation = nx * (bodyB.px - bodyA.px) + ny * (bodyB.py - bodyA.py) - radiusSum
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if separation > 0 {
            bias = separation * inverseH  // speculative: may close the gap, no more
        } else if biased {
            let push = -pushSpeed * 0.5 * radiusSum
            let spring = soft.biasRate * separation
            bias = spring > push ? spring : push
            massScale = soft.massScale
            impulseScale = soft.impulseScale
        }
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let impulse = -Double(contact.normalMass) * massScale * (normalSpeed + bias) - impulseScale * accumulated
        // Round the new total first, so what is applied is exactly what is stored.
        let total = Float(accumulated + impulse > 0 ? accumulated + impulse : 0)
        let applied = Double(total) - accumulated
        contacts[index].impulse = total
        let px = applied * nx, py = applied * ny
        bodies[a].vx = bodyA.vx - px * bodyA.invMass; bodies[a].vy = bodyA.vy - py * bodyA.invMass
        bodies[b].vx = bodyB.vx + px * bodyB.invMass; bodies[b].vy = bodyB.vy + py * bodyB.invMass
    }

    private func solveWallContacts(useBias: Bool) {
        for index in 0..<walls.count {
            let wall = walls[index]
            let slot = Int(wall.slot)
            let body = bodies[slot]
            let (dx, dy) = SolverContext.wallDirection(wall.side)
            let separation = World.wallSeparation(body, side: wall.side, rect: rect)
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if separation > 0 {
                bias = separation * inverseH
            } else if useBias {
                let push = -pushSpeed * body.radius
                let soft = wallSoftness.biasRate * separation
                bias = soft > push ? soft : push
                massScale = wallSoftness.massScale
                impulseScale = wallSoftness.impulseScale
            }
            let normalSpeed = body.vx * dx + body.vy * dy
            let impulse = -wall.normalMass * massScale * (normalSpeed + bias) - impulseScale * wall.impulse
            let total = wall.impulse + impulse > 0 ? wall.impulse + impulse : 0
            let applied = total - wall.impulse
            walls[index].impulse = total
            bodies[slot].vx = body.vx + dx * applied * body.invMass
            bodies[slot].vy = body.vy + dy * applied * body.invMass
        }
    }

    /// The direction a wall pushes: left +x, right −x, top +y, bottom −y.
    @inline(__always)
    static func wallDirection(_ side: Int32) -> (Double, Double) {
        switch side {
        case 0: return (1, 0)
        case 1: return (-1, 0)
        case 2: return (0, 1)
        default: return (0, -1)
        }
    }
}
