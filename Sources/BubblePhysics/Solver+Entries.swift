/// The solver phases' entry points, by the context's address (`StepWork` holds it as a
/// pointer). Each kernel is inlined into its entry, which then reads the context's fields in
/// place. A kernel called as a method on `context.pointee` takes the context — a few hundred
/// bytes — by a copy, once per chunk of every colour of every substep: a memcpy call that
/// cost a 20-bubble picker's awake step 7% of its instructions.
extension SolverContext {
    static func refresh(at context: UnsafePointer<SolverContext>, _ groups: Range<Int>) {
        context.pointee.refresh(groups)
    }

    static func integrateVelocities(at context: UnsafePointer<SolverContext>, _ range: Range<Int>, first: Bool) {
        context.pointee.integrateVelocities(range, first: first)
    }

    static func warmStart(at context: UnsafePointer<SolverContext>, _ groups: Range<Int>) {
        context.pointee.warmStart(groups)
    }

    static func solve(at context: UnsafePointer<SolverContext>, _ groups: Range<Int>) {
        context.pointee.solve(groups)
    }

    static func relax(at context: UnsafePointer<SolverContext>, _ groups: Range<Int>) {
        context.pointee.relax(groups)
    }

    static func integratePositions(at context: UnsafePointer<SolverContext>, _ range: Range<Int>, first: Bool) {
        context.pointee.integratePositions(range, first: first)
    }

    static func finishBodies(at context: UnsafePointer<SolverContext>, _ range: Range<Int>, skin: Double) -> BodySummary {
        context.pointee.finishBodies(range, skin: skin)
    }
}
