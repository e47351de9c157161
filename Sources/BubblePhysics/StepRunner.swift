/// The parallel loop of a step (Box2D's `b2ParallelFor`): a pass over items cut into chunks,
/// run on the calling thread alone or with the worker pool.
///
/// Chunks follow the configured thread count (`Chunking`), never the threads that actually run
/// them, and no pass's result depends on the cut: within a pass each chunk writes only its own
/// items or its own partial result (indexed by the chunk), and partials merge in chunk order by
/// rules that do not depend on where the cuts fall. So any thread count gives the same bits.
struct StepRunner {
    /// How passes are cut into chunks.
    let chunking: Chunking
    /// True when this step holds the worker pool.
    let parallel: Bool

    /// Least bodies per chunk of a per-body pass.
    static let bodyChunk = 1024
    /// Least contact groups (four contacts each) per chunk of a colour.
    static let groupChunk = 48
    /// Least bodies per chunk of the sweep.
    static let sweepChunk = 4

    /// Chunks a pass over `count` items of at least `minimum` per chunk is cut into.
    func chunks(_ count: Int, minimum: Int) -> Int { chunking.chunks(count, base: minimum) }

    /// Calls `body(chunk, items)` once for every chunk of `items` (at least `minimum` items per
    /// chunk but the last), on this thread and the pool's workers; returns when all are done.
    /// Chunks may run in any order and at the same time: `body` writes only what its chunk owns.
    /// - Complexity: O(chunks) besides `body`.
    @inline(__always)
    func forEachChunk(_ items: Range<Int>, minimum: Int, _ body: (_ chunk: Int, _ items: Range<Int>) -> Void) {
        let chunking = self.chunking
        let count = chunking.chunks(items.count, base: minimum)
        #if canImport(Dispatch) && !hasFeature(Embedded)
        if parallel && count > 1, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            WorkerPool.shared.run(chunks: count) { chunk in body(chunk, chunking.slice(items, chunk, base: minimum)) }
            return
        }
        #endif
        if count == 1 {
            body(0, items)
            return
        }
        for chunk in 0..<count { body(chunk, chunking.slice(items, chunk, base: minimum)) }
    }

    /// Runs `body` with a runner for `threads` threads over `bodies` bodies: with the pool's
    /// workers when it is available, free and the workers pay (`WorkerPool`, `ThreadChoice`).
    /// A world under `leastBodies` bodies, which never uses the workers, takes each pass as one
    /// chunk (no pass's result depends on the cut, nor on a cut that changes between steps).
    static func with<Result>(threads: Int, bodies: Int, leastBodies: Int = ThreadChoice.leastBodies,
                             _ body: (StepRunner) -> Result) -> Result {
        #if canImport(Dispatch) && !hasFeature(Embedded)
        if threads > 1, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if let parallel = WorkerPool.shared.begin(threads: threads, bodies: bodies, leastBodies: leastBodies) {
                defer { WorkerPool.shared.end() }
                return body(StepRunner(chunking: Chunking(parts: bodies < leastBodies ? 1 : threads), parallel: parallel))
            }
        }
        #endif
        return body(StepRunner(chunking: Chunking(parts: bodies < leastBodies ? 1 : threads), parallel: false))
    }

    /// A runner on the calling thread that cuts passes as `threads` threads would (tests).
    static func serial(cutFor threads: Int = 1) -> StepRunner { StepRunner(chunking: Chunking(parts: threads), parallel: false) }
}

/// How a pass is cut into chunks: by the configured thread count (one chunk per thread, each
/// at least a minimum of work), never by the threads that actually run them.
struct Chunking: Sendable {
    /// Chunks a pass is cut into at most (before the minimum sizes): the configured thread
    /// count. A worker that has not started leaves its chunk to the calling thread, which claims
    /// from the other end (`WorkerPool`).
    var parts = 1

    /// Items per chunk for `count` items: `count / parts`, at least `base`, and enough that
    /// there are at most 65,535 chunks. One part takes everything as one chunk, without the
    /// divisions (a step runs a pass about a hundred times).
    func chunkSize(_ count: Int, base: Int) -> Int {
        if parts == 1 { return max(base, count) }
        return max(base, (count + parts - 1) / parts, (count + 65_534) / 65_535)
    }

    /// Chunks of `count` items.
    func chunks(_ count: Int, base: Int) -> Int {
        if parts == 1 { return count > 0 ? 1 : 0 }
        let size = chunkSize(count, base: base)
        return (count + size - 1) / size
    }

    /// Chunk `chunk` of `range`.
    @inline(__always)
    func slice(_ range: Range<Int>, _ chunk: Int, base: Int) -> Range<Int> {
        let size = chunkSize(range.count, base: base)
        let start = range.lowerBound + chunk * size
        return start..<min(range.upperBound, start + size)
    }
}
