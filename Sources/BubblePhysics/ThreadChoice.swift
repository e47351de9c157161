/// Whether a step runs on the worker pool or on the calling thread alone (`WorkerPool`), chosen
/// from what steps cost each way. Every so often a *try* runs `tryLength` steps the other way;
/// its mean cost per body is compared with that of the `tryLength` steps taken the preferred way
/// just before it, so a slow change of the work (a crowd settling) does not pass for a
/// difference between the ways. (The mean, not a robust middle: on busy cores every third step
/// with the workers can cost several times the others, and that is their real cost.) The other way wins only when it is cheaper by more than `margin`. Tries
/// come after an interval of steps that doubles while the preferred way stays cheaper, up to
/// `longestInterval(bodies:)`, so on a machine whose cores are busy the pool costs little, and
/// once cores are free again it is back within that interval. The first `warmUpSteps` steps of
/// a choice are not measured (they allocate), and a change of more than twice in the bodies
/// starts afresh.
///
/// A *late* step (the calling thread spent a good share of it parked for a descheduled worker,
/// `WorkerPool`) is what busy cores look like, and its cost comes back as often as the
/// scheduler takes the worker away, which four steps cannot measure: the second late step among
/// the last `strikeWindow` steps with the workers switches to the calling thread (the first
/// one, in a new choice's first steps or after going back to the workers), a late step ends a
/// try of the workers at once, and each such switch doubles the wait before the next try. Worlds of fewer than `leastBodies` bodies always
/// step on the calling thread: their step costs about as much as handing its phases around.
///
/// Plain arithmetic on the measured costs (no threads, no clock), so tests can drive it. The
/// choice never changes a result: any thread count gives the same bits.
struct ThreadChoice {
    /// The way steps take unless they try the other.
    private(set) var prefersParallel = true
    /// Steps between tries of the other way.
    private(set) var interval = ThreadChoice.firstInterval
    /// Steps until the next try.
    private var countdown = ThreadChoice.firstInterval
    private var bodies = 0
    /// Steps not to measure yet.
    private var warmUp = ThreadChoice.warmUpSteps
    /// Seconds per body of the last `tryLength` steps the preferred way, oldest first.
    private var recent = SIMD4<Double>(repeating: .nan)
    /// Steps of the current try left, and the seconds per body of those taken so far.
    private var trying = 0
    private var tried = SIMD4<Double>(repeating: .nan)
    /// Steps with the workers since the last late one (`Int.max`: none counts). A new choice
    /// starts on probation: until cores have shown they are free, one late step decides.
    private var sinceLate = 0
    /// Switches to the calling thread made by late steps.
    private var lateSwitches = 0

    /// Steps before the first try of the other way (after the warm-up).
    static let firstInterval = 8
    /// Steps of one try of the other way (the width of `recent` and `tried`).
    static let tryLength = 4
    /// Steps at the start of a choice that are not measured.
    static let warmUpSteps = 2
    /// The other way counts as cheaper when it costs less than this fraction of the preferred.
    static let margin = 0.97
    /// The same for leaving the workers (the steps with them may cost at most 5% more than one
    /// thread): a little wider, so one slow step (a hiccup) in the four before a try on free
    /// cores does not send the next steps to one thread; late steps decide on their own.
    static let marginToLeaveWorkers = 0.95
    /// Two late steps at most this many steps with the workers apart end their preference.
    static let strikeWindow = 16
    /// Fewer bodies than this always step on the calling thread (the default of
    /// `WorldConfiguration.leastParallelBodies`).
    static let leastBodies = 4096

    /// A choice that has measured nothing yet: the pool preferred.
    init() {}

    private init(bodies: Int) { self.bodies = bodies }

    /// The longest interval between tries for steps of `bodies` bodies: about twenty million
    /// body-steps (at least 64 steps), so a try of the dearer way costs a small share of them.
    static func longestInterval(bodies: Int) -> Int { max(64, 20_000_000 / max(bodies, 1)) }

    /// Whether the next step, of `bodies` bodies, runs with the workers.
    /// - Complexity: O(1).
    mutating func next(bodies: Int, leastBodies: Int = ThreadChoice.leastBodies) -> Bool {
        if bodies > 2 * self.bodies || 2 * bodies < self.bodies { self = ThreadChoice(bodies: bodies) }
        if bodies < leastBodies { return false }
        if trying == 0 && warmUp == 0 && !recent[0].isNaN {
            countdown -= 1
            if countdown <= 0 { trying = ThreadChoice.tryLength }
        }
        return trying > 0 ? !prefersParallel : prefersParallel
    }

    /// Records what the step just taken cost, in seconds, and whether it was late (it ran with
    /// the workers and waited for a descheduled one).
    /// - Complexity: O(1).
    mutating func record(seconds: Double, bodies: Int, late: Bool = false, leastBodies: Int = ThreadChoice.leastBodies) {
        if warmUp > 0 || bodies < leastBodies {
            warmUp = max(warmUp - 1, 0)
            return
        }
        let cost = seconds / Double(max(bodies, 1))
        guard trying > 0 else {
            recent = SIMD4(recent[1], recent[2], recent[3], cost)
            if prefersParallel { strike(late) }
            return
        }
        tried[ThreadChoice.tryLength - trying] = cost
        trying -= 1
        if late && !prefersParallel {
            trying = 0
            tried = SIMD4(repeating: .infinity)
        }
        guard trying == 0 else { return }
        let margin = prefersParallel ? ThreadChoice.marginToLeaveWorkers : ThreadChoice.margin
        if ThreadChoice.mean(tried) < margin * ThreadChoice.mean(recent) {
            switchWays(measured: tried, interval: ThreadChoice.firstInterval)
            // Back to the workers after late steps: on probation, one more late step ends it.
            if prefersParallel && lateSwitches > 0 { sinceLate = 0 }
        } else {
            interval = min(2 * interval, ThreadChoice.longestInterval(bodies: bodies))
            countdown = interval
        }
    }

    /// Counts a step with the workers while they are preferred; the second late one within
    /// `strikeWindow` switches to the calling thread.
    private mutating func strike(_ late: Bool) {
        guard late else {
            sinceLate = sinceLate == .max ? .max : sinceLate + 1
            return
        }
        if sinceLate < ThreadChoice.strikeWindow {
            lateSwitches += 1
            // Each switch for late steps waits longer before trying the workers again.
            let wait = ThreadChoice.firstInterval << min(lateSwitches, 20)
            switchWays(measured: SIMD4(repeating: .nan), interval: min(wait, ThreadChoice.longestInterval(bodies: bodies)))
        } else {
            sinceLate = 0
        }
    }

    /// Makes the other way the preferred one; `measured` are its costs so far (NaN: none yet),
    /// and `interval` the steps before the next try.
    private mutating func switchWays(measured: SIMD4<Double>, interval: Int) {
        prefersParallel.toggle()
        recent = measured
        sinceLate = .max
        self.interval = interval
        countdown = interval
    }

    /// The mean of four costs.
    static func mean(_ costs: SIMD4<Double>) -> Double { costs.sum() / 4 }
}
