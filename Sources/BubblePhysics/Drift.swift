/// Contact reuse past the skin: when some body has moved more than the skin since the last
/// contact build, the list may still hold every pair that matters, because the bodies moved
/// together. A crowd falling toward the attraction point drifts by far more than the skin while
/// its neighbours barely move relative to each other; rebuilding on every such step would cost
/// a full build per step.
///
/// The test (`DriftCheck.covers`) proves it or gives up. A pair missing from the list was more
/// than the build range (`1 + speculativeFraction + skin` times its radius sum) apart at the
/// build; it matters only once it is within the speculative range, so only if the two have
/// closed by more than the skin. The bodies are put in blocks by their build positions, blocks
/// as wide as the largest build range; blocks up to `reach` (2) columns and rows apart are
/// neighbours:
/// - Bodies in blocks that are not neighbours were more than two blocks apart at the build;
///   while no two bodies' displacements since the build differ by more than two blocks less the
///   largest speculative range (checked over all bodies at once), no such pair matters.
/// - For two neighbouring blocks (or one block with itself), the box of their bodies'
///   displacements bounds how far any of their pairs has closed; if that is less than the skin
///   of their smallest radii, no pair of theirs matters. A block is first held against the
///   union of the 3 × 5 blocks around and below it: when that passes, so does each of its
///   neighbours (a wider box or a smaller radius only fails sooner), and the 13 tests are
///   skipped (in a crowd drifting together, for nearly every block).
/// - Otherwise every pair of the two blocks is tested: one that is within the speculative range
///   now and may have been beyond the build range at the build is missing, and the list is
///   rebuilt.
/// Build positions are stored in single precision; every bound allows for that rounding, and
/// the exact pair test for relative errors of 1e-6 (the pair search sums radii in single
/// precision), so the test errs toward rebuilding. Work is linear in the bodies: the pair tests
/// are bounded per pair of blocks and per row of blocks, and a rebuild is always a correct
/// answer. The blocks' boxes and the rows' tests run in chunks (`DriftPasses`); every row has
/// its own budget, so the verdict is the same for any number of threads.
extension World {
    /// True when the contact list still holds every pair within the speculative range, although
    /// some body has moved more than the skin since the build (see `DriftCheck`). The first check
    /// after a build lays out the blocks (`driftLayout`, kept until the next build); every check
    /// measures the displacements and tests the blocks in chunks on `runner`.
    /// - Complexity: O(n) time; O(n) memory, 4 bytes per body and per block kept until the next
    ///   build, and 20 per block in the scratch (and 20 per column and chunk while it runs).
    mutating func contactsCoverDrift(_ storage: WorldStorage, _ runner: StepRunner) -> Bool {
        let check = DriftCheck(bodies: UnsafeBufferPointer(storage.bodies.buffer), flags: UnsafeBufferPointer(storage.flags.buffer),
                               built: UnsafeBufferPointer(storage.buildPosition.buffer),
                               speculativeRange: 1 + configuration.speculativeFraction, skin: World.skin)
        let layout = driftLayout ?? DriftLayout(check)
        driftLayout = layout
        return check.covers(runner, layout: layout, blocks: &storage.scratch.driftBlocks)
    }
}

/// The test of `World.contactsCoverDrift`, over the world's arrays.
struct DriftCheck {
    let bodies: UnsafeBufferPointer<SolverBody>
    let flags: UnsafeBufferPointer<BodyFlags>
    /// Build positions (single precision).
    let built: UnsafeBufferPointer<SIMD2<Float>>
    /// Pairs closer than this × their radius sum must be contacts.
    let speculativeRange: Double
    /// The build found pairs closer than (`speculativeRange` + this) × their radius sum.
    let skin: Double

    /// Blocks this many apart (in columns or rows) or fewer are neighbours.
    static let reach = 2
    /// Most pair tests between two blocks, and in total per body of a row of blocks, before the
    /// check gives up.
    static let blockPairLimit = 1024
    static let pairsPerBody = 16

    /// The flat views of `bodies` and `built` the hot loops index (`Flat.swift`).
    var body: UnsafePointer<SolverBody> { bodies.start }
    var builtScalars: UnsafePointer<Float> { built.scalars }

    /// True when the list provably holds every pair that matters; `layout` holds the blocks of
    /// the build positions, and the blocks' boxes live while the check runs.
    func covers(_ runner: StepRunner, layout: DriftLayout, blocks: inout [DriftBlock]) -> Bool {
        guard layout.extent.count > 0 else { return true }
        guard let grid = layout.grid else { return false }
        blocks.refill(DriftBlock(), count: grid.columns * grid.rows)
        var verdicts = [Bool](repeating: true, count: runner.chunks(grid.rows, minimum: DriftPasses.rowChunk))
        return blocks.withUnsafeMutableBufferPointer { blocks in covers(runner, layout: layout, grid: grid, blocks: blocks, verdicts: &verdicts) }
    }

    /// `covers` over the blocks' buffer.
    private func covers(_ runner: StepRunner, layout: DriftLayout, grid: DriftGrid, blocks: UnsafeMutableBufferPointer<DriftBlock>,
                        verdicts: inout [Bool]) -> Bool {
        layout.start.withUnsafeBufferPointer { start in
            layout.members.withUnsafeBufferPointer { members in
                verdicts.withUnsafeMutableBufferPointer { verdicts in
                    let passes = DriftPasses(check: self, grid: grid, blocks: blocks, start: start, members: members)
                    runner.forEachChunk(0..<blocks.count, minimum: DriftPasses.blockChunk) { _, items in passes.measure(items) }
                    guard DriftBlock.spread(of: UnsafeBufferPointer(blocks)) < layout.farLimit else { return false }
                    runner.forEachChunk(0..<grid.rows, minimum: DriftPasses.rowChunk) { chunk, rows in
                        verdicts[chunk] = passes.testRows(rows)
                    }
                    return !verdicts.contains(false)
                }
            }
        }
    }

    /// Tests the block at `row`, `column` against the forward half of its neighbourhood (the
    /// rest of its row, then the rows below): false when a pair may be missing or the pair
    /// tests would exceed `budget`.
    func testNeighbours(_ grid: DriftGrid, row: Int, column: Int, blocks: UnsafeMutablePointer<DriftBlock>,
                        start: UnsafePointer<Int32>, members: UnsafePointer<Int32>, budget: inout Int) -> Bool {
        let index = row * grid.columns + column, reach = DriftCheck.reach
        let lastRow = reach < grid.rows - 1 - row ? reach : grid.rows - 1 - row
        let lastColumn = column + reach < grid.columns - 1 ? column + reach : grid.columns - 1
        var dy = 0
        while dy <= lastRow {
            var otherColumn = dy == 0 ? column : (column > reach ? column - reach : 0)
            while otherColumn <= lastColumn {
                let other = index + dy * grid.columns + otherColumn - column
                otherColumn += 1
                guard start[other] < start[other + 1], !blocks[index].closeEnough(blocks[other], skin: skin, rounding: grid.rounding) else { continue }
                guard testPairs(index, other, start: start, members: members, budget: &budget) else { return false }
            }
            dy += 1
        }
        return true
    }

    /// Tests every pair of blocks `first` and `second` (each pair once when they are the same):
    /// false when one may be missing from the list, or when the work would exceed `budget`.
    private func testPairs(_ first: Int, _ second: Int, start: UnsafePointer<Int32>,
                           members: UnsafePointer<Int32>, budget: inout Int) -> Bool {
        let firstStart = Int(start[first]), firstEnd = Int(start[first + 1])
        let secondStart = Int(start[second]), secondEnd = Int(start[second + 1])
        let work = (firstEnd - firstStart) * (secondEnd - secondStart)
        guard work <= DriftCheck.blockPairLimit, work <= budget else { return false }
        budget -= work
        let body = self.body, built = builtScalars
        var i = firstStart
        while i < firstEnd {
            let a = Int(members[i])
            var j = first == second ? i + 1 : secondStart
            while j < secondEnd {
                if mayBeMissing(a, Int(members[j]), body, built) { return false }
                j += 1
            }
            i += 1
        }
        return true
    }

    /// True when bodies `a` and `b` are within the speculative range now and may have been
    /// beyond the build range at the build (so the pair search may not have found them).
    @_transparent
    private func mayBeMissing(_ a: Int, _ b: Int, _ body: UnsafePointer<SolverBody>, _ built: UnsafePointer<Float>) -> Bool {
        let bodyA = body[a], bodyB = body[b]
        let sum = bodyA.radius + bodyB.radius
        let dx = bodyB.px - bodyA.px, dy = bodyB.py - bodyA.py
        let near = speculativeRange * sum * (1 + 1e-6)
        guard dx * dx + dy * dy < near * near else { return false }
        let ax = built[2 * a], ay = built[2 * a + 1], bx = built[2 * b], by = built[2 * b + 1]
        let inside = (speculativeRange + skin) * sum * (1 - 1e-6) - DriftCheck.rounding(ax, ay) - DriftCheck.rounding(bx, by)
        guard inside > 0 else { return true }
        let ex = Double(bx) - Double(ax), ey = Double(by) - Double(ay)
        return !(ex * ex + ey * ey < inside * inside)
    }

    /// A bound on the distance between a build position (`x`, `y`) and its single-precision copy
    /// (relative, plus the spacing of subnormal floats).
    @_transparent
    static func rounding(_ x: Float, _ y: Float) -> Double {
        (Double(x).magnitude + Double(y).magnitude) * 0x1p-23 + 0x1p-149
    }
}

/// The passes of a drift check that run in chunks (while the check runs): each block's
/// summary from its members, then each row of blocks against its neighbours. A chunk writes only
/// its blocks or returns its verdict, and every row has its own budget of pair tests, so the
/// verdict does not depend on the cut.
struct DriftPasses {
    let check: DriftCheck
    let grid: DriftGrid
    let blocks: UnsafeMutableBufferPointer<DriftBlock>
    let start: UnsafeBufferPointer<Int32>
    let members: UnsafeBufferPointer<Int32>

    /// Least blocks per chunk of the boxes pass, least rows per chunk of the neighbours pass.
    static let blockChunk = 512, rowChunk = 4

    /// The boxes pass: the box of every block in `items` from its members' displacements.
    func measure(_ items: Range<Int>) {
        let start = self.start.start, members = self.members.start, blocks = self.blocks.start
        let body = check.body, built = check.builtScalars
        var index = items.lowerBound
        while index < items.upperBound {
            // An empty block keeps the infinite box and radius it starts with. The box holds the
            // members' displacements since the build as lows of (dx, dy, −dx, −dy), each lane
            // taking a displacement's only where it is smaller (a NaN never enters).
            var member = Int(start[index]), smallest = Double.infinity
            var lowX = Double.infinity, lowY = Double.infinity, negatedHighX = Double.infinity, negatedHighY = Double.infinity
            let end = Int(start[index + 1])
            if member < end {
                while member < end {
                    let slot = Int(members[member]), radius = body[slot].radius
                    let dx = body[slot].px - Double(built[2 * slot]), dy = body[slot].py - Double(built[2 * slot + 1])
                    if dx < lowX { lowX = dx }
                    if dy < lowY { lowY = dy }
                    if -dx < negatedHighX { negatedHighX = -dx }
                    if -dy < negatedHighY { negatedHighY = -dy }
                    smallest = radius < smallest ? radius : smallest
                    member += 1
                }
                blocks[index] = DriftBlock(lows: (lowX, lowY, negatedHighX, negatedHighY), smallestRadius: smallest)
            }
            index += 1
        }
    }

    /// The neighbours pass over `rows`: false when a pair may be missing.
    func testRows(_ rows: Range<Int>) -> Bool {
        // A block close enough to the union of its 3 × 5 neighbourhood is close enough to each
        // block in it (`closeEnough` only fails sooner for a wider box or a smaller radius), so
        // its 13 tests are skipped; in a drifting crowd nearly every block is.
        let unions = UnsafeMutablePointer<DriftBlock>.allocate(capacity: grid.columns)
        defer { unions.deallocate() }
        let start = self.start.start, members = self.members.start, blocks = self.blocks.start
        var row = rows.lowerBound
        while row < rows.upperBound {
            let first = row * grid.columns
            var budget = DriftCheck.pairsPerBody * Int(start[first + grid.columns] - start[first]) + DriftCheck.blockPairLimit
            grid.columnUnions(row, blocks: blocks, into: unions)
            var column = 0
            while column < grid.columns {
                defer { column += 1 }
                guard start[first + column] < start[first + column + 1] else { continue }
                let neighbourhood = DriftBlock.union(of: unions, count: grid.columns, around: column)
                if blocks[first + column].closeEnough(neighbourhood, skin: check.skin, rounding: grid.rounding) { continue }
                guard check.testNeighbours(grid, row: row, column: column, blocks: blocks, start: start, members: members,
                                           budget: &budget) else { return false }
            }
            row += 1
        }
        return true
    }
}

/// The bodies built in one block, kept in 20 bytes while a check runs: the box of their
/// displacements since the build, as (dx, dy, −dx, −dy) lows, and their smallest radius, in
/// single precision rounded down (the box only grows and the radius only shrinks, so every
/// bound stays safe).
struct DriftBlock: Sendable, Equatable {
    var lowX = Float.infinity, lowY = Float.infinity, negatedHighX = Float.infinity, negatedHighY = Float.infinity
    var smallestRadius = Float.infinity

    init() {}

    /// The block of a displacement box given by its lows (as above) and smallest radius `radius`.
    @inline(__always)
    init(lows: (Double, Double, Double, Double), smallestRadius radius: Double) {
        lowX = DriftBlock.down(lows.0)
        lowY = DriftBlock.down(lows.1)
        negatedHighX = DriftBlock.down(lows.2)
        negatedHighY = DriftBlock.down(lows.3)
        smallestRadius = DriftBlock.down(radius)
    }

    /// The same from a standard vector (tests).
    init(box: SIMD4<Double>, smallestRadius radius: Double) {
        self.init(lows: (box[0], box[1], box[2], box[3]), smallestRadius: radius)
    }

    /// The union of two blocks' boxes, with the smaller radius (an empty block, all
    /// infinities, changes nothing; a NaN of `other`'s never enters).
    @_transparent
    func merged(with other: DriftBlock) -> DriftBlock {
        var block = self
        if other.lowX < lowX { block.lowX = other.lowX }
        if other.lowY < lowY { block.lowY = other.lowY }
        if other.negatedHighX < negatedHighX { block.negatedHighX = other.negatedHighX }
        if other.negatedHighY < negatedHighY { block.negatedHighY = other.negatedHighY }
        if other.smallestRadius < smallestRadius { block.smallestRadius = other.smallestRadius }
        return block
    }

    /// The union of `unions[column − reach ... column + reach]` (within the row of `count`).
    @inline(__always)
    static func union(of unions: UnsafePointer<DriftBlock>, count: Int, around column: Int) -> DriftBlock {
        let low = column > DriftCheck.reach ? column - DriftCheck.reach : 0
        let high = column + DriftCheck.reach < count - 1 ? column + DriftCheck.reach : count - 1
        var union = unions[low], index = low + 1
        while index <= high {
            union = union.merged(with: unions[index])
            index += 1
        }
        return union
    }

    /// The same over a buffer (tests).
    static func union(of unions: UnsafeBufferPointer<DriftBlock>, around column: Int) -> DriftBlock {
        union(of: unions.start, count: unions.count, around: column)
    }

    /// The larger spread along x and y of every displacement in `blocks` (a bound on how far any
    /// two bodies have closed since the build; infinite or NaN when some displacement is not finite).
    static func spread(of blocks: UnsafeBufferPointer<DriftBlock>) -> Double {
        var all = DriftBlock(), index = 0
        let block = blocks.start
        while index < blocks.count {
            all = all.merged(with: block[index])
            index += 1
        }
        let x = -Double(all.negatedHighX) - Double(all.lowX), y = -Double(all.negatedHighY) - Double(all.lowY)
        return x > y ? x : y
    }

    /// The largest single-precision value at most `value` (`Float.nextDown` of the nearest
    /// where that is above), without a branch: the blocks of a check take it about as often one
    /// way as the other, so a branch would mostly be mispredicted.
    @_transparent
    static func down(_ value: Double) -> Float {
        let nearest = Float(value)
        let above: Int32 = Double(nearest) > value ? -1 : 0
        // One step toward −∞ in the bit pattern: down for a positive value (+∞ included), up for a
        // negative one (−0 included); a value above another is never NaN or −∞.
        let bits = Int32(bitPattern: nearest.bitPattern)
        let step = (bits &>> 31) | 1
        return Float(bitPattern: UInt32(bitPattern: bits &- (step & above)))
    }

    /// The same lane by lane (tests).
    static func down(_ values: SIMD4<Double>) -> SIMD4<Float> {
        SIMD4(down(values[0]), down(values[1]), down(values[2]), down(values[3]))
    }

    /// True when no body of this block and one of `other` can have closed by the skin of their
    /// radius sum since the build (a body's true displacement differs from the one measured
    /// from its rounded build position by at most `rounding`, the largest).
    @_transparent
    func closeEnough(_ other: DriftBlock, skin: Double, rounding: Double) -> Bool {
        // How far the two can have closed along x is the larger of (high − other's low) and
        // (other's high − low); with highs stored negated, each is minus a sum of two lows, and
        // its square is that of the smaller sum.
        let sumX = Double(negatedHighX) + Double(other.lowX), sumY = Double(negatedHighY) + Double(other.lowY)
        let otherSumX = Double(lowX) + Double(other.negatedHighX), otherSumY = Double(lowY) + Double(other.negatedHighY)
        let closingX = otherSumX < sumX ? otherSumX : sumX, closingY = otherSumY < sumY ? otherSumY : sumY
        let budget = skin * (Double(smallestRadius) + Double(other.smallestRadius)) - 4 * rounding
        return budget > 0 && closingX * closingX + closingY * closingY < budget * budget
    }
}
