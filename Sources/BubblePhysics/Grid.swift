/// Uniform-grid broadphase, rebuilt every step with a counting sort.
///
/// Bubbles are of similar size, so a grid whose cell is as wide as the largest interaction
/// range (the largest diameter plus the speculative margin) finds every pair within range by
/// looking at the 3 × 3 cells around a body. Building it is two linear passes (count, place);
/// entries are stored cell by cell with a copy of position and radius, so the pair search reads
/// contiguous memory. Positions far outside the grid clamp to its border cells, which stays
/// correct (clamping never separates two cells by more than one) and lets a body fly away
/// through an open border without making the grid huge.
struct Grid: Sendable {
    /// One body in the grid: its position and radius when the grid was built, and its slot.
    struct Entry: Sendable {
        var x: Double
        var y: Double
        /// Single precision is plenty for a candidate test with a speculative margin (24 bytes).
        var radius: Float
        var slot: Int32
    }

    var originX: Double = 0
    var originY: Double = 0
    var inverseCellSize: Double = 1
    var cellSize: Double = 1
    var columns: Int = 0
    var rows: Int = 0
    /// `cellStart[c] ..< cellStart[c + 1]` are the entries of cell `c` (row-major).
    var cellStart: [Int32] = []
    var entries: [Entry] = []
    /// Largest radius among the bodies in the grid.
    var maxRadius: Double = 0
    /// Most bodies in any one cell: 9 × this bounds the candidates around any body.
    var maxCellCount: Int = 0

    /// The column of an x coordinate, clamped into the grid (never traps on huge values).
    @inline(__always)
    func column(_ x: Double) -> Int { clampedCell((x - originX) * inverseCellSize, count: columns) }

    /// The row of a y coordinate, clamped into the grid.
    @inline(__always)
    func row(_ y: Double) -> Int { clampedCell((y - originY) * inverseCellSize, count: rows) }

    @inline(__always)
    private func clampedCell(_ value: Double, count: Int) -> Int {
        let top = Double(count - 1)
        if !(value > 0) { return 0 }  // also catches NaN
        return value < top ? Int(value) : count - 1
    }

    /// Rebuilds the grid over the colliding bodies.
    /// - Parameter range: pair range as a multiple of the radius sum (1 + speculative fraction).
    /// - Complexity: O(n + cells), with cells at most about 2n.
    mutating func rebuild(bodies: UnsafeBufferPointer<SolverBody>, flags: [BodyFlags], range: Double) {
        let colliding: BodyFlags = [.alive, .collides]
        var count = 0
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var largest = 0.0
        for slot in 0..<bodies.count where flags[slot].isSuperset(of: colliding) {
            let body = bodies[slot]
            count += 1
            minX = body.px < minX ? body.px : minX
            minY = body.py < minY ? body.py : minY
            maxX = body.px > maxX ? body.px : maxX
            maxY = body.py > maxY ? body.py : maxY
            largest = body.radius > largest ? body.radius : largest
        }
        maxRadius = largest
        entries.removeAll(keepingCapacity: true)
        guard count > 0 else {
            columns = 0; rows = 0; maxCellCount = 0; cellStart.removeAll(keepingCapacity: true)
            return
        }
        sizeCells(minX: minX, minY: minY, maxX: maxX, maxY: maxY, cellSize: 2 * largest * range, bodyCount: count)
        countingSort(bodies: bodies, flags: flags, count: count)
    }

    /// Chooses origin, cell size and dimensions; doubles the cell size until there are at most
    /// about two cells per body (a few far-flung bodies must not make the grid huge).
    private mutating func sizeCells(minX: Double, minY: Double, maxX: Double, maxY: Double, cellSize: Double, bodyCount: Int) {
        originX = minX
        originY = minY
        var size = cellSize
        let limit = Double(2 * bodyCount + 16)
        while ((maxX - minX) / size + 1) * ((maxY - minY) / size + 1) > limit { size *= 2 }
        self.cellSize = size
        inverseCellSize = 1 / size
        columns = Int((maxX - minX) / size) + 1
        rows = Int((maxY - minY) / size) + 1
    }

    /// Counting sort of the colliding bodies by cell: count, prefix-sum, then place in
    /// descending slot order at each cell's decreasing end, so every cell lists its bodies in
    /// ascending slot order and `cellStart` ends up holding the starts. No scratch array.
    private mutating func countingSort(bodies: UnsafeBufferPointer<SolverBody>, flags: [BodyFlags], count: Int) {
        let colliding: BodyFlags = [.alive, .collides]
        let cellCount = columns * rows
        cellStart.removeAll(keepingCapacity: true)
        cellStart.append(contentsOf: repeatElement(0, count: cellCount + 1))
        for slot in 0..<bodies.count where flags[slot].isSuperset(of: colliding) {
            let body = bodies[slot]
            cellStart[row(body.py) * columns + column(body.px)] += 1
        }
        var most: Int32 = 0
        for cell in 0..<cellCount { most = cellStart[cell] > most ? cellStart[cell] : most }
        maxCellCount = Int(most)
        for cell in 1..<max(cellCount, 1) { cellStart[cell] += cellStart[cell - 1] }
        cellStart[cellCount] = Int32(count)
        entries.append(contentsOf: repeatElement(Entry(x: 0, y: 0, radius: 0, slot: 0), count: count))
        for slot in stride(from: bodies.count - 1, through: 0, by: -1) where flags[slot].isSuperset(of: colliding) {
            let body = bodies[slot]
            let cell = row(body.py) * columns + column(body.px)
            cellStart[cell] -= 1
            entries[Int(cellStart[cell])] = Entry(x: body.px, y: body.py, radius: Float(body.radius), slot: Int32(slot))
        }
    }
}
