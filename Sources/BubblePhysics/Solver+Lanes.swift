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

/// The solver state of the bodies of four contact lanes as stored: one `SolverContext.motion`
/// row (velocity x, y; displacement x, y) per lane. A contact reads the difference of its two
/// bodies' rows in lanes, and its velocity changes go back as rows added to the rows it read
/// (−0 in the displacement columns), so the displacements are written back untouched.
struct LaneRows {
    var row0: SIMD4<Float>
    var row1: SIMD4<Float>
    var row2: SIMD4<Float>
    var row3: SIMD4<Float>

    /// Lane by lane, `self − other`.
    @inline(__always)
    static func - (lhs: LaneRows, rhs: LaneRows) -> LaneRows {
        LaneRows(row0: lhs.row0 - rhs.row0, row1: lhs.row1 - rhs.row1, row2: lhs.row2 - rhs.row2, row3: lhs.row3 - rhs.row3)
    }

    /// The rows transposed: velocity x, velocity y, displacement x, displacement y, one lane each.
    @inline(__always)
    var columns: (vx: SIMD4<Float>, vy: SIMD4<Float>, dx: SIMD4<Float>, dy: SIMD4<Float>) {
        let v01 = SIMD4(lowHalf: row0.lowHalf, highHalf: row1.lowHalf), v23 = SIMD4(lowHalf: row2.lowHalf, highHalf: row3.lowHalf)
        let d01 = SIMD4(lowHalf: row0.highHalf, highHalf: row1.highHalf), d23 = SIMD4(lowHalf: row2.highHalf, highHalf: row3.highHalf)
        return (SIMD4(lowHalf: v01.evenHalf, highHalf: v23.evenHalf), SIMD4(lowHalf: v01.oddHalf, highHalf: v23.oddHalf),
                SIMD4(lowHalf: d01.evenHalf, highHalf: d23.evenHalf), SIMD4(lowHalf: d01.oddHalf, highHalf: d23.oddHalf))
    }

    /// Adds a velocity change (`x`, `y`, one lane each) to each row; the displacements gain −0,
    /// which leaves every value, −0 included, as it was.
    @inline(__always)
    func adding(x: SIMD4<Float>, y: SIMD4<Float>) -> LaneRows {
        let low = SIMD4(x[0], y[0], x[1], y[1]), high = SIMD4(x[2], y[2], x[3], y[3])
        let keep = SIMD2<Float>(repeating: -0.0)
        return LaneRows(row0: row0 + SIMD4(lowHalf: low.lowHalf, highHalf: keep), row1: row1 + SIMD4(lowHalf: low.highHalf, highHalf: keep),
                        row2: row2 + SIMD4(lowHalf: high.lowHalf, highHalf: keep), row3: row3 + SIMD4(lowHalf: high.highHalf, highHalf: keep))
    }

    /// Subtracts a velocity change from each row; the displacements lose +0, which leaves them
    /// as they were.
    @inline(__always)
    func subtracting(x: SIMD4<Float>, y: SIMD4<Float>) -> LaneRows {
        let low = SIMD4(x[0], y[0], x[1], y[1]), high = SIMD4(x[2], y[2], x[3], y[3])
        let keep = SIMD2<Float>(repeating: 0)
        return LaneRows(row0: row0 - SIMD4(lowHalf: low.lowHalf, highHalf: keep), row1: row1 - SIMD4(lowHalf: low.highHalf, highHalf: keep),
                        row2: row2 - SIMD4(lowHalf: high.lowHalf, highHalf: keep), row3: row3 - SIMD4(lowHalf: high.highHalf, highHalf: keep))
    }
}

/// The colour groups, four contacts at a time: refresh, warm start, solve and relax. Every
/// function takes a range of groups within one colour (the refresh: any range), so it can run
/// whole or in chunks on several threads with the same result.
///
/// The substeps work on the solver state (`motion`: velocity and displacement since step
/// start, single precision, 16 bytes a body), so one SIMD4<Float> — one SSE or NEON register —
/// holds a body, and four bodies transpose into four lanes with a few shuffles. A contact's
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

    /// The solver state of four bodies, one row per lane.
    @inline(__always)
    func gatherRows(_ index: SIMD4<Int32>) -> LaneRows {
        LaneRows(row0: motion[Int(index[0])], row1: motion[Int(index[1])], row2: motion[Int(index[2])], row3: motion[Int(index[3])])
    }

    /// Inverse masses and radii of four bodies.
    @inline(__always)
    func gatherTraits(_ index: SIMD4<Int32>) -> (invMass: SIMD4<Float>, radius: SIMD4<Float>) {
        let t01 = SIMD4(lowHalf: traits[Int(index[0])], highHalf: traits[Int(index[1])])
        let t23 = SIMD4(lowHalf: traits[Int(index[2])], highHalf: traits[Int(index[3])])
        return (SIMD4(lowHalf: t01.evenHalf, highHalf: t23.evenHalf), SIMD4(lowHalf: t01.oddHalf, highHalf: t23.oddHalf))
    }

    /// Writes the solver state of four bodies (whole rows, so the next gather of a row reads
    /// what one store wrote), last lane first: a padding lane repeats the first lane's body
    /// with its old state, and the first lane's write wins.
    @inline(__always)
    func scatterRows(_ index: SIMD4<Int32>, _ rows: LaneRows) {
        motion[Int(index[3])] = rows.row3
        motion[Int(index[2])] = rows.row2
        motion[Int(index[1])] = rows.row1
        motion[Int(index[0])] = rows.row0
    }

    /// Once per step: every normal from the current centres (a fixed direction for coincident
    /// ones), every separation and mass from the current bodies, and the impulse dropped where
    /// the pair is beyond the speculative range.
    @inline(__always)
    func refresh(_ groups: Range<Int>) {
        for index in groups {
            let group = lanes[index]
            let bodyA = gather(group.a), bodyB = gather(group.b)
            let dx = bodyB.px - bodyA.px, dy = bodyB.py - bodyA.py
            let distance = (dx * dx + dy * dy).squareRoot()
            let radiusSum = bodyA.radius + bodyB.radius
            let inverse = 1 / distance
            var nx = dx * inverse, ny = dy * inverse
            let coincident = .!(distance .> 1e-9 * radiusSum)
            if any(coincident) {
                for lane in 0..<4 where coincident[lane] {
                    (nx[lane], ny[lane]) = World.fallbackNormal(group.a[lane], group.b[lane])
                }
            }
            let padding = SIMD4<Int64>(truncatingIfNeeded: group.a) .== SIMD4<Int64>(truncatingIfNeeded: group.b)
            let inverseMassSum = bodyA.invMass + bodyB.invMass
            var mass = 1 / inverseMassSum
            mass.replace(with: 0, where: .!(inverseMassSum .> 0) .| padding)
            var impulse = SIMD4<Double>(group.impulse)
            impulse.replace(with: 0, where: .!(distance .< contactRange * radiusSum) .| padding)
            lanes[index].impulse = SIMD4<Float>(impulse)
            geometry[index] = LaneGeometry(nx: SIMD4<Float>(nx), ny: SIMD4<Float>(ny), mass: SIMD4<Float>(mass),
                                           base: SolverContext.storedSeparation(nx * dx + ny * dy - radiusSum))
        }
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
            let bodyA = gatherRows(group.a), bodyB = gatherRows(group.b)
            let massA = gatherTraits(group.a).invMass, massB = gatherTraits(group.b).invMass
            let px = group.impulse * shape.nx, py = group.impulse * shape.ny
            scatterRows(group.b, bodyB.adding(x: px * massB, y: py * massB))
            scatterRows(group.a, bodyA.subtracting(x: px * massA, y: py * massA))
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
        let bodyA = gatherRows(group.a), bodyB = gatherRows(group.b)
        let traitsA = gatherTraits(group.a), traitsB = gatherTraits(group.b)
        let relative = (bodyB - bodyA).columns
        let separation = shape.base + (shape.nx * relative.dx + shape.ny * relative.dy)
        var bias = SIMD4<Float>(repeating: 0)
        var massScale = SIMD4<Float>(repeating: 1), impulseScale = SIMD4<Float>(repeating: 0)
        if biased {
            let push = constants.push * (traitsA.radius + traitsB.radius)
            let spring = constants.biasRate * separation
            bias = push
            bias.replace(with: spring, where: spring .> push)
            massScale = SIMD4(repeating: constants.massScale)
            impulseScale = SIMD4(repeating: constants.impulseScale)
        }
        let apart = separation .> 0  // speculative: may close the gap, no more
        bias.replace(with: separation * constants.inverseH, where: apart)
        massScale.replace(with: 1, where: apart)
        impulseScale.replace(with: 0, where: apart)
        let normalSpeed = relative.vx * shape.nx + relative.vy * shape.ny
        let change = -shape.mass * massScale * (normalSpeed + bias) - impulseScale * group.impulse
        let total = SolverContext.storedImpulse(group.impulse + change)
        let applied = total - group.impulse
        let px = applied * shape.nx, py = applied * shape.ny
        scatterRows(group.b, bodyB.adding(x: px * traitsB.invMass, y: py * traitsB.invMass))
        scatterRows(group.a, bodyA.subtracting(x: px * traitsA.invMass, y: py * traitsA.invMass))
        return total
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
