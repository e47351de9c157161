/// Whether a step runs on the worker pool or on the calling thread alone (`WorkerPool`), chosen
/// from what steps cost each way. Every so often a *try* runs `tryLength` steps the other way;
/// its typical cost per body (the mean of the middle two of four) is compared with that of the
/// `tryLength` steps taken the preferred way just before it, so a slow change of the work (a
/// crowd settling) does not pass for a difference between the ways, and one preempted step
/// does not decide. The other way wins only when it is cheaper by more than `margin`. Tries
/// come after an interval of steps that doubles while the preferred way stays cheaper, up to
/// `longestInterval(bodies:)`, so on a machine whose cores are busy the pool costs little, and
/// once cores are free again it is back within that interval. The first `warmUpSteps` steps of
/// a choice are not measured (they allocate), and a change of more than twice in the bodies
/// starts afresh.
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

    /// Steps before the first try of the other way (after the warm-up).
    static let firstInterval = 8
    /// Steps of one try of the other way (the width of `recent` and `tried`).
    static let tryLength = 4
    /// Steps at the start of a choice that are not measured.
    static let warmUpSteps = 2
    /// The other way counts as cheaper when it costs less than this fraction of the preferred.
    static let margin = 0.97

    /// A choice that has measured nothing yet: the pool preferred.
    init() {}

    private init(bodies: Int) { self.bodies = bodies }

    /// The longest interval between tries for steps of `bodies` bodies: about twenty million
    /// body-steps (at least 64 steps), so a try of the dearer way costs a small share of them.
    static func longestInterval(bodies: Int) -> Int { max(64, 20_000_000 / max(bodies, 1)) }

    /// Whether the next step, of `bodies` bodies, runs with the workers.
    /// - Complexity: O(1).
    mutating func next(bodies: Int) -> Bool {
        if bodies > 2 * self.bodies || 2 * bodies < self.bodies { self = ThreadChoice(bodies: bodies) }
        if trying == 0 && warmUp == 0 && !recent[0].isNaN {
            countdown -= 1
            if countdown <= 0 { trying = ThreadChoice.tryLength }
        }
        return trying > 0 ? !prefersParallel : prefersParallel
    }

    /// Records what the step just taken cost, in seconds.
    /// - Complexity: O(1).
    mutating func record(seconds: Double, bodies: Int) {
        if warmUp > 0 {
            warmUp -= 1
            return
        }
        let cost = seconds / Double(max(bodies, 1))
        guard trying > 0 else {
            recent = SIMD4(recent[1], recent[2], recent[3], cost)
            return
        }
        tried[ThreadChoice.tryLength - trying] = cost
        trying -= 1
        guard trying == 0 else { return }
        if ThreadChoice.typical(tried) < ThreadChoice.margin * ThreadChoice.typical(recent) {
            prefersParallel.toggle()
            recent = tried
            interval = ThreadChoice.firstInterval
        } else {
            interval = min(2 * interval, ThreadChoice.longestInterval(bodies: bodies))
        }
        countdown = interval
    }

    /// The mean of the middle two of four costs: one outlier either way does not move it.
    static func typical(_ costs: SIMD4<Double>) -> Double {
        let low = SIMD2(min(costs[0], costs[1]), min(costs[2], costs[3]))
        let high = SIMD2(max(costs[0], costs[1]), max(costs[2], costs[3]))
        return (max(low[0], low[1]) + min(high[0], high[1])) / 2
    }
}
