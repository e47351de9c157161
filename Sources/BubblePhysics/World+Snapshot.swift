/// Saving and restoring a world: everything that decides its future steps, in logical terms (bodies
/// by slot, the free list, the contacts in solver order with their warm-start impulses, the
/// wall contacts, the rest and drift bookkeeping), independent of how the solver lays them out.
/// A world restored from `savedState` steps bit-identically to the one it was taken from.
///
/// Left out, because the next step rebuilds them before reading them: the step's scratch
/// (positions at step start, single-precision motion and traits, the lanes' geometry,
/// restitution's approach speeds), the padding lanes of each colour's last group, and the drift
/// check's block layout (a function of the build positions, radii and colliding bodies, which
/// are saved).
extension World {
    /// The state of a world, as plain values.
    public struct SavedState: Hashable, Sendable {
        /// Solver settings.
        public var configuration: WorldConfiguration
        /// The attraction field.
        public var field: AttractionField
        /// The container.
        public var container: Container
        /// Steps taken.
        public var stepCount: Int
        /// Seconds carried by the frame clock of `advance(by:)`, `0..<timeStep`.
        public var carriedTime: Double
        /// Every body slot, live or free, in slot order.
        public var slots: [Slot]
        /// Free slots in the order they are reused last-first (the next body takes the last one).
        public var freeSlots: [Int]
        /// Body contacts by colour, each colour's contacts in solver order.
        public var colours: [[ContactRecord]]
        /// Body contacts no colour fitted, solved one at a time after the colours.
        public var overflow: [ContactRecord]
        /// Wall contacts, sorted by slot, then side.
        public var walls: [WallRecord]
        /// The contact list must be rebuilt before the next step.
        public var needsRebuild: Bool
        /// Some body has moved more than the skin since the last contact build.
        public var drifted: Bool
        /// Every body moved less than a quarter of the skin in the last step.
        public var driftIsSlow: Bool
        /// The world rests (`isAtRest`).
        public var isResting: Bool
        /// Consecutive still steps counted toward rest.
        public var stillSteps: Int
        /// The largest (speed / radius)² at the first of those steps.
        public var firstFastestSquared: Double
        /// Contact builds so far (`contactBuilds`).
        public var contactBuilds: Int
        /// Steps that kept a drifted contact list (`contactsKept`).
        public var contactsKept: Int

        /// A state from its parts (see `World.savedState`; `World(savedState:)` checks them).
        public init(configuration: WorldConfiguration, field: AttractionField, container: Container, stepCount: Int,
                    carriedTime: Double, slots: [Slot], freeSlots: [Int], colours: [[ContactRecord]],
                    overflow: [ContactRecord], walls: [WallRecord], needsRebuild: Bool, drifted: Bool,
                    driftIsSlow: Bool, isResting: Bool, stillSteps: Int, firstFastestSquared: Double,
                    contactBuilds: Int, contactsKept: Int) {
            self.configuration = configuration
            self.field = field
            self.container = container
            self.stepCount = stepCount
            self.carriedTime = carriedTime
            self.slots = slots
            self.freeSlots = freeSlots
            self.colours = colours
            self.overflow = overflow
            self.walls = walls
            self.needsRebuild = needsRebuild
            self.drifted = drifted
            self.driftIsSlow = driftIsSlow
            self.isResting = isResting
            self.stillSteps = stillSteps
            self.firstFastestSquared = firstFastestSquared
            self.contactBuilds = contactBuilds
            self.contactsKept = contactsKept
        }
    }

    /// One body slot. A free slot keeps only its generation (and its last density and resistance).
    public struct Slot: Hashable, Sendable {
        /// The slot's generation (a handle to it must carry this one).
        public var generation: UInt32
        /// True when a body lives in the slot.
        public var isAlive: Bool
        /// Centre, world units.
        public var position: Vector2
        /// Velocity, units per second.
        public var velocity: Vector2
        /// Radius, world units.
        public var radius: Double
        /// Mass per unit area.
        public var density: Double
        /// Linear damping per second.
        public var resistance: Double
        /// Dynamic or kinematic.
        public var kind: BodyKind
        /// Whether it collides with other bodies.
        public var collides: Bool
        /// Whether the field pulls it.
        public var attracted: Bool
        /// The position at the last contact build, in single precision (x, y).
        public var buildPosition: SIMD2<Float>

        /// A slot from its parts.
        public init(generation: UInt32, isAlive: Bool, position: Vector2, velocity: Vector2, radius: Double,
                    density: Double, resistance: Double, kind: BodyKind, collides: Bool, attracted: Bool,
                    buildPosition: SIMD2<Float>) {
            self.generation = generation
            self.isAlive = isAlive
            self.position = position
            self.velocity = velocity
            self.radius = radius
            self.density = density
            self.resistance = resistance
            self.kind = kind
            self.collides = collides
            self.attracted = attracted
            self.buildPosition = buildPosition
        }
    }

    /// A body contact: its two slots and the accumulated impulse it warm-starts the next step with.
    public struct ContactRecord: Hashable, Sendable {
        /// The first body's slot.
        public var a: Int
        /// The second body's slot.
        public var b: Int
        /// Accumulated normal impulse of one substep (single precision, as the solver keeps it).
        public var impulse: Float

        /// A contact from its parts.
        public init(a: Int, b: Int, impulse: Float) {
            self.a = a
            self.b = b
            self.impulse = impulse
        }
    }

    /// A contact between a body and one solid border.
    public struct WallRecord: Hashable, Sendable {
        /// The body's slot.
        public var slot: Int
        /// The border: 0 left, 1 right, 2 top, 3 bottom.
        public var side: Int
        /// Accumulated normal impulse.
        public var impulse: Double

        /// A wall contact from its parts.
        public init(slot: Int, side: Int, impulse: Double) {
            self.slot = slot
            self.side = side
            self.impulse = impulse
        }
    }

    /// The world's state now, for saving (see `SavedState`).
    /// - Complexity: O(slots + contacts).
    public var savedState: SavedState {
        let storage = storage
        var slots: [Slot] = []
        slots.reserveCapacity(storage.slotCount)
        for slot in 0..<storage.slotCount {
            let body = storage.bodies[slot], bodyFlags = storage.flags[slot]
            slots.append(Slot(generation: storage.generations[slot], isAlive: bodyFlags.contains(.alive),
                              position: Vector2(body.px, body.py), velocity: Vector2(body.vx, body.vy),
                              radius: body.radius, density: storage.densities[slot],
                              resistance: storage.resistances[slot],
                              kind: bodyFlags.contains(.kinematic) ? .kinematic : .dynamic,
                              collides: bodyFlags.contains(.collides), attracted: bodyFlags.contains(.attracted),
                              buildPosition: storage.buildPosition[slot]))
        }
        return SavedState(configuration: configuration, field: field, container: container, stepCount: stepCount,
                          carriedTime: clock.carriedTime, slots: slots, freeSlots: storage.freeSlots.buffer.map { Int($0) },
                          colours: savedColours(),
                          overflow: storage.overflow.buffer.map { ContactRecord(a: Int($0.a), b: Int($0.b), impulse: $0.impulse) },
                          walls: storage.walls.buffer.map { WallRecord(slot: Int($0.slot), side: Int($0.side.rawValue), impulse: $0.impulse) },
                          needsRebuild: needsRebuild, drifted: drifted, driftIsSlow: driftIsSlow,
                          isResting: rest.isResting, stillSteps: rest.stillSteps,
                          firstFastestSquared: rest.firstFastestSquared, contactBuilds: contactBuilds,
                          contactsKept: contactsKept)
    }

    /// Each colour's contacts in lane order, without the padding of its last group.
    private func savedColours() -> [[ContactRecord]] {
        let storage = storage
        var colours: [[ContactRecord]] = []
        for colour in 0..<storage.colourCount {
            var records: [ContactRecord] = []
            for group in Int(storage.groupStart[colour])..<Int(storage.groupStart[colour + 1]) {
                let lanes = storage.lanes[group]
                for lane in 0..<4 where lanes.a[lane] != lanes.b[lane] {
                    records.append(ContactRecord(a: Int(lanes.a[lane]), b: Int(lanes.b[lane]), impulse: lanes.impulse[lane]))
                }
            }
            colours.append(records)
        }
        return colours
    }

    /// A world in exactly the saved state: stepping it gives the same states, bit for bit, as
    /// stepping the world the state was taken from.
    /// - Throws: `InvalidValue` naming the first inconsistent or out-of-range part (a setting, a
    ///   counter above `restoredCounterLimit`, a slot's value, a free list that does not list exactly the free slots, a contact on a free
    ///   slot or twice on one body in a colour, unsorted wall contacts, …); nothing traps.
    /// - Complexity: O(slots + contacts).
    public init(savedState state: SavedState) throws(InvalidValue) {
        try self.init(configuration: state.configuration, container: state.container, field: state.field)
        try World.checkCounters(state)
        try World.bodyCountRange.check(state.slots.count, field: "slots count")
        uniqueStorage().reserveSlots(state.slots.count)
        for (index, slot) in state.slots.enumerated() { try restore(slot, at: index) }
        try restoreFreeSlots(state.freeSlots)
        try restoreContacts(state)
        stepCount = state.stepCount
        clock = FixedStepClock(carriedTime: state.carriedTime)
        needsRebuild = state.needsRebuild
        drifted = state.drifted
        driftIsSlow = state.driftIsSlow
        rest = RestState(isResting: state.isResting, stillSteps: state.stillSteps, firstFastestSquared: state.firstFastestSquared)
        contactBuilds = state.contactBuilds
        contactsKept = state.contactsKept
    }

    /// The largest value a restored counter (`stepCount`, `stillSteps`, `contactBuilds`,
    /// `contactsKept`) may hold, 2^30: each step adds at most one to each, so a restored world has
    /// over a billion steps of headroom before `Int.max` even where `Int` is 32 bits (WebAssembly).
    public static let restoredCounterLimit = 1 << 30

    private static func checkCounters(_ state: SavedState) throws(InvalidValue) {
        let counters = [("stepCount", state.stepCount), ("stillSteps", state.stillSteps),
                        ("contactBuilds", state.contactBuilds), ("contactsKept", state.contactsKept)]
        for (name, value) in counters where value < 0 || value > restoredCounterLimit {
            throw InvalidValue(field: name, value: value, requirement: "must be in 0...\(restoredCounterLimit)")
        }
        let step = state.configuration.timeStep
        guard state.carriedTime >= 0 && state.carriedTime < step else {
            throw InvalidValue(field: "carriedTime", value: state.carriedTime, requirement: "must be in 0..<\(step)")
        }
        guard state.firstFastestSquared >= 0 && state.firstFastestSquared.isFinite else {
            throw InvalidValue(field: "firstFastestSquared", value: state.firstFastestSquared, requirement: "must be finite and not negative")
        }
    }

    /// Appends one slot (a free one with a zero body, as `destroyBody` leaves it).
    private mutating func restore(_ slot: Slot, at index: Int) throws(InvalidValue) {
        let path = "slots[\(index)]"
        guard slot.buildPosition.x.isFinite && slot.buildPosition.y.isFinite else {
            // Widened to Double, as the saved-state text writes them (and no Float printer is linked).
            let x = Double(slot.buildPosition.x), y = Double(slot.buildPosition.y)
            throw InvalidValue(field: path + ".buildPosition", value: "\(x) \(y)", requirement: "must be finite")
        }
        var body = SolverBody(px: 0, py: 0, vx: 0, vy: 0, invMass: 0, radius: 0)
        var bodyFlags: BodyFlags = []
        if slot.isAlive {
            let definition = BodyDefinition(position: slot.position, radius: slot.radius, density: slot.density,
                                            velocity: slot.velocity, resistance: slot.resistance, kind: slot.kind,
                                            collides: slot.collides, attracted: slot.attracted)
            try definition.validate(fieldPrefix: path + ".")
            body = definition.solverBody
            bodyFlags = definition.flags
            bodyCount += 1
        } else {
            // A free slot keeps its last density and resistance (see `destroyBody`).
            try BodyDefinition.densityRange.check(slot.density, field: path + ".density")
            try BodyDefinition.resistanceRange.check(slot.resistance, field: path + ".resistance")
        }
        let storage = uniqueStorage()
        storage.bodies.append(body)
        storage.flags.append(bodyFlags)
        storage.generations.append(slot.generation)
        storage.densities.append(slot.density)
        storage.resistances.append(slot.resistance)
        storage.buildPosition.append(slot.buildPosition)
        if slot.isAlive { storage.updateInverseMass(index) }
    }

    /// The free list: every free slot exactly once, nothing else.
    private mutating func restoreFreeSlots(_ free: [Int]) throws(InvalidValue) {
        let storage = uniqueStorage(), slots = storage.slotCount
        var listed = [Bool](repeating: false, count: slots)
        for (index, slot) in free.enumerated() {
            guard slot >= 0 && slot < slots && !storage.flags[slot].contains(.alive) && !listed[slot] else {
                throw InvalidValue(field: "freeSlots[\(index)]", value: slot, requirement: "must be a free slot, listed once")
            }
            listed[slot] = true
        }
        guard free.count == slots - bodyCount else {
            throw InvalidValue(field: "freeSlots", value: free.count, requirement: "must list all \(slots - bodyCount) free slots")
        }
        storage.freeSlots.removeAll()
        for slot in free { storage.freeSlots.append(Int32(slot)) }
    }

    /// The contact lists, checked: live slots, two different bodies, no body twice in one colour,
    /// at most `WorldStorage.colourLimit` colours, wall contacts sorted and on live dynamic bodies.
    private mutating func restoreContacts(_ state: SavedState) throws(InvalidValue) {
        guard state.colours.count <= WorldStorage.colourLimit else {
            throw InvalidValue(field: "colours", value: state.colours.count, requirement: "must be at most \(WorldStorage.colourLimit) colours")
        }
        let storage = uniqueStorage()
        var seen = [Int](repeating: -1, count: storage.slotCount)  // the last colour each body was seen in
        storage.lanes.removeAll()
        storage.groupStart.resize(to: 1)
        storage.overflow.removeAll()
        storage.walls.removeAll()
        storage.contactCount = 0
        for (colour, records) in state.colours.enumerated() {
            for (index, record) in records.enumerated() {
                let path = "colours[\(colour)][\(index)]"
                try checkPair(record, path: path)
                guard seen[record.a] != colour && seen[record.b] != colour else {
                    throw InvalidValue(field: path, value: "\(record.a) \(record.b)", requirement: "must not share a body with another contact of its colour")
                }
                seen[record.a] = colour
                seen[record.b] = colour
            }
            storage.appendColour(records)
        }
        for (index, record) in state.overflow.enumerated() {
            try checkPair(record, path: "overflow[\(index)]")
            storage.overflow.append(Contact(a: Int32(record.a), b: Int32(record.b), nx: 0, ny: 0, mass: 0, impulse: record.impulse, base: 0))
        }
        storage.contactCount += state.overflow.count
        try restoreWalls(state.walls, into: storage)
    }

    private func checkPair(_ record: ContactRecord, path: String) throws(InvalidValue) {
        let slots = storage.slotCount
        guard record.a >= 0 && record.a < slots && record.b >= 0 && record.b < slots && record.a != record.b
                && storage.flags[record.a].contains(.alive) && storage.flags[record.b].contains(.alive) else {
            throw InvalidValue(field: path, value: "\(record.a) \(record.b)", requirement: "must join two different live bodies")
        }
        guard record.impulse.isFinite && record.impulse >= 0 else {
            throw InvalidValue(field: path + ".impulse", value: Double(record.impulse), requirement: "must be finite and not negative")
        }
    }

    /// The wall contacts, checked: sorted by slot then side, on live dynamic bodies.
    private func restoreWalls(_ records: [WallRecord], into storage: WorldStorage) throws(InvalidValue) {
        storage.walls.reserve(records.count)
        var previous = (-1, -1)
        for (index, record) in records.enumerated() {
            let path = "walls[\(index)]"
            guard record.slot >= 0 && record.slot < storage.slotCount && storage.flags[record.slot].contains(.alive)
                    && !storage.flags[record.slot].contains(.kinematic) else {
                throw InvalidValue(field: path + ".slot", value: record.slot, requirement: "must be a live dynamic body")
            }
            guard (0..<4).contains(record.side), let side = WallSide(rawValue: UInt8(record.side)),
                  (record.slot, record.side) > previous else {
                throw InvalidValue(field: path + ".side", value: record.side, requirement: "must be 0...3, sorted by slot then side")
            }
            guard record.impulse.isFinite && record.impulse >= 0 else {
                throw InvalidValue(field: path + ".impulse", value: record.impulse, requirement: "must be finite and not negative")
            }
            previous = (record.slot, record.side)
            storage.walls.append(WallContact(slot: Int32(record.slot), side: side, normalMass: 0, impulse: record.impulse))
        }
    }
}

extension WorldStorage {
    /// Appends one colour's contacts, four to a group, the last group padded as a build pads it.
    func appendColour(_ records: [World.ContactRecord]) {
        // Each group is made as a value and appended whole: writing lanes through the column's
        // buffer subscript is what Swift 6.3.1 cannot compile with -sanitize=thread.
        var start = 0
        while start < records.count {
            let end = min(start + 4, records.count)
            var group = ContactLanes.zero
            for lane in 0..<4 {
                let record = records[start + min(lane, end - start - 1)]
                let padding = start + lane >= end
                group.a[lane] = Int32(padding ? records[start].a : record.a)
                group.b[lane] = Int32(padding ? records[start].a : record.b)
                group.impulse[lane] = padding ? 0 : record.impulse
            }
            lanes.append(group)
            start = end
        }
        groupStart.append(Int32(lanes.count))
        contactCount += records.count
    }
}

extension FixedStepClock {
    /// A clock carrying `carriedTime` seconds toward the next step (a restored clock). Callers pass
    /// a value in `0..<timeStep`, as `carriedTime` reads; a larger one runs at most `limit` steps at
    /// the next call and is dropped, a negative or non-finite one is taken as zero.
    public init(carriedTime: Double) {
        self.init()
        self.carriedTime = carriedTime.isFinite && carriedTime > 0 ? carriedTime : 0
    }
}
