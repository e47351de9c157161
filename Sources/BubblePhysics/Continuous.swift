/// Continuous collision: stops bodies that moved far enough to pass through another at their
/// first touch. Two phases: every impact is computed against one snapshot (start positions of
/// the step, end positions after the substeps), then applied, so the order of the sweeps — and
/// the threads they run on — cannot change the result.
extension World {
    /// The colliding dynamic bodies that moved more than half their radius this step, in slot order.
    static func fastBodies(_ context: SolverContext) -> [Int32] {
        var fast: [Int32] = []
        for slot in 0..<context.bodies.count {
            let flags = context.flags[slot]
            guard flags.isSuperset(of: [.alive, .collides]) && !flags.contains(.kinematic) else { continue }
            let body = context.bodies[slot], start = context.stepStart[slot]
            let tx = body.px - start.x, ty = body.py - start.y, half = 0.5 * body.radius
            if tx * tx + ty * ty > half * half { fast.append(Int32(slot)) }
        }
        return fast
    }

    /// Sweeps the bodies fast enough to tunnel: every impact against the snapshot (in chunks,
    /// on any thread), then each body moved back to its first touch, in slot order. The grid of
    /// end positions is built for the sweep (`range`: the pair range, 1 + speculativeFraction).
    static func sweep(_ storage: WorldStorage, runner: StepRunner, context: SolverContext, range: Double) {
        let fast = fastBodies(context)
        guard !fast.isEmpty else { return }
        storage.scratch.sweepGrid.rebuild(storage, range: range, runner: runner)
        var impacts = [Double](repeating: 1, count: fast.count)
        withUnsafePointer(to: storage.scratch.sweepGrid) { broadphase in
            impacts.withUnsafeMutableBufferPointer { impacts in
                let sweep = SweepContext(broadphase: broadphase, bodies: UnsafeBufferPointer(context.bodies),
                                         stepStart: UnsafeBufferPointer(context.stepStart))
                runner.forEachChunk(0..<fast.count, minimum: StepRunner.sweepChunk) { _, indices in
                    for index in indices { impacts[index] = sweep.firstImpact(of: Int(fast[index])) }
                }
            }
        }
        for (index, slot) in fast.enumerated() where impacts[index] < 1 {
            let start = context.stepStart[Int(slot)], t = impacts[index]
            context.bodies[Int(slot)].px = start.x + t * (context.bodies[Int(slot)].px - start.x)
            context.bodies[Int(slot)].py = start.y + t * (context.bodies[Int(slot)].py - start.y)
        }
    }
}

/// The snapshot one sweep reads: a grid of the end positions, the start and end positions of
/// every body.
struct SweepContext {
    let broadphase: UnsafePointer<Broadphase>
    let bodies: UnsafeBufferPointer<SolverBody>
    let stepStart: UnsafeBufferPointer<SIMD2<Double>>

    /// Most bodies one sweep examines per size level. Bodies that do not overlap never reach it
    /// (a sweep meets a few per cell); in a pile of bodies stacked on one point it keeps the
    /// sweeps linear. A sweep that reaches the bound further along its path stops the body where
    /// its check ended; one that reaches it around its start (the first two samples) is in a
    /// pile, where every body overlaps its neighbours anyway: only the impacts already found
    /// stop it (the contacts spread the pile).
    static let examinedLimit = 128

    /// The earliest fraction t in [0, 1) of its move at which body `slot` touches another
    /// body, each moving in a straight line from its start to its end position; 1 when none.
    /// Bodies it already overlaps at t = 0 are left to the contact solver.
    func firstImpact(of slot: Int) -> Double {
        let body = bodies[slot], start = stepStart[slot]
        let dx = body.px - start.x, dy = body.py - start.y
        var earliest = 1.0
        for level in broadphase.pointee.levels {
            let t = firstImpact(of: slot, at: level, from: start.x, start.y, by: dx, dy, radius: body.radius)
            earliest = t < earliest ? t : earliest
        }
        return earliest
    }

    /// The same against the bodies of one level, visiting the cells along the path.
    private func firstImpact(of slot: Int, at level: Broadphase.Level, from x: Double, _ y: Double,
                             by dx: Double, _ dy: Double, radius: Double) -> Double {
        // Reach of a touch, plus the others' own motion (less than half their radius: faster
        // ones are swept themselves), in cells; samples along the path `spacing` cells apart.
        let reach = (radius + 2 * level.maxRadius) * level.inverseCellSize
        let spacing = reach > 2 ? Double(Int(reach < 1e6 ? reach : 1e6) / 2) : 1
        let window = Int((reach + spacing * 0.5 < 1e6 ? reach + spacing * 0.5 : 1e6)) + 1
        guard let (t0, t1) = SweepContext.clip(level, pad: Double(window), x: x, y: y, dx: dx, dy: dy) else { return 1 }
        // The clipped part lies within the grid plus the window, so its length in cells is
        // bounded; computing it from the clipped components avoids squaring a huge move.
        let clippedX = dx * (t1 - t0), clippedY = dy * (t1 - t0)
        let cells = (clippedX * clippedX + clippedY * clippedY).squareRoot() * level.inverseCellSize / spacing
        let most = Double(2 * (level.columns + level.rows + 2 * window) + 8)
        let samples = Int(cells < most ? cells : most) + 1
        var earliest = 1.0, examined = 0, checked = t0
        for sample in 0...samples {
            let t = t0 + (t1 - t0) * Double(sample) / Double(samples)
            let column = level.column(x + t * dx), row = level.row(y + t * dy)
            for r in max(row - window, 0)...min(row + window, level.rows - 1) {
                let base = level.cellBase + r * level.columns
                let first = Int(broadphase.pointee.cellStart[base + max(column - window, 0)])
                let last = Int(broadphase.pointee.cellStart[base + min(column + window, level.columns - 1) + 1])
                examined += last - first
                // Over the bound: the path is checked up to the previous sample only — unless the
                // bound is reached by the first two samples, around the start: the body is in a
                // pile, which its contacts spread; stopping it there would pin it for good.
                if examined > SweepContext.examinedLimit {
                    if sample <= 1 { return earliest }
                    return earliest < checked ? earliest : checked
                }
                let impact = earliestImpact(of: slot, from: x, y, by: dx, dy, radius: radius, entries: first..<last)
                earliest = impact < earliest ? impact : earliest
            }
            checked = t
        }
        return earliest
    }

    @inline(__always)
    private func earliestImpact(of slot: Int, from x: Double, _ y: Double, by dx: Double, _ dy: Double,
                                radius: Double, entries: Range<Int>) -> Double {
        var earliest = 1.0
        for index in entries {
            let other = Int(broadphase.pointee.slots[index])
            guard other != slot else { continue }
            let start = stepStart[other], end = bodies[other]
            let t = SweepContext.timeOfImpact(x: x - start.x, y: y - start.y,
                                              dx: dx - (end.px - start.x), dy: dy - (end.py - start.y),
                                              reach: radius + end.radius)
            earliest = t < earliest ? t : earliest
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

    /// The part [t0, t1] of the move that lies within the level's grid grown by `pad` cells
    /// (its bodies are only there), or nil when it misses (Liang–Barsky).
    static func clip(_ level: Broadphase.Level, pad cells: Double, x: Double, y: Double, dx: Double, dy: Double) -> (Double, Double)? {
        let pad = cells * level.cellSize
        let right = level.originX + Double(level.columns) * level.cellSize + pad
        let bottom = level.originY + Double(level.rows) * level.cellSize + pad
        var t0 = 0.0, t1 = 1.0
        for (q, p) in [(x - (level.originX - pad), -dx), (right - x, dx), (y - (level.originY - pad), -dy), (bottom - y, dy)] {
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
