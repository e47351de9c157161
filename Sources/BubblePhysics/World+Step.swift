/// Stepping: one fixed step, and a frame-clock helper.
extension World {
    /// Advances the world by one fixed time step. Never reads a clock.
    ///
    /// Reads like a table of contents: a resting world only counts the step; otherwise rebuild
    /// the contact list unless it still covers every close pair, refresh the contacts, solve the substeps,
    /// restitute, sweep the bodies fast enough to tunnel, and check for rest.
    /// - Complexity: O(n) for bodies that do not overlap (O(n) at most 16 contacts per scanning body
    ///   whatever they do); almost nothing at rest.
    public mutating func step() {
        stepCount += 1
        if rest.isResting { return }
        var work = StepWork()
        work.chunking.parts = configuration.threads
        let summary = StepRunner.with(threads: configuration.threads, work: &work) { runner in
            prepareContacts(runner)
            return solveStep(runner)
        }
        drifted = summary.drifted || summary.fastBodies > 0  // a sweep moves bodies after the drift test
        let slowest = World.skin / 4 / configuration.timeStep  // a quarter of the skin per step, in radii per second
        driftIsSlow = summary.fastestSquared < slowest * slowest
        updateRest(fastestSquared: summary.fastestSquared)
        #if BUBBLEPHYSICS_CHECKS
        checkInvariants()
        #endif
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
    mutating func prepareContacts(_ runner: StepRunner) {
        if needsRebuild || (drifted && (driftIsSlow || !contactsCoverDrift(runner))) {
            rebuildContacts(runner)
        } else if drifted {
            buildWallContacts(margin: 2 * configuration.speculativeFraction + World.skin, runner: runner)
            drifted = false
            contactsKept += 1
        }
    }

    /// `prepareContacts` on the calling thread: what a step does first (tests check the list
    /// after it; a step that follows does not repeat it).
    mutating func prepareContacts() {
        var work = StepWork()
        StepRunner.with(threads: 1, work: &work) { prepareContacts($0) }
    }

    /// Rebuilds the body contacts (broadphase, pair search in chunks, colours, carrying
    /// impulses) and the wall contacts. The grid and the carried impulses live only while the
    /// pairs are found, and the old contacts are dropped before the new ones are laid out, so
    /// the build never holds two contact lists.
    /// - Complexity: O(n) for bodies that do not overlap; O(n × 128) at worst.
    mutating func rebuildContacts(_ runner: StepRunner) {
        var scratch = BuildScratch()
        let chunks = findPairs(runner, &scratch)
        scratch.grid = Broadphase()
        scratch.carriedStart = []
        scratch.carriedEntries = []
        contacts.build(from: scratch.chunks[0..<chunks], slotCount: bodies.count, runner: runner, scratch: &scratch)
        buildWallContacts(margin: 2 * configuration.speculativeFraction + World.skin, runner: runner)
        needsRebuild = false
        drifted = false
        contactBuilds += 1
    }

    /// The pair search: one list of pairs per chunk of cells (`scratch.chunks`), with the
    /// impulses they carried. Returns the number of chunks.
    private mutating func findPairs(_ runner: StepRunner, _ scratch: inout BuildScratch) -> Int {
        // The step's scratch is rewritten by the next step, and the drift layout belongs to the
        // old build positions: neither is held through the build.
        driftLayout = nil
        contacts.geometry = []
        stepStart = []
        motion = []
        traits = []
        CarriedImpulses.collect(contacts, slotCount: bodies.count, runner: runner, start: &scratch.carriedStart, entries: &scratch.carriedEntries)
        let previous = contacts.count
        contacts.lanes = []
        contacts.overflow = []
        let range = 1 + configuration.speculativeFraction + World.skin
        flags.withUnsafeBufferPointer { flags in
            bodies.withUnsafeBufferPointer { bodies in
                buildPosition.withUnsafeMutableBufferPointer { buildPosition in
                    scratch.grid.rebuild(bodies: bodies, flags: flags, range: range, runner: runner, buildPosition: buildPosition)
                }
            }
        }
        let cellCount = max(scratch.grid.cellStart.count - 1, 0)
        let chunks = runner.work.pointee.chunking.chunks(cellCount, base: PairSearch.cellChunk)
        if scratch.chunks.count < chunks { scratch.chunks.append(contentsOf: repeatElement([], count: chunks - scratch.chunks.count)) }
        // Pairs per entry at the last build plus 1/16, in sixteenths (a tight reservation: the
        // chunk lists and the new contacts are the build's peak of memory).
        let expected = max(32, (previous * 17) / max(scratch.grid.entries.count, 1))
        let grid = scratch.grid, start = scratch.carriedStart, carried = scratch.carriedEntries
        grid.entries.withUnsafeBufferPointer { entries in
            grid.cellStart.withUnsafeBufferPointer { cellStart in
                grid.levels.withUnsafeBufferPointer { levels in
                    start.withUnsafeBufferPointer { start in
                        carried.withUnsafeBufferPointer { carriedEntries in
                            scratch.chunks.withUnsafeMutableBufferPointer { output in
                                runner.work.pointee.search = PairSearch(entries: entries, cellStart: cellStart, levels: levels,
                                                                        range: range, carriedStart: start, carriedEntries: carriedEntries,
                                                                        output: output, expectedSixteenths: expected)
                                runner.run(.search, count: cellCount, base: PairSearch.cellChunk)
                                runner.work.pointee.search = nil
                            }
                        }
                    }
                }
            }
        }
        return chunks
    }

    /// Refresh, substeps, restitution, the end-of-step pass and the sweep.
    mutating func solveStep(_ runner: StepRunner) -> BodySummary {
        let substeps = configuration.substeps
        let colours = contacts.colourCount, groups = contacts.lanes.count, count = bodies.count
        var summaries = [BodySummary](repeating: BodySummary(), count: runner.work.pointee.chunking.chunks(count, base: StepWork.bodyChunk))
        var approach = approachSpeeds
        let elasticity = configuration.elasticity, range = 1 + configuration.speculativeFraction
        var summary = BodySummary()
        withSolverContext { context in
            summaries.withUnsafeMutableBufferPointer { summaries in
                withUnsafePointer(to: context) { address in
                    runner.work.pointee.context = address
                    runner.work.pointee.summaries = summaries
                    runner.work.pointee.skin = World.skin
                    runner.run(.refresh, count: groups, base: StepWork.groupChunk)
                    context.refreshSequential()
                    if elasticity > 0 { context.recordApproachSpeeds(into: &approach) }
                    for substep in 0..<substeps {
                        World.substep(substep, runner: runner, context: context, colours: colours, bodies: count)
                    }
                    if elasticity > 0 { approach.withUnsafeBufferPointer { context.applyRestitution(approachSpeeds: $0) } }
                    runner.run(.finish, count: count, base: StepWork.bodyChunk)
                    for chunk in summaries { summary.merge(chunk) }
                    runner.work.pointee.context = nil
                    runner.work.pointee.summaries = UnsafeMutableBufferPointer(start: nil, count: 0)
                }
            }
        }
        approachSpeeds = approach
        if summary.fastBodies > 0 {
            // The sweep grids every body: the drift layout, which a later check would reuse, is
            // dropped first, so the two never stand side by side.
            driftLayout = nil
            withSolverContext { World.sweep(runner: runner, context: $0, range: range) }
        }
        return summary
    }

    /// One substep: velocities, warm start, solve, positions, relax; colours, then the overflow
    /// and the walls.
    static func substep(_ substep: Int, runner: StepRunner, context: SolverContext, colours: Int, bodies: Int) {
        runner.run(.integrateVelocities, substep, count: bodies, base: StepWork.bodyChunk)
        for colour in 0..<colours { runner.run(.warmStart, colour, count: groupCount(context, colour), base: StepWork.groupChunk) }
        context.warmStartSequential()
        for colour in 0..<colours { runner.run(.solve, colour, count: groupCount(context, colour), base: StepWork.groupChunk) }
        context.solveSequential(biased: true)
        runner.run(.integratePositions, substep, count: bodies, base: StepWork.bodyChunk)
        for colour in 0..<colours { runner.run(.relax, colour, count: groupCount(context, colour), base: StepWork.groupChunk) }
        context.solveSequential(biased: false)
    }

    @inline(__always)
    static func groupCount(_ context: SolverContext, _ colour: Int) -> Int {
        Int(context.groupStart[colour + 1]) - Int(context.groupStart[colour])
    }

    /// Builds the solver's view of this step over the world's arrays.
    mutating func withSolverContext(_ body: (SolverContext) -> Void) {
        let h = configuration.timeStep / Double(configuration.substeps)
        let hertz = min(configuration.contactHertz, 0.25 / h)
        let zeta = configuration.contactDampingRatio
        let template = SolverTemplate(h: h, contactSoftness: Softness(hertz: hertz, zeta: zeta, h: h),
                                      wallSoftness: Softness(hertz: 2 * hertz, zeta: zeta, h: h),
                                      configuration: configuration, field: field, container: container)
        let flags = self.flags, resistances = self.resistances, groupStart = contacts.groupStart
        if motion.count != bodies.count {
            stepStart = World.scratch(count: bodies.count)
            motion = World.scratch(count: bodies.count)
            traits = World.scratch(count: bodies.count)
        }
        if contacts.geometry.count != contacts.lanes.count { contacts.geometry = World.scratch(count: contacts.lanes.count) }
        flags.withUnsafeBufferPointer { flags in
            resistances.withUnsafeBufferPointer { resistances in
                groupStart.withUnsafeBufferPointer { groupStart in
                    bodies.withUnsafeMutableBufferPointer { bodies in
                        stepStart.withUnsafeMutableBufferPointer { stepStart in
                            buildPosition.withUnsafeBufferPointer { buildPosition in
                                motion.withUnsafeMutableBufferPointer { motion in
                                    traits.withUnsafeMutableBufferPointer { traits in
                                        contacts.lanes.withUnsafeMutableBufferPointer { lanes in
                                            contacts.geometry.withUnsafeMutableBufferPointer { geometry in
                                                contacts.overflow.withUnsafeMutableBufferPointer { overflow in
                                                    contacts.walls.withUnsafeMutableBufferPointer { walls in
                                                        body(template.context(bodies: bodies, flags: flags, resistances: resistances,
                                                                              stepStart: stepStart, buildPosition: buildPosition,
                                                                              state: SolverState(motion: motion, traits: traits),
                                                                              groups: SolverGroups(lanes: lanes, geometry: geometry),
                                                                              groupStart: groupStart, overflow: overflow, walls: walls))
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension World {
    /// A buffer of `count` plain values left as the allocator gives them: step scratch whose
    /// every element a step writes before it reads it (the refresh writes every group, the
    /// first substep every live slot; nothing reads a dead slot). Skipping the fill keeps it
    /// off the calling thread: the pages are first touched by the passes that write them,
    /// in chunks on every thread.
    static func scratch<Value: BitwiseCopyable>(count: Int) -> [Value] {
        [Value](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}

/// The solver state's buffers (see `SolverContext.motion`).
struct SolverState {
    var motion: UnsafeMutableBufferPointer<SIMD4<Float>>
    var traits: UnsafeMutableBufferPointer<SIMD2<Float>>
}

/// The colour groups' buffers (see `SolverContext.lanes`, `SolverContext.geometry`).
struct SolverGroups {
    var lanes: UnsafeMutableBufferPointer<ContactLanes>
    var geometry: UnsafeMutableBufferPointer<LaneGeometry>
}

/// The scalar settings of a solver context, computed once per step.
struct SolverTemplate {
    var h: Double
    var contactSoftness: Softness
    var wallSoftness: Softness
    var configuration: WorldConfiguration
    var field: AttractionField
    var container: Container

    func context(bodies: UnsafeMutableBufferPointer<SolverBody>, flags: UnsafeBufferPointer<BodyFlags>,
                 resistances: UnsafeBufferPointer<Double>, stepStart: UnsafeMutableBufferPointer<SIMD2<Double>>,
                 buildPosition: UnsafeBufferPointer<SIMD2<Float>>, state: SolverState,
                 groups: SolverGroups,
                 groupStart: UnsafeBufferPointer<Int32>, overflow: UnsafeMutableBufferPointer<Contact>,
                 walls: UnsafeMutableBufferPointer<WallContact>) -> SolverContext {
        SolverContext(bodies: bodies, flags: flags, resistances: resistances, stepStart: stepStart, buildPosition: buildPosition,
                      motion: state.motion, traits: state.traits, lanes: groups.lanes,
                      geometry: groups.geometry, groupStart: groupStart, overflow: overflow, walls: walls, h: h, inverseH: 1 / h,
                      substepsPerStep: configuration.substeps,
                      contactSoftness: contactSoftness, wallSoftness: wallSoftness,
                      pushSpeed: configuration.pushSpeed, maxSpeed: configuration.maxSpeed, field: field,
                      rect: container.rect, solid: container.solidBorders, elasticity: configuration.elasticity,
                      contactRange: 1 + configuration.speculativeFraction,
                      wallMargin: 2 * configuration.speculativeFraction)
    }
}
