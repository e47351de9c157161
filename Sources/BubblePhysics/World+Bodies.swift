/// Creating, destroying and editing bodies. Every call is O(1). A call that changes anything
/// wakes a resting world; one that changes where bodies are, their sizes, their kinds or whether
/// they collide also has the next step rebuild the contact list.
extension World {
    /// Creates a body and returns its handle. Slots of destroyed bodies are reused, newest
    /// first, so the same sequence of calls always gives the same handles.
    /// - Throws: `InvalidValue` (and creates nothing) when a field of `definition` is out of range.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func createBody(_ definition: BodyDefinition) throws(InvalidValue) -> BodyHandle {
        try definition.validate()
        let body = definition.solverBody, bodyFlags = definition.flags
        let storage = uniqueStorage()
        let slot: Int
        if storage.freeSlots.count > 0 {
            slot = Int(storage.freeSlots.removeLast())
            storage.bodies[slot] = body
            storage.flags[slot] = bodyFlags
            storage.densities[slot] = definition.density
            storage.resistances[slot] = definition.resistance
            storage.buildPosition[slot] = World.buildPosition(body)
        } else {
            slot = storage.slotCount
            try World.bodyCountRange.check(slot + 1, field: "body count")
            storage.bodies.append(body)
            storage.flags.append(bodyFlags)
            storage.generations.append(0)
            storage.densities.append(definition.density)
            storage.resistances.append(definition.resistance)
            storage.buildPosition.append(World.buildPosition(body))
        }
        storage.updateInverseMass(slot)
        bodyCount += 1
        changed(rebuild: true)
        return BodyHandle(index: Int32(slot), generation: storage.generations[slot])
    }

    /// Most bodies a world holds: `createBody(_:)` and `reserveCapacity(_:)` throw beyond it.
    public static let maxBodyCount = 1 << 24
    /// Accepted body counts (`reserveCapacity(_:)`, and the count `createBody(_:)` reaches).
    public static var bodyCountRange: SettingRange<Int> { SettingRange("body count", 0...maxBodyCount) }

    /// Reserves room for `count` bodies in total, so creating them does not reallocate (and
    /// leave freed buffers behind in the process's memory).
    /// - Throws: `InvalidValue` (and reserves nothing) when `count` is outside `bodyCountRange`.
    /// - Complexity: O(slots) when it reallocates.
    public mutating func reserveCapacity(_ count: Int) throws(InvalidValue) {
        try World.bodyCountRange.check(count, field: "reserveCapacity count")
        let storage = uniqueStorage()
        let extra = count - (storage.slotCount - storage.freeSlots.count)
        guard extra > 0 else { return }
        storage.reserveSlots(storage.slotCount + extra)
    }

    /// Destroys a body. Its contacts vanish at the next step; its slot is reused later with a
    /// new generation. Destroying a dead handle is a no-op.
    public mutating func destroyBody(_ handle: BodyHandle) {
        guard contains(handle) else { return }
        let slot = Int(handle.index), storage = uniqueStorage()
        storage.flags[slot] = []
        storage.bodies[slot] = SolverBody(px: 0, py: 0, vx: 0, vy: 0, invMass: 0, radius: 0)
        // Not `&+=` through the column's subscript: Swift 6.3.1 cannot compile that with
        // -sanitize=thread (an invalid bitcast in the instrumented access).
        storage.generations[slot] = storage.generations[slot] &+ 1
        storage.freeSlots.append(handle.index)
        bodyCount -= 1
        changed(rebuild: true)
    }

    /// True when the handle refers to a live body.
    public func contains(_ handle: BodyHandle) -> Bool { storage.isLive(handle) }

    /// Handles of all live bodies, in slot order (the order the solver visits them).
    public var handles: [BodyHandle] {
        var result: [BodyHandle] = []
        result.reserveCapacity(bodyCount)
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) {
            result.append(BodyHandle(index: Int32(slot), generation: storage.generations[slot]))
        }
        return result
    }

    /// A read-only view of a body.
    /// - Precondition: the handle is live.
    public func body(_ handle: BodyHandle) -> BodyState {
        let storage = self.storage
        let slot = storage.checkedSlot(handle)
        let body = storage.bodies[slot]
        let bodyFlags = storage.flags[slot]
        return BodyState(handle: handle, position: Vector2(body.px, body.py), velocity: Vector2(body.vx, body.vy),
                         radius: body.radius, density: storage.densities[slot],
                         mass: body.invMass > 0 ? 1 / body.invMass : .infinity, resistance: storage.resistances[slot],
                         kind: bodyFlags.contains(.kinematic) ? .kinematic : .dynamic,
                         collides: bodyFlags.contains(.collides), attracted: bodyFlags.contains(.attracted))
    }

    /// A body's centre, world units.
    /// - Precondition: the handle is live.
    public func position(of handle: BodyHandle) -> Vector2 {
        let storage = self.storage
        let body = storage.bodies[storage.checkedSlot(handle)]
        return Vector2(body.px, body.py)
    }

    /// A body's velocity, units per second.
    /// - Precondition: the handle is live.
    public func velocity(of handle: BodyHandle) -> Vector2 {
        let body = storage.bodies[checkedSlot(handle)]
        return Vector2(body.vx, body.vy)
    }

    /// A body's radius, world units.
    /// - Precondition: the handle is live.
    public func radius(of handle: BodyHandle) -> Double {
        let storage = self.storage
        return storage.bodies[storage.checkedSlot(handle)].radius
    }

    /// Moves a body at once (no sweep). Use for placement, not for motion: prefer velocities.
    /// - Throws: `InvalidValue` for a coordinate beyond `BodyDefinition.positionLimit` or not finite.
    /// - Precondition: the handle is live (a stale handle is a programming error).
    public mutating func setPosition(_ position: Vector2, of handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.checkPosition(position)
        let slot = checkedSlot(handle)
        var body = storage.bodies[slot]
        guard body.px != position.x || body.py != position.y else { return }
        (body.px, body.py) = (position.x, position.y)
        uniqueStorage().bodies[slot] = body
        changed(rebuild: true)
    }

    /// Sets a body's velocity, units per second (capped at `maxSpeed` radii/s in the next step).
    /// - Throws: `InvalidValue` for a non-finite component.
    /// - Precondition: the handle is live.
    public mutating func setVelocity(_ velocity: Vector2, of handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.checkVelocity(velocity, field: "velocity")
        let slot = checkedSlot(handle)
        var body = storage.bodies[slot]
        guard body.vx != velocity.x || body.vy != velocity.y else { return }
        (body.vx, body.vy) = (velocity.x, velocity.y)
        uniqueStorage().bodies[slot] = body
        changed(rebuild: false)
    }

    /// Adds `impulse / mass` to a dynamic body's velocity (no effect on kinematic bodies). A
    /// component that would pass the largest finite value is held at it (the next step caps
    /// speeds at `maxSpeed` radii per second anyway).
    /// - Throws: `InvalidValue` for a non-finite component.
    /// - Precondition: the handle is live.
    public mutating func applyImpulse(_ impulse: Vector2, to handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.checkVelocity(impulse, field: "impulse")
        let slot = checkedSlot(handle)
        var body = storage.bodies[slot]
        let vx = World.finite(body.vx + impulse.x * body.invMass)
        let vy = World.finite(body.vy + impulse.y * body.invMass)
        guard vx != body.vx || vy != body.vy else { return }
        (body.vx, body.vy) = (vx, vy)
        uniqueStorage().bodies[slot] = body
        changed(rebuild: false)
    }

    /// Changes the radius at once; mass follows. Overlap this creates is pushed out at the
    /// contact push speed over the next steps, so neighbours move smoothly, nothing teleports.
    /// - Throws: `InvalidValue` outside `BodyDefinition.radiusRange`.
    /// - Precondition: the handle is live.
    public mutating func setRadius(_ radius: Double, of handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.radiusRange.check(radius)
        let slot = checkedSlot(handle)
        guard storage.bodies[slot].radius != radius else { return }
        uniqueStorage().bodies[slot].radius = radius
        updateInverseMass(slot)
        changed(rebuild: true)
    }

    /// Changes a body's density (mass per unit area); its mass follows.
    /// - Throws: `InvalidValue` outside `BodyDefinition.densityRange`.
    /// - Precondition: the handle is live.
    public mutating func setDensity(_ density: Double, of handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.densityRange.check(density)
        let slot = checkedSlot(handle)
        guard storage.densities[slot] != density else { return }
        uniqueStorage().densities[slot] = density
        updateInverseMass(slot)
        changed(rebuild: false)
    }

    /// Changes a body's resistance (linear damping per second).
    /// - Throws: `InvalidValue` outside `BodyDefinition.resistanceRange`.
    /// - Precondition: the handle is live.
    public mutating func setResistance(_ resistance: Double, of handle: BodyHandle) throws(InvalidValue) {
        try BodyDefinition.resistanceRange.check(resistance)
        let slot = checkedSlot(handle)
        guard storage.resistances[slot] != resistance else { return }
        uniqueStorage().resistances[slot] = resistance
        changed(rebuild: false)
    }

    /// Makes a body dynamic or kinematic (infinite mass, moved only by its velocity).
    /// - Precondition: the handle is live.
    public mutating func setKind(_ kind: BodyKind, of handle: BodyHandle) {
        let slot = checkedSlot(handle)
        var bodyFlags = storage.flags[slot]
        guard bodyFlags.contains(.kinematic) != (kind == .kinematic) else { return }
        if kind == .kinematic { bodyFlags.insert(.kinematic) } else { bodyFlags.remove(.kinematic) }
        uniqueStorage().flags[slot] = bodyFlags
        updateInverseMass(slot)
        changed(rebuild: true)
    }

    /// Switches collisions with other bodies on or off (solid borders still hold the body).
    public mutating func setCollides(_ collides: Bool, of handle: BodyHandle) {
        let slot = checkedSlot(handle)
        var bodyFlags = storage.flags[slot]
        guard bodyFlags.contains(.collides) != collides else { return }
        if collides { bodyFlags.insert(.collides) } else { bodyFlags.remove(.collides) }
        uniqueStorage().flags[slot] = bodyFlags
        changed(rebuild: true)
    }

    /// Switches the attraction field's pull on this body on or off.
    public mutating func setAttracted(_ attracted: Bool, of handle: BodyHandle) {
        let slot = checkedSlot(handle)
        var bodyFlags = storage.flags[slot]
        guard bodyFlags.contains(.attracted) != attracted else { return }
        if attracted { bodyFlags.insert(.attracted) } else { bodyFlags.remove(.attracted) }
        uniqueStorage().flags[slot] = bodyFlags
        changed(rebuild: false)
    }

    func checkedSlot(_ handle: BodyHandle) -> Int { storage.checkedSlot(handle) }

    /// `value` with ±infinity held at ±greatestFiniteMagnitude (a finite velocity plus an
    /// overflowing change cannot be NaN).
    static func finite(_ value: Double) -> Double {
        value > .greatestFiniteMagnitude ? .greatestFiniteMagnitude : (value < -.greatestFiniteMagnitude ? -.greatestFiniteMagnitude : value)
    }

    /// A body's position as stored at a contact build (single precision, rounded to nearest).
    @inline(__always)
    static func buildPosition(_ body: SolverBody) -> SIMD2<Float> { SIMD2<Float>(Float(body.px), Float(body.py)) }

    /// π, spelled out so no libm call is needed.
    static let pi = 3.141592653589793

    mutating func updateInverseMass(_ slot: Int) { uniqueStorage().updateInverseMass(slot) }
}

extension WorldStorage {
    /// Sets `slot`'s inverse mass from its kind, radius and density (0 for a kinematic body).
    func updateInverseMass(_ slot: Int) {
        if flags[slot].contains(.kinematic) {
            bodies[slot].invMass = 0
        } else {
            let radius = bodies[slot].radius
            bodies[slot].invMass = 1 / (densities[slot] * World.pi * radius * radius)
        }
    }
}
