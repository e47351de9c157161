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
