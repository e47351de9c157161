/// The blocks of a drift check (`DriftCheck`) over the build positions. Build positions, radii
/// and the set of colliding bodies change only with a contact build, so the layout is made by
/// the first check after a build and kept until the next (`World.driftLayout`); a check then
/// only measures how far the bodies have moved, in boxes per block (`BuildScratch`). The layout
/// takes 4 bytes per body and per block.
struct DriftLayout: Sendable {
    /// The colliding bodies' count, box, largest radius and largest rounding.
    let extent: DriftExtent
    /// The blocks; nil when there are none (no colliding body) or too many (see `DriftGrid`).
    let grid: DriftGrid?
    /// The bound on how far two bodies may have closed that proves no pair of blocks that are
    /// not neighbours matters (see `DriftCheck`).
    let farLimit: Double
    /// Where each block's members start in `members`, and one past the last block's.
    let start: [Int32]
    /// The colliding bodies by block, in slot order within a block.
    let members: [Int32]

    /// Lays out the colliding bodies of `check` by block.
    /// - Complexity: O(n) time and memory (4 bytes per body and per block).
    init(_ check: DriftCheck) {
        extent = DriftExtent(check)
        // Blocks as wide as the largest build range, and every block within two of a block is
        // its neighbour: blocks further apart were more than twice that apart at the build, so
        // their pairs matter only if two displacements differ by that less the largest range.
        let width = 2 * (check.speculativeRange + check.skin) * extent.largestRadius
        farLimit = 0.999 * Double(DriftCheck.reach) * width - 2 * check.speculativeRange * extent.largestRadius - 2 * extent.rounding
        grid = extent.count > 0 && extent.isFinite ? DriftGrid(extent, width: width) : nil
        guard let grid else {
            (start, members) = ([], [])
            return
        }
        var start = [Int32](repeating: 0, count: grid.columns * grid.rows + 1)
        var members = [Int32](repeating: 0, count: extent.count)
        start.withUnsafeMutableBufferPointer { start in
            members.withUnsafeMutableBufferPointer { members in grid.sort(check, start: start, members: members) }
        }
        (self.start, self.members) = (start, members)
    }
}

/// What one pass over the colliding bodies' build positions finds: how many, their box, the
/// largest radius and the largest rounding.
struct DriftExtent {
    var count = 0
    /// Build positions as (x, y, −x, −y), merged by `min`: the low and high corners.
    var positions = SIMD4<Double>(repeating: .infinity)
    var largestRadius = 0.0
    var rounding = 0.0

    /// No bodies.
    init() {}

    init(_ check: DriftCheck) {
        let flag = check.flags.start, built = check.builtScalars, body = check.body
        // Each lane takes a position's only where it is smaller (a NaN never enters).
        var lowX = Double.infinity, lowY = Double.infinity, negatedHighX = Double.infinity, negatedHighY = Double.infinity
        var slot = 0
        while slot < check.bodies.count {
            defer { slot += 1 }
            guard flag[slot].contains(GridPasses.colliding) else { continue }
            let x = Double(built[2 * slot]), y = Double(built[2 * slot + 1])
            count += 1
            if x < lowX { lowX = x }
            if y < lowY { lowY = y }
            if -x < negatedHighX { negatedHighX = -x }
            if -y < negatedHighY { negatedHighY = -y }
            let radius = body[slot].radius, error = DriftCheck.rounding(built[2 * slot], built[2 * slot + 1])
            largestRadius = radius > largestRadius ? radius : largestRadius
            rounding = error > rounding ? error : rounding
        }
        positions = SIMD4(lowX, lowY, negatedHighX, negatedHighY)
    }

    var isFinite: Bool { (positions.sum() + largestRadius + rounding).isFinite }
}

/// The blocks of a drift check: a grid over the build positions.
struct DriftGrid {
    var columns: Int
    var rows: Int
    var lowX: Double
    var lowY: Double
    var inverseWidth: Double
    /// The largest rounding of a build position.
    var rounding: Double

    /// The grid for `extent` with blocks `width` wide; nil when it would have more than about
    /// four blocks per body (bodies scattered far apart: rebuilding is cheap then).
    init?(_ extent: DriftExtent, width: Double) {
        let limit = Double(4 * extent.count + 64)
        let spanX = (-extent.positions[2] - extent.positions[0]) / width
        let spanY = (-extent.positions[3] - extent.positions[1]) / width
        guard spanX < limit, spanY < limit, (spanX + 1) * (spanY + 1) < limit else { return nil }
        columns = Int(spanX) + 1
        rows = Int(spanY) + 1
        lowX = extent.positions[0]
        lowY = extent.positions[1]
        inverseWidth = 1 / width
        rounding = extent.rounding
    }

    /// The block of a build position.
    @inline(__always)
    func block(x: Float, y: Float) -> Int {
        let column = Int((Double(x) - lowX) * inverseWidth), row = Int((Double(y) - lowY) * inverseWidth)
        return (row < rows ? row : rows - 1) * columns + (column < columns ? column : columns - 1)
    }

    /// Writes, for each column, the union of the blocks of rows `row ... row + reach` (within
    /// the grid) in that column.
    func columnUnions(_ row: Int, blocks: UnsafePointer<DriftBlock>, into unions: UnsafeMutablePointer<DriftBlock>) {
        let below = DriftCheck.reach < rows - 1 - row ? DriftCheck.reach : rows - 1 - row
        var column = 0
        while column < columns {
            var union = blocks[row * columns + column], dy = 0
            while dy < below {
                union = union.merged(with: blocks[(row + 1 + dy) * columns + column])
                dy += 1
            }
            unions[column] = union
            column += 1
        }
    }

    /// The same over buffers (tests).
    func columnUnions(_ row: Int, blocks: UnsafeBufferPointer<DriftBlock>, into unions: UnsafeMutableBufferPointer<DriftBlock>) {
        columnUnions(row, blocks: blocks.start, into: unions.start)
    }

    /// Sorts the colliding bodies into blocks, in slot order within a block: `members` holds
    /// them block by block, and `start` (one more than the blocks, zeroed) where each block's begin.
    /// Each body's block is found once (two checked conversions) and held while the sort runs,
    /// 4 bytes per body.
    func sort(_ check: DriftCheck, start startBuffer: UnsafeMutableBufferPointer<Int32>,
              members membersBuffer: UnsafeMutableBufferPointer<Int32>) {
        precondition(startBuffer.count == columns * rows + 1, "one start per block and one past the last")
        let count = columns * rows, start = startBuffer.start, members = membersBuffer.start
        let flag = check.flags.start, built = check.builtScalars
        let blockOf = UnsafeMutablePointer<Int32>.allocate(capacity: membersBuffer.count)
        defer { blockOf.deallocate() }
        var colliding = 0, slot = 0
        while slot < check.bodies.count {
            defer { slot += 1 }
            guard flag[slot].contains(GridPasses.colliding) else { continue }
            precondition(colliding < membersBuffer.count, "more colliding bodies than members")
            let block = self.block(x: built[2 * slot], y: built[2 * slot + 1])
            blockOf[colliding] = Int32(truncatingIfNeeded: block)
            start[block + 1] += 1
            colliding += 1
        }
        var index = 0
        while index < count {
            start[index + 1] += start[index]
            index += 1
        }
        colliding = 0
        slot = 0
        while slot < check.bodies.count {
            defer { slot += 1 }
            guard flag[slot].contains(GridPasses.colliding) else { continue }
            let block = Int(blockOf[colliding])
            members[Int(start[block])] = Int32(truncatingIfNeeded: slot)
            start[block] += 1
            colliding += 1
        }
        // The placement moved every start to the next block's: shift back.
        index = count
        while index > 0 {
            start[index] = start[index - 1]
            index -= 1
        }
        start[0] = 0
    }
}
