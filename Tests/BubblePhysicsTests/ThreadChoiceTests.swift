import Testing
@testable import BubblePhysics

/// The choice between the worker pool and the calling thread alone (`ThreadChoice`), driven
/// with made-up step costs (the pool feeds it measured ones).
@Suite("Thread choice")
struct ThreadChoiceTests {
    /// Steps `count` steps of `bodies` bodies whose cost per body is `parallel` with the workers
    /// and `solo` without (times a seeded jitter of ±20%); returns the steps taken with them.
    /// `scale(step)` multiplies both costs (work that changes as the world does).
    static func drive(_ choice: inout ThreadChoice, steps count: Int, bodies: Int, parallel: Double, solo: Double,
                      seed: UInt64 = 1, scale: (Int) -> Double = { _ in 1 }) -> Int {
        var random = SplitMix64(seed: seed)
        var parallelSteps = 0
        for step in 0..<count {
            let usesWorkers = choice.next(bodies: bodies)
            if usesWorkers { parallelSteps += 1 }
            let cost = (usesWorkers ? parallel : solo) * scale(step) * random.next(in: 0.8, 1.2)
            choice.record(seconds: cost * Double(bodies), bodies: bodies)
        }
        return parallelSteps
    }

    @Test("when the workers cost more (busy cores), nearly every step runs on the calling thread")
    func contended() {
        for bodies in [10_000, 100_000] {
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
        _ = Self.drive(&choice, steps: 500, bodies: 10_000, parallel: 2e-7, solo: 1e-7)
        #expect(!choice.prefersParallel)
        let usesWorkers = choice.next(bodies: 25_000)
        #expect(usesWorkers)
        #expect(choice.prefersParallel && choice.interval == ThreadChoice.firstInterval)
    }

    @Test("work that grows step by step (a crowd settling) does not pass for a difference between the ways")
    func growingWork() {
        for (parallel, solo, expectsParallel) in [(0.6e-7, 1e-7, true), (1.3e-7, 1e-7, false)] {
            var choice = ThreadChoice()
            // Steps get three times dearer over the run, either way.
            let used = Self.drive(&choice, steps: 600, bodies: 100_000, parallel: parallel, solo: solo,
                                  scale: { 1 + 2 * Double($0) / 600 })
            #expect(choice.prefersParallel == expectsParallel)
            let share = expectsParallel ? used : 600 - used
            #expect(share > 600 - 600 / 10, "\(share) of 600 steps the cheaper way")
        }
    }

    @Test("the first, allocating steps do not decide, nor a step preempted now and then")
    func outliers() {
        var choice = ThreadChoice()
        let bodies = 10_000
        for _ in 0..<ThreadChoice.warmUpSteps {
            _ = choice.next(bodies: bodies)
            choice.record(seconds: 1, bodies: bodies)  // a hundred thousand times a step
        }
        var parallelSteps = 0
        for step in 0..<400 {
            let usesWorkers = choice.next(bodies: bodies)
            if usesWorkers { parallelSteps += 1 }
            // Each way, every 37th step is preempted for ten times its cost.
            let cost = (usesWorkers ? 0.6e-7 : 1e-7) * (step % 37 == 0 ? 10 : 1)
            choice.record(seconds: cost * Double(bodies), bodies: bodies)
        }
        #expect(choice.prefersParallel && parallelSteps > 360, "\(parallelSteps) of 400 steps with the workers")
    }

    @Test("steps with the workers that are cheap twice and dear the third time (a worker spinning on the caller's core) count at their mean")
    func intermittentlyDear() {
        var choice = ThreadChoice()
        var parallelSteps = 0, step = 0
        for _ in 0..<2000 {
            let usesWorkers = choice.next(bodies: 10_000)
            if usesWorkers { parallelSteps += 1 }
            step += 1
            // With the workers: 0.7 twice, then 3.5 (mean 1.63) against 1.0 alone.
            let cost = usesWorkers ? (parallelSteps % 3 == 0 ? 3.5e-7 : 0.7e-7) : 1e-7
            choice.record(seconds: cost * 10_000, bodies: 10_000)
        }
        #expect(!choice.prefersParallel)
        #expect(parallelSteps < 2000 / 20, "\(parallelSteps) of 2000 steps with the workers")
    }

    @Test("a small world always steps on the calling thread")
    func smallWorld() {
        var choice = ThreadChoice()
        let used = Self.drive(&choice, steps: 1000, bodies: ThreadChoice.leastBodies - 1, parallel: 0.5e-7, solo: 1e-7)
        #expect(used == 0)
    }

    /// Steps `count` steps whose typical cost favours the workers, but where every `lateEvery`-th
    /// step with them is late and costs `lateCost` per body; returns the steps taken with them
    /// and the cost of all steps as a multiple of taking them all on the calling thread.
    static func driveLate(_ choice: inout ThreadChoice, steps count: Int, lateEvery: Int,
                          lateCost: Double) -> (parallel: Int, relativeCost: Double) {
        let bodies = 10_000
        var parallelSteps = 0, total = 0.0
        for _ in 0..<count {
            let usesWorkers = choice.next(bodies: bodies)
            if usesWorkers { parallelSteps += 1 }
            let late = usesWorkers && parallelSteps % lateEvery == 0
            let cost = late ? lateCost : usesWorkers ? 0.9e-7 : 1e-7
            choice.record(seconds: cost * Double(bodies), bodies: bodies, late: late)
            total += cost
        }
        return (parallelSteps, total / (Double(count) * 1e-7))
    }

    @Test("late steps (a worker descheduled on busy cores) end the workers' preference, however cheap the rest")
    func lateSteps() {
        var choice = ThreadChoice()
        // Every eighth step with the workers waits a scheduler slice: twenty steps' cost.
        let (used, cost) = Self.driveLate(&choice, steps: 2000, lateEvery: 8, lateCost: 20e-7)
        #expect(!choice.prefersParallel)
        #expect(used < 2000 / 30 && cost < 1.07, "\(used) of 2000 steps with the workers, cost \(cost)")
    }

    @Test("a rare late step (an interrupt on free cores) does not")
    func rareLateSteps() {
        var choice = ThreadChoice()
        let (used, cost) = Self.driveLate(&choice, steps: 2000, lateEvery: 100, lateCost: 3e-7)
        #expect(choice.prefersParallel)
        #expect(used > 2000 - 2000 / 10 && cost < 0.95, "\(used) of 2000 steps with the workers, cost \(cost)")
    }
}
