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
    @inline(__always)
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

    let entries: UnsafeBufferPointer<Broadphase.Entry>
    let cellStart: UnsafeBufferPointer<Int32>
    let levels: UnsafeBufferPointer<Broadphase.Level>
    /// Pair range as a multiple of the radius sum.
    let range: Double
    /// Room for `examinedLimit` candidates.
    let scratch: UnsafeMutableBufferPointer<Candidate>

    /// Scans for the body at `index` in `entries`, in cell (`column`, `row`) of `level`; returns
    /// how many candidates it wrote to `scratch` (at most `keptLimit`, the nearest).
    func scan(index: Int, level: Int, column: Int, row: Int) -> Int {
        let body = entries[index]
        var examined = 0, found = 0
        let grid = levels[level]
        let rowBase = grid.cellBase + row * grid.columns
        // The rest of the own cell and the next cell of the row are contiguous.
        test(index + 1, Int(cellStart[rowBase + min(column + 1, grid.columns - 1) + 1]), body, &examined, &found)
        if row + 1 < grid.rows {
            let next = rowBase + grid.columns
            test(Int(cellStart[next + max(column - 1, 0)]), Int(cellStart[next + min(column + 1, grid.columns - 1) + 1]),
                 body, &examined, &found)
        }
        for coarser in (level + 1)..<levels.count {
            let grid = levels[coarser]
            let c = grid.column(body.x), r = grid.row(body.y)
            for row in max(r - 1, 0)...min(r + 1, grid.rows - 1) {
                let base = grid.cellBase + row * grid.columns
                test(Int(cellStart[base + max(c - 1, 0)]), Int(cellStart[base + min(c + 1, grid.columns - 1) + 1]),
                     body, &examined, &found)
            }
        }
        return found > PairScan.keptLimit ? keepNearest(found) : found
    }

    /// Tests the bodies in `entries[first..<last]` against `body`, within the examined limit.
    @inline(__always)
    private func test(_ first: Int, _ last: Int, _ body: Broadphase.Entry, _ examined: inout Int, _ found: inout Int) {
        guard first < last else { return }
        let end = min(last, first + (PairScan.examinedLimit - examined))
        examined += end - first
        for index in first..<end {
            let other = entries[index]
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
        for root in stride(from: k / 2 - 1, through: 0, by: -1) { siftDown(root, k) }
        for index in k..<found where scratch[index].isNearer(than: scratch[0]) {
            scratch[0] = scratch[index]
            siftDown(0, k)
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
            scratch.swapAt(parent, largest)
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
            for level in 0..<levels.count {
                let grid = levels[level]
                let first = max(cells.lowerBound, grid.cellBase), last = min(cells.upperBound, grid.cellBase + grid.columns * grid.rows)
                guard first < last else { continue }
                var column = (first - grid.cellBase) % grid.columns, row = (first - grid.cellBase) / grid.columns
                for cell in first..<last {
                    for index in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                        emit(entries[index].slot, found: scan.scan(index: index, level: level, column: column, row: row),
                             scratch: scratch, into: &pairs)
                    }
                    column += 1
                    if column == grid.columns { column = 0; row += 1 }
                }
            }
        }
        output[chunk] = pairs
    }

    @inline(__always)
    private func emit(_ slot: Int32, found: Int, scratch: UnsafeMutableBufferPointer<Candidate>, into pairs: inout [Pair]) {
        for candidate in scratch[0..<found] {
            let a = min(slot, candidate.slot), b = max(slot, candidate.slot)
            pairs.append(Pair(a: a, b: b, impulse: CarriedImpulses.impulse(a, b, start: carriedStart, entries: carriedEntries)))
        }
    }
}
