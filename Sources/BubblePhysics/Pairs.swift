/// The pair search of the contact build: every pair of colliding bodies closer than the pair
/// range, found once, with at most `PairScan.keptLimit` pairs per scanning body.
///
/// Within a level a body looks at the forward half of its neighbourhood only — the rest of its
/// own cell, the next cell in its row and the three cells of the next row — so each pair is
/// examined once; in every coarser level it looks at the 3 × 3 cells around it. Work and memory
/// are bounded per body: a scan examines at most `examinedLimit` bodies and keeps the
/// `keptLimit` nearest of those in range. Bodies that do not overlap never reach either bound
/// (a cell holds a few dozen of them at most); bodies stacked on one point do, and then each
/// pushes against its nearest partners and the pile spreads, instead of the build growing with
/// the square of the pile.
struct Pair: Sendable {
    var a: Int32
    var b: Int32
    var impulse: Float
}

/// A body found in range by one scan, with its squared distance.
struct Candidate: Sendable {
    var slot: Int32
    var distanceSquared: Double

    /// Nearer first; equal distances by slot (a total, deterministic order).
    @_transparent
    func isNearer(than other: Candidate) -> Bool {
        distanceSquared < other.distanceSquared || (distanceSquared == other.distanceSquared && slot < other.slot)
    }
}

/// One pass of the pair search over the broadphase's arrays.
struct PairScan {
    /// Most bodies one scan examines.
    static let examinedLimit = 128
    /// Most pairs one scan keeps: memory is at most this many contacts per body.
    static let keptLimit = 16

    // The broadphase's arrays as plain pointers (`Flat.swift`), checked at the boundary.
    let entries: UnsafePointer<Broadphase.Entry>
    let cellStart: UnsafePointer<Int32>
    let levels: UnsafePointer<Broadphase.Level>
    let levelCount: Int
    /// Pair range as a multiple of the radius sum.
    let range: Double
    /// Room for `examinedLimit` candidates.
    let scratch: UnsafeMutablePointer<Candidate>

    /// A scan over the broadphase's `entries`, `cellStart` and `levels` (one more cell start
    /// than the levels' cells), writing candidates to `scratch`.
    init(entries: UnsafeBufferPointer<Broadphase.Entry>, cellStart: UnsafeBufferPointer<Int32>,
         levels: UnsafeBufferPointer<Broadphase.Level>, range: Double, scratch: UnsafeMutableBufferPointer<Candidate>) {
        precondition(scratch.count >= PairScan.examinedLimit, "room for every candidate a scan examines")
        precondition(levels.isEmpty || cellStart.count > levels[levels.count - 1].cellBase
                        + levels[levels.count - 1].columns * levels[levels.count - 1].rows, "a start per cell and one past the last")
        self.entries = entries.start
        self.cellStart = cellStart.start
        self.levels = levels.start
        levelCount = levels.count
        self.range = range
        self.scratch = scratch.start
    }

    /// Scans for the body at `index` in `entries`, in cell (`column`, `row`) of `level`; returns
    /// how many candidates it wrote to `scratch` (at most `keptLimit`, the nearest).
    func scan(index: Int, level: Int, column: Int, row: Int) -> Int {
        let body = entries[index]
        var examined = 0, found = 0
        let grid = levels[level]
        let rowBase = grid.cellBase + row * grid.columns
        // The rest of the own cell and the next cell of the row are contiguous.
        let left = column > 0 ? column - 1 : 0, right = column + 1 < grid.columns - 1 ? column + 1 : grid.columns - 1
        test(index + 1, Int(cellStart[rowBase + right + 1]), body, &examined, &found)
        if row + 1 < grid.rows {
            let next = rowBase + grid.columns
            test(Int(cellStart[next + left]), Int(cellStart[next + right + 1]), body, &examined, &found)
        }
        var coarser = level + 1
        while coarser < levelCount {
            let grid = levels[coarser]
            let c = grid.column(body.x), r = grid.row(body.y)
            var row = r > 0 ? r - 1 : 0
            while row <= (r + 1 < grid.rows - 1 ? r + 1 : grid.rows - 1) {
                let base = grid.cellBase + row * grid.columns
                test(Int(cellStart[base + (c > 0 ? c - 1 : 0)]), Int(cellStart[base + (c + 1 < grid.columns - 1 ? c + 1 : grid.columns - 1) + 1]),
                     body, &examined, &found)
                row += 1
            }
            coarser += 1
        }
        return found > PairScan.keptLimit ? keepNearest(found) : found
    }

    /// Tests the bodies in `entries[first..<last]` against `body`, within the examined limit.
    @inline(__always)
    private func test(_ first: Int, _ last: Int, _ body: Broadphase.Entry, _ examined: inout Int, _ found: inout Int) {
        guard first < last else { return }
        let end = last < first + (PairScan.examinedLimit - examined) ? last : first + (PairScan.examinedLimit - examined)
        examined += end - first
        var index = first
        while index < end {
            let other = entries[index]
            index += 1
            let dx = other.x - body.x, dy = other.y - body.y
            let reach = Double(other.radius + body.radius) * range
            let distanceSquared = dx * dx + dy * dy
            // Written whether or not it is kept (the next one overwrites it): a minority is kept,
            // in no pattern a branch predictor could follow.
            // `found` stays below the examined count, which the scratch has room for.
            scratch[found] = Candidate(slot: other.slot, distanceSquared: distanceSquared)
            found += distanceSquared < reach * reach ? 1 : 0
        }
    }

    /// Moves the `keptLimit` nearest of `found` candidates to the front (a max-heap of the
    /// nearest so far: O(found × log keptLimit)); returns `keptLimit`.
    private func keepNearest(_ found: Int) -> Int {
        let k = PairScan.keptLimit
        var root = k / 2 - 1
        while root >= 0 {
            siftDown(root, k)
            root -= 1
        }
        var index = k
        while index < found {
            if scratch[index].isNearer(than: scratch[0]) {
                scratch[0] = scratch[index]
                siftDown(0, k)
            }
            index += 1
        }
        return k
    }

    /// Restores the max-heap (farthest on top) below `root` within the first `count` candidates.
    private func siftDown(_ root: Int, _ count: Int) {
        var parent = root
        while true {
            var largest = parent
            let left = 2 * parent + 1, right = left + 1
            if left < count && scratch[largest].isNearer(than: scratch[left]) { largest = left }
            if right < count && scratch[largest].isNearer(than: scratch[right]) { largest = right }
            if largest == parent { return }
            (scratch[parent], scratch[largest]) = (scratch[largest], scratch[parent])
            parent = largest
        }
    }
}

/// The pair search cut into chunks of cells: each chunk appends to its own list, and the lists
/// are read in chunk order, which is cell order however the cells are cut.
struct PairSearch {
    let entries: UnsafeBufferPointer<Broadphase.Entry>
    let cellStart: UnsafeBufferPointer<Int32>
    let levels: UnsafeBufferPointer<Broadphase.Level>
    let range: Double
    let carriedStart: UnsafeBufferPointer<Int32>
    let carriedEntries: UnsafeBufferPointer<CarriedImpulse>
    /// One list of pairs per chunk.
    let output: UnsafeMutableBufferPointer<[Pair]>
    /// Pairs per entry at the last build, to reserve each chunk's list.
    let expectedSixteenths: Int

    /// Least cells per chunk.
    static let cellChunk = 512

    /// Finds the pairs of `scratch.grid` within `range` (a multiple of the radius sum) with the
    /// impulses they carried (`scratch.carriedStart`, `carriedEntries`): one list per chunk of
    /// cells in `scratch.chunks`. Returns the number of chunks. `previousContacts`: the contacts
    /// of the last build, to reserve the lists.
    static func run(_ scratch: inout BuildScratch, range: Double, previousContacts: Int, runner: StepRunner) -> Int {
        let cellCount = max(scratch.grid.cellStart.count - 1, 0)
        let chunks = runner.chunks(cellCount, minimum: PairSearch.cellChunk)
        if scratch.chunks.count < chunks { scratch.chunks.append(contentsOf: repeatElement([], count: chunks - scratch.chunks.count)) }
        // Pairs per entry at the last build plus 1/16, in sixteenths (a tight reservation: the
        // chunk lists and the new contacts are the build's peak of memory).
        let expected = max(32, (previousContacts * 17) / max(scratch.grid.entries.count, 1))
        let grid = scratch.grid, start = scratch.carriedStart, carried = scratch.carriedEntries
        grid.entries.withUnsafeBufferPointer { entries in
            grid.cellStart.withUnsafeBufferPointer { cellStart in
                grid.levels.withUnsafeBufferPointer { levels in
                    start.withUnsafeBufferPointer { start in
                        carried.withUnsafeBufferPointer { carriedEntries in
                            scratch.chunks.withUnsafeMutableBufferPointer { output in
                                let search = PairSearch(entries: entries, cellStart: cellStart, levels: levels, range: range,
                                                        carriedStart: start, carriedEntries: carriedEntries, output: output,
                                                        expectedSixteenths: expected)
                                runner.forEachChunk(0..<cellCount, minimum: PairSearch.cellChunk) { chunk, cells in
                                    search.run(chunk: chunk, cells: cells)
                                }
                            }
                        }
                    }
                }
            }
        }
        return chunks
    }

    /// Scans the bodies of chunk `chunk`, `cells`, level by level, cell by cell.
    func run(chunk: Int, cells: Range<Int>) {
        guard !cells.isEmpty else { return }
        // The chunk's list of the last build, emptied: its capacity is kept.
        var pairs: [Pair] = []
        swap(&pairs, &output[chunk])
        pairs.removeAll(keepingCapacity: true)
        pairs.reserveCapacity((Int(cellStart[cells.upperBound]) - Int(cellStart[cells.lowerBound])) * expectedSixteenths / 16 + 16)
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: PairScan.examinedLimit) { scratch in
            let scan = PairScan(entries: entries, cellStart: cellStart, levels: levels, range: range, scratch: scratch)
            var level = 0
            while level < scan.levelCount {
                let grid = scan.levels[level]
                level += 1
                let first = max(cells.lowerBound, grid.cellBase), last = min(cells.upperBound, grid.cellBase + grid.columns * grid.rows)
                guard first < last else { continue }
                var column = (first - grid.cellBase) % grid.columns, row = (first - grid.cellBase) / grid.columns
                var cell = first
                while cell < last {
                    var index = Int(scan.cellStart[cell])
                    while index < Int(scan.cellStart[cell + 1]) {
                        emit(scan.entries[index].slot, found: scan.scan(index: index, level: level - 1, column: column, row: row),
                             scratch: scan.scratch, into: &pairs)
                        index += 1
                    }
                    column += 1
                    if column == grid.columns { column = 0; row += 1 }
                    cell += 1
                }
            }
        }
        output[chunk] = pairs
    }

    @inline(__always)
    private func emit(_ slot: Int32, found: Int, scratch: UnsafeMutablePointer<Candidate>, into pairs: inout [Pair]) {
        var index = 0
        while index < found {
            let other = scratch[index].slot
            let a = other < slot ? other : slot, b = other < slot ? slot : other
            pairs.append(Pair(a: a, b: b, impulse: CarriedImpulses.impulse(a, b, start: carriedStart, entries: carriedEntries)))
            index += 1
        }
    }
}
