/// Continuous collision: stops bodies that moved far enough to pass through another at their
/// first touch. Two phases: every impact is computed against one snapshot (start positions of
/// the step, end positions after the substeps), then applied, so the order of the sweeps — and
/// the threads they run on — cannot change the result.
extension World {
    /// The colliding dynamic bodies that moved more than half their radius this step, in slot order.
    static func fastBodies(_ context: SolverContext) -> [Int32] {
        var fast: [Int32] = []
        var slot = 0
        while slot < context.bodies.count {
            defer { slot += 1 }
            let flags = context.flag[slot]
            guard flags.contains(GridPasses.colliding) && !flags.contains(.kinematic) else { continue }
            let body = context.body[slot], start = context.stepStartScalars + 2 * slot
            let tx = body.px - start[0], ty = body.py - start[1], half = 0.5 * body.radius
            if tx * tx + ty * ty > half * half { fast.append(Int32(truncatingIfNeeded: slot)) }
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
        let grid = storage.scratch.sweepGrid
        grid.levels.withUnsafeBufferPointer { levels in
            grid.cellStart.withUnsafeBufferPointer { cellStart in
                grid.slots.withUnsafeBufferPointer { slots in
                    impacts.withUnsafeMutableBufferPointer { impacts in
                        let sweep = SweepContext(levels: levels, cellStart: cellStart, slots: slots, context: context)
                        runner.forEachChunk(0..<fast.count, minimum: StepRunner.sweepChunk) { _, indices in
                            for index in indices { impacts[index] = sweep.firstImpact(of: Int(fast[index])) }
                        }
                    }
                }
            }
        }
        var index = 0
        while index < fast.count {
            defer { index += 1 }
            let t = impacts[index], slot = Int(fast[index])
            guard t < 1 else { continue }
            let start = context.stepStartScalars + 2 * slot
            context.body[slot].px = start[0] + t * (context.body[slot].px - start[0])
            context.body[slot].py = start[1] + t * (context.body[slot].py - start[1])
        }
    }
}

/// The snapshot one sweep reads: a grid of the end positions, the start and end positions of
/// every body.
struct SweepContext {
    // The grid's arrays and the bodies as plain pointers (`Flat.swift`).
    let levels: UnsafeBufferPointer<Broadphase.Level>
    let cellStart: UnsafePointer<Int32>
    let slots: UnsafePointer<Int32>
    let body: UnsafePointer<SolverBody>
    /// Step-start positions, two scalars a slot.
    let stepStart: UnsafePointer<Double>

    /// The sweep over a grid of end positions (`levels`, `cellStart`, `slots`) and `context`'s bodies.
    init(levels: UnsafeBufferPointer<Broadphase.Level>, cellStart: UnsafeBufferPointer<Int32>,
         slots: UnsafeBufferPointer<Int32>, context: SolverContext) {
        precondition(levels.isEmpty || cellStart.count > levels[levels.count - 1].cellBase
                        + levels[levels.count - 1].columns * levels[levels.count - 1].rows, "a start per cell and one past the last")
        self.levels = levels
        self.cellStart = cellStart.start
        self.slots = slots.start
        body = UnsafePointer(context.body)
        stepStart = UnsafePointer(context.stepStartScalars)
    }

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
        let body = self.body[slot], startX = stepStart[2 * slot], startY = stepStart[2 * slot + 1]
        let dx = body.px - startX, dy = body.py - startY
        var earliest = 1.0, level = 0
        while level < levels.count {
            let t = firstImpact(of: slot, at: levels.start[level], from: startX, startY, by: dx, dy, radius: body.radius)
            earliest = t < earliest ? t : earliest
            level += 1
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
        var earliest = 1.0, examined = 0, checked = t0, sample = 0
        while sample <= samples {
            let t = t0 + (t1 - t0) * Double(sample) / Double(samples)
            let column = level.column(x + t * dx), row = level.row(y + t * dy)
            let left = column - window > 0 ? column - window : 0
            let right = column + window < level.columns - 1 ? column + window : level.columns - 1
            var r = row - window > 0 ? row - window : 0
            let lastRow = row + window < level.rows - 1 ? row + window : level.rows - 1
            while r <= lastRow {
                let base = level.cellBase + r * level.columns
                r += 1
                let first = Int(cellStart[base + left]), last = Int(cellStart[base + right + 1])
                examined += last - first
                // Over the bound: the path is checked up to the previous sample only — unless the
                // bound is reached by the first two samples, around the start: the body is in a
                // pile, which its contacts spread; stopping it there would pin it for good.
                if examined > SweepContext.examinedLimit {
                    if sample <= 1 { return earliest }
                    return earliest < checked ? earliest : checked
                }
                let impact = earliestImpact(of: slot, from: x, y, by: dx, dy, radius: radius, first: first, last: last)
                earliest = impact < earliest ? impact : earliest
            }
            checked = t
            sample += 1
        }
        return earliest
    }

    @inline(__always)
    private func earliestImpact(of slot: Int, from x: Double, _ y: Double, by dx: Double, _ dy: Double,
                                radius: Double, first: Int, last: Int) -> Double {
        var earliest = 1.0, index = first
        while index < last {
            let other = Int(slots[index])
            index += 1
            guard other != slot else { continue }
            let startX = stepStart[2 * other], startY = stepStart[2 * other + 1], end = body[other]
            let t = SweepContext.timeOfImpact(x: x - startX, y: y - startY,
                                              dx: dx - (end.px - startX), dy: dy - (end.py - startY),
                                              reach: radius + end.radius)
            earliest = t < earliest ? t : earliest
        }
        return earliest
    }

    /// First t ≥ 0 with |m + t d| = reach, for a pair apart at t = 0 and closing; else 1.
    @_transparent
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
