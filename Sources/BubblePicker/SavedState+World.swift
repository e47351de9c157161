import BubblePhysics

/// The physics world in the saved-state text (`World.SavedState`, in logical terms): the field,
/// the clock, every body slot, the free list, the contacts by colour with their impulses, the
/// overflow, the wall contacts and the bookkeeping. The world's settings and container are the
/// configuration's, so they are not written twice.
extension StateWriter {
    mutating func write(_ world: World.SavedState) {
        let field = world.field
        begin("world.field")
        put("law", field.law.rawValue); put("strength", number: field.strength)
        put("falloffRadius", number: field.falloffRadius); put("point", point: field.point)
        end()
        begin("world.clock")
        put("stepCount", integer: world.stepCount); put("carriedTime", number: world.carriedTime)
        end()
        begin("world.slots")
        put("count", integer: world.slots.count)
        end()
        for slot in world.slots {
            begin("slot")
            put("generation", String(slot.generation)); put("alive", flag: slot.isAlive)
            put("position", point: slot.position); put("velocity", point: slot.velocity)
            put("radius", number: slot.radius); put("density", number: slot.density)
            put("resistance", number: slot.resistance); put("kind", slot.kind.rawValue)
            put("collides", flag: slot.collides); put("attracted", flag: slot.attracted)
            put("build.x", StateWriter.single(slot.buildPosition.x)); put("build.y", StateWriter.single(slot.buildPosition.y))
            end()
        }
        begin("world.freeSlots")
        put("count", integer: world.freeSlots.count)
        for slot in world.freeSlots { word(StateWriter.integer(slot)) }
        end()
        begin("world.colours")
        put("count", integer: world.colours.count)
        end()
        for colour in world.colours { contacts("colour", colour) }
        contacts("world.overflow", world.overflow)
        begin("world.walls")
        put("count", integer: world.walls.count)
        for wall in world.walls {
            word(StateWriter.integer(wall.slot)); word(StateWriter.integer(wall.side)); word(StateWriter.number(wall.impulse))
        }
        end()
        begin("world.state")
        put("needsRebuild", flag: world.needsRebuild); put("drifted", flag: world.drifted)
        put("driftIsSlow", flag: world.driftIsSlow); put("isResting", flag: world.isResting)
        put("stillSteps", integer: world.stillSteps); put("firstFastestSquared", number: world.firstFastestSquared)
        put("contactBuilds", integer: world.contactBuilds); put("contactsKept", integer: world.contactsKept)
        end()
    }

    /// A line `key count=N a b impulse a b impulse …`.
    @inline(never)
    mutating func contacts(_ key: String, _ records: [World.ContactRecord]) {
        begin(key)
        put("count", integer: records.count)
        for record in records {
            word(StateWriter.integer(record.a)); word(StateWriter.integer(record.b)); word(StateWriter.single(record.impulse))
        }
        end()
    }
}

extension StateReader {
    /// Reads the world's lines; the picker's configuration supplies its settings and container.
    /// Counters are read within `0...SavedStateFormat.counterLimit`.
    mutating func world(_ configuration: WorldConfiguration, container: Container) throws(SavedStateError) -> World.SavedState {
        let limit = SavedStateFormat.counterLimit
        var f = try fields("world.field")
        let law = FieldLaw(rawValue: try f.choice("law", FieldLaw.allCases.map { $0.rawValue })) ?? .spring
        var field = AttractionField(law: law, strength: try f.number("strength"), falloffRadius: try f.number("falloffRadius"))
        field.point = try f.point("point")
        try f.end()
        f = try fields("world.clock")
        let stepCount = try f.integer("stepCount", in: 0...limit), carried = try f.number("carriedTime")
        try f.end()
        f = try fields("world.slots")
        let slotCount = try f.count("count")
        try f.end()
        var slots: [World.Slot] = []
        slots.reserveCapacity(min(slotCount, remaining))
        for _ in 0..<slotCount { slots.append(try slot()) }
        f = try fields("world.freeSlots")
        let freeCount = try f.count("count", limit: slotCount)
        f.readingList = true
        var free: [Int] = []
        for index in 0..<freeCount { free.append(try f.integer("slot[\(index)]", in: 0...Int(Int32.max))) }
        try f.end()
        f = try fields("world.colours")
        let colourCount = try f.count("count", limit: 24)
        try f.end()
        var colours: [[World.ContactRecord]] = []
        for _ in 0..<colourCount { colours.append(try contacts("colour")) }
        let overflow = try contacts("world.overflow")
        let walls = try wallContacts()
        f = try fields("world.state")
        var state = World.SavedState(
            configuration: configuration, field: field, container: container,
            stepCount: stepCount, carriedTime: carried, slots: slots, freeSlots: free, colours: colours, overflow: overflow,
            walls: walls, needsRebuild: try f.flag("needsRebuild"), drifted: try f.flag("drifted"),
            driftIsSlow: try f.flag("driftIsSlow"), isResting: try f.flag("isResting"), stillSteps: 0,
            firstFastestSquared: 0, contactBuilds: 0, contactsKept: 0)
        state.stillSteps = try f.integer("stillSteps", in: 0...limit)
        state.firstFastestSquared = try f.number("firstFastestSquared")
        state.contactBuilds = try f.integer("contactBuilds", in: 0...limit)
        state.contactsKept = try f.integer("contactsKept", in: 0...limit)
        try f.end()
        return state
    }

    /// Lines left to read (a bound on any count of lines that follow).
    var remaining: Int { lines.count - next }

    private mutating func slot() throws(SavedStateError) -> World.Slot {
        var f = try fields("slot")
        let slot = World.Slot(
            generation: try f.generation("generation"), isAlive: try f.flag("alive"), position: try f.point("position"),
            velocity: try f.point("velocity"), radius: try f.number("radius"), density: try f.number("density"),
            resistance: try f.number("resistance"),
            kind: BodyKind(rawValue: try f.choice("kind", [BodyKind.dynamic.rawValue, BodyKind.kinematic.rawValue])) ?? .dynamic,
            collides: try f.flag("collides"), attracted: try f.flag("attracted"),
            buildPosition: SIMD2<Float>(try f.single("build.x"), try f.single("build.y")))
        try f.end()
        return slot
    }

    private mutating func contacts(_ key: String) throws(SavedStateError) -> [World.ContactRecord] {
        var f = try fields(key)
        let count = try f.count("count", limit: f.wordsLeft / 3)
        f.readingList = true
        var records: [World.ContactRecord] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            records.append(World.ContactRecord(a: try f.integer("[\(index)].a", in: 0...Int(Int32.max)),
                                               b: try f.integer("[\(index)].b", in: 0...Int(Int32.max)),
                                               impulse: try f.single("[\(index)].impulse")))
        }
        try f.end()
        return records
    }

    private mutating func wallContacts() throws(SavedStateError) -> [World.WallRecord] {
        var f = try fields("world.walls")
        let count = try f.count("count", limit: f.wordsLeft / 3)
        f.readingList = true
        var records: [World.WallRecord] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            records.append(World.WallRecord(slot: try f.integer("[\(index)].slot", in: 0...Int(Int32.max)),
                                            side: try f.integer("[\(index)].side", in: 0...3),
                                            impulse: try f.number("[\(index)].impulse")))
        }
        try f.end()
        return records
    }
}
