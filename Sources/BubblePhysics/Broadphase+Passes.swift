/// The per-body passes of a grid build, cut into chunks: the smallest radius, then each body's
/// size level with every level's extent, then each body's cell.
///
/// Each chunk writes its own slots and its own partial result (smallest radius, 64 raw levels),
/// and the partials merge in chunk order by rules that keep the first of equal values, exactly
/// as one pass over every slot would; so the grid is the same for any cut and any thread.
struct GridPasses {
    /// Raw size levels (`Broadphase.rawLevel`).
    static let rawLevels = 64

    let bodies: UnsafeBufferPointer<SolverBody>
    let flags: UnsafeBufferPointer<BodyFlags>
    let buildPosition: UnsafeMutableBufferPointer<SIMD2<Float>>?
    /// Raw level of each slot, 255 for a body not in the grid (written by the levels pass).
    let levelOfSlot: UnsafeMutableBufferPointer<UInt8>
    /// Global cell of each slot, −1 for none (written by the cells pass).
    let cellOfSlot: UnsafeMutableBufferPointer<Int32>
    /// Smallest colliding radius per chunk.
    let smallestRadius: UnsafeMutableBufferPointer<Double>
    /// `rawLevels` levels per chunk.
    let raw: UnsafeMutableBufferPointer<Broadphase.Level>
    /// The smallest colliding radius (found by the first pass).
    var base = Double.infinity

    static let colliding: BodyFlags = [.alive, .collides]

    init(bodies: UnsafeBufferPointer<SolverBody>, flags: UnsafeBufferPointer<BodyFlags>,
         buildPosition: UnsafeMutableBufferPointer<SIMD2<Float>>?, levelOfSlot: UnsafeMutableBufferPointer<UInt8>,
         cellOfSlot: UnsafeMutableBufferPointer<Int32>, chunks: Int) {
        self.bodies = bodies
        self.flags = flags
        self.buildPosition = buildPosition
        self.levelOfSlot = levelOfSlot
        self.cellOfSlot = cellOfSlot
        smallestRadius = .allocate(capacity: chunks)
        smallestRadius.initialize(repeating: .infinity)
        raw = .allocate(capacity: chunks * GridPasses.rawLevels)
        raw.initialize(repeating: Broadphase.Level())
    }

    func deallocate() {
        smallestRadius.deallocate()
        raw.deallocate()
    }

    /// Runs the three passes on `runner`; returns the non-empty levels, finest first, sized for
    /// `range` and placed one after another (`cellBase`). Empty when no body collides.
    func run(_ runner: StepRunner, range: Double) -> [Broadphase.Level] {
        let slots = 0..<bodies.count
        var passes = self
        runner.forEachChunk(slots, minimum: StepRunner.bodyChunk) { chunk, slots in passes.findSmallest(chunk: chunk, slots: slots) }
        for radius in smallestRadius { passes.base = radius < passes.base ? radius : passes.base }
        guard passes.base.isFinite else { return [] }
        runner.forEachChunk(slots, minimum: StepRunner.bodyChunk) { chunk, slots in passes.assignLevels(chunk: chunk, slots: slots) }
        var levels: [Broadphase.Level] = []
        var compact = [UInt8](repeating: 255, count: 256)
        for level in 0..<GridPasses.rawLevels {
            var merged = raw[level]
            for chunk in stride(from: GridPasses.rawLevels + level, to: raw.count, by: GridPasses.rawLevels) {
                merged.merge(raw[chunk])
            }
            guard merged.count > 0 else { continue }
            compact[level] = UInt8(levels.count)
            levels.append(merged)
        }
        var cells = 0
        for index in levels.indices {
            levels[index].size(cellSize: 2 * levels[index].maxRadius * range)
            levels[index].cellBase = cells
            cells += levels[index].columns * levels[index].rows
        }
        levels.withUnsafeBufferPointer { levels in
            compact.withUnsafeBufferPointer { compact in
                runner.forEachChunk(slots, minimum: StepRunner.bodyChunk) { _, slots in
                    passes.assignCells(slots, levels: levels, compact: compact)
                }
            }
        }
        return levels
    }

    /// The smallest colliding radius of the chunk (and every slot's build position).
    private func findSmallest(chunk: Int, slots: Range<Int>) {
        if let buildPosition {
            for slot in slots { buildPosition[slot] = World.buildPosition(bodies[slot]) }
        }
        var smallest = Double.infinity
        for slot in slots where flags[slot].isSuperset(of: GridPasses.colliding) {
            smallest = bodies[slot].radius < smallest ? bodies[slot].radius : smallest
        }
        smallestRadius[chunk] = smallest
    }

    /// Each colliding body's raw level, counted into the chunk's levels.
    private func assignLevels(chunk: Int, slots: Range<Int>) {
        let raw = self.raw.baseAddress! + chunk * GridPasses.rawLevels
        for slot in slots {
            guard flags[slot].isSuperset(of: GridPasses.colliding) else { levelOfSlot[slot] = 255; continue }
            let body = bodies[slot]
            let level = Broadphase.rawLevel(body.radius, base: base)
            levelOfSlot[slot] = UInt8(level)
            raw[level].include(body)
        }
    }

    /// Each body's global cell in its level's grid (`compact`: raw level → index in `levels`).
    private func assignCells(_ slots: Range<Int>, levels: UnsafeBufferPointer<Broadphase.Level>, compact: UnsafeBufferPointer<UInt8>) {
        for slot in slots {
            let level = levelOfSlot[slot]
            guard level != 255 else { cellOfSlot[slot] = -1; continue }
            cellOfSlot[slot] = Int32(levels[Int(compact[Int(level)])].cell(of: bodies[slot]))
        }
    }
}
