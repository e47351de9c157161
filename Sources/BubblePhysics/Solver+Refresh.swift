// The once-a-step contact refresh of the colour groups, four contacts at a time in double
// precision (`Lane4D`), and the gather of whole bodies it and restitution read.

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

extension SolverContext {
    /// The bodies of four lanes, in double precision.
    @inline(__always)
    func gather(_ index: SIMD4<Int32>) -> LaneBodies {
        let b0 = bodies[Int(index[0])], b1 = bodies[Int(index[1])], b2 = bodies[Int(index[2])], b3 = bodies[Int(index[3])]
        return LaneBodies(px: SIMD4(b0.px, b1.px, b2.px, b3.px), py: SIMD4(b0.py, b1.py, b2.py, b3.py),
                          vx: SIMD4(b0.vx, b1.vx, b2.vx, b3.vx), vy: SIMD4(b0.vy, b1.vy, b2.vy, b3.vy),
                          invMass: SIMD4(b0.invMass, b1.invMass, b2.invMass, b3.invMass),
                          radius: SIMD4(b0.radius, b1.radius, b2.radius, b3.radius))
    }

    /// Once per step: every normal from the current centres (a fixed direction for coincident
    /// ones), every separation and mass from the current bodies, and the impulse dropped where
    /// the pair is beyond the speculative range.
    @inline(__always)
    func refresh(_ groups: Range<Int>) {
        var index = groups.lowerBound
        while index < groups.upperBound {
            refreshGroup(index)
            index += 1
        }
    }

    /// The refresh of group `index`, through the flat views (`Flat.swift`).
    @inline(__always)
    private func refreshGroup(_ index: Int) {
        let raw = UnsafeMutableRawPointer(laneBase + index)
        let slots = raw.assumingMemoryBound(to: Int32.self), stored = (raw + 32).assumingMemoryBound(to: Float.self)
        let a0 = body[Int(slots[0])], a1 = body[Int(slots[1])], a2 = body[Int(slots[2])], a3 = body[Int(slots[3])]
        let b0 = body[Int(slots[4])], b1 = body[Int(slots[5])], b2 = body[Int(slots[6])], b3 = body[Int(slots[7])]
        let dx = Lane4D(b0.px, b1.px, b2.px, b3.px) - Lane4D(a0.px, a1.px, a2.px, a3.px)
        let dy = Lane4D(b0.py, b1.py, b2.py, b3.py) - Lane4D(a0.py, a1.py, a2.py, a3.py)
        let distance = (dx * dx + dy * dy).squareRoot()
        let radiusSum = Lane4D(a0.radius, a1.radius, a2.radius, a3.radius) + Lane4D(b0.radius, b1.radius, b2.radius, b3.radius)
        let inverse = Lane4D(repeating: 1) / distance
        var nx = dx * inverse, ny = dy * inverse
        let coincident = .!(distance .> Lane4D(repeating: 1e-9) * radiusSum)
        if coincident.any {
            for lane in 0..<4 where coincident[lane] {
                (nx[lane], ny[lane]) = World.fallbackNormal(slots[lane], slots[4 + lane])
            }
        }
        let padding = Lane4Mask(slots[0] == slots[4], slots[1] == slots[5], slots[2] == slots[6], slots[3] == slots[7])
        let inverseMassSum = Lane4D(a0.invMass, a1.invMass, a2.invMass, a3.invMass) + Lane4D(b0.invMass, b1.invMass, b2.invMass, b3.invMass)
        var mass = Lane4D(repeating: 1) / inverseMassSum
        mass.replace(with: 0, where: .!(inverseMassSum .> Lane4D(repeating: 0)) .| padding)
        var impulse = Lane4D(Double(stored[0]), Double(stored[1]), Double(stored[2]), Double(stored[3]))
        impulse.replace(with: 0, where: .!(distance .< Lane4D(repeating: contactRange) * radiusSum) .| padding)
        impulse.storeSingles(to: stored)
        let shape = geometryScalars + 16 * index
        nx.storeSingles(to: shape)
        ny.storeSingles(to: shape + 4)
        mass.storeSingles(to: shape + 8)
        SolverContext.clampedSeparation(nx * dx + ny * dy - radiusSum).storeSingles(to: shape + 12)
    }

    /// A separation at step start within single precision's finite range (`storedSeparation`
    /// in `Lane4D`s, before the rounding).
    @_transparent
    static func clampedSeparation(_ separation: Lane4D) -> Lane4D {
        var clamped = separation
        clamped.replace(with: largestFloat, where: separation .> Lane4D(repeating: largestFloat))
        clamped.replace(with: -largestFloat, where: separation .< Lane4D(repeating: -largestFloat))
        return clamped
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
}

/// Four double-precision lanes, as `Lane4` for the once-a-step contact refresh.
struct Lane4D {
    var a: Double
    var b: Double
    var c: Double
    var d: Double

    @_transparent
    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }

    @_transparent
    init(repeating value: Double) {
        a = value; b = value; c = value; d = value
    }

    @_transparent
    init(_ vector: SIMD4<Double>) {
        a = vector[0]; b = vector[1]; c = vector[2]; d = vector[3]
    }

    /// Writes the lanes rounded to single precision (to nearest) to `scalars[0 ..< 4]`.
    @_transparent
    func storeSingles(to scalars: UnsafeMutablePointer<Float>) {
        scalars[0] = Float(a); scalars[1] = Float(b); scalars[2] = Float(c); scalars[3] = Float(d)
    }

    /// The lanes rounded to single precision (to nearest), as a standard vector.
    @_transparent
    var singles: SIMD4<Float> { SIMD4(Float(a), Float(b), Float(c), Float(d)) }

    /// One lane, by index 0–3.
    subscript(lane: Int) -> Double {
        get { lane == 0 ? a : lane == 1 ? b : lane == 2 ? c : d }
        set {
            switch lane {
            case 0: a = newValue
            case 1: b = newValue
            case 2: c = newValue
            default: d = newValue
            }
        }
    }

    @_transparent
    static func + (lhs: Lane4D, rhs: Lane4D) -> Lane4D {
        Lane4D(lhs.a + rhs.a, lhs.b + rhs.b, lhs.c + rhs.c, lhs.d + rhs.d)
    }

    @_transparent
    static func - (lhs: Lane4D, rhs: Lane4D) -> Lane4D {
        Lane4D(lhs.a - rhs.a, lhs.b - rhs.b, lhs.c - rhs.c, lhs.d - rhs.d)
    }

    @_transparent
    static func * (lhs: Lane4D, rhs: Lane4D) -> Lane4D {
        Lane4D(lhs.a * rhs.a, lhs.b * rhs.b, lhs.c * rhs.c, lhs.d * rhs.d)
    }

    @_transparent
    static func / (lhs: Lane4D, rhs: Lane4D) -> Lane4D {
        Lane4D(lhs.a / rhs.a, lhs.b / rhs.b, lhs.c / rhs.c, lhs.d / rhs.d)
    }

    /// Lane by lane, the correctly rounded square root.
    @_transparent
    func squareRoot() -> Lane4D {
        Lane4D(a.squareRoot(), b.squareRoot(), c.squareRoot(), d.squareRoot())
    }

    /// Lane by lane, `lhs > rhs`.
    @_transparent
    static func .> (lhs: Lane4D, rhs: Lane4D) -> Lane4Mask {
        Lane4Mask(lhs.a > rhs.a, lhs.b > rhs.b, lhs.c > rhs.c, lhs.d > rhs.d)
    }

    /// Lane by lane, `lhs < rhs`.
    @_transparent
    static func .< (lhs: Lane4D, rhs: Lane4D) -> Lane4Mask {
        Lane4Mask(lhs.a < rhs.a, lhs.b < rhs.b, lhs.c < rhs.c, lhs.d < rhs.d)
    }

    /// Lane by lane, takes `value`'s lane where it is smaller (`replace(with: value, where:
    /// value .< self)`: a NaN in `value` never enters).
    @_transparent
    mutating func lower(_ value: Lane4D) {
        if value.a < a { a = value.a }
        if value.b < b { b = value.b }
        if value.c < c { c = value.c }
        if value.d < d { d = value.d }
    }

    /// Sets the lanes where `mask` is true to `value`.
    @_transparent
    mutating func replace(with value: Double, where mask: Lane4Mask) {
        if mask.a { a = value }
        if mask.b { b = value }
        if mask.c { c = value }
        if mask.d { d = value }
    }
}
