/// Whether a step runs on the worker pool or on the calling thread alone (`WorkerPool`), chosen
/// from what steps cost each way: the mean seconds per body of the steps taken the preferred way
/// (exponentially weighted) against the mean of a try of `tryLength` steps the other way. The
/// other way is tried again after an interval of steps that doubles while it stays dearer, up to
/// `longestInterval(bodies:)`, so on a machine whose cores are busy the pool costs little, and
/// once cores are free again it is back within that interval. A change of more than twice in
/// the bodies starts afresh.
///
/// Plain arithmetic on the measured costs (no threads, no clock), so tests can drive it. The
/// choice never changes a result: any thread count gives the same bits.
struct ThreadChoice {
    /// The way steps take unless they try the other.
    private(set) var prefersParallel = true
    /// Mean seconds per body of a step the preferred way.
    private(set) var preferredCost: Double? = nil
    /// Steps between tries of the other way.
    private(set) var interval = ThreadChoice.firstInterval
    /// Steps until the next try.
    private var countdown = ThreadChoice.firstInterval
    private var bodies = 0
    /// Steps of the current try left, and the seconds per body they have cost so far.
    private var trying = 0
    private var tryCost = 0.0

    /// Steps before the first try of the other way.
    static let firstInterval = 16
    /// Steps of one try of the other way.
    static let tryLength = 4
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
        if trying == 0 {
            countdown -= 1
            if countdown <= 0 {
                trying = ThreadChoice.tryLength
                tryCost = 0
            }
        }
        return trying > 0 ? !prefersParallel : prefersParallel
    }

    /// Records what the step just taken cost, in seconds.
    /// - Complexity: O(1).
    mutating func record(seconds: Double, bodies: Int) {
        let cost = seconds / Double(max(bodies, 1))
        guard trying > 0 else {
            preferredCost = ThreadChoice.mean(preferredCost, cost, weight: 0.125)
            return
        }
        tryCost += cost / Double(ThreadChoice.tryLength)
        trying -= 1
        guard trying == 0 else { return }
        if tryCost < ThreadChoice.margin * (preferredCost ?? .infinity) {
            prefersParallel.toggle()
            preferredCost = tryCost
            interval = ThreadChoice.firstInterval
        } else {
            interval = min(2 * interval, ThreadChoice.longestInterval(bodies: bodies))
        }
        countdown = interval
    }

    /// `mean` moved toward `value` by `weight` (the value itself when there is no mean yet).
    private static func mean(_ mean: Double?, _ value: Double, weight: Double) -> Double {
        guard let mean else { return value }
        return mean + (value - mean) * weight
    }
}
