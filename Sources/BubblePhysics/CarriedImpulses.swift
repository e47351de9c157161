/// An impulse carried from the last build: the pair's second body (the first is the bucket).
struct CarriedImpulse: Sendable {
    var b: Int32
    var impulse: Float
}

/// Impulses carried from the contacts of the last build to the next, looked up by pair: the
/// touching contacts (impulse > 0) bucketed by their first body (`start[a] ..< start[a + 1]`
/// in `entries`). Kept in the world's build scratch for its capacity.
///
/// Collected in chunks of colour groups: each chunk counts its contacts
/// per first body into its own histogram (the first chunk's is `start` itself), one prefix sum
/// runs over slots and chunks, and each chunk places its contacts from its own cursors. A pair
/// is in the contacts at most once, so the order within a bucket — which the cut decides —
/// never changes what a lookup finds.
enum CarriedImpulses {
    /// Buckets the touching contacts of `storage` by `a`, for its slots.
    /// - Complexity: O(slots × chunks + contacts); one histogram of `slots + 1` per chunk
    ///   after the first (none with one thread).
    static func collect(_ storage: WorldStorage, runner: StepRunner, scratch: inout BuildScratch) {
        let slotCount = storage.slotCount
        scratch.carriedStart.refill(0, count: slotCount + 1)
        scratch.carriedEntries.removeAll(keepingCapacity: true)
        let lanes = UnsafeBufferPointer(storage.lanes.buffer), overflow = UnsafeBufferPointer(storage.overflow.buffer)
        let chunks = max(runner.chunks(lanes.count, minimum: StepRunner.groupChunk), 1)
        scratch.histograms.refill(0, count: (chunks - 1) * (slotCount + 1))
        let total = scratch.histograms.withUnsafeMutableBufferPointer { extra in
            collect(lanes: lanes, overflow: overflow, slots: slotCount, chunks: chunks, runner: runner,
                    start: &scratch.carriedStart, entries: &scratch.carriedEntries, extra: extra)
        }
        if total == 0 { scratch.carriedStart.removeAll(keepingCapacity: true) }
    }

    /// The passes of `collect` over `lanes` and `overflow`; returns the contacts collected.
    private static func collect(lanes: UnsafeBufferPointer<ContactLanes>, overflow: UnsafeBufferPointer<Contact>, slots slotCount: Int,
                                chunks: Int, runner: StepRunner, start: inout [Int32], entries: inout [CarriedImpulse],
                                extra: UnsafeMutableBufferPointer<Int32>) -> Int {
        start.withUnsafeMutableBufferPointer { start in
            var collection = CarriedCollection(lanes: lanes, first: start, extra: extra, slots: slotCount + 1)
            runner.forEachChunk(0..<lanes.count, minimum: StepRunner.groupChunk) { chunk, groups in
                collection.count(chunk: chunk, groups: groups)
            }
            for contact in overflow where contact.impulse > 0 { start[Int(contact.a)] += 1 }
            let total = collection.prefixSum(chunks: chunks)
            guard total > 0 else { return 0 }
            entries.append(contentsOf: repeatElement(CarriedImpulse(b: 0, impulse: 0), count: total))
            entries.withUnsafeMutableBufferPointer { entries in
                collection.entries = entries
                runner.forEachChunk(0..<lanes.count, minimum: StepRunner.groupChunk) { chunk, groups in
                    collection.place(chunk: chunk, groups: groups)
                }
                for contact in overflow where contact.impulse > 0 {
                    start[Int(contact.a)] -= 1
                    entries[Int(start[Int(contact.a)])] = CarriedImpulse(b: contact.b, impulse: contact.impulse)
                }
            }
            return total
        }
    }

    /// The impulse the pair (a, b) carried, or 0.
    @inline(__always)
    static func impulse(_ a: Int32, _ b: Int32, start: UnsafeBufferPointer<Int32>, entries: UnsafeBufferPointer<CarriedImpulse>) -> Float {
        guard Int(a) + 1 < start.count else { return 0 }
        let first = start.start, entry = entries.start
        var index = Int(first[Int(a)])
        while index < Int(first[Int(a) + 1]) {
            if entry[index].b == b { return entry[index].impulse }
            index += 1
        }
        return 0
    }
}

/// The two chunked passes of `CarriedImpulses.collect` over the colour groups.
struct CarriedCollection {
    let lanes: UnsafeBufferPointer<ContactLanes>
    /// The first chunk's histogram, then cursor, then the buckets' starts (`slots` entries).
    let first: UnsafeMutableBufferPointer<Int32>
    /// The other chunks' histograms, `slots` entries each.
    let extra: UnsafeMutableBufferPointer<Int32>
    let slots: Int
    var entries = UnsafeMutableBufferPointer<CarriedImpulse>(start: nil, count: 0)

    /// Chunk `chunk`'s histogram (counts, then cursors).
    @inline(__always)
    func histogram(_ chunk: Int) -> UnsafeMutablePointer<Int32> {
        chunk == 0 ? first.baseAddress! : extra.baseAddress! + (chunk - 1) * slots
    }

    /// The count pass over the groups of chunk `chunk`: touching contacts per first body.
    func count(chunk: Int, groups: Range<Int>) {
        let cursor = histogram(chunk)
        CarriedCollection.forEachTouching(lanes, groups) { a, _, _ in cursor[Int(a)] += 1 }
    }

    /// The place pass over the groups of chunk `chunk`: each touching contact into its bucket,
    /// from the chunk's cursors.
    func place(chunk: Int, groups: Range<Int>) {
        let cursor = histogram(chunk)
        CarriedCollection.forEachTouching(lanes, groups) { a, b, impulse in
            cursor[Int(a)] -= 1
            entries[Int(cursor[Int(a)])] = CarriedImpulse(b: b, impulse: impulse)
        }
    }

    /// Turns every histogram into its cursors, slot by slot and chunk by chunk (each count
    /// becomes the end of the chunk's part of the bucket); returns the total.
    func prefixSum(chunks: Int) -> Int {
        var running: Int32 = 0
        for slot in 0..<(slots - 1) {
            for chunk in 0..<chunks {
                let histogram = self.histogram(chunk)
                running += histogram[slot]
                histogram[slot] = running
            }
        }
        first[slots - 1] = running
        return Int(running)
    }

    /// Calls `visit` with every touching contact of `groups` (padding never touches).
    @inline(__always)
    static func forEachTouching(_ lanes: UnsafeBufferPointer<ContactLanes>, _ groups: Range<Int>,
                                _ visit: (Int32, Int32, Float) -> Void) {
        for group in groups where any(lanes[group].impulse .> 0) {
            let lane = lanes[group]
            for index in 0..<4 where lane.impulse[index] > 0 { visit(lane.a[index], lane.b[index], lane.impulse[index]) }
        }
    }
}
