#if canImport(Dispatch) && !hasFeature(Embedded)
import Dispatch
import Synchronization

/// Worker threads for one step at a time (`WorldConfiguration.threads`).
///
/// A step is a sequence of phases (a colour, a pass over the bodies); each phase is cut into
/// chunks (`Chunking`). The calling thread publishes a phase, then it and the workers claim
/// chunks from one atomic cursor until none is left, the calling thread from the first chunk up
/// and the workers from the last down; the phase ends when every claimed chunk is done. The
/// calling thread never waits for a worker to *start*: if the workers are slow to wake (or the
/// machine has one core) it simply runs every chunk itself. Which thread runs a chunk cannot
/// change its result, so any thread count gives the same bits.
///
/// One process-wide pool serves every world; a world that finds it busy (another world stepping
/// on another thread) steps on its own thread, with the same result.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class WorkerPool: @unchecked Sendable {
    /// The pool of the process.
    static let shared = WorkerPool()

    /// `phase << 32 | front << 16 | back`: the chunks not yet claimed are `front..<back`. The
    /// calling thread claims from the front, the workers from the back, so with two threads each
    /// keeps to its own end of every phase (its own bodies and contacts, in its own cache) and
    /// meets the other wherever the work runs out. Claiming is one compare-and-swap, and a claim
    /// can never be taken for a chunk of another phase.
    private let cursor = Atomic<UInt64>(0)
    /// Chunks of the current phase finished.
    private let done = Atomic<Int>(0)
    /// Held by the step using the pool.
    private let busy = Atomic<Bool>(false)
    /// True while a step is running: workers spin for phases; false: they park.
    private let stepping = Atomic<Bool>(false)
    /// What the current phase runs, chunk by chunk (written before the phase is published, read
    /// after a claim; set only while the calling thread is inside `run`).
    private var job: ((Int) -> Void)? = nil
    private var phaseNumber: UInt64 = 0
    /// One semaphore per worker, signalled to start spinning for a step.
    private let lock = Mutex<[DispatchSemaphore]>([])

    /// Most chunks one phase may have (the counter's 16 bits).
    static let chunkLimit = 65_535

    /// Takes the pool for one step with `threads − 1` workers; nil when another step holds it.
    func begin(threads: Int) -> Bool {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        stepping.store(true, ordering: .releasing)
        let wakes = lock.withLock { semaphores -> [DispatchSemaphore] in
            while semaphores.count < threads - 1 {
                let semaphore = DispatchSemaphore(value: 0)
                semaphores.append(semaphore)
                DispatchQueue(label: "BubblePhysics.worker.\(semaphores.count)").async { [self] in self.workerLoop(semaphore) }
            }
            return Array(semaphores.prefix(threads - 1))
        }
        for semaphore in wakes { semaphore.signal() }
        return true
    }

    /// Ends the step: workers go back to sleep, the pool is free.
    func end() {
        stepping.store(false, ordering: .releasing)
        busy.store(false, ordering: .releasing)
    }

    /// Runs `chunks` chunks of a phase on this thread and the workers; returns when all are done.
    func run(chunks: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            job = body
            done.store(0, ordering: .relaxed)
            phaseNumber &+= 1
            cursor.store((phaseNumber & 0xffff_ffff) << 32 | UInt64(chunks), ordering: .releasing)
            while claimAndRun(fromFront: true) {}
            while done.load(ordering: .acquiring) < chunks {}
            job = nil
        }
    }

    /// Claims one chunk of the published phase, the first or the last unclaimed, and runs it;
    /// false when none is left.
    private func claimAndRun(fromFront: Bool) -> Bool {
        var current = cursor.load(ordering: .acquiring)
        while true {
            let front = (current >> 16) & 0xffff, back = current & 0xffff
            guard front < back else { return false }
            let next = fromFront ? front : back - 1
            let desired = fromFront ? current + (1 << 16) : current - 1
            let (exchanged, original) = cursor.compareExchange(expected: current, desired: desired,
                                                               ordering: .acquiringAndReleasing)
            if exchanged {
                // A claimed, unfinished chunk holds the phase: its description cannot change now.
                job?(Int(next))
                done.wrappingAdd(1, ordering: .releasing)
                return true
            }
            current = original
        }
    }

    /// A worker: parked until a step begins, then claims chunks until the step ends.
    private func workerLoop(_ semaphore: DispatchSemaphore) {
        while true {
            semaphore.wait()
            while stepping.load(ordering: .acquiring) {
                if !claimAndRun(fromFront: false) { spin() }
            }
        }
    }

    @inline(__always)
    private func spin() {
        for _ in 0..<32 { _ = cursor.load(ordering: .relaxed) }
    }
}
#endif
