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
    /// Contacts (body pairs within the speculative margin) found by the last step.
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
    /// - Complexity: O(n) for bodies of similar size (its own grid).
    public func overlapStatistics() -> OverlapStatistics {
        var grid = Grid()
        var statistics = OverlapStatistics(touchingPairs: 0, largest: 0, mean: 0)
        var sum = 0.0
        bodies.withUnsafeBufferPointer { bodies in
            grid.rebuild(bodies: bodies, flags: flags, range: 1)
            let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(9 * grid.maxCellCount, 1))
            defer { scratch.deallocate() }
            grid.entries.withUnsafeBufferPointer { entries in
                for slot in 0..<bodies.count where flags[slot].isSuperset(of: [.alive, .collides]) {
                    let count = grid.neighbours(of: slot, bodies: bodies, entries: entries, range: 1, into: scratch)
                    for other in scratch[0..<count] {
                        let a = bodies[slot], b = bodies[Int(other)]
                        let dx = b.px - a.px, dy = b.py - a.py
                        let depth = a.radius + b.radius - (dx * dx + dy * dy).squareRoot()
                        guard depth > 0 else { continue }
                        let fraction = depth / (a.radius < b.radius ? a.radius : b.radius)
                        statistics.touchingPairs += 1
                        sum += fraction
                        statistics.largest = fraction > statistics.largest ? fraction : statistics.largest
                    }
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
    /// Expensive checks after every step, compiled in with `-D BUBBLEPHYSICS_CHECKS`.
    func checkInvariants() {
        precondition(nonFiniteCount == 0, "non-finite body state after step \(stepCount)")
        for index in contacts.indices.dropFirst() {
            let p = contacts[index - 1], c = contacts[index]
            precondition(p.a < c.a || (p.a == c.a && p.b < c.b), "contacts out of order")
        }
        precondition(bodyCount == flags.filter { $0.contains(.alive) }.count, "body count drifted")
    }
    #endif
}
