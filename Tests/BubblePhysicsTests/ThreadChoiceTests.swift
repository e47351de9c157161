import Testing
@testable import BubblePhysics

/// The choice between the worker pool and the calling thread alone (`ThreadChoice`), driven
/// with made-up step costs (the pool feeds it measured ones).
@Suite("Thread choice")
struct ThreadChoiceTests {
    /// Steps `count` steps of `bodies` bodies whose cost per body is `parallel` with the workers
    /// and `solo` without (times a seeded jitter of ±20%); returns the steps taken with them.
    static func drive(_ choice: inout ThreadChoice, steps count: Int, bodies: Int, parallel: Double, solo: Double,
                      seed: UInt64 = 1) -> Int {
        var random = SplitMix64(seed: seed)
        var parallelSteps = 0
        for _ in 0..<count {
            let usesWorkers = choice.next(bodies: bodies)
            if usesWorkers { parallelSteps += 1 }
            let cost = (usesWorkers ? parallel : solo) * random.next(in: 0.8, 1.2)
            choice.record(seconds: cost * Double(bodies), bodies: bodies)
        }
        return parallelSteps
    }

    @Test("when the workers cost more (busy cores), nearly every step runs on the calling thread")
    func contended() {
        for bodies in [1000, 10_000, 100_000] {
            var choice = ThreadChoice()
            let parallel = Self.drive(&choice, steps: 2000, bodies: bodies, parallel: 2e-7, solo: 1e-7)
            #expect(!choice.prefersParallel)
            // The first interval, then tries of a few steps at doubling intervals.
            #expect(parallel < 2000 / 20, "\(bodies) bodies: \(parallel) of 2000 steps with the workers")
        }
    }

    @Test("when the workers pay, nearly every step uses them, and the tries without become rare")
    func freeCores() {
        var choice = ThreadChoice()
        let parallel = Self.drive(&choice, steps: 2000, bodies: 100_000, parallel: 0.6e-7, solo: 1e-7)
        #expect(choice.prefersParallel && parallel > 2000 - 2000 / 20, "\(parallel) of 2000 steps with the workers")
        #expect(choice.interval == ThreadChoice.longestInterval(bodies: 100_000))
    }

    @Test("a change of conditions is followed within the longest interval")
    func follows() {
        var choice = ThreadChoice()
        _ = Self.drive(&choice, steps: 1000, bodies: 10_000, parallel: 2e-7, solo: 1e-7)
        #expect(!choice.prefersParallel)
        _ = Self.drive(&choice, steps: ThreadChoice.longestInterval(bodies: 10_000) + 2 * ThreadChoice.tryLength,
                       bodies: 10_000, parallel: 0.5e-7, solo: 1e-7)
        #expect(choice.prefersParallel, "cores became free: the workers are used again")
    }

    @Test("a world of a very different size starts afresh, preferring the workers")
    func newSize() {
        var choice = ThreadChoice()
        _ = Self.drive(&choice, steps: 500, bodies: 1000, parallel: 2e-7, solo: 1e-7)
        #expect(!choice.prefersParallel)
        let usesWorkers = choice.next(bodies: 5000)
        #expect(usesWorkers)
        #expect(choice.prefersParallel && choice.interval == ThreadChoice.firstInterval)
    }
}
