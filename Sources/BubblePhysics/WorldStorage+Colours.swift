/// The end of a contact build: colouring the pairs and laying them out in colour groups.
extension WorldStorage {
    /// Colours solved lane-parallel; a contact whose bodies already use every colour goes to
    /// the overflow (solved alone, after the colours).
    static let colourLimit = 24
    /// Entries per pair list in the per-colour tables of a build: every colour and the overflow.
    static let colourSlots = colourLimit + 1

    /// Colours the pairs (the chunks' lists, in order) greedily — each takes the lowest colour
    /// neither body uses yet — and lays them out: each colour's contacts in order, four to a
    /// group, the last group padded; the ones no colour fits into the overflow.
    ///
    /// The colouring runs on the calling thread (a pair's colour depends on every pair before
    /// it); the layout runs in chunks of pair lists, each list placing its contacts of a colour
    /// after those of the lists before it, so every contact lands where one pass in pair order
    /// would put it.
    /// - Complexity: O(slots + pairs).
    func buildContacts(chunks lists: Int, runner: StepRunner) {
        let chunks = scratch.chunks[0..<lists], slots = WorldStorage.colourSlots
        // Per list and colour: the count, then (after the prefix below) the list's first position.
        var positions = [Int32](repeating: 0, count: lists * slots)
        WorldStorage.colour(chunks, slotCount: slotCount, counts: &positions, scratch: &scratch)
        var totals = [Int](repeating: 0, count: slots)
        for colour in 0..<slots {
            var running: Int32 = 0
            for list in 0..<lists {
                let count = positions[list * slots + colour]
                positions[list * slots + colour] = running
                running += count
            }
            totals[colour] = Int(running)
        }
        var used = WorldStorage.colourLimit
        while used > 0 && totals[used - 1] == 0 { used -= 1 }
        groupStart.resize(to: 1)
        for colour in 0..<used { groupStart.append(groupStart[colour] + Int32((totals[colour] + 3) / 4)) }
        lanes.resize(to: Int(groupStart[used]))
        layOut(chunks, positions: positions, runner: runner)
        overflow.removeAll()
        if totals[WorldStorage.colourLimit] > 0 { collectOverflow(chunks, count: totals[WorldStorage.colourLimit]) }
        padGroups(counts: totals, colours: used)
        contactCount = scratch.colours.count
    }

    /// Places every coloured pair in its lane, in chunks of pair lists.
    private func layOut(_ chunks: ArraySlice<[Pair]>, positions: [Int32], runner: StepRunner) {
        var offsets = [Int](repeating: 0, count: chunks.count + 1)
        for (list, pairs) in chunks.enumerated() { offsets[list + 1] = offsets[list] + pairs.count }
        let groupStart = UnsafeBufferPointer(self.groupStart.buffer), lanes = self.lanes.buffer
        chunks.withUnsafeBufferPointer { lists in
            offsets.withUnsafeBufferPointer { offsets in
                positions.withUnsafeBufferPointer { positions in
                    scratch.colours.withUnsafeBufferPointer { colours in
                        let layout = ContactLayout(lists: lists, offsets: offsets, positions: positions,
                                                   colours: colours, groupStart: groupStart, lanes: lanes)
                        runner.forEachChunk(0..<lists.count, minimum: 1) { _, lists in layout.run(lists: lists) }
                    }
                }
            }
        }
    }

    /// The pairs no colour fits, in pair order.
    private func collectOverflow(_ chunks: ArraySlice<[Pair]>, count: Int) {
        overflow.reserve(count)
        var index = 0
        for pairs in chunks {
            for pair in pairs {
                if Int(scratch.colours[index]) == WorldStorage.colourLimit {
                    overflow.append(Contact(a: pair.a, b: pair.b, nx: 0, ny: 0, mass: 0, impulse: pair.impulse, base: 0))
                }
                index += 1
            }
        }
    }

    /// Pads the last group of every colour with inert lanes on the first lane's body.
    private func padGroups(counts: [Int], colours: Int) {
        let lanes = self.lanes.buffer
        for colour in 0..<colours where counts[colour] % 4 != 0 {
            let group = Int(groupStart[colour + 1]) - 1
            for lane in (counts[colour] % 4)..<4 {
                lanes[group].a[lane] = lanes[group].a[0]
                lanes[group].b[lane] = lanes[group].a[0]
                lanes[group].impulse[lane] = 0
            }
        }
    }

    /// Greedy colouring with one bit per colour and body (`scratch.colours`: each pair's
    /// colour); adds each list's count per colour (the last entry: the overflow) to `counts`.
    private static func colour(_ chunks: ArraySlice<[Pair]>, slotCount: Int, counts: inout [Int32], scratch: inout BuildScratch) {
        let total = chunks.reduce(0) { $0 + $1.count }
        let all: UInt32 = (1 << UInt32(colourLimit)) - 1
        scratch.masks.refill(0, count: slotCount)
        scratch.colours.refill(0, count: total)
        var index = 0
        scratch.colours.withUnsafeMutableBufferPointer { colours in
            scratch.masks.withUnsafeMutableBufferPointer { masks in
                counts.withUnsafeMutableBufferPointer { counts in
                    let colours = colours.start, masks = masks.start, counts = counts.start
                    for (list, chunk) in chunks.enumerated() {
                        let row = list * colourSlots
                        chunk.withUnsafeBufferPointer { chunk in
                            let pair = chunk.start
                            var item = 0
                            while item < chunk.count {
                                let a = Int(pair[item].a), b = Int(pair[item].b)
                                item += 1
                                let free = ~(masks[a] | masks[b]) & all
                                let colour = free == 0 ? colourLimit : free.trailingZeroBitCount
                                if colour < colourLimit {
                                    masks[a] |= 1 << UInt32(colour)
                                    masks[b] |= 1 << UInt32(colour)
                                }
                                colours[index] = UInt8(truncatingIfNeeded: colour)
                                index += 1
                                counts[row + colour] += 1
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The layout of a contact build in chunks of pair lists.
struct ContactLayout {
    /// The pair search's lists, in order.
    let lists: UnsafeBufferPointer<[Pair]>
    /// Index of each list's first pair in `colours` (one more entry than lists).
    let offsets: UnsafeBufferPointer<Int>
    /// Each list's first position in every colour (`WorldStorage.colourSlots` per list).
    let positions: UnsafeBufferPointer<Int32>
    let colours: UnsafeBufferPointer<UInt8>
    let groupStart: UnsafeBufferPointer<Int32>
    let lanes: UnsafeMutableBufferPointer<ContactLanes>

    /// Lays out the coloured pairs of `lists` (the overflow is left to the caller).
    func run(lists range: Range<Int>) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: WorldStorage.colourSlots) { placed in
            for list in range {
                for colour in 0..<WorldStorage.colourSlots { placed[colour] = positions[list * WorldStorage.colourSlots + colour] }
                var index = offsets[list]
                lists[list].withUnsafeBufferPointer { pairs in
                    let pair = pairs.start, colours = colours.start, placed = placed.start
                    let groupStart = groupStart.start, lanes = lanes.start
                    var item = 0
                    while item < pairs.count {
                        defer { item += 1 }
                        let colour = Int(colours[index])
                        index += 1
                        guard colour < WorldStorage.colourLimit else { continue }
                        let position = Int(placed[colour])
                        placed[colour] += 1
                        ContactLanes.store(pair[item], lane: position % 4, in: lanes + Int(groupStart[colour]) + position / 4)
                    }
                }
            }
        }
    }
}

extension ContactLanes {
    /// Writes `pair` into lane `lane` of `group` with three scalar stores that touch no other
    /// lane's bytes. The layout's chunks may share a group (one list's contacts of a colour end
    /// inside a group, the next list's start there), and assigning a SIMD element loads,
    /// changes and stores the whole vector: two threads doing that to one group would lose a
    /// lane. (`ContactLanes` is three 16-byte vectors in declaration order: `a`, `b`, `impulse`;
    /// a test checks the offsets.)
    @_transparent
    static func store(_ pair: Pair, lane: Int, in group: UnsafeMutablePointer<ContactLanes>) {
        let raw = UnsafeMutableRawPointer(group)
        (raw + 4 * lane).assumingMemoryBound(to: Int32.self).pointee = pair.a
        (raw + 16 + 4 * lane).assumingMemoryBound(to: Int32.self).pointee = pair.b
        (raw + 32 + 4 * lane).assumingMemoryBound(to: Float.self).pointee = pair.impulse
    }
}
