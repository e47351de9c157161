import Testing
import BubbleFixtures
@testable import BubblePhysics

@Suite("Determinism")
struct DeterminismTests {
    /// A fixed scene: the crowd benchmark at 300 bodies, with a removal, a resize, a growth and a
    /// field change along the way.
    static func fixedScene() throws -> World {
        var world = try CrowdBenchmark.makeWorld(count: 300)
        for step in 0..<240 {
            world.step()
            if step == 40 { world.destroyBody(world.handles[17]) }
            if step == 60 { try world.setRadius(1.6, of: world.handles[100]) }
            if step == 90 { try world.setContainer(Container(rect: Rect(x: 2, y: 1, width: 30, height: 33), solidBorders: world.container.solidBorders)) }
            if step == 120 { var field = world.field; field.law = .spring; field.strength = 3; try world.setField(field) }
            if step == 150 { try world.createBody(BodyDefinition(position: Vector2(10, 10), radius: 0.7, velocity: Vector2(1e5, 3e4))) }
        }
        return world
    }

    /// Pinned: the hash of the bit patterns of every position and velocity after `fixedScene`.
    /// The same in debug and release (`swift test -c release --filter Determinism`) and on every
    /// IEEE-754 platform. A change here is a deliberate, reviewed change of the solver's results.
    static let pinnedHash: UInt64 = 0x487c_d9e5_a5ab_f125

    /// The state hash after `fixedScene`, computed once per test process.
    static let fixedHash = Result { try fixedScene().stateHash() }

    @Test("the fixed scene's state hash is pinned")
    func pinnedStateHash() throws {
        let hash = try DeterminismTests.fixedHash.get()
        #expect(hash == DeterminismTests.pinnedHash, "state hash is now 0x\(String(hash, radix: 16))")
    }

    @Test("two runs of the same scene are bit-identical")
    func repeatable() throws {
        try #expect(DeterminismTests.fixedScene().stateHash() == DeterminismTests.fixedHash.get())
    }

    @Test("a copied world is a snapshot: stepping copy and original gives identical states")
    func snapshot() throws {
        var original = try CrowdBenchmark.makeWorld(count: TestSize.pick(100, long: 200))
        run(&original, steps: 50)
        var copy = original
        let frozen = original
        run(&original, steps: 100)
        run(&copy, steps: 100)
        #expect(copy.stateHash() == original.stateHash())
        #expect(frozen.stepCount == 50 && frozen.stateHash() != original.stateHash(), "the snapshot did not move")
        var resumed = frozen
        run(&resumed, steps: 100)
        #expect(resumed.stateHash() == original.stateHash())
    }

    @Test("removing a body mid-run keeps results deterministic and its handle goes stale")
    func removal() throws {
        func scene() throws -> (World, BodyHandle) {
            var world = try CrowdBenchmark.makeWorld(count: 100)
            run(&world, steps: 30)
            let victim = world.handles[42]
            world.destroyBody(victim)
            run(&world, steps: 30)
            return (world, victim)
        }
        let (first, victim) = try scene()
        let (second, _) = try scene()
        #expect(first.stateHash() == second.stateHash())
        #expect(!first.contains(victim))
        #expect(first.bodyCount == 99)
        var world = first
        let reborn = try world.createBody(BodyDefinition(position: Vector2(5, 5), radius: 0.6))
        #expect(reborn.index == victim.index && reborn.generation == victim.generation + 1, "slot reused, new generation")
        #expect(!world.contains(victim) && world.contains(reborn))
        world.destroyBody(victim)  // stale handle: a no-op
        #expect(world.contains(reborn))
    }

    @Test("advance(by:) runs whole steps from an accumulator and returns the leftover fraction")
    func advanceAccumulates() throws {
        var world = try World(container: box(10))
        try world.createBody(BodyDefinition(position: Vector2(5, 5), radius: 1))
        let leftover = world.advance(by: 0.04)  // 2.4 steps of 1/60 s
        #expect(world.stepCount == 2)
        #expect(abs(leftover - 0.4) < 1e-9)
        world.advance(by: 0.01)  // 0.4 + 0.6 = 1 step
        #expect(world.stepCount == 3)
        world.advance(by: -.infinity)
        world.advance(by: .nan)
        #expect(world.stepCount == 3)
        let afterStall = world.advance(by: 10)  // a stall: capped, the rest dropped
        #expect(world.stepCount == 3 + world.configuration.maxStepsPerAdvance)
        #expect(afterStall == 0)
    }
}

@Suite("Storage")
struct StorageTests {
    @Test("a world alone never copies its storage; a snapshot's first change copies it once")
    func copyOnWrite() throws {
        var world = try CrowdBenchmark.makeWorld(count: 300)
        let original = ObjectIdentifier(world.storage)
        run(&world, steps: 5)
        try world.setRadius(0.9, of: world.handles[3])
        world.destroyBody(world.handles[7])
        #expect(ObjectIdentifier(world.storage) == original, "a world alone changed its storage in place")
        let snapshot = world
        world.step()
        let copied = ObjectIdentifier(world.storage)
        #expect(copied != original && ObjectIdentifier(snapshot.storage) == original, "the snapshot's storage was changed")
        world.step()
        #expect(ObjectIdentifier(world.storage) == copied, "copied more than once")
        #expect(world.invariantViolation() == nil && snapshot.invariantViolation() == nil)
    }

    @Test("the invariants hold after every step of a crowd with removals, kinds and a resize")
    func invariantsHold() throws {
        var world = try CrowdBenchmark.makeWorld(count: 500)
        for step in 0..<120 {
            world.step()
            world.checkInvariants()
            #expect(world.invariantViolation() == nil, "step \(step): \(world.invariantViolation() ?? "")")
            if step == 20 { world.destroyBody(world.handles[40]) }
            if step == 30 { world.setKind(.kinematic, of: world.handles[41]) }
            if step == 50 { try world.setContainer(Container(rect: Rect(x: 0, y: 0, width: 40, height: 44))) }
        }
    }

    @Test("reserveCapacity throws beyond the documented maximum and reserves up to it")
    func reserveLimits() throws {
        var world = try World()
        #expect(throws: InvalidValue.self) { try world.reserveCapacity(1 << 40) }
        #expect(throws: InvalidValue.self) { try world.reserveCapacity(-1) }
        #expect(throws: InvalidValue.self) { try world.reserveCapacity(World.maxBodyCount + 1) }
        try world.reserveCapacity(1000)
        #expect(world.storage.bodies.capacity >= 1000 && world.bodyCount == 0)
        do throws(InvalidValue) {
            try world.reserveCapacity(1 << 40)
            Issue.record("reserveCapacity(1 << 40) did not throw")
        } catch {
            #expect(error.field == "reserveCapacity count" && error.requirement == "must be in 0...16777216")
        }
    }
}
