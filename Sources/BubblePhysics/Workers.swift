#if canImport(Dispatch) && !hasFeature(Embedded)
import Dispatch
import Synchronization

/// Worker threads for one step at a time (`WorldConfiguration.threads`).
///
/// A step is a sequence of phases (a colour, a pass over the bodies); each phase is cut into
/// chunks (`Chunking`). The calling thread publishes a phase, then it and the workers claim
/// chunks from one atomic cursor until none is left, the calling thread from the first chunk up
/// and the workers from the last down; the phase ends when every claimed chunk is done. Which
/// thread runs a chunk cannot change its result, so any thread count gives the same bits.
///
/// Threads never make a step much slower, even on a machine whose cores are busy:
/// - The calling thread never waits for a worker to *start*: a worker that is not running
///   leaves its chunks to the calling thread.
/// - Workers spin for phases only while a step uses them, and park on a semaphore between
///   steps; spinning through the step's serial stretches keeps each worker on its core and
///   its own end of the bodies in its own cache (parking between phases cost a third of the
///   gain at 100,000 bodies).
/// - The calling thread waiting for a worker's chunk longer than `lateSpins` (the worker was
///   descheduled, or shares a core with it) parks until the chunk is done. Once a step has
///   spent more than `lateShare` of its time, and more than `leastLateWait`, parked so, its
///   workers are *late*: they park, and the rest of the step runs on the calling thread.
/// - Whether a step uses the workers at all is chosen from what steps cost each way
///   (`ThreadChoice`): the pool times its steps — only to choose, never to change a result.
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
    /// True while the calling thread is parked waiting for the current phase's last chunks.
    private let callerParked = Atomic<Bool>(false)
    /// Signalled by the worker that finishes a phase the calling thread is parked on.
    private let callerWake = DispatchSemaphore(value: 0)
    /// What the current phase runs, chunk by chunk, and its chunk count (written before the
    /// phase is published, read after a claim).
    @exclusivity(unchecked) private var job: ((Int) -> Void)? = nil
    @exclusivity(unchecked) private var phaseChunks = 0
    @exclusivity(unchecked) private var phaseNumber: UInt64 = 0
    // Read and written by the thread holding `busy` only.
    /// The workers, created on demand.
    @exclusivity(unchecked) private var workers: [Worker] = []
    /// Workers the current step uses (its threads − 1).
    @exclusivity(unchecked) private var stepWorkers = 0
    /// The current step waited for a late worker: its remaining phases run on the calling thread.
    @exclusivity(unchecked) private var late = false
    /// Whether steps use the workers, from what they cost each way.
    @exclusivity(unchecked) private var choice = ThreadChoice()
    /// The current step: whether it uses the workers, its bodies and when it began.
    @exclusivity(unchecked) private var stepIsParallel = false
    @exclusivity(unchecked) private var stepBodies = 0
    @exclusivity(unchecked) private var stepLeastBodies = ThreadChoice.leastBodies
    @exclusivity(unchecked) private var stepStart = ContinuousClock.now
    /// How long the last step took.
    @exclusivity(unchecked) private var lastStep = Duration.zero
    /// How long the current step's calling thread has parked waiting for slow workers.
    @exclusivity(unchecked) private var parkedThisStep = Duration.zero

    /// Spins of the calling thread waiting for a claimed chunk before it parks (a fraction of a
    /// millisecond: longer than a phase's usual imbalance, shorter than a scheduler's slice).
    static let lateSpins = 32_768
    /// The share of a step's time spent parked for slow workers beyond which they are late.
    static let lateShare = 0.25
    /// Parked time that never makes workers late, however short the step: a virtual CPU's or an
    /// interrupt's hiccup is shorter; a worker descheduled for a scheduler slice is longer.
    static let leastLateWait = Duration.milliseconds(1)

    /// True while the current step uses the workers and none is late: workers spin for phases.
    private let stepping = Atomic<Bool>(false)

    /// One worker thread: parked on its semaphore between steps.
    final class Worker: Sendable {
        /// Signalled once by each step that uses the worker.
        let wake = DispatchSemaphore(value: 0)
    }

    /// Takes the pool for one step of `bodies` bodies with `threads − 1` workers. Returns nil
    /// when another step holds it (the step then runs on the calling thread), else whether this
    /// step uses the workers (`ThreadChoice`); either way `end()` must follow.
    func begin(threads: Int, bodies: Int, leastBodies: Int) -> Bool? {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return nil }
        stepIsParallel = choice.next(bodies: bodies, leastBodies: leastBodies)
        stepLeastBodies = leastBodies
        stepBodies = bodies
        late = false
        parkedThisStep = .zero
        if stepIsParallel {
            while workers.count < threads - 1 {
                let worker = Worker()
                workers.append(worker)
                DispatchQueue(label: "BubblePhysics.worker.\(workers.count)").async { [self] in self.workerLoop(worker) }
            }
            stepWorkers = threads - 1
            stepping.store(true, ordering: .releasing)
            for index in 0..<stepWorkers { workers[index].wake.signal() }
        }
        stepStart = ContinuousClock.now
        return stepIsParallel
    }

    /// Ends the step: records what it cost (see `ThreadChoice`); the pool is free.
    func end() {
        let elapsed = ContinuousClock.now - stepStart
        lastStep = elapsed
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        choice.record(seconds: seconds, bodies: stepBodies, late: late, leastBodies: stepLeastBodies)
        stepping.store(false, ordering: .releasing)
        stepWorkers = 0
        busy.store(false, ordering: .releasing)
    }

    /// Runs `chunks` chunks of a phase on this thread and the workers; returns when all are done.
    func run(chunks: Int, _ body: (Int) -> Void) {
        if late {
            for chunk in 0..<chunks { body(chunk) }
            return
        }
        withoutActuallyEscaping(body) { body in
            job = body
            phaseChunks = chunks
            done.store(0, ordering: .relaxed)
            phaseNumber &+= 1
            cursor.store((phaseNumber & 0xffff_ffff) << 32 | UInt64(chunks), ordering: .sequentiallyConsistent)
            while claimAndRun(fromFront: true) {}
            waitForPhase(chunks)
            job = nil
        }
    }

    /// Waits until every chunk of the phase is done: spins, then (the worker holding a chunk is
    /// slow: descheduled, or sharing a core) parks until the worker finishing the phase signals.
    /// Once the step has spent more than `lateShare` of its time (and `leastLateWait`) parked
    /// so, its workers are *late*: they park, and the rest of the step runs on the calling
    /// thread. (One hiccup, an interrupt or a virtual CPU briefly taken away, does not end a
    /// step's parallelism.)
    private func waitForPhase(_ chunks: Int) {
        var spins = 0
        while done.load(ordering: .acquiring) < chunks {
            spins += 1
            if spins < WorkerPool.lateSpins {
                spin()
                continue
            }
            let parkedAt = ContinuousClock.now
            callerParked.store(true, ordering: .sequentiallyConsistent)
            if done.load(ordering: .sequentiallyConsistent) < chunks || !callerParked.exchange(false, ordering: .sequentiallyConsistent) {
                callerWake.wait()
            }
            let now = ContinuousClock.now
            parkedThisStep += now - parkedAt
            // Against the longer of the step so far and the last step: a hiccup early in a long
            // step is a small share of it.
            let reference = max(now - stepStart, lastStep)
            if parkedThisStep > WorkerPool.leastLateWait && parkedThisStep > reference * WorkerPool.lateShare {
                late = true
                stepping.store(false, ordering: .releasing)
            }
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
                // A claimed, unfinished chunk holds the phase: its job cannot change now.
                let chunks = phaseChunks
                job?(Int(next))
                let finished = done.add(1, ordering: .sequentiallyConsistent).newValue
                if finished == chunks, !fromFront, callerParked.load(ordering: .sequentiallyConsistent),
                   callerParked.exchange(false, ordering: .sequentiallyConsistent) {
                    callerWake.signal()
                }
                return true
            }
            current = original
        }
    }

    /// A worker: parked until a step uses it, then claims chunks (spinning between phases)
    /// until the step ends or a worker is late.
    private func workerLoop(_ worker: Worker) {
        while true {
            worker.wake.wait()
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
