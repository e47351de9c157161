/// Continuous collision: stops bodies that moved too far in one step at their first touch.
extension World {
    /// Sweeps every body that moved farther than its speculative margin this step from its
    /// start position (kept in the grid) to its end, against the other bodies' motions over the
    /// same step (both move in a straight line: the time of impact of the relative motion),
    /// and stops it at the earliest impact. Kinematic bodies are not stopped.
    /// - Complexity: O(fast bodies × path length / cell size).
    mutating func sweepFastBodies() {
        let fraction = configuration.speculativeFraction
        let grid = self.grid
        for entry in grid.entries {
            let slot = Int(entry.slot)
            guard !flags[slot].contains(.kinematic) else { continue }
            let body = bodies[slot]
            let dx = body.px - entry.x, dy = body.py - entry.y
            let margin = fraction * body.radius
            guard dx * dx + dy * dy > margin * margin else { continue }
            let impact = bodies.withUnsafeBufferPointer { bodies in
                grid.firstImpact(of: slot, from: entry.x, entry.y, by: dx, dy, radius: body.radius, bodies: bodies)
            }
            if impact < 1 {
                bodies[slot].px = entry.x + impact * dx
                bodies[slot].py = entry.y + impact * dy
            }
        }
    }
}

extension Grid {
    /// The earliest fraction t in [0, 1) of the move from (x, y) by (dx, dy) at which a circle
    /// of `radius` touches another body in the grid, each other body moving from its grid
    /// position to where it is now; 1 when it touches none. Bodies it already overlaps at t = 0
    /// are left to the contact solver. Two bodies moving together never "hit" each other.
    func firstImpact(of slot: Int, from x: Double, _ y: Double, by dx: Double, _ dy: Double,
                     radius: Double, bodies: UnsafeBufferPointer<SolverBody>) -> Double {
        guard columns > 0, let (t0, t1) = clip(x: x, y: y, dx: dx, dy: dy) else { return 1 }
        let length = (dx * dx + dy * dy).squareRoot() * (t1 - t0)
        let samples = Int(length / cellSize) + 1
        var earliest = 1.0
        for sample in 0...samples {
            let t = t0 + (t1 - t0) * Double(sample) / Double(samples)
            let column = self.column(x + t * dx), row = self.row(y + t * dy)
            for r in max(row - 2, 0)...min(row + 2, rows - 1) {
                let first = Int(cellStart[r * columns + max(column - 2, 0)])
                let last = Int(cellStart[r * columns + min(column + 2, columns - 1) + 1])
                for index in first..<last where Int(entries[index].slot) != slot {
                    let start = entries[index]
                    let other = bodies[Int(start.slot)]
                    let t = Grid.timeOfImpact(x: x - start.x, y: y - start.y,
                                              dx: dx - (other.px - start.x), dy: dy - (other.py - start.y),
                                              reach: radius + other.radius)
                    earliest = t < earliest ? t : earliest
                }
            }
        }
        return earliest
    }

    /// First t ≥ 0 with |m + t d| = reach, for a pair apart at t = 0 and closing; else 1.
    @inline(__always)
    static func timeOfImpact(x: Double, y: Double, dx: Double, dy: Double, reach: Double) -> Double {
        let c = x * x + y * y - reach * reach
        let b = x * dx + y * dy  // half the linear coefficient
        guard c >= 0, b < 0 else { return 1 }
        let a = dx * dx + dy * dy
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return 1 }
        let t = (-b - discriminant.squareRoot()) / a
        return t >= 0 && t < 1 ? t : 1
    }

    /// The part [t0, t1] of the move that lies within the grid grown by two cells (bodies are
    /// only there), or nil when it misses the grid (Liang–Barsky).
    func clip(x: Double, y: Double, dx: Double, dy: Double) -> (Double, Double)? {
        let pad = 2 * cellSize
        let bounds = [(x - (originX - pad), -dx), ((originX + Double(columns) * cellSize + pad) - x, dx),
                      (y - (originY - pad), -dy), ((originY + Double(rows) * cellSize + pad) - y, dy)]
        var t0 = 0.0, t1 = 1.0
        for (q, p) in bounds {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = t > t0 ? t : t0 } else { t1 = t < t1 ? t : t1 }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }
}
