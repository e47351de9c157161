/// Four single-precision lanes as four stored values, for the contact loops.
///
/// Every operator is `@_transparent`, so an unoptimised build (an app's Debug build, where this
/// package is a dependency) inlines it to four scalar instructions instead of calling the
/// standard library's generic `SIMD4` code. Each operation is the same IEEE-754 operation lane
/// by lane as the `SIMD4<Float>` one it replaces (no fused multiply-add, same order), so results
/// are bit-identical; an optimised build vectorises the straight-line code again.
struct Lane4 {
    var a: Float
    var b: Float
    var c: Float
    var d: Float

    @_transparent
    init(_ a: Float, _ b: Float, _ c: Float, _ d: Float) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }

    @_transparent
    init(repeating value: Float) {
        a = value; b = value; c = value; d = value
    }

    @_transparent
    init(_ vector: SIMD4<Float>) {
        a = vector[0]; b = vector[1]; c = vector[2]; d = vector[3]
    }

    /// The lanes as a standard vector (for storage).
    @_transparent
    var simd: SIMD4<Float> { SIMD4(a, b, c, d) }

    @_transparent
    static func + (lhs: Lane4, rhs: Lane4) -> Lane4 {
        Lane4(lhs.a + rhs.a, lhs.b + rhs.b, lhs.c + rhs.c, lhs.d + rhs.d)
    }

    @_transparent
    static func - (lhs: Lane4, rhs: Lane4) -> Lane4 {
        Lane4(lhs.a - rhs.a, lhs.b - rhs.b, lhs.c - rhs.c, lhs.d - rhs.d)
    }

    @_transparent
    static func * (lhs: Lane4, rhs: Lane4) -> Lane4 {
        Lane4(lhs.a * rhs.a, lhs.b * rhs.b, lhs.c * rhs.c, lhs.d * rhs.d)
    }

    @_transparent
    static prefix func - (operand: Lane4) -> Lane4 {
        Lane4(-operand.a, -operand.b, -operand.c, -operand.d)
    }

    /// Lane by lane, `lhs > rhs`.
    @_transparent
    static func .> (lhs: Lane4, rhs: Lane4) -> Lane4Mask {
        Lane4Mask(lhs.a > rhs.a, lhs.b > rhs.b, lhs.c > rhs.c, lhs.d > rhs.d)
    }

    /// Lane by lane, `lhs > rhs` against one value.
    @_transparent
    static func .> (lhs: Lane4, rhs: Float) -> Lane4Mask {
        Lane4Mask(lhs.a > rhs, lhs.b > rhs, lhs.c > rhs, lhs.d > rhs)
    }

    /// Takes `other`'s lanes where `mask` is true.
    @_transparent
    mutating func replace(with other: Lane4, where mask: Lane4Mask) {
        if mask.a { a = other.a }
        if mask.b { b = other.b }
        if mask.c { c = other.c }
        if mask.d { d = other.d }
    }

    /// Sets the lanes where `mask` is true to `value`.
    @_transparent
    mutating func replace(with value: Float, where mask: Lane4Mask) {
        if mask.a { a = value }
        if mask.b { b = value }
        if mask.c { c = value }
        if mask.d { d = value }
    }
}

/// Four lane conditions, as `Lane4`'s comparisons produce them.
struct Lane4Mask {
    var a: Bool
    var b: Bool
    var c: Bool
    var d: Bool

    @_transparent
    init(_ a: Bool, _ b: Bool, _ c: Bool, _ d: Bool) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }

    /// Lane by lane, not.
    @_transparent
    static prefix func .! (operand: Lane4Mask) -> Lane4Mask {
        Lane4Mask(!operand.a, !operand.b, !operand.c, !operand.d)
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

    /// Sets the lanes where `mask` is true to `value`.
    @_transparent
    mutating func replace(with value: Double, where mask: Lane4Mask) {
        if mask.a { a = value }
        if mask.b { b = value }
        if mask.c { c = value }
        if mask.d { d = value }
    }
}

extension Lane4Mask {
    /// True when any lane is.
    @_transparent
    var any: Bool { a || b || c || d }

    /// One lane, by index 0–3.
    subscript(lane: Int) -> Bool { lane == 0 ? a : lane == 1 ? b : lane == 2 ? c : d }

    /// Lane by lane, or.
    @_transparent
    static func .| (lhs: Lane4Mask, rhs: Lane4Mask) -> Lane4Mask {
        Lane4Mask(lhs.a || rhs.a, lhs.b || rhs.b, lhs.c || rhs.c, lhs.d || rhs.d)
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
