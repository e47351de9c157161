/// The velocity update of the substeps: field pull, resistance and the speed limit, two bodies
/// at a time where both take the common path.
///
/// The pair path computes exactly what the one-body path computes, lane by lane (the same
/// IEEE-754 operations in the same order, in two `Lane2D` lanes), so which path a body takes never
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
        let bodyFlags = flag[slot]
        guard bodyFlags.contains(.alive) else { return }
        var body = self.body[slot]
        let row = motionScalars + 4 * slot
        var displacementX: Float = 0, displacementY: Float = 0
        if first {
            traitScalars[2 * slot] = Float(body.invMass)
            traitScalars[2 * slot + 1] = Float(body.radius)
        } else {
            loadVelocity(slot, into: &body)
            displacementX = row[2]
            displacementY = row[3]
        }
        if !bodyFlags.contains(.kinematic) {
            limitSpeed(&body)
            if field.strength > 0 && bodyFlags.contains(.attracted) { applyField(to: &body) }
            let damping = 1 / (1 + h * resistance[slot])
            body.vx *= damping
            body.vy *= damping
        }
        limitSpeed(&body)
        row[0] = Float(body.vx)
        row[1] = Float(body.vy)
        row[2] = displacementX
        row[3] = displacementY
    }

    /// The velocity update of bodies `slot` and `slot + 1` in two lanes; false, having written
    /// nothing, when either leaves the common path.
    @inline(__always)
    private func integrateVelocityPair(_ slot: Int, first: Bool) -> Bool {
        let flagsA = flag[slot], flagsB = flag[slot + 1]
        let pulled = field.strength > 0 && flagsA.contains(.attracted)
        guard flagsA.rawValue == flagsB.rawValue, flagsA.contains(.alive), !flagsA.contains(.kinematic) else { return false }
        let a = body[slot], b = body[slot + 1]
        let rowA = motionScalars + 4 * slot, rowB = rowA + 4
        var vx = Lane2D(a.vx, b.vx), vy = Lane2D(a.vy, b.vy)
        var displacement = (Float(0), Float(0), Float(0), Float(0))
        if !first {
            guard SolverContext.allFiniteScalars(rowA[0], rowA[1], rowB[0], rowB[1]) else { return false }
            vx = Lane2D(Double(rowA[0]), Double(rowB[0]))
            vy = Lane2D(Double(rowA[1]), Double(rowB[1]))
            displacement = (rowA[2], rowA[3], rowB[2], rowB[3])
        }
        let radius = Lane2D(a.radius, b.radius)
        let limit = Lane2D(repeating: maxSpeed) * radius, limitSquared = limit * limit
        guard Lane2D.allAtMost(vx * vx + vy * vy, limitSquared) else { return false }
        if pulled {
            guard pull(&vx, &vy, px: Lane2D(a.px, b.px), py: Lane2D(a.py, b.py), invMass: Lane2D(a.invMass, b.invMass),
                       radius: radius) else {
                return false
            }
        }
        let damping = Lane2D(repeating: 1) / (Lane2D(repeating: 1) + Lane2D(repeating: h) * Lane2D(resistance[slot], resistance[slot + 1]))
        vx = vx * damping
        vy = vy * damping
        guard Lane2D.allAtMost(vx * vx + vy * vy, limitSquared) else { return false }
        if first {
            let traits = traitScalars + 2 * slot
            traits[0] = Float(a.invMass)
            traits[1] = Float(a.radius)
            traits[2] = Float(b.invMass)
            traits[3] = Float(b.radius)
        }
        rowA[0] = Float(vx.a)
        rowA[1] = Float(vy.a)
        (rowA[2], rowA[3]) = (displacement.0, displacement.1)
        rowB[0] = Float(vx.b)
        rowB[1] = Float(vy.b)
        (rowB[2], rowB[3]) = (displacement.2, displacement.3)
        return true
    }

    /// `applyField` for two bodies; false when either is inside the falloff radius or on the
    /// point, or, with the uniform spring, when one is within its reach and the other beyond
    /// (the one-body path handles those).
    @inline(__always)
    private func pull(_ vx: inout Lane2D, _ vy: inout Lane2D, px: Lane2D, py: Lane2D,
                      invMass: Lane2D, radius: Lane2D) -> Bool {
        let dx = Lane2D(repeating: field.point.x) - px, dy = Lane2D(repeating: field.point.y) - py
        switch field.law {
        case .spring:
            let q = Lane2D(repeating: 1) / (Lane2D(repeating: 1) + Lane2D(repeating: h * h) * (Lane2D(repeating: field.strength) * invMass))
            let pull = (Lane2D(repeating: 1) - q) * Lane2D(repeating: inverseH)
            vx = vx * q + dx * pull
            vy = vy * q + dy * pull
        case .uniformSpring:
            return pullUniformly(&vx, &vy, dx: dx, dy: dy, radius: radius)
        case .radialGravity:
            let distanceSquared = dx * dx + dy * dy
            let falloff = field.falloffRadius
            guard distanceSquared.a >= falloff * falloff, distanceSquared.b >= falloff * falloff,
                  distanceSquared.a > 0, distanceSquared.b > 0 else { return false }
            let inverse = Lane2D(repeating: 1) / distanceSquared.squareRoot()
            let gain = Lane2D(repeating: h * field.strength)
            vx = vx + (dx * inverse) * gain
            vy = vy + (dy * inverse) * gain
        }
        return true
    }

    /// The uniform spring's part of `pull`: false when one body is within its reach and the other
    /// beyond.
    @inline(__always)
    private func pullUniformly(_ vx: inout Lane2D, _ vy: inout Lane2D, dx: Lane2D, dy: Lane2D,
                               radius: Lane2D) -> Bool {
        let reach = Lane2D(repeating: field.reach) * radius
        let distanceSquared = dx * dx + dy * dy, reachSquared = reach * reach
        let withinA = distanceSquared.a <= reachSquared.a, withinB = distanceSquared.b <= reachSquared.b
        if withinA && withinB {
            let q = 1 / (1 + h * h * field.strength)
            let pull = Lane2D(repeating: (1 - q) * inverseH)
            vx = vx * Lane2D(repeating: q) + dx * pull
            vy = vy * Lane2D(repeating: q) + dy * pull
            return true
        }
        guard !withinA && !withinB else { return false }
        let inverse = Lane2D(repeating: 1) / distanceSquared.squareRoot()
        var acceleration = Lane2D(repeating: field.strength) * reach
        if acceleration.a > .greatestFiniteMagnitude { acceleration.a = .greatestFiniteMagnitude }
        if acceleration.b > .greatestFiniteMagnitude { acceleration.b = .greatestFiniteMagnitude }
        let gain = Lane2D(repeating: h) * acceleration
        vx = vx + (dx * inverse) * gain
        vy = vy + (dy * inverse) * gain
        return true
    }

    /// True when every lane is finite.
    @inline(__always)
    static func allFinite(_ values: SIMD4<Float>) -> Bool {
        // A finite value minus itself is 0; infinity or NaN gives NaN, which is not 0.
        all(values - values .== 0)
    }

    /// True when all four values are finite.
    @inline(__always)
    static func allFiniteScalars(_ v0: Float, _ v1: Float, _ v2: Float, _ v3: Float) -> Bool {
        // A finite value minus itself is 0; infinity or NaN gives NaN, which is not 0.
        v0 - v0 == 0 && v1 - v1 == 0 && v2 - v2 == 0 && v3 - v3 == 0
    }
}

/// Two double-precision lanes, as `Lane4` for the two-body velocity update.
struct Lane2D {
    var a: Double
    var b: Double

    @_transparent
    init(_ a: Double, _ b: Double) { self.a = a; self.b = b }

    @_transparent
    init(repeating value: Double) { a = value; b = value }

    @_transparent
    static func + (lhs: Lane2D, rhs: Lane2D) -> Lane2D { Lane2D(lhs.a + rhs.a, lhs.b + rhs.b) }

    @_transparent
    static func - (lhs: Lane2D, rhs: Lane2D) -> Lane2D { Lane2D(lhs.a - rhs.a, lhs.b - rhs.b) }

    @_transparent
    static func * (lhs: Lane2D, rhs: Lane2D) -> Lane2D { Lane2D(lhs.a * rhs.a, lhs.b * rhs.b) }

    @_transparent
    static func / (lhs: Lane2D, rhs: Lane2D) -> Lane2D { Lane2D(lhs.a / rhs.a, lhs.b / rhs.b) }

    /// Lane by lane, the correctly rounded square root.
    @_transparent
    func squareRoot() -> Lane2D { Lane2D(a.squareRoot(), b.squareRoot()) }

    /// True when `lhs <= rhs` in both lanes.
    @_transparent
    static func allAtMost(_ lhs: Lane2D, _ rhs: Lane2D) -> Bool { lhs.a <= rhs.a && lhs.b <= rhs.b }
}
