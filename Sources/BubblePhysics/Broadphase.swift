/// Multi-level uniform grid: the broadphase of the contact build and of continuous collision.
///
/// Bodies are sorted into size levels — level `l` holds radii in `[r₀·2ˡ, r₀·2ˡ⁺¹)`, `r₀` the
/// smallest radius — and every level has its own grid whose cell is as wide as the largest
/// interaction range *of that level* (its largest diameter times the pair range). Bodies of
/// similar size therefore find every partner within range in a few cells, and a handful of large
/// bodies no longer make the cells of thousands of small ones large (one grid sized by the largest
/// body made a crowd of small bodies quadratic). A small body meets a large one by looking up the
/// large body's level, so each pair is found once, by the smaller body.
///
/// Built with a counting sort: two linear passes, cells stored level by level and row by row,
/// each cell listing its bodies in ascending slot order. Positions far outside a level's grid
/// clamp to its border cells, which stays correct (clamping never separates two cells by more
/// than one) and keeps a body that flew away through an open border from making a grid huge.
struct Broadphase: Sendable {
    /// One size level's grid.
    struct Level: Sendable {
        var originX = 0.0
        var originY = 0.0
        var cellSize = 1.0
        var inverseCellSize = 1.0
        var columns = 0
        var rows = 0
        /// The level's first cell in `cellStart`.
        var cellBase = 0
        /// Largest radius among the level's bodies.
        var maxRadius = 0.0
        var count = 0
        // Bounding box while building.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

        /// The column of an x coordinate, clamped into the grid (never traps on huge values).
        @inline(__always)
        func column(_ x: Double) -> Int { Level.clampedCell((x - originX) * inverseCellSize, count: columns) }

        /// The row of a y coordinate, clamped into the grid.
        @inline(__always)
        func row(_ y: Double) -> Int { Level.clampedCell((y - originY) * inverseCellSize, count: rows) }

        @inline(__always)
        static func clampedCell(_ value: Double, count: Int) -> Int {
            let top = Double(count - 1)
            if !(value > 0) { return 0 }  // also catches NaN
            return value < top ? Int(value) : count - 1
        }

        /// The global cell of a body of this level.
        @inline(__always)
        func cell(of body: SolverBody) -> Int { cellBase + row(body.py) * columns + column(body.px) }

        /// Counts a body in, growing the extent and the largest radius.
        @inline(__always)
        mutating func include(_ body: SolverBody) {
            count += 1
            minX = body.px < minX ? body.px : minX
            minY = body.py < minY ? body.py : minY
            maxX = body.px > maxX ? body.px : maxX
            maxY = body.py > maxY ? body.py : maxY
            maxRadius = body.radius > maxRadius ? body.radius : maxRadius
        }

        /// Adds the bodies another chunk counted (after this chunk's, in slot order): the same
        /// extent, largest radius and count as including them one by one, to the bit (of equal
        /// values the first is kept, as `include` does, so even the sign of a zero agrees).
        @inline(__always)
        mutating func merge(_ other: Level) {
            count += other.count
            minX = other.minX < minX ? other.minX : minX
            minY = other.minY < minY ? other.minY : minY
            maxX = other.maxX > maxX ? other.maxX : maxX
            maxY = other.maxY > maxY ? other.maxY : maxY
            maxRadius = other.maxRadius > maxRadius ? other.maxRadius : maxRadius
        }

        /// Chooses origin, cell size and dimensions; doubles the cell size until there are at
        /// most about two cells per body (a few far-flung bodies must not make the grid huge).
        mutating func size(cellSize base: Double) {
            originX = minX
            originY = minY
            var size = base
            let limit = Double(2 * count + 16)
            // Positions are bounded (speed limit), so the extent is finite; the loop also stops
            // if it were not, and `column`/`row` clamp before converting to Int.
            while ((maxX - minX) / size + 1) * ((maxY - minY) / size + 1) > limit && size < Double.greatestFiniteMagnitude / 4 {
                size *= 2
            }
            cellSize = size
            inverseCellSize = 1 / size
            columns = Int((maxX - minX) / size) + 1
            rows = Int((maxY - minY) / size) + 1
        }
    }

    var levels: [Level] = []
    /// `cellStart[c] ..< cellStart[c + 1]` are the entries of cell `c` (levels one after
    /// another, each row-major).
    var cellStart: [Int32] = []
    /// One colliding body: its position and radius at the build (a copy, so the pair search
    /// reads contiguous memory) and its slot.
    struct Entry: Sendable {
        var x: Double
        var y: Double
        /// Single precision is plenty for a candidate test with a skin (24 bytes an entry).
        var radius: Float
        var slot: Int32
    }

    /// Colliding bodies, cell by cell, ascending slots within a cell (with `copiesPositions`).
    var entries: [Entry] = []
    /// The same bodies' slots only, in the same order (without `copiesPositions`: 4 bytes a
    /// body instead of 24, for the sweep, which reads positions from the bodies).
    var slots: [Int32] = []
    /// Whether the grid fills `entries` (the pair search) or `slots` (the sweep).
    let copiesPositions: Bool
    /// Every slot's size level and cell while the grid is built (kept for their capacity).
    private var levelOfSlot: [UInt8] = []
    private var cellOfSlot: [Int32] = []

    /// An empty grid that lists positions (`entries`) or only slots (`slots`).
    init(copiesPositions: Bool = true) { self.copiesPositions = copiesPositions }

    /// The raw level of a radius: the `l` with `base·2ˡ ≤ radius < base·2ˡ⁺¹` (doubling is exact).
    @inline(__always)
    static func rawLevel(_ radius: Double, base: Double) -> Int {
        var bound = base + base
        var level = 0
        while radius >= bound && level < 63 {
            bound += bound
            level += 1
        }
        return level
    }

    /// Rebuilds the grid over the colliding bodies of `storage`: three per-body passes in chunks
    /// on `runner` (the smallest radius, each body's level, each body's cell; see `GridPasses`),
    /// then the counting sort on the calling thread.
    /// - Parameters:
    ///   - range: pair range as a multiple of the radius sum.
    ///   - recordingBuildPositions: every slot's position is also recorded as its build
    ///     position (a contact build's reference for the skin).
    /// - Complexity: O(n + cells), with cells at most about 2n.
    mutating func rebuild(_ storage: WorldStorage, range: Double, runner: StepRunner, recordingBuildPositions: Bool = false) {
        levels.removeAll(keepingCapacity: true)
        // Every slot's level and cell, written by the passes.
        let count = storage.slotCount
        levelOfSlot.refill(0, count: count)
        cellOfSlot.refill(0, count: count)
        levels = levelOfSlot.withUnsafeMutableBufferPointer { levelOfSlot in
            cellOfSlot.withUnsafeMutableBufferPointer { cellOfSlot in
                let passes = GridPasses(bodies: UnsafeBufferPointer(storage.bodies.buffer), flags: UnsafeBufferPointer(storage.flags.buffer),
                                        buildPosition: recordingBuildPositions ? storage.buildPosition.buffer : nil,
                                        levelOfSlot: levelOfSlot, cellOfSlot: cellOfSlot,
                                        chunks: runner.chunks(count, minimum: StepRunner.bodyChunk))
                defer { passes.deallocate() }
                return passes.run(runner, range: range)
            }
        }
        guard !levels.isEmpty else {
            entries.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
            cellStart.removeAll(keepingCapacity: true)
            return
        }
        let last = levels[levels.count - 1], cells = last.cellBase + last.columns * last.rows
        cellOfSlot.withUnsafeBufferPointer { countingSort(bodies: UnsafeBufferPointer(storage.bodies.buffer), cellOfSlot: $0, cells: cells) }
    }

    /// Counting sort of the colliding bodies by cell (`cellOfSlot`, −1 for none): count,
    /// prefix-sum, then place in descending slot order at each cell's decreasing end, so every
    /// cell lists its bodies in ascending slot order and `cellStart` ends up holding the starts.
    private mutating func countingSort(bodies: UnsafeBufferPointer<SolverBody>, cellOfSlot: UnsafeBufferPointer<Int32>, cells: Int) {
        precondition(cellOfSlot.count == bodies.count, "a cell per slot")
        cellStart.refill(0, count: cells + 1)
        let total = cellStart.withUnsafeMutableBufferPointer { Broadphase.countCells(cellOfSlot: cellOfSlot, cellStart: $0) }
        entries.refill(Entry(x: 0, y: 0, radius: 0, slot: 0), count: copiesPositions ? total : 0)
        slots.refill(0, count: copiesPositions ? 0 : total)
        let body = bodies.start, cellOf = cellOfSlot.start
        cellStart.withUnsafeMutableBufferPointer { cellStart in
            let start = cellStart.start
            if copiesPositions {
                entries.withUnsafeMutableBufferPointer { entries in
                    let entry = entries.start
                    var slot = bodies.count - 1
                    while slot >= 0 {
                        defer { slot -= 1 }
                        guard cellOf[slot] >= 0 else { continue }
                        let cell = Int(cellOf[slot])
                        start[cell] -= 1
                        entry[Int(start[cell])] = Entry(x: body[slot].px, y: body[slot].py, radius: Float(body[slot].radius),
                                                        slot: Int32(truncatingIfNeeded: slot))
                    }
                }
            } else {
                slots.withUnsafeMutableBufferPointer { slots in
                    let slotOf = slots.start
                    var slot = bodies.count - 1
                    while slot >= 0 {
                        defer { slot -= 1 }
                        guard cellOf[slot] >= 0 else { continue }
                        let cell = Int(cellOf[slot])
                        start[cell] -= 1
                        slotOf[Int(start[cell])] = Int32(truncatingIfNeeded: slot)
                    }
                }
            }
        }
    }

    /// The counting pass: the count per cell turned into each cell's end (a prefix sum);
    /// returns the bodies counted.
    private static func countCells(cellOfSlot: UnsafeBufferPointer<Int32>, cellStart: UnsafeMutableBufferPointer<Int32>) -> Int {
        let cellOf = cellOfSlot.start, start = cellStart.start, cells = cellStart.count - 1
        var total = 0, slot = 0
        while slot < cellOfSlot.count {
            if cellOf[slot] >= 0 {
                start[Int(cellOf[slot])] += 1
                total += 1
            }
            slot += 1
        }
        var index = 1
        while index < cells {
            start[index] += start[index - 1]
            index += 1
        }
        start[cells] = Int32(total)
        return total
    }
}
