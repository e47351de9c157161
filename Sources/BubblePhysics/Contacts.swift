/// A contact between two bodies, found once per step and solved every substep.
///
/// The normal is fixed for the step (from `a` to `b`); the separation is recomputed from the
/// current positions each time as `n · (pb − pa) − (ra + rb)`, which is exact along the normal
/// and needs no square root in the substeps.
///
/// Stored in single precision (24 bytes, against 40 in double): a crowd holds about three
/// contacts per body, so this is the largest array at 100k bodies. All arithmetic is done in
/// double; a normal off unit length by 1e-7 shifts a separation by 1e-7 of the distance.
struct Contact: Sendable {
    var a: Int32
    var b: Int32
    var nx: Float
    var ny: Float
    /// 1 / (1/ma + 1/mb).
    var normalMass: Float
    /// Accumulated normal impulse of one substep (warm-started from the previous step).
    var impulse: Float
}

/// A contact between a body and one solid border. `side`: 0 left, 1 right, 2 top, 3 bottom.
struct WallContact: Sendable {
    var slot: Int32
    var side: Int32
    var normalMass: Double
    var impulse: Double
}

/// The impulse a touching contact carried at the end of a step, kept to warm-start the same
/// pair in the next step. Both lists are sorted by (a, b), so matching is one merge pass.
struct CarriedImpulse: Sendable {
    var a: Int32
    var b: Int32
    var impulse: Float
}

extension World {
    /// Finds every pair of colliding bodies closer than `(1 + speculativeFraction) × (ra + rb)`,
    /// in ascending (a, b) slot order, and warm-starts each from last step's impulse.
    /// - Complexity: O(n) for bodies of similar size.
    mutating func findContacts() {
        if carried.capacity < contacts.count {
            carried = []  // release before taking the larger buffer: never two at once
            carried.reserveCapacity(contacts.count + contacts.count / 8)
        }
        carried.removeAll(keepingCapacity: true)
        for contact in contacts where contact.impulse > 0 {
            carried.append(CarriedImpulse(a: contact.a, b: contact.b, impulse: contact.impulse))
        }
        reserveContactCapacity(atLeast: carried.count)
        let range = 1 + configuration.speculativeFraction
        let grid = self.grid
        var found = contacts
        contacts = []
        var cursor = 0
        // Scratch for one body's candidates: 9 cells can hold no more than this.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(9 * grid.maxCellCount, 1)) { candidates in
            bodies.withUnsafeBufferPointer { bodies in
                carried.withUnsafeBufferPointer { carried in
                    grid.entries.withUnsafeBufferPointer { entries in
                        for slot in 0..<bodies.count where flags[slot].isSuperset(of: [.alive, .collides]) {
                            let count = grid.neighbours(of: slot, bodies: bodies, entries: entries, range: range, into: candidates)
                            for other in candidates[0..<count] {
                                guard var contact = World.makeContact(Int32(slot), other, bodies: bodies) else { continue }
                                contact.impulse = World.carriedImpulse(a: contact.a, b: contact.b, carried: carried, cursor: &cursor)
                                found.append(contact)
                            }
                        }
                    }
                }
            }
        }
        contacts = found
    }

    /// Empties the contact list, keeping room for last step's count and some growth. When it
    /// must grow, the old buffer is released *before* the new one is taken (the list is rebuilt
    /// from scratch, nothing needs copying), so growth never holds two lists at once.
    mutating func reserveContactCapacity(atLeast count: Int) {
        let wanted = max(contacts.count, count) + 64
        if contacts.capacity >= wanted {
            contacts.removeAll(keepingCapacity: true)
        } else {
            contacts = []
            contacts.reserveCapacity(wanted + wanted / 8)
        }
    }

    /// Walks the carried list forward to (a, b); returns its impulse or 0.
    @inline(__always)
    static func carriedImpulse(a: Int32, b: Int32, carried: UnsafeBufferPointer<CarriedImpulse>, cursor: inout Int) -> Float {
        while cursor < carried.count && (carried[cursor].a < a || (carried[cursor].a == a && carried[cursor].b < b)) {
            cursor += 1
        }
        if cursor < carried.count && carried[cursor].a == a && carried[cursor].b == b { return carried[cursor].impulse }
        return 0
    }

    /// A contact with its normal and mass, or nil when both bodies are kinematic.
    @inline(__always)
    static func makeContact(_ a: Int32, _ b: Int32, bodies: UnsafeBufferPointer<SolverBody>) -> Contact? {
        let bodyA = bodies[Int(a)], bodyB = bodies[Int(b)]
        let inverseMassSum = bodyA.invMass + bodyB.invMass
        guard inverseMassSum > 0 else { return nil }
        let dx = bodyB.px - bodyA.px, dy = bodyB.py - bodyA.py
        let distance = (dx * dx + dy * dy).squareRoot()
        var nx: Double, ny: Double
        if distance > 1e-9 * (bodyA.radius + bodyB.radius) {
            let inverse = 1 / distance
            nx = dx * inverse
            ny = dy * inverse
        } else {
            (nx, ny) = World.fallbackNormal(a, b)
        }
        return Contact(a: a, b: b, nx: Float(nx), ny: Float(ny), normalMass: Float(1 / inverseMassSum), impulse: 0)
    }

    /// A deterministic direction for two bodies at the same point (for example two bubbles
    /// spawned at the attraction point): one of eight unit vectors chosen from the slots, so
    /// a pile of coincident bodies spreads in every direction rather than along one line.
    static func fallbackNormal(_ a: Int32, _ b: Int32) -> (Double, Double) {
        let h = 0.7071067811865476
        let directions: [(Double, Double)] = [(1, 0), (h, h), (0, 1), (-h, h), (-1, 0), (-h, -h), (0, -1), (h, -h)]
        let pick = (Int(a) &* 7 &+ Int(b) &* 3) & 7
        return directions[pick]
    }

    /// Finds bodies near a solid border (within the speculative margin), warm-started.
    mutating func findWallContacts() {
        var previous = wallContacts
        wallContacts.removeAll(keepingCapacity: true)
        previous.removeAll { $0.impulse <= 0 }
        let rect = container.rect
        let solid = container.solidBorders
        guard rect.hasArea, !solid.isEmpty else { return }
        let margin = 2 * configuration.speculativeFraction
        let sides = World.borderSides
        var cursor = 0
        for slot in 0..<bodies.count where flags[slot].contains(.alive) && !flags[slot].contains(.kinematic) {
            let body = bodies[slot]
            for (border, side) in sides where solid.contains(border) {
                let gap = World.wallSeparation(body, side: side, rect: rect)
                guard gap < margin * body.radius else { continue }
                while cursor < previous.count && (Int(previous[cursor].slot) < slot || (Int(previous[cursor].slot) == slot && previous[cursor].side < side)) {
                    cursor += 1
                }
                let matches = cursor < previous.count && Int(previous[cursor].slot) == slot && previous[cursor].side == side
                wallContacts.append(WallContact(slot: Int32(slot), side: side, normalMass: 1 / body.invMass,
                                                impulse: matches ? previous[cursor].impulse : 0))
            }
        }
    }

    /// Each border with its side number in `WallContact`.
    static let borderSides: [(Borders, Int32)] = [(.left, 0), (.right, 1), (.top, 2), (.bottom, 3)]

    /// Gap between a body's edge and a border (negative when it pokes through).
    @inline(__always)
    static func wallSeparation(_ body: SolverBody, side: Int32, rect: Rect) -> Double {
        switch side {
        case 0: return body.px - body.radius - rect.minX
        case 1: return rect.maxX - body.px - body.radius
        case 2: return body.py - body.radius - rect.minY
        default: return rect.maxY - body.py - body.radius
        }
    }
}

extension Grid {
    /// Writes the slots `> slot` within `range × (ra + rb)` of body `slot` into `result`,
    /// ascending, and returns how many. `result` holds at least 9 × `maxCellCount`.
    @inline(__always)
    func neighbours(of slot: Int, bodies: UnsafeBufferPointer<SolverBody>, entries: UnsafeBufferPointer<Entry>,
                    range: Double, into result: UnsafeMutableBufferPointer<Int32>) -> Int {
        var count = 0
        let body = bodies[slot]
        let column = self.column(body.px), row = self.row(body.py)
        for r in max(row - 1, 0)...min(row + 1, rows - 1) {
            let first = Int(cellStart[r * columns + max(column - 1, 0)])
            let last = Int(cellStart[r * columns + min(column + 1, columns - 1) + 1])
            for index in first..<last where Int(entries[index].slot) > slot {
                let entry = entries[index]
                let dx = entry.x - body.px, dy = entry.y - body.py
                let reach = (Double(entry.radius) + body.radius) * range
                if dx * dx + dy * dy < reach * reach {
                    result[count] = entry.slot
                    count += 1
                }
            }
        }
        // Few elements: insertion sort keeps the (a, b) order the warm start relies on.
        if count > 1 {
            for i in 1..<count {
                let value = result[i]
                var j = i - 1
                while j >= 0 && result[j] > value { result[j + 1] = result[j]; j -= 1 }
                result[j + 1] = value
            }
        }
        return count
    }
}
