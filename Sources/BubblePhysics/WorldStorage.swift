/// Everything a world keeps per body slot and per contact, in columns owned by one object.
///
/// `World` holds its storage by reference and copies it before a change when it is shared
/// (`World.uniqueStorage()`), so a world stays a value: a copy is a snapshot. The solver reaches
/// the columns through one view, `SolverContext`, built from the storage in one place; its
/// buffers stay valid while the storage lives and no column changes its capacity (the contact
/// build and body creation change them; the solve does not).
///
/// Three kinds of columns: per slot (`bodies` … `buildPosition`: the state of the bodies), per
/// contact (`lanes` … `walls`: the contacts of the last build, with their accumulated impulses,
/// which carry over to the next step) and scratch (`stepStart` … `approachSpeeds`: written
/// before they are read in every step, kept for their capacity and never copied).
///
/// Its properties are reached only through the world that owns the storage, one call at a
/// time, so they are exempt from the run-time exclusivity checks (`@exclusivity(unchecked)`),
/// which would otherwise cost every access of a column a call.
final class WorldStorage: @unchecked Sendable {
    // Per slot. Dead slots have `flags` without `.alive`.
    /// The solver's per-body state.
    @exclusivity(unchecked) var bodies = Column<SolverBody>()
    @exclusivity(unchecked) var flags = Column<BodyFlags>()
    @exclusivity(unchecked) var generations = Column<UInt32>()
    @exclusivity(unchecked) var densities = Column<Double>()
    @exclusivity(unchecked) var resistances = Column<Double>()
    /// The position at the last contact build, rounded to single precision (for the skin).
    @exclusivity(unchecked) var buildPosition = Column<SIMD2<Float>>()
    /// Slots of destroyed bodies, reused newest first.
    @exclusivity(unchecked) var freeSlots = Column<Int32>()

    // Contacts (see `ContactLanes`).
    /// Colour groups: colour `c` is `lanes[groupStart[c] ..< groupStart[c + 1]]`.
    @exclusivity(unchecked) var lanes = Column<ContactLanes>()
    @exclusivity(unchecked) var groupStart = Column<Int32>(repeating: 0, count: 1)
    /// Contacts no colour fitted, solved one at a time after the colours.
    @exclusivity(unchecked) var overflow = Column<Contact>()
    @exclusivity(unchecked) var walls = Column<WallContact>()
    /// Body contacts (lanes without padding, plus the overflow).
    @exclusivity(unchecked) var contactCount = 0

    // Step scratch, one per slot or per group.
    /// Positions at the start of the step (written by its first position update).
    @exclusivity(unchecked) var stepStart = Column<SIMD2<Double>>()
    /// The solver state of a step (see `SolverContext.motion`).
    @exclusivity(unchecked) var motion = Column<SIMD4<Float>>()
    /// Inverse masses and radii in single precision (written by a step's first velocity update).
    @exclusivity(unchecked) var traits = Column<SIMD2<Float>>()
    /// The groups' geometry, rewritten by every refresh.
    @exclusivity(unchecked) var geometry = Column<LaneGeometry>()
    /// Approach speeds of restitution, one per contact and wall contact.
    @exclusivity(unchecked) var approachSpeeds = Column<Double>()
    /// The scratch of contact builds, drift checks and sweeps.
    @exclusivity(unchecked) var scratch = BuildScratch()

    /// An empty storage.
    init() {}

    /// Slots in use, live or dead.
    var slotCount: Int { bodies.count }

    /// True when `handle` names a live body. On the storage (a reference), so a world's handle
    /// checks do not copy the world in an unoptimised build.
    func isLive(_ handle: BodyHandle) -> Bool {
        let slot = Int(handle.index)
        return slot >= 0 && slot < slotCount && flags[slot].contains(.alive) && generations[slot] == handle.generation
    }

    /// The slot of a live body's `handle`.
    /// - Precondition: the handle is live (a stale handle is a programming error).
    func checkedSlot(_ handle: BodyHandle) -> Int {
        precondition(isLive(handle), "stale or invalid body handle \(handle)")
        return Int(handle.index)
    }

    /// Colours in use.
    var colourCount: Int { groupStart.count - 1 }

    /// A copy of the bodies and contacts; scratch is not copied unless asked for (nothing reads
    /// it between steps; tests of single passes do).
    /// - Complexity: O(slots + contacts).
    func copy(includingScratch: Bool = false) -> WorldStorage {
        let copy = WorldStorage()
        copy.bodies = bodies.copy()
        copy.flags = flags.copy()
        copy.generations = generations.copy()
        copy.densities = densities.copy()
        copy.resistances = resistances.copy()
        copy.buildPosition = buildPosition.copy()
        copy.freeSlots = freeSlots.copy()
        copy.lanes = lanes.copy()
        copy.groupStart = groupStart.copy()
        copy.overflow = overflow.copy()
        copy.walls = walls.copy()
        copy.contactCount = contactCount
        if includingScratch {
            copy.stepStart = stepStart.copy()
            copy.motion = motion.copy()
            copy.traits = traits.copy()
            copy.geometry = geometry.copy()
            copy.approachSpeeds = approachSpeeds.copy()
        }
        return copy
    }

    /// Frees the step scratch and the build scratch (they are allocated again when needed).
    func releaseScratch() {
        stepStart.release()
        motion.release()
        traits.release()
        geometry.release()
        approachSpeeds.release()
        scratch = BuildScratch()
    }

    /// Makes room for `slots` slots in every per-slot column.
    /// - Complexity: O(slots) when it reallocates.
    func reserveSlots(_ slots: Int) {
        bodies.reserve(slots)
        flags.reserve(slots)
        generations.reserve(slots)
        densities.reserve(slots)
        resistances.reserve(slots)
        buildPosition.reserve(slots)
    }

    /// Sizes the step scratch for the current slots and groups (contents left unwritten).
    /// - Complexity: O(1) unless a column grows.
    func prepareStepScratch() {
        stepStart.resize(to: slotCount)
        motion.resize(to: slotCount)
        traits.resize(to: slotCount)
        geometry.resize(to: lanes.count)
    }

    /// Calls `visit` with every body contact as a pair with its impulse: the colours' lanes in
    /// order, then the overflow.
    func forEachPair(_ visit: (Pair) -> Void) {
        for group in lanes.buffer {
            for lane in 0..<4 where group.a[lane] != group.b[lane] {
                visit(Pair(a: group.a[lane], b: group.b[lane], impulse: group.impulse[lane]))
            }
        }
        for contact in overflow.buffer { visit(Pair(a: contact.a, b: contact.b, impulse: contact.impulse)) }
    }
}

extension World {
    /// The storage, copied first when another world shares it (copy on write).
    /// - Complexity: O(slots + contacts) when shared, else O(1).
    mutating func uniqueStorage() -> WorldStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }
}
