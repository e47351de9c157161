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
    public var contactCount: Int { contacts.count }

    /// Σ ½ m v² over dynamic bodies.
    public var kineticEnergy: Double {
        var total = 0.0
        for slot in bodies.indices where flags[slot].contains(.alive) && bodies[slot].invMass > 0 {
            let body = bodies[slot]
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
        flags.withUnsafeBufferPointer { flags in
            bodies.withUnsafeBufferPointer { bodies in
                var work = StepWork()
                StepRunner.with(threads: 1, work: &work) { grid.rebuild(bodies: bodies, flags: flags, range: 1, runner: $0) }
                grid.forEachPair(bodies: bodies) { a, b in
                    let dx = b.px - a.px, dy = b.py - a.py
                    let depth = a.radius + b.radius - (dx * dx + dy * dy).squareRoot()
                    guard depth > 0 else { return }
                    let fraction = depth / (a.radius < b.radius ? a.radius : b.radius)
                    statistics.touchingPairs += 1
                    sum += fraction
                    statistics.largest = fraction > statistics.largest ? fraction : statistics.largest
                }
            }
        }
        statistics.mean = statistics.touchingPairs > 0 ? sum / Double(statistics.touchingPairs) : 0
        return statistics
    }

    /// Live bodies lying even partly outside `rect`.
    public func countOutside(_ rect: Rect) -> Int {
        var count = 0
        for slot in bodies.indices where flags[slot].contains(.alive) {
            let b = bodies[slot]
            if !(b.px - b.radius >= rect.minX && b.px + b.radius <= rect.maxX && b.py - b.radius >= rect.minY && b.py + b.radius <= rect.maxY) {
                count += 1
            }
        }
        return count
    }

    /// Live bodies with a NaN or infinite position or velocity.
    public var nonFiniteCount: Int {
        var count = 0
        for slot in bodies.indices where flags[slot].contains(.alive) {
            let b = bodies[slot]
            if !(b.px.isFinite && b.py.isFinite && b.vx.isFinite && b.vy.isFinite) { count += 1 }
        }
        return count
    }

    #if BUBBLEPHYSICS_CHECKS
    /// Expensive checks after every step, compiled in with `-D BUBBLEPHYSICS_CHECKS`: no
    /// non-finite state, no two lanes of one colour sharing a body, padding inert, the body
    /// count consistent.
    func checkInvariants() {
        precondition(nonFiniteCount == 0, "non-finite body state after step \(stepCount)")
        var colourOf = [Int](repeating: -1, count: bodies.count)
        for colour in 0..<contacts.colourCount {
            for index in Int(contacts.groupStart[colour])..<Int(contacts.groupStart[colour + 1]) {
                let group = contacts.lanes[index]
                for lane in 0..<4 {
                    if group.a[lane] == group.b[lane] {
                        precondition(contacts.geometry[index].mass[lane] == 0 && group.impulse[lane] == 0, "padding lane not inert")
                        continue
                    }
                    for slot in [Int(group.a[lane]), Int(group.b[lane])] {
                        precondition(colourOf[slot] != colour, "two contacts of colour \(colour) share body \(slot)")
                        colourOf[slot] = colour
                    }
                }
            }
        }
        precondition(bodyCount == flags.filter { $0.contains(.alive) }.count, "body count drifted")
    }
    #endif
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
