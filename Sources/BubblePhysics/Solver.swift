// Design notes: the contact solver
// ================================
//
// Method. A "soft step" in the manner of Box2D v3 (Erin Catto, "Solver2D", 2024): every step
// refreshes its contacts once, then runs `substeps` substeps of
//
//     integrate velocities → warm start → solve (soft, with bias) → integrate positions → relax
//
// and, when elasticity is on, one restitution pass at the end. Each solve is one Gauss–Seidel
// sweep over the contacts with accumulated, clamped normal impulses.
//
// Why this method. Bubbles pile into a dense crowd under the attraction field, a stacking
// problem in disguise. Substeps give the effective stiffness of many iterations at the cost of
// one; warm starting carries last step's impulses forward, so pressure through a deep crowd
// converges over time instead of being rebuilt from zero each step; soft contacts (a spring
// of `contactHertz` with a heavy damping ratio) push overlap out smoothly — bounded by
// `pushSpeed` — instead of injecting energy as Baumgarte does; the relax sweep without bias
// removes the push-out velocity, so a settled crowd is still.
//
// Colours and lanes. The contacts are coloured so that no two of one colour share a body
// (Box2D v3's constraint graph): greedily, in build order, each contact takes the lowest of 24
// colours neither of its bodies uses yet; a contact that fits none (a body with more than 24
// neighbours) goes to the overflow, solved one at a time after the colours. The sweep visits
// the colours in order. Within a colour the contacts are independent, so each colour is solved
// four at a time in SIMD4<Float> lanes (one SSE or NEON register; plain code where there are
// none): gather both bodies of four contacts, solve, scatter. No update waits for the one
// before, and the result of a colour does not depend on the order or the thread its contacts
// are solved in.
//
// Solver state. The substeps do not touch the 48-byte bodies in the contact loops: each body
// has a 16-byte row of single-precision state — velocity, and displacement since step start —
// so a body is one register, four bodies transpose into lanes with a few shuffles, and a
// scatter writes whole rows (a narrower store followed by a wider load of the same row would
// stall store forwarding). A contact's separation is its value at step start, computed in
// double by the once-per-step refresh, plus the normal component of the two displacements, so
// positions never enter the contact loops and single precision only ever holds small
// differences. Positions stay in double: the position update adds h × v in double, clamps at
// the borders in double, and stores the displacement. Velocities are single precision from the
// first velocity update of a step to the end-of-step pass, which writes them back (a relative
// rounding of 6e-8 per substep, far below what the solver resolves).

// Storage. Everything per body slot and per contact lives in columns of one storage object
// (`WorldStorage`), which a world holds by reference and copies before a change when it is
// shared, so a world is still a value. A step reaches the columns through one view built in one
// place (`SolverContext`); the solve never changes a column's size, so the view's buffers stay
// valid for the whole solve. What a step needs only while it runs — start positions, the solver
// state, traits, each colour group's geometry (normals, masses, step-start separations; kept
// apart from the groups' bodies and impulses) — and what a contact build, a drift check or a
// sweep needs (`BuildScratch`: grids, carried impulses, pair lists, colours) is scratch, kept
// between steps for its capacity, so steps do not allocate their buffers again, and released
// when the world rests. Every scratch element is written before it is read.
//
// Per-body passes. The velocity and position updates take two bodies at a time in
// SIMD2<Double> where both take the common path (live, finite, under the speed limit, not
// clamped, outside the field's falloff), with the same operations lane by lane as the one-body
// path, which handles everything else; so the path a body takes never changes a bit.
//
// Threads. With `WorldConfiguration.threads` > 1, every colour, every per-body pass, the
// contact refresh and most of the contact build — the grid's per-body passes, the pair search,
// collecting the carried impulses, laying out the colours, the wall contacts — go through one
// parallel loop (`StepRunner.forEachChunk`; the solver's passes are `SolverStage`s). A pass is
// cut into chunks (one per configured thread, each at least a minimum of work, so a pass costs
// few claims and one barrier) that the calling thread claims from the front of a shared cursor
// and the workers from the back, so each thread keeps to its own end of every pass; a colour
// starts when the previous one has finished. Neither the cut nor who runs a chunk changes any
// result: within a pass each item is computed alone (contacts of one colour share no body),
// per-chunk partials (summaries, grid extents, histograms, counts per colour) merge in chunk
// order by rules that do not depend on the cut, the pair lists are read in cell order, and
// chunks that share a colour group write their lanes with scalar stores. So 1, 2 or N threads
// give bit-identical results (a test checks it). The colouring (each contact's colour depends
// on every contact before it), the grid's counting sort, the walls and the overflow run on the
// calling thread. Idle workers park instead of spinning, a late worker hands the rest of the
// step to the calling thread, and the pool uses its workers only while they make steps cheaper
// (`WorkerPool`, `ThreadChoice`). Without Dispatch (Embedded Swift, WebAssembly) the chunks run
// in order on one thread.
//
// Contact reuse. The pair search runs with a skin: pairs closer than (1 + speculativeFraction
// + skin) × (ra + rb) become contacts. While no body has moved more than `skin × r` from where
// it was at the build (an L1 bound over a single-precision copy of that position, so a body
// that only jiggles in place never counts), half the skin of a pair of equal bodies, a pair
// outside the list was farther than its range at the build and the two have closed by less
// than the skin since, so every pair within the speculative range is in the list. Once some
// body has moved more, the next step first runs the drift check (`DriftCheck`): bodies that
// moved together — a crowd falling toward the point, a picker panned — have not closed on
// each other, and blocks of build positions (laid out by the first check after a build and
// kept until the next) with boxes of their displacements prove it in one linear pass (each
// block held first against the union of its neighbourhood's boxes, which nearly always passes;
// exact pair tests only where no box can); then only the wall contacts, which follow absolute
// positions, are rebuilt. A kept list is checked again at every step until the next build, so
// once every body moves less than a quarter of the skin per step (a picker settling) a drift is
// met by a rebuild instead, after which a still list costs nothing. Otherwise, and whenever a
// body, a radius, a kind or the container changed, the whole list is rebuilt. The check's
// passes run in chunks with a pair-test budget per row of blocks, so its verdict — and the
// bits — do not depend on the thread count. (Box2D instead keeps an enlarged box per body and
// re-queries the bodies that left theirs; in a crowd that falls together most bodies leave
// theirs every step while their neighbours move with them, which the drift check proves cheaply
// and per-body boxes cannot.) Between builds one linear pass per step refreshes every normal
// (centre to centre) and mass, and drops the impulse of pairs beyond the speculative range. The
// search looks at the forward half of each body's neighbourhood in a grid per size level (see
// `Broadphase`, `PairScan`), so mixed sizes stay linear, and keeps at most 16 pairs per
// scanning body (of at most 128 examined), so bodies stacked on one point cost O(n) time and
// memory instead of O(n²). Contacts are listed in the order the search finds them — cell by
// cell, level by level — and laid out colour by colour in that order.
//
// Geometry. Circles without rotation: the normal is fixed for the step (centre to centre at
// step start) and the separation is `n · (pb − pa) − (ra + rb)` — its step-start value plus
// `n · (db − da)` over the displacements — which is exact along that normal and needs no
// square root in the substeps. A contact whose pair
// is apart only stops it from closing more than its gap in one substep (speculative contact).
//
// Borders. Solid borders are contacts with an infinite-mass wall (stiffer: twice the contact
// hertz, as Box2D does for static contacts), solved after the body contacts, so crowd pressure
// rests on them. After each position update a body is also clamped so it can never end a
// substep further outside a solid border than it began it, and never outside once inside: the
// guarantee that nothing escapes a closed container. A body caught outside after a resize is
// pushed back at `pushSpeed` by its wall contact.
//
// Tunnelling. Contacts found at step start cannot see a body that crosses a neighbour in one
// step. A body can pass through another only if it moves more than half its radius in one step
// (Box2D's criterion: then the pair moves more than half its radius sum relative to each other,
// or the other body is fast too); only those bodies are swept, from their start to their end
// position, against the others' motions over the step (time of impact of two circles, a
// quadratic), and stopped at the first touch. In two phases — every impact computed against the
// same snapshot of start and end positions, then applied — so the sweeps may run in any order.
// Borders need no sweep: the clamp above holds at any speed.
//
// Rest. When every body's speed has stayed below `World.restSpeed` radii per second for
// `World.restTime` seconds, without the fastest speed growing over that time (a body that a
// weak field is still accelerating is not at rest), the world is at rest: velocities are set
// to zero and `step()` only counts the step. Any call that changes the world wakes it.
//
// Safety. Every value the validators accept gives finite results, by construction of the step
// rather than by narrow ranges: the field's linear parts are integrated implicitly (stable for
// any stiffness, even an infinite one), the radial pull beyond the falloff is a unit direction
// times a finite gain, speeds are capped at `maxSpeed` radii per second before every position
// update (so positions grow by at most `h × maxSpeed × r` per substep), stored impulses are
// clamped into single precision's range and masses are computed from radii and densities
// whose ranges keep them normal, the substep is at least 1e-4 / 64 s, a body wider than the
// gap between two solid opposite borders gets no contact with either (no position satisfies
// both; the clamp holds it in the middle), and the work of the contact build and of each sweep
// is bounded per body (a sweep examines at most 128 bodies per size level). A seeded property
// test steps worlds with every setting at and near its bounds (`PropertyTests`).
//
// Determinism. Arrays only, visited in slot, cell or colour order; only + − × ÷ and
// squareRoot (no libm, no fused multiply-add), lane-wise in SIMD exactly as in scalar code;
// so results are bit-identical across runs, build modes, platforms with IEEE-754 doubles and
// thread counts.
//
// Scale. Every tolerance is relative to radii (speculative margin, skin, push speed in radii
// per second, restitution threshold, rest speed), so a scene behaves the same at any unit size.

/// Soft-constraint coefficients for one substep length (Box2D's `b2Softness`).
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    /// - Parameters: hertz: stiffness frequency; zeta: damping ratio; h: substep in seconds.
    init(hertz: Double, zeta: Double, h: Double) {
        let omega = 2 * World.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// The solver's view of one step: the storage's columns as buffers and the step's settings.
/// Made once per step from the world (`World.withSolverContext`); its buffers are valid while
/// the storage lives and no column changes its capacity, which the solve never does. Every
/// stage is a small function over a range of bodies or contact groups, so the same code runs
/// whole on one thread or in chunks on several (`SolverStage`).
struct SolverContext {
    let bodies: UnsafeMutableBufferPointer<SolverBody>
    let flags: UnsafeBufferPointer<BodyFlags>
    let resistances: UnsafeBufferPointer<Double>
    /// Positions at the start of the step's first position update (for the sweep).
    let stepStart: UnsafeMutableBufferPointer<SIMD2<Double>>
    /// Positions at the last contact build, rounded to single precision.
    let buildPosition: UnsafeBufferPointer<SIMD2<Float>>
    /// The solver state during the substeps, per slot: velocity (x, y) and displacement since
    /// step start (z, w), single precision. Authoritative for velocities from the first velocity
    /// update of a step to the end-of-step pass, which writes them back to `bodies`.
    let motion: UnsafeMutableBufferPointer<SIMD4<Float>>
    /// Inverse mass and radius per slot, single precision (written by the first velocity update).
    let traits: UnsafeMutableBufferPointer<SIMD2<Float>>
    let lanes: UnsafeMutableBufferPointer<ContactLanes>
    /// One per group of `lanes`, written by the refresh.
    let geometry: UnsafeMutableBufferPointer<LaneGeometry>
    let groupStart: UnsafeBufferPointer<Int32>
    let overflow: UnsafeMutableBufferPointer<Contact>
    let walls: UnsafeMutableBufferPointer<WallContact>
    /// Flat views of `bodies`, `flags`, `resistances`, `stepStart` and `buildPosition` (2
    /// scalars a slot), `motion` (4 a slot), `traits` (2 a slot), `lanes` and `geometry` (16 a
    /// group) for the hot loops (`Flat.swift`).
    let body: UnsafeMutablePointer<SolverBody>
    let flag: UnsafePointer<BodyFlags>
    let resistance: UnsafePointer<Double>
    let stepStartScalars: UnsafeMutablePointer<Double>
    let buildScalars: UnsafePointer<Float>
    let motionScalars: UnsafeMutablePointer<Float>
    let traitScalars: UnsafeMutablePointer<Float>
    let laneBase: UnsafeMutablePointer<ContactLanes>
    let geometryScalars: UnsafeMutablePointer<Float>
    let h: Double
    let inverseH: Double
    let substepsPerStep: Int
    let contactSoftness: Softness
    let wallSoftness: Softness
    /// Push speed in radii per second.
    let pushSpeed: Double
    /// Speed limit in radii per second.
    let maxSpeed: Double
    let field: AttractionField
    let rect: Rect
    let solid: Borders
    let elasticity: Double
    /// Pairs closer than this × the radius sum keep their impulse (1 + speculativeFraction).
    let contactRange: Double
    /// Wall contacts within this × the radius keep theirs (2 × speculativeFraction).
    let wallMargin: Double

    /// The view of `storage` (its step scratch sized first) for a step of `world`'s settings.
    init(_ storage: WorldStorage, settings world: borrowing World) {
        storage.prepareStepScratch()
        bodies = storage.bodies.buffer
        flags = UnsafeBufferPointer(storage.flags.buffer)
        resistances = UnsafeBufferPointer(storage.resistances.buffer)
        stepStart = storage.stepStart.buffer
        buildPosition = UnsafeBufferPointer(storage.buildPosition.buffer)
        motion = storage.motion.buffer
        traits = storage.traits.buffer
        lanes = storage.lanes.buffer
        geometry = storage.geometry.buffer
        groupStart = UnsafeBufferPointer(storage.groupStart.buffer)
        overflow = storage.overflow.buffer
        walls = storage.walls.buffer
        precondition(FlatLayout.holds, "SIMD vectors are not laid out as their scalars")
        body = bodies.start
        flag = flags.start
        resistance = resistances.start
        stepStartScalars = stepStart.scalars
        buildScalars = buildPosition.scalars
        motionScalars = motion.scalars
        traitScalars = traits.scalars
        laneBase = lanes.start
        geometryScalars = UnsafeMutableRawPointer(geometry.start).assumingMemoryBound(to: Float.self)
        let configuration = world.configuration
        h = configuration.timeStep / Double(configuration.substeps)
        inverseH = 1 / h
        substepsPerStep = configuration.substeps
        let hertz = min(configuration.contactHertz, 0.25 / h)
        contactSoftness = Softness(hertz: hertz, zeta: configuration.contactDampingRatio, h: h)
        wallSoftness = Softness(hertz: 2 * hertz, zeta: configuration.contactDampingRatio, h: h)
        pushSpeed = configuration.pushSpeed
        maxSpeed = configuration.maxSpeed
        field = world.field
        rect = world.container.rect
        solid = world.container.solidBorders
        elasticity = configuration.elasticity
        contactRange = 1 + configuration.speculativeFraction
        wallMargin = 2 * configuration.speculativeFraction
    }

    /// The solver state's velocity of `slot`, in double precision (a non-finite component, which
    /// no valid input produces, becomes the largest finite one or 0, so the step stays finite).
    @inline(__always)
    func loadVelocity(_ slot: Int, into body: inout SolverBody) {
        body.vx = SolverContext.finite(motionScalars[4 * slot])
        body.vy = SolverContext.finite(motionScalars[4 * slot + 1])
    }

    /// `value` in double precision; ±infinity becomes ± the largest finite Float, NaN 0.
    @inline(__always)
    static func finite(_ value: Float) -> Double {
        if value.isFinite { return Double(value) }
        return value.isNaN ? 0 : (value > 0 ? Double(Float.greatestFiniteMagnitude) : -Double(Float.greatestFiniteMagnitude))
    }

    /// The attraction field's pull on one body for one substep (see `FieldLaw`). The linear
    /// parts (the springs, the uniform one within its reach, and radial gravity inside its
    /// falloff radius) are integrated implicitly, so no strength, mass or falloff can make them
    /// blow up.
    @inline(__always)
    func applyField(to body: inout SolverBody) {
        let dx = field.point.x - body.px, dy = field.point.y - body.py
        switch field.law {
        case .spring:
            pullLinearly(&body, dx, dy, stiffness: field.strength * body.invMass)
        case .uniformSpring:
            let reach = field.reach * body.radius
            let distanceSquared = dx * dx + dy * dy
            if distanceSquared <= reach * reach {
                pullLinearly(&body, dx, dy, stiffness: field.strength)
            } else {
                // Beyond the reach: the spring's pull at the reach, toward the point (finite).
                let inverse = 1 / distanceSquared.squareRoot()
                let gain = h * min(field.strength * reach, Double.greatestFiniteMagnitude)
                body.vx += (dx * inverse) * gain
                body.vy += (dy * inverse) * gain
            }
        case .radialGravity:
            let distanceSquared = dx * dx + dy * dy
            let falloff = field.falloffRadius
            if distanceSquared < falloff * falloff {
                pullLinearly(&body, dx, dy, stiffness: field.strength / falloff)
            } else if distanceSquared > 0 {
                // A unit direction times a finite gain: finite at any strength and distance.
                let inverse = 1 / distanceSquared.squareRoot()
                let gain = h * field.strength
                body.vx += (dx * inverse) * gain
                body.vy += (dy * inverse) * gain
            }
        }
    }

    /// Implicit Euler for a pull of `stiffness` (ω², 1/s²) toward a point `(dx, dy)` away:
    /// v ← q·v + (1 − q)·d / h with q = 1 / (1 + h²ω²). Stable for every ω (explicit Euler
    /// diverges once ω·h > 2), and it reduces to the explicit update when h·ω is small.
    @inline(__always)
    func pullLinearly(_ body: inout SolverBody, _ dx: Double, _ dy: Double, stiffness: Double) {
        let q = 1 / (1 + h * h * stiffness)
        let pull = (1 - q) * inverseH
        body.vx = body.vx * q + dx * pull
        body.vy = body.vy * q + dy * pull
    }

    /// Caps a body's speed at `maxSpeed` radii per second, so no input can overflow a position.
    @inline(__always)
    func limitSpeed(_ body: inout SolverBody) {
        let limit = maxSpeed * body.radius
        let speedSquared = body.vx * body.vx + body.vy * body.vy
        guard speedSquared > limit * limit else { return }
        // Divide by the larger component first: the square of a huge speed may be infinite.
        let larger = max(abs(body.vx), abs(body.vy))
        let ux = body.vx / larger, uy = body.vy / larger
        let scale = limit / (ux * ux + uy * uy).squareRoot()
        body.vx = ux * scale
        body.vy = uy * scale
    }
}
