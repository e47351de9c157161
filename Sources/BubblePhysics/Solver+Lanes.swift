/// The solver state of the bodies of four contact lanes as columns: velocity and displacement
/// since step start, one lane each.
struct LaneMotion {
    var vx: Lane4
    var vy: Lane4
    var dx: Lane4
    var dy: Lane4

    @_transparent
    init(vx: Lane4, vy: Lane4, dx: Lane4, dy: Lane4) {
        self.vx = vx; self.vy = vy; self.dx = dx; self.dy = dy
    }
}

/// The colour groups, four contacts at a time: warm start, solve and relax (the refresh is in
/// `Solver+Refresh.swift`). Every function takes a range of groups within one colour, so it can
/// run whole or in chunks on several threads with the same result.
///
/// The substeps work on the solver state (`motion`: velocity and displacement since step
/// start, single precision, 16 bytes a body, one `SIMD4<Float>` row), read into `Lane4` columns
/// so an unoptimised build runs the lane arithmetic as inlined scalar code. A contact's
/// separation is its value at step start (`base`, computed in double) plus the normal
/// component of the two displacements, so positions never enter the contact loops.
extension SolverContext {
    // The gathers and scatters index the flat views (`Flat.swift`) unchecked: the build writes
    // only live slots, `checkInvariants` verifies it.

    /// The slots of the `a` bodies of group `group` (four `Int32`s; the `b` bodies' follow at
    /// `+ 4`), in the flat view of `lanes`.
    @_transparent
    func slots(_ group: Int) -> UnsafeMutablePointer<Int32> {
        UnsafeMutableRawPointer(laneBase + group).assumingMemoryBound(to: Int32.self)
    }

    /// The accumulated impulses of group `group` (four floats).
    @_transparent
    func impulses(_ group: Int) -> UnsafeMutablePointer<Float> {
        (UnsafeMutableRawPointer(laneBase + group) + 32).assumingMemoryBound(to: Float.self)
    }

    /// The geometry of group `group`: normals x at `[0 ..< 4]`, y at `[4 ..< 8]`, masses at
    /// `[8 ..< 12]`, step-start separations at `[12 ..< 16]`.
    @_transparent
    func shape(_ group: Int) -> UnsafeMutablePointer<Float> { geometryScalars + 16 * group }

    /// The solver state of the four bodies in `slots` as columns of `Lane4`s.
    @_transparent
    func gatherMotion(_ slots: LaneSlots) -> LaneMotion {
        // Whole 16-byte rows, transposed into columns.
        let row0 = Lane4(row: motionScalars + 4 * slots.a), row1 = Lane4(row: motionScalars + 4 * slots.b)
        let row2 = Lane4(row: motionScalars + 4 * slots.c), row3 = Lane4(row: motionScalars + 4 * slots.d)
        return LaneMotion(vx: Lane4(row0.a, row1.a, row2.a, row3.a), vy: Lane4(row0.b, row1.b, row2.b, row3.b),
                          dx: Lane4(row0.c, row1.c, row2.c, row3.c), dy: Lane4(row0.d, row1.d, row2.d, row3.d))
    }

    /// Inverse masses of the four bodies in `slots`.
    @_transparent
    func gatherInverseMasses(_ slots: LaneSlots) -> Lane4 {
        Lane4(traitScalars[2 * slots.a], traitScalars[2 * slots.b],
              traitScalars[2 * slots.c], traitScalars[2 * slots.d])
    }

    /// Radii of the four bodies in `slots`.
    @_transparent
    func gatherRadii(_ slots: LaneSlots) -> Lane4 {
        Lane4(traitScalars[2 * slots.a + 1], traitScalars[2 * slots.b + 1],
              traitScalars[2 * slots.c + 1], traitScalars[2 * slots.d + 1])
    }

    /// Writes four bodies' new velocities with the displacements `read` gathered, as whole rows
    /// (so the next gather of a row reads what one store wrote), last lane first: a padding lane
    /// repeats the first lane's body with its old state, and the first lane's write wins.
    @_transparent
    func scatterMotion(_ slots: LaneSlots, _ read: LaneMotion, vx: Lane4, vy: Lane4) {
        Lane4(vx.d, vy.d, read.dx.d, read.dy.d).store(to: motionScalars + 4 * slots.d)
        Lane4(vx.c, vy.c, read.dx.c, read.dy.c).store(to: motionScalars + 4 * slots.c)
        Lane4(vx.b, vy.b, read.dx.b, read.dy.b).store(to: motionScalars + 4 * slots.b)
        Lane4(vx.a, vy.a, read.dx.a, read.dy.a).store(to: motionScalars + 4 * slots.a)
    }

    /// Re-applies the accumulated impulses of a range of groups of one colour.
    @inline(__always)
    func warmStart(_ groups: Range<Int>) {
        var index = groups.lowerBound
        while index < groups.upperBound {
            let slotsA = LaneSlots(slots(index)), slotsB = LaneSlots(slots(index) + 4), shape = shape(index)
            let bodyA = gatherMotion(slotsA), bodyB = gatherMotion(slotsB)
            let massA = gatherInverseMasses(slotsA), massB = gatherInverseMasses(slotsB)
            let impulse = Lane4(impulses(index))
            let px = impulse * Lane4(shape), py = impulse * Lane4(shape + 4)
            scatterMotion(slotsB, bodyB, vx: bodyB.vx + px * massB, vy: bodyB.vy + py * massB)
            scatterMotion(slotsA, bodyA, vx: bodyA.vx - px * massA, vy: bodyA.vy - py * massA)
            index += 1
        }
    }

    /// One sweep over a range of groups of one colour with the soft push-out on (the solve).
    @inline(__always)
    func solve(_ groups: Range<Int>) {
        let constants = LaneConstants(self)
        var index = groups.lowerBound
        while index < groups.upperBound {
            solveGroup(index, constants, biased: true)
            index += 1
        }
    }

    /// One sweep over a range of groups of one colour that only stops approach (the relax).
    /// Its own function, like `solve`, so each is straight-line code for its pass.
    @inline(__always)
    func relax(_ groups: Range<Int>) {
        let constants = LaneConstants(self)
        var index = groups.lowerBound
        while index < groups.upperBound {
            solveGroup(index, constants, biased: false)
            index += 1
        }
    }

    /// Solves the four contacts of group `index` at once and stores their new accumulated impulses.
    @inline(__always)
    private func solveGroup(_ index: Int, _ constants: LaneConstants, biased: Bool) {
        let slotsA = LaneSlots(slots(index)), slotsB = LaneSlots(slots(index) + 4), shape = shape(index)
        let stored = impulses(index)
        let bodyA = gatherMotion(slotsA), bodyB = gatherMotion(slotsB)
        let massA = gatherInverseMasses(slotsA), massB = gatherInverseMasses(slotsB)
        let nx = Lane4(shape), ny = Lane4(shape + 4), impulse = Lane4(stored)
        let separation = Lane4(shape + 12) + (nx * (bodyB.dx - bodyA.dx) + ny * (bodyB.dy - bodyA.dy))
        var bias = Lane4(repeating: 0)
        var massScale = Lane4(repeating: 1), impulseScale = Lane4(repeating: 0)
        if biased {
            let push = Lane4(repeating: constants.push) * (gatherRadii(slotsA) + gatherRadii(slotsB))
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
        let change = -Lane4(shape + 8) * massScale * (normalSpeed + bias) - impulseScale * impulse
        let total = SolverContext.storedImpulse(impulse + change)
        let applied = total - impulse
        let px = applied * nx, py = applied * ny
        scatterMotion(slotsB, bodyB, vx: bodyB.vx + px * massB, vy: bodyB.vy + py * massB)
        scatterMotion(slotsA, bodyA, vx: bodyA.vx - px * massA, vy: bodyA.vy - py * massA)
        total.store(to: stored)
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
    @_transparent
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

/// The slots of four lanes' bodies (one side of a group), read once from the group.
struct LaneSlots {
    var a: Int
    var b: Int
    var c: Int
    var d: Int

    /// The four slots at `slots[0 ..< 4]`.
    @_transparent
    init(_ slots: UnsafeMutablePointer<Int32>) {
        a = Int(slots[0]); b = Int(slots[1]); c = Int(slots[2]); d = Int(slots[3])
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

/// Four single-precision lanes as four stored values, for the contact loops.
///
/// Every operator is `@_transparent`, so an unoptimised build (an app's Debug build, where this
/// package is a dependency) inlines it to four scalar instructions instead of calling the
/// standard library's generic `SIMD4` code. Such a build compiles file by file and inlines
/// only what the same file defines, so the lane types live beside the loops that use them. Each operation is the same IEEE-754 operation lane
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

    /// The four floats at `scalars[0 ..< 4]`.
    @_transparent
    init(_ scalars: UnsafeMutablePointer<Float>) {
        a = scalars[0]; b = scalars[1]; c = scalars[2]; d = scalars[3]
    }

    /// The four floats at `scalars[0 ..< 4]`, read as one 16-byte row.
    @_transparent
    init(row scalars: UnsafeMutablePointer<Float>) {
        self = UnsafeMutableRawPointer(scalars).assumingMemoryBound(to: Lane4.self).pointee
    }

    /// Writes the lanes to `scalars[0 ..< 4]` as one 16-byte row.
    @_transparent
    func store(to scalars: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(scalars).assumingMemoryBound(to: Lane4.self).pointee = self
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
