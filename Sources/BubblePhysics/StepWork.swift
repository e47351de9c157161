/// A pass of a step that can be cut into chunks.
enum StepPhase: Sendable {
    case search, grid, collect, layout, drift, walls, refresh, integrateVelocities, warmStart, solve, relax, integratePositions, finish, sweep
}

/// Everything a step's passes read and write, and how each is cut into chunks.
///
/// Chunks follow the configured thread count (one per thread, each at least a minimum of
/// work), never the threads that actually run them. Results do not depend on the cut
/// either: within a phase every chunk writes its own bodies, contacts or summaries, the
/// summaries merge by or, sum and max, and the pair search's lists are read in cell order.
struct StepWork: @unchecked Sendable {
    /// The pair search of a contact build (while it runs).
    var search: PairSearch?
    /// The per-body passes of a grid build (while it runs).
    var grid: GridPasses?
    /// The passes collecting carried impulses (while they run).
    var collect: CarriedCollection?
    /// The layout of a contact build (while it runs).
    var layout: ContactLayout?
    /// The passes of a drift check (while it runs).
    var drift: DriftPass?
    /// The wall-contact search (while it runs).
    var walls: WallSearch?
    /// The solver's view of the step (once the contacts are built), by address: a phase's
    /// chunk then reads it in place instead of copying a few hundred bytes per call.
    var context: UnsafePointer<SolverContext>?
    var sweep: SweepContext?
    /// Bodies to sweep and their impacts (the sweep's two phases).
    var fast: UnsafeBufferPointer<Int32> = UnsafeBufferPointer(start: nil, count: 0)
    var impacts: UnsafeMutableBufferPointer<Double> = UnsafeMutableBufferPointer(start: nil, count: 0)
    /// One summary per body chunk (the end-of-step pass).
    var summaries: UnsafeMutableBufferPointer<BodySummary> = UnsafeMutableBufferPointer(start: nil, count: 0)
    var skin = 0.0
    /// How phases are cut into chunks. Callers reach it as `work.pointee.chunking`, a field of
    /// eight bytes: a method of `StepWork` called on `work.pointee` would copy the whole
    /// description (a few hundred bytes) at every phase.
    var chunking = Chunking()

    /// Least bodies per chunk of a per-body pass.
    static let bodyChunk = 1024
    /// Least contact groups (four contacts each) per chunk of a colour.
    static let groupChunk = 48
    /// Least bodies per chunk of the sweep.
    static let sweepChunk = 4

    /// Runs one chunk of a phase described at `work`. `parameter`: the colour, or the substep
    /// for position updates. Static over the address, for the reason `chunking` gives.
    static func run(_ work: UnsafePointer<StepWork>, _ phase: StepPhase, _ parameter: Int, chunk: Int) {
        let chunking = work.pointee.chunking
        switch phase {
        case .search:
            if let search = work.pointee.search {
                search.run(chunk: chunk, cells: chunking.slice(0..<search.cellCount, chunk, base: PairSearch.cellChunk))
            }
        case .grid:
            if let grid = work.pointee.grid {
                grid.run(parameter, chunk: chunk, slots: chunking.slice(0..<grid.bodies.count, chunk, base: StepWork.bodyChunk))
            }
        case .collect:
            if let collect = work.pointee.collect {
                collect.run(parameter, chunk: chunk, groups: chunking.slice(0..<collect.lanes.count, chunk, base: StepWork.groupChunk))
            }
        case .layout:
            if let layout = work.pointee.layout { layout.run(lists: chunking.slice(0..<layout.lists.count, chunk, base: 1)) }
        case .drift:
            guard let drift = work.pointee.drift else { return }
            let count = parameter == DriftPass.boxes ? drift.blocks.count : drift.grid.rows
            let base = parameter == DriftPass.boxes ? DriftPass.blockChunk : DriftPass.rowChunk
            drift.run(parameter, chunk: chunk, items: chunking.slice(0..<count, chunk, base: base))
        case .walls:
            if let walls = work.pointee.walls {
                walls.run(chunk: chunk, slots: chunking.slice(0..<walls.bodies.count, chunk, base: StepWork.bodyChunk))
            }
        case .sweep:
            guard let sweep = work.pointee.sweep else { return }
            let fast = work.pointee.fast, impacts = work.pointee.impacts
            for index in chunking.slice(0..<fast.count, chunk, base: StepWork.sweepChunk) {
                impacts[index] = sweep.firstImpact(of: Int(fast[index]))
            }
        default:
            if let context = work.pointee.context { runSolver(work, phase, parameter, chunk: chunk, context, chunking) }
        }
    }

    /// The solver's phases.
    @inline(__always)
    private static func runSolver(_ work: UnsafePointer<StepWork>, _ phase: StepPhase, _ parameter: Int, chunk: Int,
                                  _ context: UnsafePointer<SolverContext>, _ chunking: Chunking) {
        let bodies = 0..<context.pointee.bodies.count
        let colour = phase == .warmStart || phase == .solve || phase == .relax
            ? Int(context.pointee.groupStart[parameter])..<Int(context.pointee.groupStart[parameter + 1]) : 0..<0
        let slice = { (range: Range<Int>, base: Int) in chunking.slice(range, chunk, base: base) }
        switch phase {
        case .refresh: SolverContext.refresh(at: context, slice(0..<context.pointee.lanes.count, StepWork.groupChunk))
        case .integrateVelocities:
            SolverContext.integrateVelocities(at: context, slice(bodies, StepWork.bodyChunk), first: parameter == 0)
        case .warmStart: SolverContext.warmStart(at: context, slice(colour, StepWork.groupChunk))
        case .solve: SolverContext.solve(at: context, slice(colour, StepWork.groupChunk))
        case .relax: SolverContext.relax(at: context, slice(colour, StepWork.groupChunk))
        case .integratePositions:
            SolverContext.integratePositions(at: context, slice(bodies, StepWork.bodyChunk), first: parameter == 0)
        case .finish:
            work.pointee.summaries[chunk] = SolverContext.finishBodies(at: context, slice(bodies, StepWork.bodyChunk), skin: work.pointee.skin)
        case .search, .grid, .collect, .layout, .drift, .walls, .sweep: break
        }
    }
}

/// Runs a step's phases: chunk by chunk on the calling thread, or through the worker pool.
struct StepRunner {
    /// True when this step holds the worker pool.
    let parallel: Bool
    let work: UnsafeMutablePointer<StepWork>

    /// Runs every chunk of a phase over `count` items of `base` per chunk.
    func run(_ phase: StepPhase, _ parameter: Int = 0, count: Int, base: Int) {
        let chunks = work.pointee.chunking.chunks(count, base: base)
        #if canImport(Dispatch) && !hasFeature(Embedded)
        if parallel && chunks > 1, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            WorkerPool.shared.run(phase, parameter, chunks: chunks)
            return
        }
        #endif
        for chunk in 0..<chunks { StepWork.run(work, phase, parameter, chunk: chunk) }
    }

    /// Runs `body` with a runner for `threads` threads (the pool when available and free).
    static func with<Result>(threads: Int, work: UnsafeMutablePointer<StepWork>, _ body: (StepRunner) -> Result) -> Result {
        #if canImport(Dispatch) && !hasFeature(Embedded)
        if threads > 1, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if WorkerPool.shared.begin(threads: threads, work: UnsafePointer(work)) {
                defer { WorkerPool.shared.end() }
                return body(StepRunner(parallel: true, work: work))
            }
        }
        #endif
        return body(StepRunner(parallel: false, work: work))
    }
}

/// How a phase is cut into chunks: by the configured thread count (one chunk per thread, each
/// at least a minimum of work), never by the threads that actually run them.
struct Chunking: Sendable {
    /// Chunks a phase is cut into at most (before the minimum sizes): the configured thread
    /// count. A worker that is slow to start leaves its chunk to the calling thread, which takes
    /// the chunks from the other end (`WorkerPool`). Two chunks per thread measured 2–4% slower
    /// with two threads, four per thread 6%.
    var parts = 1

    /// Items per chunk for `count` items: `count / parts`, at least `base`, and enough that
    /// there are at most 65,535 chunks.
    /// One thread takes everything as one chunk, without the divisions (a step runs a phase
    /// about a hundred times; their divisions cost a small picker's step several percent).
    func chunkSize(_ count: Int, base: Int) -> Int {
        if parts == 1 { return max(base, count) }
        return max(base, (count + parts - 1) / parts, (count + 65_534) / 65_535)
    }

    /// Chunks of `count` items.
    func chunks(_ count: Int, base: Int) -> Int {
        if parts == 1 { return count > 0 ? 1 : 0 }
        let size = chunkSize(count, base: base)
        return (count + size - 1) / size
    }

    /// Chunk `chunk` of `range`.
    @inline(__always)
    func slice(_ range: Range<Int>, _ chunk: Int, base: Int) -> Range<Int> {
        let size = chunkSize(range.count, base: base)
        let start = range.lowerBound + chunk * size
        return start..<min(range.upperBound, start + size)
    }
}
