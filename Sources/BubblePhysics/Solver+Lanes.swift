/// The bodies of four contact lanes at step start, in double precision (the refresh and the
/// approach speeds of restitution read them).
struct LaneBodies {
    var px: SIMD4<Double>
    var py: SIMD4<Double>
    var vx: SIMD4<Double>
    var vy: SIMD4<Double>
    var invMass: SIMD4<Double>
    var radius: SIMD4<Double>
}

/// The solver state of the bodies of four contact lanes as columns: velocity and displacement
/// since step start, one lane each.
struct LaneMotion {
    var vx: Lane4
    var vy: Lane4
    var dx: Lane4
    var dy: Lane4
}

/// The colour groups, four contacts at a time: refresh, warm start, solve and relax. Every
/// function takes a range of groups within one colour (the refresh: any range), so it can run
/// whole or in chunks on several threads with the same result.
///
/// The substeps work on the solver state (`motion`: velocity and displacement since step
/// start, single precision, 16 bytes a body, one `SIMD4<Float>` row), read into `Lane4` columns
/// so an unoptimised build runs the lane arithmetic as inlined scalar code. A contact's
/// separation is its value at step start (`base`, computed in double) plus the normal
/// component of the two displacements, so positions never enter the contact loops.
extension SolverContext {
    // The gathers and scatters index the buffers directly: checked in debug builds, unchecked
    // in release (the build writes only live slots, `checkInvariants` verifies it).

    /// The bodies of four lanes, in double precision.
    @inline(__always)
    func gather(_ index: SIMD4<Int32>) -> LaneBodies {
        let b0 = bodies[Int(index[0])], b1 = bodies[Int(index[1])], b2 = bodies[Int(index[2])], b3 = bodies[Int(index[3])]
        return LaneBodies(px: SIMD4(b0.px, b1.px, b2.px, b3.px), py: SIMD4(b0.py, b1.py, b2.py, b3.py),
                          vx: SIMD4(b0.vx, b1.vx, b2.vx, b3.vx), vy: SIMD4(b0.vy, b1.vy, b2.vy, b3.vy),
                          invMass: SIMD4(b0.invMass, b1.invMass, b2.invMass, b3.invMass),
                          radius: SIMD4(b0.radius, b1.radius, b2.radius, b3.radius))
    }

    /// The solver state of four bodies as columns of `Lane4`s.
    @inline(__always)
    func gatherMotion(_ index: SIMD4<Int32>) -> LaneMotion {
        let row0 = motion[Int(index[0])], row1 = motion[Int(index[1])]
        let row2 = motion[Int(index[2])], row3 = motion[Int(index[3])]
        return LaneMotion(vx: Lane4(row0[0], row1[0], row2[0], row3[0]), vy: Lane4(row0[1], row1[1], row2[1], row3[1]),
                          dx: Lane4(row0[2], row1[2], row2[2], row3[2]), dy: Lane4(row0[3], row1[3], row2[3], row3[3]))
    }

    /// Inverse masses and radii of four bodies as `Lane4`s.
    @inline(__always)
    func gatherTraitLanes(_ index: SIMD4<Int32>) -> (invMass: Lane4, radius: Lane4) {
        let t0 = traits[Int(index[0])], t1 = traits[Int(index[1])], t2 = traits[Int(index[2])], t3 = traits[Int(index[3])]
        return (Lane4(t0[0], t1[0], t2[0], t3[0]), Lane4(t0[1], t1[1], t2[1], t3[1]))
    }

    /// Writes four bodies' new velocities with the displacements `read` gathered, as whole rows
    /// (so the next gather of a row reads what one store wrote), last lane first: a padding lane
    /// repeats the first lane's body with its old state, and the first lane's write wins.
    @inline(__always)
    func scatterMotion(_ index: SIMD4<Int32>, _ read: LaneMotion, vx: Lane4, vy: Lane4) {
        motion[Int(index[3])] = SIMD4(vx.d, vy.d, read.dx.d, read.dy.d)
        motion[Int(index[2])] = SIMD4(vx.c, vy.c, read.dx.c, read.dy.c)
        motion[Int(index[1])] = SIMD4(vx.b, vy.b, read.dx.b, read.dy.b)
        motion[Int(index[0])] = SIMD4(vx.a, vy.a, read.dx.a, read.dy.a)
    }

    /// Once per step: every normal from the current centres (a fixed direction for coincident
    /// ones), every separation and mass from the current bodies, and the impulse dropped where
    /// the pair is beyond the speculative range.
    @inline(__always)
    func refresh(_ groups: Range<Int>) {
        for index in groups {
            let group = lanes[index]
            let bodyA = gather(group.a), bodyB = gather(group.b)
            let dx = Lane4D(bodyB.px) - Lane4D(bodyA.px), dy = Lane4D(bodyB.py) - Lane4D(bodyA.py)
            let distance = (dx * dx + dy * dy).squareRoot()
            let radiusSum = Lane4D(bodyA.radius) + Lane4D(bodyB.radius)
            let inverse = Lane4D(repeating: 1) / distance
            var nx = dx * inverse, ny = dy * inverse
            let coincident = .!(distance .> Lane4D(repeating: 1e-9) * radiusSum)
            if coincident.any {
                for lane in 0..<4 where coincident[lane] {
                    (nx[lane], ny[lane]) = World.fallbackNormal(group.a[lane], group.b[lane])
                }
            }
            let padding = Lane4Mask(group.a[0] == group.b[0], group.a[1] == group.b[1],
                                    group.a[2] == group.b[2], group.a[3] == group.b[3])
            let inverseMassSum = Lane4D(bodyA.invMass) + Lane4D(bodyB.invMass)
            var mass = Lane4D(repeating: 1) / inverseMassSum
            mass.replace(with: 0, where: .!(inverseMassSum .> Lane4D(repeating: 0)) .| padding)
            let stored = group.impulse
            var impulse = Lane4D(Double(stored[0]), Double(stored[1]), Double(stored[2]), Double(stored[3]))
            impulse.replace(with: 0, where: .!(distance .< Lane4D(repeating: contactRange) * radiusSum) .| padding)
            lanes[index].impulse = impulse.singles
            geometry[index] = LaneGeometry(nx: nx.singles, ny: ny.singles, mass: mass.singles,
                                           base: SolverContext.storedSeparation(nx * dx + ny * dy - radiusSum))
        }
    }

    /// The same in `Lane4D`s.
    @inline(__always)
    static func storedSeparation(_ separation: Lane4D) -> SIMD4<Float> {
        var clamped = separation
        clamped.replace(with: largestFloat, where: separation .> Lane4D(repeating: largestFloat))
        clamped.replace(with: -largestFloat, where: separation .< Lane4D(repeating: -largestFloat))
        return clamped.singles
    }

    /// A separation at step start as stored: single precision, within its finite range (two
    /// bodies a position limit apart still have a finite gap).
    @inline(__always)
    static func storedSeparation(_ separation: SIMD4<Double>) -> SIMD4<Float> {
        var clamped = separation
        clamped.replace(with: largestFloat, where: separation .> largestFloat)
        clamped.replace(with: -largestFloat, where: separation .< -largestFloat)
        return SIMD4<Float>(clamped)
    }

    /// Re-applies the accumulated impulses of a range of groups of one colour.
    @inline(__always)
    func warmStart(_ groups: Range<Int>) {
        for index in groups {
            let group = lanes[index], shape = geometry[index]
            let bodyA = gatherMotion(group.a), bodyB = gatherMotion(group.b)
            let massA = gatherTraitLanes(group.a).invMass, massB = gatherTraitLanes(group.b).invMass
            let impulse = Lane4(group.impulse)
            let px = impulse * Lane4(shape.nx), py = impulse * Lane4(shape.ny)
            scatterMotion(group.b, bodyB, vx: bodyB.vx + px * massB, vy: bodyB.vy + py * massB)
            scatterMotion(group.a, bodyA, vx: bodyA.vx - px * massA, vy: bodyA.vy - py * massA)
        }
    }

    /// One sweep over a range of groups of one colour with the soft push-out on (the solve).
    @inline(__always)
    func solve(_ groups: Range<Int>) {
        let constants = LaneConstants(self)
        for index in groups { lanes[index].impulse = solveGroup(lanes[index], geometry[index], constants, biased: true) }
    }

    /// One sweep over a range of groups of one colour that only stops approach (the relax).
    /// Its own function, like `solve`, so each is straight-line code for its pass.
    @inline(__always)
    func relax(_ groups: Range<Int>) {
        let constants = LaneConstants(self)
        for index in groups { lanes[index].impulse = solveGroup(lanes[index], geometry[index], constants, biased: false) }
    }

    /// Solves the four contacts of a group at once; returns their new accumulated impulses.
    @inline(__always)
    private func solveGroup(_ group: ContactLanes, _ shape: LaneGeometry, _ constants: LaneConstants,
                            biased: Bool) -> SIMD4<Float> {
        let bodyA = gatherMotion(group.a), bodyB = gatherMotion(group.b)
        let traitsA = gatherTraitLanes(group.a), traitsB = gatherTraitLanes(group.b)
        let nx = Lane4(shape.nx), ny = Lane4(shape.ny), impulse = Lane4(group.impulse)
        let separation = Lane4(shape.base) + (nx * (bodyB.dx - bodyA.dx) + ny * (bodyB.dy - bodyA.dy))
        var bias = Lane4(repeating: 0)
        var massScale = Lane4(repeating: 1), impulseScale = Lane4(repeating: 0)
        if biased {
            let push = Lane4(repeating: constants.push) * (traitsA.radius + traitsB.radius)
            let spring = Lane4(repeating: constants.biasRate) * separation
            bias = push
            bias.replace(with: spring, where: spring .> push)
            massScale = Lane4(repeating: constants.massScale)
            impulseScale = Lane4(repeating: constants.impulseScale)
        }
        let apart = separation .> 0  // speculative: may close the gap, no more
        bias.replace(with: separation * Lane4(repeating: constants.inverseH), where: apart)
        massScale.replace(with: 1, where: apart)
        impulseScale.replace(with: 0, where: apart)
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let change = -Lane4(shape.mass) * massScale * (normalSpeed + bias) - impulseScale * impulse
        let total = SolverContext.storedImpulse(impulse + change)
        let applied = total - impulse
        let px = applied * nx, py = applied * ny
        scatterMotion(group.b, bodyB, vx: bodyB.vx + px * traitsB.invMass, vy: bodyB.vy + py * traitsB.invMass)
        scatterMotion(group.a, bodyA, vx: bodyA.vx - px * traitsA.invMass, vy: bodyA.vy - py * traitsA.invMass)
        return total.simd
    }

    /// Single precision's largest finite value: the largest impulse or separation a contact stores.
    static let largestFloat = Double(Float.greatestFiniteMagnitude)

    /// A new accumulated impulse as stored: not negative, finite (an infinite sum becomes the
    /// largest finite value), NaN impossible (and would become 0).
    @inline(__always)
    static func storedImpulse(_ sum: SIMD4<Float>) -> SIMD4<Float> {
        var total = sum
        total.replace(with: 0, where: .!(sum .> 0))
        total.replace(with: .greatestFiniteMagnitude, where: sum .> .greatestFiniteMagnitude)
        return total
    }

    /// The same in `Lane4`s.
    @inline(__always)
    static func storedImpulse(_ sum: Lane4) -> Lane4 {
        var total = sum
        total.replace(with: 0, where: .!(sum .> 0))
        total.replace(with: .greatestFiniteMagnitude, where: sum .> .greatestFiniteMagnitude)
        return total
    }

    /// The same for one contact.
    @inline(__always)
    static func storedImpulse(_ sum: Float) -> Float {
        sum > 0 ? (sum < .greatestFiniteMagnitude ? sum : .greatestFiniteMagnitude) : 0
    }

    /// The same for a sum in double precision (restitution, walls' carried values).
    @inline(__always)
    static func storedImpulse(_ sum: Double) -> Float {
        Float(sum > 0 ? (sum < largestFloat ? sum : largestFloat) : 0)
    }
}

/// The step's constants in single precision, for the lane loops.
struct LaneConstants {
    /// −pushSpeed / 2: times the radius sum, the largest push-out speed of a pair.
    var push: Float
    var biasRate: Float
    var massScale: Float
    var impulseScale: Float
    var inverseH: Float

    @inline(__always)
    init(_ context: SolverContext) {
        push = Float(-context.pushSpeed * 0.5)
        biasRate = Float(context.contactSoftness.biasRate)
        massScale = Float(context.contactSoftness.massScale)
        impulseScale = Float(context.contactSoftness.impulseScale)
        inverseH = Float(context.inverseH)
    }
}
