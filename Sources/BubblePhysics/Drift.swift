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
    func testNeighbours(_ grid: DriftGrid, row: Int, column: Int, blocks: UnsafeMutableBufferPointer<DriftBlock>,
                        start: UnsafeBufferPointer<Int32>, members: UnsafeBufferPointer<Int32>, budget: inout Int) -> Bool {
        let index = row * grid.columns + column, reach = DriftCheck.reach
        for dy in 0...min(reach, grid.rows - 1 - row) {
            let first = dy == 0 ? column : max(column - reach, 0)
            for otherColumn in first...min(column + reach, grid.columns - 1) {
                let other = index + dy * grid.columns + otherColumn - column
                guard start[other] < start[other + 1], !blocks[index].closeEnough(blocks[other], skin: skin, rounding: grid.rounding) else { continue }
                guard testPairs(index, other, start: start, members: members, budget: &budget) else { return false }
            }
        }
        return true
    }

    /// Tests every pair of blocks `first` and `second` (each pair once when they are the same):
    /// false when one may be missing from the list, or when the work would exceed `budget`.
    private func testPairs(_ first: Int, _ second: Int, start: UnsafeBufferPointer<Int32>,
                           members: UnsafeBufferPointer<Int32>, budget: inout Int) -> Bool {
        let firstRange = Int(start[first])..<Int(start[first + 1]), secondRange = Int(start[second])..<Int(start[second + 1])
        let work = firstRange.count * secondRange.count
        guard work <= DriftCheck.blockPairLimit, work <= budget else { return false }
        budget -= work
        for i in firstRange {
            let a = Int(members[i])
            for j in secondRange where first != second || j > i {
                if mayBeMissing(a, Int(members[j])) { return false }
            }
        }
        return true
    }

    /// True when bodies `a` and `b` are within the speculative range now and may have been
    /// beyond the build range at the build (so the pair search may not have found them).
    @inline(__always)
    private func mayBeMissing(_ a: Int, _ b: Int) -> Bool {
        let bodyA = bodies[a], bodyB = bodies[b]
        let sum = bodyA.radius + bodyB.radius
        let dx = bodyB.px - bodyA.px, dy = bodyB.py - bodyA.py
        let near = speculativeRange * sum * (1 + 1e-6)
        guard dx * dx + dy * dy < near * near else { return false }
        let builtA = built[a], builtB = built[b]
        let inside = (speculativeRange + skin) * sum * (1 - 1e-6) - DriftCheck.rounding(builtA) - DriftCheck.rounding(builtB)
        guard inside > 0 else { return true }
        let bx = Double(builtB.x) - Double(builtA.x), by = Double(builtB.y) - Double(builtA.y)
        return !(bx * bx + by * by < inside * inside)
    }

    /// A bound on the distance between a build position and its single-precision copy (relative,
    /// plus the spacing of subnormal floats).
    @inline(__always)
    static func rounding(_ built: SIMD2<Float>) -> Double {
        (abs(Double(built.x)) + abs(Double(built.y))) * 0x1p-23 + 0x1p-149
    }

    /// The lane-wise smaller of two vectors, keeping `box`'s lane where `value`'s is not smaller
    /// (so a NaN never enters; inlined and specialized, unlike the generic `pointwiseMin`).
    @inline(__always)
    static func lower<Vector: SIMD>(_ box: Vector, _ value: Vector) -> Vector where Vector.Scalar: Comparable {
        var result = box
        result.replace(with: value, where: value .< box)
        return result
    }

    /// True when the body in `slot` takes part in contacts (the bodies the pair search sees).
    @inline(__always)
    func collides(_ slot: Int) -> Bool { flags[slot].isSuperset(of: GridPasses.colliding) }

    /// The displacement of `slot` since the build, as (dx, dy, −dx, −dy) so boxes merge by `min`.
    @inline(__always)
    func displacement(_ slot: Int) -> SIMD4<Double> {
        let body = bodies[slot], position = built[slot]
        let dx = body.px - Double(position.x), dy = body.py - Double(position.y)
        return SIMD4(dx, dy, -dx, -dy)
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
        // An empty block keeps the infinite box and radius it starts with.
        for index in items where start[index] < start[index + 1] {
            var box = SIMD4<Double>(repeating: .infinity), smallest = Double.infinity
            for member in Int(start[index])..<Int(start[index + 1]) {
                let slot = Int(members[member]), radius = check.bodies[slot].radius
                box = DriftCheck.lower(box, check.displacement(slot))
                smallest = radius < smallest ? radius : smallest
            }
            blocks[index] = DriftBlock(box: box, smallestRadius: smallest)
        }
    }

    /// The neighbours pass over `rows`: false when a pair may be missing.
    func testRows(_ rows: Range<Int>) -> Bool {
        // A block close enough to the union of its 3 × 5 neighbourhood is close enough to each
        // block in it (`closeEnough` only fails sooner for a wider box or a smaller radius), so
        // its 13 tests are skipped; in a drifting crowd nearly every block is.
        let unions = UnsafeMutableBufferPointer<DriftBlock>.allocate(capacity: grid.columns)
        defer { unions.deallocate() }
        for row in rows {
            let first = row * grid.columns
            var budget = DriftCheck.pairsPerBody * Int(start[first + grid.columns] - start[first]) + DriftCheck.blockPairLimit
            grid.columnUnions(row, blocks: UnsafeBufferPointer(blocks), into: unions)
            for column in 0..<grid.columns where start[first + column] < start[first + column + 1] {
                let neighbourhood = DriftBlock.union(of: UnsafeBufferPointer(unions), around: column)
                if blocks[first + column].closeEnough(neighbourhood, skin: check.skin, rounding: grid.rounding) { continue }
                guard check.testNeighbours(grid, row: row, column: column, blocks: blocks, start: start, members: members,
                                           budget: &budget) else { return false }
            }
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

    /// The block of displacement box `box` (lows, as above) and smallest radius `radius`.
    @inline(__always)
    init(box: SIMD4<Double>, smallestRadius radius: Double) {
        singleLows = DriftBlock.down(box)
        smallestRadius = DriftBlock.down(SIMD4(radius, 0, 0, 0))[0]
    }

    /// The union of two blocks' boxes, with the smaller radius (an empty block, all
    /// infinities, changes nothing).
    @inline(__always)
    func merged(with other: DriftBlock) -> DriftBlock {
        var block = DriftBlock()
        block.singleLows = DriftCheck.lower(singleLows, other.singleLows)
        block.smallestRadius = other.smallestRadius < smallestRadius ? other.smallestRadius : smallestRadius
        return block
    }

    /// The union of `unions[column − reach ... column + reach]` (within the row).
    @inline(__always)
    static func union(of unions: UnsafeBufferPointer<DriftBlock>, around column: Int) -> DriftBlock {
        let low = column > DriftCheck.reach ? column - DriftCheck.reach : 0
        let high = min(column + DriftCheck.reach, unions.count - 1)
        var union = unions[low]
        for index in low + 1 ..< high + 1 { union = union.merged(with: unions[index]) }
        return union
    }

    /// The lows as one vector (the fields stay scalars: a vector field would pad the block
    /// from 20 bytes to 32).
    @inline(__always)
    var singleLows: SIMD4<Float> {
        get { SIMD4(lowX, lowY, negatedHighX, negatedHighY) }
        set { (lowX, lowY, negatedHighX, negatedHighY) = (newValue[0], newValue[1], newValue[2], newValue[3]) }
    }

    /// The lows as one vector, in double precision (exact).
    @inline(__always)
    var lows: SIMD4<Double> { SIMD4<Double>(singleLows) }

    /// The larger spread along x and y of every displacement in `blocks` (a bound on how far any
    /// two bodies have closed since the build; infinite or NaN when some displacement is not finite).
    static func spread(of blocks: UnsafeBufferPointer<DriftBlock>) -> Double {
        var all = DriftBlock()
        for block in blocks { all = all.merged(with: block) }
        let x = -Double(all.negatedHighX) - Double(all.lowX), y = -Double(all.negatedHighY) - Double(all.lowY)
        return x > y ? x : y
    }

    /// Lane by lane, the largest single-precision value at most `values` (`Float.nextDown` of
    /// the nearest where that is above), without a branch: the blocks of a check take it about
    /// as often one way as the other, so a branch per lane would mostly be mispredicted.
    @inline(__always)
    static func down(_ values: SIMD4<Double>) -> SIMD4<Float> {
        let nearest = SIMD4<Float>(values)
        let above = SIMD4<Int64>(repeating: 0).replacing(with: -1, where: SIMD4<Double>(nearest) .> values)
        // One step toward −∞ in the bit pattern: down for a positive value (+∞ included), up for a
        // negative one (−0 included); a value above another is never NaN or −∞.
        let bits = SIMD4<Int32>(bitPatterns: nearest)
        let step = (bits &>> 31) | 1
        return SIMD4<Float>(bitPatterns: bits &- (step & SIMD4<Int32>(truncatingIfNeeded: above)))
    }

    /// True when no body of this block and one of `other` can have closed by the skin of their
    /// radius sum since the build (a body's true displacement differs from the one measured
    /// from its rounded build position by at most `rounding`, the largest).
    @inline(__always)
    func closeEnough(_ other: DriftBlock, skin: Double, rounding: Double) -> Bool {
        // How far the two can have closed along x is the larger of (high − other's low) and
        // (other's high − low); with highs stored negated, each is minus a sum of two lows, and
        // its square is that of the smaller sum.
        let mine = lows, sums = SIMD4(lowHalf: mine.highHalf, highHalf: mine.lowHalf) + other.lows
        let closing = DriftCheck.lower(sums.lowHalf, sums.highHalf), squared = closing * closing
        let budget = skin * (Double(smallestRadius) + Double(other.smallestRadius)) - 4 * rounding
        return budget > 0 && squared[0] + squared[1] < budget * budget
    }
}

extension SIMD4 where Scalar == Int32 {
    /// The bit patterns of four floats, lane by lane.
    @inline(__always)
    init(bitPatterns values: SIMD4<Float>) {
        self.init(Int32(bitPattern: values[0].bitPattern), Int32(bitPattern: values[1].bitPattern),
                  Int32(bitPattern: values[2].bitPattern), Int32(bitPattern: values[3].bitPattern))
    }
}

extension SIMD4 where Scalar == Float {
    /// The floats of four bit patterns, lane by lane.
    @inline(__always)
    init(bitPatterns bits: SIMD4<Int32>) {
        self.init(Float(bitPattern: UInt32(bitPattern: bits[0])), Float(bitPattern: UInt32(bitPattern: bits[1])),
                  Float(bitPattern: UInt32(bitPattern: bits[2])), Float(bitPattern: UInt32(bitPattern: bits[3])))
    }
}
