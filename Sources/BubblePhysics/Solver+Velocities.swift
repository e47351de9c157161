/// The velocity update of the substeps: field pull, resistance and the speed limit, two bodies
/// at a time where both take the common path.
///
/// The pair path computes exactly what the one-body path computes, lane by lane (the same
/// IEEE-754 operations in the same order, in SIMD2<Double>), so which path a body takes never
/// changes a bit. It covers the common case — two live dynamic bodies whose speeds stay under
/// the limit, with finite solver state, pulled from outside the falloff radius (radial gravity)
/// or by a spring, or not pulled — and hands anything else to the one-body path before writing.
extension SolverContext {
    /// Field pull and resistance for every dynamic body in `range`, between two applications of
    /// the speed limit (the first keeps a pull added to the largest finite speed finite). The
    /// first substep loads the solver state from the bodies (no displacement yet); later ones
    /// read the velocity from it.
    @inline(__always)
    func integrateVelocities(_ range: Range<Int>, first: Bool) {
        var slot = range.lowerBound
        while slot + 1 < range.upperBound {
            if !integrateVelocityPair(slot, first: first) {
                integrateVelocity(slot, first: first)
                integrateVelocity(slot + 1, first: first)
            }
            slot += 2
        }
        if slot < range.upperBound { integrateVelocity(slot, first: first) }
    }

    /// The velocity update of one body.
    @inline(__always)
    private func integrateVelocity(_ slot: Int, first: Bool) {
        let bodyFlags = flags[slot]
        guard bodyFlags.contains(.alive) else { return }
        var body = bodies[slot]
        var displacement = SIMD2<Float>.zero
        if first {
            traits[slot] = SIMD2(Float(body.invMass), Float(body.radius))
        } else {
            loadVelocity(slot, into: &body)
            displacement = motion[slot].highHalf
        }
        if !bodyFlags.contains(.kinematic) {
            limitSpeed(&body)
            if field.strength > 0 && bodyFlags.contains(.attracted) { applyField(to: &body) }
            let damping = 1 / (1 + h * resistances[slot])
            body.vx *= damping
            body.vy *= damping
        }
        limitSpeed(&body)
        motion[slot] = SIMD4(lowHalf: SIMD2(Float(body.vx), Float(body.vy)), highHalf: displacement)
    }

    /// The velocity update of bodies `slot` and `slot + 1` in two lanes; false, having written
    /// nothing, when either leaves the common path.
    @inline(__always)
    private func integrateVelocityPair(_ slot: Int, first: Bool) -> Bool {
        let flagsA = flags[slot], flagsB = flags[slot + 1]
        let pulled = field.strength > 0 && flagsA.contains(.attracted)
        guard flagsA == flagsB, flagsA.contains(.alive), !flagsA.contains(.kinematic) else { return false }
        let a = bodies[slot], b = bodies[slot + 1]
        var vx = SIMD2(a.vx, b.vx), vy = SIMD2(a.vy, b.vy)
        var displacement = SIMD4<Float>.zero
        if !first {
            let rowA = motion[slot], rowB = motion[slot + 1]
            let velocity = SIMD4(lowHalf: rowA.lowHalf, highHalf: rowB.lowHalf)
            guard SolverContext.allFinite(velocity) else { return false }
            vx = SIMD2(Double(rowA.x), Double(rowB.x))
            vy = SIMD2(Double(rowA.y), Double(rowB.y))
            displacement = SIMD4(lowHalf: rowA.highHalf, highHalf: rowB.highHalf)
        }
        let radius = SIMD2(a.radius, b.radius)
        let limit = maxSpeed * radius, limitSquared = limit * limit
        guard all(vx * vx + vy * vy .<= limitSquared) else { return false }
        if pulled {
            guard pull(&vx, &vy, px: SIMD2(a.px, b.px), py: SIMD2(a.py, b.py), invMass: SIMD2(a.invMass, b.invMass),
                       radius: radius) else {
                return false
            }
        }
        let damping = 1 / (1 + h * SIMD2(resistances[slot], resistances[slot + 1]))
        vx *= damping
        vy *= damping
        guard all(vx * vx + vy * vy .<= limitSquared) else { return false }
        if first {
            traits[slot] = SIMD2(Float(a.invMass), Float(a.radius))
            traits[slot + 1] = SIMD2(Float(b.invMass), Float(b.radius))
        }
        let velocity = SIMD2<Float>(vx), velocityY = SIMD2<Float>(vy)
        motion[slot] = SIMD4(velocity[0], velocityY[0], displacement[0], displacement[1])
        motion[slot + 1] = SIMD4(velocity[1], velocityY[1], displacement[2], displacement[3])
        return true
    }

    /// `applyField` for two bodies; false when either is inside the falloff radius or on the
    /// point, or, with the uniform spring, when one is within its reach and the other beyond
    /// (the one-body path handles those).
    @inline(__always)
    private func pull(_ vx: inout SIMD2<Double>, _ vy: inout SIMD2<Double>, px: SIMD2<Double>, py: SIMD2<Double>,
                      invMass: SIMD2<Double>, radius: SIMD2<Double>) -> Bool {
        let dx = field.point.x - px, dy = field.point.y - py
        switch field.law {
        case .spring:
            let q = 1 / (1 + h * h * (field.strength * invMass))
            let pull = (1 - q) * inverseH
            vx = vx * q + dx * pull
            vy = vy * q + dy * pull
        case .uniformSpring:
            return pullUniformly(&vx, &vy, dx: dx, dy: dy, radius: radius)
        case .radialGravity:
            let distanceSquared = dx * dx + dy * dy
            let falloff = field.falloffRadius
            guard all(distanceSquared .>= falloff * falloff), all(distanceSquared .> 0) else { return false }
            let inverse = 1 / distanceSquared.squareRoot()
            let gain = h * field.strength
            vx += (dx * inverse) * gain
            vy += (dy * inverse) * gain
        }
        return true
    }

    /// The uniform spring's part of `pull`: false when one body is within its reach and the other
    /// beyond.
    @inline(__always)
    private func pullUniformly(_ vx: inout SIMD2<Double>, _ vy: inout SIMD2<Double>, dx: SIMD2<Double>, dy: SIMD2<Double>,
                               radius: SIMD2<Double>) -> Bool {
        let reach = field.reach * radius
        let distanceSquared = dx * dx + dy * dy
        let within = distanceSquared .<= reach * reach
        if all(within) {
            let q = 1 / (1 + h * h * field.strength)
            let pull = (1 - q) * inverseH
            vx = vx * q + dx * pull
            vy = vy * q + dy * pull
            return true
        }
        guard !any(within) else { return false }
        let inverse = 1 / distanceSquared.squareRoot()
        var acceleration = field.strength * reach
        acceleration.replace(with: .greatestFiniteMagnitude, where: acceleration .> .greatestFiniteMagnitude)
        let gain = h * acceleration
        vx += (dx * inverse) * gain
        vy += (dy * inverse) * gain
        return true
    }

    /// True when every lane is finite.
    @inline(__always)
    static func allFinite(_ values: SIMD4<Float>) -> Bool {
        // A finite value minus itself is 0; infinity or NaN gives NaN, which is not 0.
        all(values - values .== 0)
    }
}
