/// The stages of the solver (Box2D's `b2SolverStage`): each a pass over the bodies or over the
/// contact groups of one colour, run in chunks on the step's threads (`StepRunner`). Within a
/// stage no two items share a body (bodies, or contacts of one colour), so the chunks of a stage
/// may run in any order and at once; a stage starts when the one before has finished.
enum SolverStage {
    /// Normals, masses and step-start separations of every group; impulses of pairs that have
    /// left the speculative range dropped.
    case refresh
    /// Field, resistance and speed limit for every body (`first`: the step's first substep).
    case integrateVelocities(first: Bool)
    /// The accumulated impulses of one colour applied again.
    case warmStart(colour: Int)
    /// One biased sweep over one colour.
    case solve(colour: Int)
    /// Every body moved and held inside the solid borders (`first`: the step's first substep).
    case integratePositions(first: Bool)
    /// One sweep without push-out over one colour.
    case relax(colour: Int)
}

extension SolverContext {
    /// The items a stage runs over (slots, or groups of `lanes`) and the least per chunk.
    @inline(__always)
    func items(of stage: SolverStage) -> (items: Range<Int>, minimum: Int) {
        switch stage {
        case .refresh: return (0..<lanes.count, StepRunner.groupChunk)
        case .integrateVelocities, .integratePositions: return (0..<bodies.count, StepRunner.bodyChunk)
        case .warmStart(let colour), .solve(let colour), .relax(let colour):
            return (Int(groupStart[colour])..<Int(groupStart[colour + 1]), StepRunner.groupChunk)
        }
    }

    /// Runs `stage` over `items`, a chunk of its items.
    @inline(__always)
    func run(_ stage: SolverStage, _ items: Range<Int>) {
        switch stage {
        case .refresh: refresh(items)
        case .integrateVelocities(let first): integrateVelocities(items, first: first)
        case .warmStart: warmStart(items)
        case .solve: solve(items)
        case .integratePositions(let first): integratePositions(items, first: first)
        case .relax: relax(items)
        }
    }
}

extension StepRunner {
    /// Runs every chunk of `stage` over `context`.
    @inline(__always)
    func run(_ stage: SolverStage, _ context: SolverContext) {
        let (items, minimum) = context.items(of: stage)
        forEachChunk(items, minimum: minimum) { _, chunk in context.run(stage, chunk) }
    }
}
