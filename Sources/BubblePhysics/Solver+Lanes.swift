/// The bodies of four contact lanes, gathered into SIMD vectors.
struct LaneBodies {
    var px: SIMD4<Double>
    var py: SIMD4<Double>
    var vx: SIMD4<Double>
    var vy: SIMD4<Double>
    var invMass: SIMD4<Double>
    var radius: SIMD4<Double>
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

    /// Writes the new velocities of both bodies of four lanes, last lane first: a padding lane
    /// repeats the first lane's body with its old velocity, and the first lane's write wins.
    @inline(__always)
    func scatter(_ a: SIMD4<Int32>, _ ax: SIMD4<Double>, _ ay: SIMD4<Double>,
                 _ b: SIMD4<Int32>, _ bx: SIMD4<Double>, _ by: SIMD4<Double>) {
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
            let bodyA = gather(group.a), bodyB = gather(group.b)
            let impulse = SIMD4<Double>(group.impulse)
            let px = impulse * SIMD4<Double>(group.nx), py = impulse * SIMD4<Double>(group.ny)
            scatter(group.a, bodyA.vx - px * bodyA.invMass, bodyA.vy - py * bodyA.invMass,
                    group.b, bodyB.vx + px * bodyB.invMass, bodyB.vy + py * bodyB.invMass)
        }
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

    @inline(__always)
    private func solveGroup(_ index: Int, biased: Bool) {
        let group = lanes[index]
        let bodyA = gather(group.a), bodyB = gather(group.b)
        let nx = SIMD4<Double>(group.nx), ny = SIMD4<Double>(group.ny)
        let accumulated = SIMD4<Double>(group.impulse)
        let radiusSum = bodyA.radius + bodyB.radius
        let separation = nx * (bodyB.px - bodyA.px) + ny * (bodyB.py - bodyA.py) - radiusSum
        var bias = SIMD4<Double>(repeating: 0)
        var massScale = SIMD4<Double>(repeating: 1), impulseScale = SIMD4<Double>(repeating: 0)
        if biased {
            let push = (-pushSpeed * 0.5) * radiusSum
            let spring = contactSoftness.biasRate * separation
            bias = push
            bias.replace(with: spring, where: spring .> push)
            massScale = SIMD4(repeating: contactSoftness.massScale)
            impulseScale = SIMD4(repeating: contactSoftness.impulseScale)
        }
        let apart = separation .> 0  // speculative: may close the gap, no more
        bias.replace(with: separation * inverseH, where: apart)
        massScale.replace(with: 1, where: apart)
        impulseScale.replace(with: 0, where: apart)
        let normalSpeed = (bodyB.vx - bodyA.vx) * nx + (bodyB.vy - bodyA.vy) * ny
        let impulse = -SIMD4<Double>(group.mass) * massScale * (normalSpeed + bias) - impulseScale * accumulated
        // Round the new total first, so what is applied is exactly what is stored.
        let total = SolverContext.storedImpulse(accumulated + impulse)
        let applied = SIMD4<Double>(total) - accumulated
        lanes[index].impulse = total
        let px = applied * nx, py = applied * ny
        scatter(group.a, bodyA.vx - px * bodyA.invMass, bodyA.vy - py * bodyA.invMass,
                group.b, bodyB.vx + px * bodyB.invMass, bodyB.vy + py * bodyB.invMass)
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

    /// The same for one contact.
    @inline(__always)
    static func storedImpulse(_ sum: Double) -> Float {
        Float(sum > 0 ? (sum < largestImpulse ? sum : largestImpulse) : 0)
    }
}
