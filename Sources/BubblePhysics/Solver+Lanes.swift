/// The bodies of four contact lanes, gathered into SIMD vectors.
struct LaneBodies {
    var px: SIMD4<Double>
    var py: SIMD4<Double>
    var vx: SIMD4<Double>
    var vy: SIMD4<Double>
    var invMass: SIMD4<Double>
    var radius: SIMD4<Double>
}

/// The bodies of two contact lanes.
struct PairBodies {
    var px: SIMD2<Double>
    var py: SIMD2<Double>
    var vx: SIMD2<Double>
    var vy: SIMD2<Double>
    var invMass: SIMD2<Double>
    var radius: SIMD2<Double>
}

/// The colour groups, four contacts at a time: refresh, warm start, solve and relax. Every
/// function takes a range of groups within one colour (the refresh: any range), so it can run
/// whole or in chunks on several threads with the same result.
extension SolverContext {
    @inline(__always)
    func gather(_ index: SIMD4<Int32>) -> LaneBodies {
        let base = bodies.baseAddress.unsafelyUnwrapped
        let b0 = base[Int(index[0])], b1 = base[Int(index[1])], b2 = base[Int(index[2])], b3 = base[Int(index[3])]
        return LaneBodies(px: SIMD4(b0.px, b1.px, b2.px, b3.px), py: SIMD4(b0.py, b1.py, b2.py, b3.py),
                          vx: SIMD4(b0.vx, b1.vx, b2.vx, b3.vx), vy: SIMD4(b0.vy, b1.vy, b2.vy, b3.vy),
                          invMass: SIMD4(b0.invMass, b1.invMass, b2.invMass, b3.invMass),
                          radius: SIMD4(b0.radius, b1.radius, b2.radius, b3.radius))
    }

    /// The bodies of two lanes.
    @inline(__always)
    func gather(_ index: SIMD2<Int32>) -> PairBodies {
        let base = bodies.baseAddress.unsafelyUnwrapped
        let b0 = base[Int(index[0])], b1 = base[Int(index[1])]
        return PairBodies(px: SIMD2(b0.px, b1.px), py: SIMD2(b0.py, b1.py), vx: SIMD2(b0.vx, b1.vx),
                          vy: SIMD2(b0.vy, b1.vy), invMass: SIMD2(b0.invMass, b1.invMass), radius: SIMD2(b0.radius, b1.radius))
    }

    /// Writes the new velocities of both bodies of two lanes, the second lane first.
    @inline(__always)
    func scatter(_ a: SIMD2<Int32>, _ ax: SIMD2<Double>, _ ay: SIMD2<Double>,
                 _ b: SIMD2<Int32>, _ bx: SIMD2<Double>, _ by: SIMD2<Double>) {
        // Unchecked writes: debug builds check the slots (a bad one would corrupt memory).
        assert(a.min() >= 0 && b.min() >= 0 && Int(a.max()) < bodies.count && Int(b.max()) < bodies.count, "contact slot out of range")
        let base = bodies.baseAddress.unsafelyUnwrapped
        base[Int(a[1])].vx = ax[1]
        base[Int(a[1])].vy = ay[1]
        base[Int(b[1])].vx = bx[1]
        base[Int(b[1])].vy = by[1]
        base[Int(a[0])].vx = ax[0]
        base[Int(a[0])].vy = ay[0]
        base[Int(b[0])].vx = bx[0]
        base[Int(b[0])].vy = by[0]
    }

    /// Writes the new velocities of both bodies of four lanes, last lane first: a padding lane
    /// repeats the first lane's body with its old velocity, and the first lane's write wins.
    @inline(__always)
    func scatter(_ a: SIMD4<Int32>, _ ax: SIMD4<Double>, _ ay: SIMD4<Double>,
                 _ b: SIMD4<Int32>, _ bx: SIMD4<Double>, _ by: SIMD4<Double>) {
        assert(a.min() >= 0 && b.min() >= 0 && Int(a.max()) < bodies.count && Int(b.max()) < bodies.count, "contact slot out of range")
        let base = bodies.baseAddress.unsafelyUnwrapped
        for lane in stride(from: 3, through: 0, by: -1) {
            base[Int(a[lane])].vx = ax[lane]
            base[Int(a[lane])].vy = ay[lane]
            base[Int(b[lane])].vx = bx[lane]
            base[Int(b[lane])].vy = by[lane]
        }
    }

    /// Once per step: every normal from the current centres (a fixed direction for coincident
    /// ones), every mass from the current bodies, and the impulse dropped where the pair is
    /// beyond the speculative range.
    func refresh(_ groups: Range<Int>) {
        for index in groups {
            var group = lanes[index]
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
            group.nx = SIMD4<Float>(nx)
            group.ny = SIMD4<Float>(ny)
            group.mass = SIMD4<Float>(mass)
            group.impulse = SIMD4<Float>(impulse)
            lanes[index] = group
        }
    }

    /// Re-applies the accumulated impulses of a range of groups of one colour.
    func warmStart(_ groups: Range<Int>) {
        for index in groups {
            let group = lanes[index]
            // Upper half first: a padding lane repeats lane 0's body and must write before it.
            warmStart(group.a.highHalf, group.b.highHalf, group.nx.highHalf, group.ny.highHalf, group.impulse.highHalf)
            warmStart(group.a.lowHalf, group.b.lowHalf, group.nx.lowHalf, group.ny.lowHalf, group.impulse.lowHalf)
        }
    }

    @inline(__always)
    private func warmStart(_ a: SIMD2<Int32>, _ b: SIMD2<Int32>, _ nx: SIMD2<Float>, _ ny: SIMD2<Float>, _ impulse: SIMD2<Float>) {
        let bodyA = gather(a), bodyB = gather(b)
        let impulse = SIMD2<Double>(impulse)
        let px = impulse * SIMD2<Double>(nx), py = impulse * SIMD2<Double>(ny)
        scatter(a, bodyA.vx - px * bodyA.invMass, bodyA.vy - py * bodyA.invMass,
                b, bodyB.vx + px * bodyB.invMass, bodyB.vy + py * bodyB.invMass)
    }

    /// One sweep over a range of groups of one colour. With `biased` the soft push-out is on
    /// (solve); without, only approach is stopped (relax).
    func solve(_ groups: Range<Int>, biased: Bool) {
        // Two copies of one loop, so each is straight-line code for its pass.
        if biased {
            for index in groups { solveGroup(index, biased: true) }
        } else {
            for index in groups { solveGroup(index, biased: false) }
        }
    }

    /// Solves a group as two pairs of lanes (SIMD2<Double>: one SSE2 or NEON register each, so
    /// the gathered bodies stay in registers), the upper pair first.
    @inline(__always)
    private func solveGroup(_ index: Int, biased: Bool) {
        let group = lanes[index]
        let high = solvePair(group.a.highHalf, group.b.highHalf, group.nx.highHalf, group.ny.highHalf,
                             group.mass.highHalf, group.impulse.highHalf, biased: biased)
        let low = solvePair(group.a.lowHalf, group.b.lowHalf, group.nx.lowHalf, group.ny.lowHalf,
                            group.mass.lowHalf, group.impulse.lowHalf, biased: biased)
        lanes[index].impulse = SIMD4(lowHalf: low, highHalf: high)
    }

    @inline(__always)
    private func solvePair(_ a: SIMD2<Int32>, _ b: SIMD2<Int32>, _ nx: SIMD2<Float>, _ ny: SIMD2<Float>,
                           _ mass: SIMD2<Float>, _ impulse: SIMD2<Float>, biased: Bool) -> SIMD2<Float> {
        let bodyA = gather(a), bodyB = gather(b)
        let nx = SIMD2<Double>(nx), ny = SIMD2<Double>(ny)
        let accumulated = SIMD2<Double>(impulse)
        let radiusSum = bodyA.radius + bodyB.radius
        let separation = nx * (bodyB.px - bodyA.px) + ny * (bodyB.py - bodyA.py) - radiusSum
        var bias = SIMD2<Double>(repeating: 0)
        var massScale = SIMD2<Double>(repeating: 1), impulseScale = SIMD2<Double>(repeating: 0)
        if biased {
            let push = (-pushSpeed * 0.5) * radiusSum
            let spring = contactSoftness.biasRate * separation
            bias = push
            bias.replace(with: spring, where: spring .> push)
            massScale = SIMD2(repeating: contactSoftness.massScale)
            impulseScale = SIMD2(repeating: contactSoftness.impulseScale)
        }
        let apart = separation .> 0  // speculative: may close the gap, no more
        bias.replace(with: separation * inverseH, where: apart)
        massScale.replace(with: 1, where: apart)
        impulseScale.replace(with: 0, where: apart)
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let change = -SIMD2<Double>(mass) * massScale * (normalSpeed + bias) - impulseScale * accumulated
        // Round the new total first, so what is applied is exactly what is stored.
        let total = SolverContext.storedImpulse(accumulated + change)
        let applied = SIMD2<Double>(total) - accumulated
        let px = applied * nx, py = applied * ny
        scatter(a, bodyA.vx - px * bodyA.invMass, bodyA.vy - py * bodyA.invMass,
                b, bodyB.vx + px * bodyB.invMass, bodyB.vy + py * bodyB.invMass)
        return total
    }

    /// Largest impulse a contact stores (single precision's largest finite value).
    static let largestImpulse = Double(Float.greatestFiniteMagnitude)

    /// A new accumulated impulse as stored: not negative, within single precision (so never
    /// infinite, whatever masses and speeds met), rounded to nearest. NaN cannot arise, and would
    /// become 0.
    @inline(__always)
    static func storedImpulse(_ sum: SIMD4<Double>) -> SIMD4<Float> {
        var total = sum
        total.replace(with: 0, where: .!(sum .> 0))
        total.replace(with: largestImpulse, where: sum .> largestImpulse)
        return SIMD4<Float>(total)
    }

    /// The same for two lanes.
    @inline(__always)
    static func storedImpulse(_ sum: SIMD2<Double>) -> SIMD2<Float> {
        var total = sum
        total.replace(with: 0, where: .!(sum .> 0))
        total.replace(with: largestImpulse, where: sum .> largestImpulse)
        return SIMD2<Float>(total)
    }

    /// The same for one contact.
    @inline(__always)
    static func storedImpulse(_ sum: Double) -> Float {
        Float(sum > 0 ? (sum < largestImpulse ? sum : largestImpulse) : 0)
    }
}
