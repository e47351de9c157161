/// A side of the container, as a wall contact names it (in the order contacts of one body are
/// listed).
enum WallSide: UInt8, Comparable, CaseIterable, Sendable {
    case left, right, top, bottom

    /// The border this side is.
    var border: Borders {
        switch self {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        }
    }

    /// True for the left and right sides (their gap is measured along x).
    var isVertical: Bool { self == .left || self == .right }

    /// The direction the wall pushes: left +x, right −x, top +y, bottom −y.
    @inline(__always)
    var normal: (x: Double, y: Double) {
        switch self {
        case .left: (1, 0)
        case .right: (-1, 0)
        case .top: (0, 1)
        case .bottom: (0, -1)
        }
    }

    /// Gap between a body's edge and this side of `rect` (negative when it pokes through).
    @inline(__always)
    func separation(_ body: SolverBody, _ rect: Rect) -> Double {
        switch self {
        case .left: body.px - body.radius - rect.minX
        case .right: rect.maxX - body.px - body.radius
        case .top: body.py - body.radius - rect.minY
        case .bottom: rect.maxY - body.py - body.radius
        }
    }

    static func < (lhs: WallSide, rhs: WallSide) -> Bool { lhs.rawValue < rhs.rawValue }
}

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
    func buildWallContacts(_ storage: WorldStorage, margin: Double, runner: StepRunner) {
        var previous: [WallContact] = []
        previous.reserveCapacity(storage.walls.count)
        for wall in storage.walls.buffer where !(wall.impulse <= 0) { previous.append(wall) }
        storage.walls.removeAll()
        let rect = container.rect, solid = container.solidBorders
        guard rect.hasArea, !solid.isEmpty else { return }
        let slots = 0..<storage.slotCount
        var lists = [[WallContact]](repeating: [], count: runner.chunks(slots.count, minimum: StepRunner.bodyChunk))
        previous.withUnsafeBufferPointer { previous in
            lists.withUnsafeMutableBufferPointer { lists in
                let search = WallSearch(bodies: UnsafeBufferPointer(storage.bodies.buffer), flags: UnsafeBufferPointer(storage.flags.buffer),
                                        previous: previous, rect: rect, solid: solid, margin: margin)
                runner.forEachChunk(slots, minimum: StepRunner.bodyChunk) { chunk, slots in lists[chunk] = search.contacts(of: slots) }
            }
        }
        for list in lists { list.withUnsafeBufferPointer { storage.walls.append(contentsOf: $0) } }
    }
}

/// The wall-contact search over chunks of body slots (`World.buildWallContacts`).
struct WallSearch {
    let bodies: UnsafeBufferPointer<SolverBody>
    let flags: UnsafeBufferPointer<BodyFlags>
    /// The last build's contacts that carry an impulse, sorted by slot and side.
    let previous: UnsafeBufferPointer<WallContact>
    let rect: Rect
    let solid: Borders
    /// Reach of a contact, in radii of its body.
    let margin: Double

    /// The wall contacts of `slots`, in slot and side order.
    func contacts(of slots: Range<Int>) -> [WallContact] {
        var walls: [WallContact] = []
        var cursor = firstPrevious(atOrAfter: slots.lowerBound)
        for slot in slots where flags[slot].contains(.alive) && !flags[slot].contains(.kinematic) {
            let body = bodies[slot]
            // Far from every border (the common case): the gaps `WallSide.separation` computes.
            let reach = margin * body.radius
            let left = body.px - body.radius - rect.minX, right = rect.maxX - body.px - body.radius
            let top = body.py - body.radius - rect.minY, bottom = rect.maxY - body.py - body.radius
            guard left < reach || right < reach || top < reach || bottom < reach else { continue }
            addContacts(slot, body, cursor: &cursor, into: &walls)
        }
        return walls
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
        for side in WallSide.allCases where solid.contains(side.border) && !(side.isVertical ? wide : tall) {
            guard side.separation(body, rect) < margin * body.radius else { continue }
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
