/// Wall contacts: which bodies are near a solid border, found in chunks of bodies.
extension World {
    /// Finds bodies within `margin` radii of a solid border, carrying impulses from the last
    /// build (both lists sorted by slot and side, so matching is one merge). A body wider than
    /// the space between two solid opposite borders gets no contact with either: no position
    /// satisfies both, and two walls pushing against each other would only pump impulse into
    /// it; the position clamp holds it at the middle instead.
    ///
    /// The bodies are cut into chunks that run on the step's threads; each chunk lists its own
    /// bodies' contacts and the lists are joined in chunk order, which is slot order however the
    /// bodies are cut.
    /// - Complexity: O(n), one test of four gaps for a body far from every border.
    mutating func buildWallContacts(margin: Double, runner: StepRunner) {
        var previous = contacts.walls
        contacts.walls = []
        previous.removeAll { $0.impulse <= 0 }
        let rect = container.rect, solid = container.solidBorders
        guard rect.hasArea, !solid.isEmpty else { return }
        let chunks = runner.work.pointee.chunking.chunks(bodies.count, base: StepWork.bodyChunk)
        var lists = [[WallContact]](repeating: [], count: chunks)
        bodies.withUnsafeBufferPointer { bodies in
            flags.withUnsafeBufferPointer { flags in
                previous.withUnsafeBufferPointer { previous in
                    lists.withUnsafeMutableBufferPointer { lists in
                        runner.work.pointee.walls = WallSearch(bodies: bodies, flags: flags, previous: previous, rect: rect,
                                                               solid: solid, margin: margin, output: lists)
                        runner.run(.walls, count: bodies.count, base: StepWork.bodyChunk)
                        runner.work.pointee.walls = nil
                    }
                }
            }
        }
        contacts.walls = chunks == 1 ? lists[0] : Array(lists.joined())
    }
}

/// The wall-contact search over one chunk of body slots (`World.buildWallContacts`).
struct WallSearch: @unchecked Sendable {
    let bodies: UnsafeBufferPointer<SolverBody>
    let flags: UnsafeBufferPointer<BodyFlags>
    /// The last build's contacts that carry an impulse, sorted by slot and side.
    let previous: UnsafeBufferPointer<WallContact>
    let rect: Rect
    let solid: Borders
    /// Reach of a contact, in radii of its body.
    let margin: Double
    /// One list of contacts per chunk.
    let output: UnsafeMutableBufferPointer<[WallContact]>

    /// Lists the wall contacts of `slots` into `output[chunk]`.
    func run(chunk: Int, slots: Range<Int>) {
        var walls: [WallContact] = []
        var cursor = firstPrevious(atOrAfter: slots.lowerBound)
        for slot in slots where flags[slot].contains(.alive) && !flags[slot].contains(.kinematic) {
            let body = bodies[slot]
            // Far from every border (the common case): the gaps `wallSeparation` computes.
            let reach = margin * body.radius
            let left = body.px - body.radius - rect.minX, right = rect.maxX - body.px - body.radius
            let top = body.py - body.radius - rect.minY, bottom = rect.maxY - body.py - body.radius
            guard left < reach || right < reach || top < reach || bottom < reach else { continue }
            addContacts(slot, body, cursor: &cursor, into: &walls)
        }
        output[chunk] = walls
    }

    /// The first of `previous` whose slot is `slot` or later (a binary search).
    private func firstPrevious(atOrAfter slot: Int) -> Int {
        var low = 0, high = previous.count
        while low < high {
            let middle = (low + high) / 2
            if Int(previous[middle].slot) < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The wall contacts of one body near a border, in side order.
    private func addContacts(_ slot: Int, _ body: SolverBody, cursor: inout Int, into walls: inout [WallContact]) {
        let wide = 2 * body.radius > rect.width && solid.isSuperset(of: .horizontal)
        let tall = 2 * body.radius > rect.height && solid.isSuperset(of: .vertical)
        for (border, side) in World.borderSides where solid.contains(border) && !(side < 2 ? wide : tall) {
            guard World.wallSeparation(body, side: side, rect: rect) < margin * body.radius else { continue }
            while cursor < previous.count
                && (Int(previous[cursor].slot) < slot || (Int(previous[cursor].slot) == slot && previous[cursor].side < side)) {
                cursor += 1
            }
            let matches = cursor < previous.count && Int(previous[cursor].slot) == slot && previous[cursor].side == side
            walls.append(WallContact(slot: Int32(slot), side: side, normalMass: 0,
                                     impulse: matches ? previous[cursor].impulse : 0))
        }
    }
}
