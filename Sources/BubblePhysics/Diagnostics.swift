/// Measurements of a world's state, for tests, benchmarks and invariant checks.
public struct OverlapStatistics: Hashable, Sendable {
    /// Pairs of bodies whose circles intersect.
    public var touchingPairs: Int
    /// Largest overlap depth over the smaller radius (0.0123 = 1.23 %).
    public var largest: Double
    /// Mean of that fraction over the touching pairs (0 when none touch).
    public var mean: Double
}

extension World {
    /// Body contacts in the list of the last contact build (pairs within the speculative
    /// range plus the skin).
    public var contactCount: Int { storage.contactCount }

    /// Σ ½ m v² over dynamic bodies.
    public var kineticEnergy: Double {
        var total = 0.0
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) && storage.bodies[slot].invMass > 0 {
            let body = storage.bodies[slot]
            total += 0.5 * (body.vx * body.vx + body.vy * body.vy) / body.invMass
        }
        return total
    }

    /// Overlap between every pair of colliding bodies whose circles intersect.
    /// - Complexity: O(n) for bodies of similar size (its own grid), O(n²) for bodies piled on
    ///   one point (a diagnostic has no bound on the pairs it counts).
    public func overlapStatistics() -> OverlapStatistics {
        var grid = Broadphase()
        var statistics = OverlapStatistics(touchingPairs: 0, largest: 0, mean: 0)
        var sum = 0.0
        grid.rebuild(storage, range: 1, runner: .serial())
        grid.forEachPair(bodies: UnsafeBufferPointer(storage.bodies.buffer)) { a, b in
            let dx = b.px - a.px, dy = b.py - a.py
            let depth = a.radius + b.radius - (dx * dx + dy * dy).squareRoot()
            guard depth > 0 else { return }
            let fraction = depth / (a.radius < b.radius ? a.radius : b.radius)
            statistics.touchingPairs += 1
            sum += fraction
            statistics.largest = fraction > statistics.largest ? fraction : statistics.largest
        }
        statistics.mean = statistics.touchingPairs > 0 ? sum / Double(statistics.touchingPairs) : 0
        return statistics
    }

    /// Live bodies lying even partly outside `rect`.
    public func countOutside(_ rect: Rect) -> Int {
        var count = 0
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) {
            let b = storage.bodies[slot]
            if !(b.px - b.radius >= rect.minX && b.px + b.radius <= rect.maxX && b.py - b.radius >= rect.minY && b.py + b.radius <= rect.maxY) {
                count += 1
            }
        }
        return count
    }

    /// Live bodies with a NaN or infinite position or velocity.
    public var nonFiniteCount: Int {
        var count = 0
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) {
            let b = storage.bodies[slot]
            if !(b.px.isFinite && b.py.isFinite && b.vx.isFinite && b.vy.isFinite) { count += 1 }
        }
        return count
    }

    /// Checks the invariants after a step when the module is compiled with
    /// `-D BUBBLEPHYSICS_CHECKS` (stops at the first broken one, naming it); does nothing
    /// otherwise. Tests call it, and `invariantViolation()` in every build.
    @inline(__always)
    func checkInvariants() {
        #if BUBBLEPHYSICS_CHECKS
        if let violation = invariantViolation() { preconditionFailure(violation) }
        #endif
    }

    /// The first broken invariant, or nil: no non-finite body state, the body count consistent
    /// and, unless the contacts wait for a rebuild, every contact and wall contact on live
    /// slots, no two lanes of one colour sharing a body, padding lanes inert, the contact count
    /// consistent.
    /// - Complexity: O(slots + contacts).
    func invariantViolation() -> String? {
        if nonFiniteCount != 0 { return "non-finite body state after step \(stepCount)" }
        var alive = 0
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) { alive += 1 }
        if alive != bodyCount { return "body count \(bodyCount), live slots \(alive)" }
        if needsRebuild { return nil }
        var colourOf = [Int](repeating: -1, count: storage.slotCount), pairs = 0
        for colour in 0..<storage.colourCount {
            for index in Int(storage.groupStart[colour])..<Int(storage.groupStart[colour + 1]) {
                let group = storage.lanes[index]
                for lane in 0..<4 {
                    if group.a[lane] == group.b[lane] {
                        if group.impulse[lane] != 0 { return "padding lane \(lane) of group \(index) carries an impulse" }
                        continue
                    }
                    pairs += 1
                    for slot in [Int(group.a[lane]), Int(group.b[lane])] {
                        guard isLive(slot) else { return "group \(index) lane \(lane) on dead slot \(slot)" }
                        if colourOf[slot] == colour { return "two contacts of colour \(colour) share body \(slot)" }
                        colourOf[slot] = colour
                    }
                }
            }
        }
        for contact in storage.overflow.buffer where !isLive(Int(contact.a)) || !isLive(Int(contact.b)) {
            return "overflow contact on a dead slot"
        }
        for wall in storage.walls.buffer where !isLive(Int(wall.slot)) { return "wall contact on dead slot \(wall.slot)" }
        if pairs + storage.overflow.count != storage.contactCount { return "contact count \(storage.contactCount), listed \(pairs)" }
        return nil
    }

    /// True when `slot` holds a live body.
    private func isLive(_ slot: Int) -> Bool { slot >= 0 && slot < storage.slotCount && storage.flags[slot].contains(.alive) }
}

extension Broadphase {
    /// Calls `visit` once for every pair of bodies in the grid whose cells are neighbours (all
    /// pairs within the grid's range, with no bound: for diagnostics).
    func forEachPair(bodies: UnsafeBufferPointer<SolverBody>, _ visit: (SolverBody, SolverBody) -> Void) {
        for (levelIndex, level) in levels.enumerated() {
            for row in 0..<level.rows {
                for column in 0..<level.columns {
                    let cell = level.cellBase + row * level.columns + column
                    for index in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                        let body = bodies[Int(entries[index].slot)]
                        for other in neighbours(index: index, levelIndex: levelIndex, column: column, row: row, body: body) {
                            visit(body, bodies[Int(entries[other].slot)])
                        }
                    }
                }
            }
        }
    }

    /// Indexes into `entries` of the forward half of a body's own level and of the 3 × 3 cells
    /// of every coarser level (the pair search's neighbourhood, without limits).
    private func neighbours(index: Int, levelIndex: Int, column: Int, row: Int, body: SolverBody) -> [Int] {
        let level = levels[levelIndex]
        let rowBase = level.cellBase + row * level.columns
        var result = Array((index + 1)..<Int(cellStart[rowBase + min(column + 1, level.columns - 1) + 1]))
        if row + 1 < level.rows {
            let next = rowBase + level.columns
            result += Array(Int(cellStart[next + max(column - 1, 0)])..<Int(cellStart[next + min(column + 1, level.columns - 1) + 1]))
        }
        for coarser in levels[(levelIndex + 1)...] {
            let c = coarser.column(body.px), r = coarser.row(body.py)
            for row in max(r - 1, 0)...min(r + 1, coarser.rows - 1) {
                let base = coarser.cellBase + row * coarser.columns
                result += Array(Int(cellStart[base + max(c - 1, 0)])..<Int(cellStart[base + min(c + 1, coarser.columns - 1) + 1]))
            }
        }
        return result
    }
}
