/// Stepping: one fixed step, and a frame-clock helper.
extension World {
    /// Advances the world by one fixed time step. Its result never depends on a clock (with
    /// `threads` > 1 the worker pool times steps, only to choose whether its workers help).
    ///
    /// Reads like a table of contents: a resting world only counts the step; otherwise rebuild
    /// the contact list unless it still covers every close pair, refresh the contacts, solve the substeps,
    /// restitute, sweep the bodies fast enough to tunnel, and check for rest.
    /// - Complexity: O(n) for bodies that do not overlap (O(n) at most 16 contacts per scanning body
    ///   whatever they do); almost nothing at rest.
    public mutating func step() {
        stepCount += 1
        if rest.isResting { return }
        let summary = prepareAndSolve()
        drifted = summary.drifted || summary.fastBodies > 0  // a sweep moves bodies after the drift test
        let slowest = World.skin / 4 / configuration.timeStep  // a quarter of the skin per step, in radii per second
        driftIsSlow = summary.fastestSquared < slowest * slowest
        updateRest(fastestSquared: summary.fastestSquared)
        checkInvariants()
    }

    /// The contacts made to cover every close pair, then the solve, on the step's threads.
    private mutating func prepareAndSolve() -> BodySummary {
        let storage = uniqueStorage()
        return StepRunner.with(threads: configuration.threads, bodies: bodyCount,
                               leastBodies: configuration.leastParallelBodies) { runner in
            prepareContacts(storage, runner)
            return solveStep(storage, runner)
        }
    }

    /// Runs as many whole fixed steps as `elapsed` seconds (plus the time carried from earlier
    /// calls) allows, at most `maxStepsPerAdvance`, and returns the leftover as a fraction of a
    /// step (0..<1) for interpolating between the last two states. A negative, zero or
    /// non-finite `elapsed` runs nothing. See `FixedStepClock`.
    /// - Complexity: O(steps run × bodies).
    @discardableResult
    public mutating func advance(by elapsed: Double) -> Double {
        let dt = configuration.timeStep
        let steps = clock.steps(after: elapsed, timeStep: dt, limit: configuration.maxStepsPerAdvance)
        for _ in 0..<steps { step() }
        return clock.fraction(of: dt)
    }

    /// The skin: contacts are found this fraction of the radius sum beyond the speculative
    /// range, and the list is rebuilt once a body has moved `skin × r` since.
    static let skin = 0.2

    /// Makes the contact list cover every pair within the speculative range: rebuilds it after a
    /// change it cannot follow, or after some body has moved more than the skin since the build
    /// unless the bodies moved together (`contactsCoverDrift`; then only the wall contacts,
    /// which follow absolute positions, are rebuilt). A kept list is checked again at every step
    /// until the next build, so when every body moved less than a quarter of the skin in the last
    /// step (a picker settling) the list is rebuilt instead: the build then lasts at least four
    /// steps, and a list that stops drifting costs nothing. Does nothing the second time.
    /// - Complexity: O(n) for bodies that do not overlap.
    mutating func prepareContacts(_ storage: WorldStorage, _ runner: StepRunner) {
        if needsRebuild || (drifted && (driftIsSlow || !contactsCoverDrift(storage, runner))) {
            rebuildContacts(storage, runner)
        } else if drifted {
            buildWallContacts(storage, margin: 2 * configuration.speculativeFraction + World.skin, runner: runner)
            drifted = false
            contactsKept += 1
        }
    }

    /// `prepareContacts` on the calling thread: what a step does first (tests check the list
    /// after it; a step that follows does not repeat it).
    mutating func prepareContacts() {
        prepareContacts(uniqueStorage(), .serial())
    }

    /// Rebuilds the body contacts (broadphase, pair search in chunks, colours, carrying
    /// impulses) and the wall contacts, in the storage's scratch (`BuildScratch`).
    /// - Complexity: O(n) for bodies that do not overlap; O(n × 128) at worst.
    mutating func rebuildContacts(_ storage: WorldStorage, _ runner: StepRunner) {
        // The drift layout belongs to the old build positions.
        driftLayout = nil
        CarriedImpulses.collect(storage, runner: runner, scratch: &storage.scratch)
        let range = 1 + configuration.speculativeFraction + World.skin
        storage.scratch.grid.rebuild(storage, range: range, runner: runner, recordingBuildPositions: true)
        let chunks = PairSearch.run(&storage.scratch, range: range, previousContacts: storage.contactCount, runner: runner)
        storage.buildContacts(chunks: chunks, runner: runner)
        buildWallContacts(storage, margin: 2 * configuration.speculativeFraction + World.skin, runner: runner)
        needsRebuild = false
        drifted = false
        contactBuilds += 1
    }

    /// Refresh, substeps, restitution, the end-of-step pass and the sweep.
    mutating func solveStep(_ storage: WorldStorage, _ runner: StepRunner) -> BodySummary {
        let context = SolverContext(storage, settings: self)
        let colours = storage.colourCount
        runner.run(.refresh, context)
        context.refreshSequential()
        let elasticity = configuration.elasticity
        if elasticity > 0 { context.recordApproachSpeeds(into: &storage.approachSpeeds) }
        for substep in 0..<configuration.substeps {
            World.substep(first: substep == 0, runner: runner, context: context, colours: colours)
        }
        if elasticity > 0 { context.applyRestitution(approachSpeeds: UnsafeBufferPointer(storage.approachSpeeds.buffer)) }
        let summary = World.finishBodies(runner: runner, context: context)
        if summary.fastBodies > 0 {
            World.sweep(storage, runner: runner, context: context, range: 1 + configuration.speculativeFraction)
        }
        return summary
    }

    /// One substep: velocities, warm start, solve, positions, relax; colours, then the overflow
    /// and the walls.
    static func substep(first: Bool, runner: StepRunner, context: SolverContext, colours: Int) {
        runner.run(.integrateVelocities(first: first), context)
        for colour in 0..<colours { runner.run(.warmStart(colour: colour), context) }
        context.warmStartSequential()
        for colour in 0..<colours { runner.run(.solve(colour: colour), context) }
        context.solveSequential(biased: true)
        runner.run(.integratePositions(first: first), context)
        for colour in 0..<colours { runner.run(.relax(colour: colour), context) }
        context.solveSequential(biased: false)
    }

    /// The end-of-step pass in chunks of bodies, its summaries merged in chunk order.
    static func finishBodies(runner: StepRunner, context: SolverContext) -> BodySummary {
        let slots = 0..<context.bodies.count
        let chunks = runner.chunks(slots.count, minimum: StepRunner.bodyChunk)
        return withUnsafeTemporaryAllocation(of: BodySummary.self, capacity: max(chunks, 1)) { summaries in
            summaries.initialize(repeating: BodySummary())
            runner.forEachChunk(slots, minimum: StepRunner.bodyChunk) { chunk, slots in
                summaries[chunk] = context.finishBodies(slots, skin: World.skin)
            }
            var summary = BodySummary()
            for chunk in summaries { summary.merge(chunk) }
            return summary
        }
    }

    /// Runs `body` with the solver's view of this world (tests; a step makes its own).
    mutating func withSolverContext<Result>(_ body: (SolverContext) -> Result) -> Result {
        body(SolverContext(uniqueStorage(), settings: self))
    }
}
