import Testing
import BubbleFixtures
@testable import BubblePhysics

/// `World.savedState` and `World(savedState:)` over the solver's storage: a restored world is the
/// same world, and a damaged state is refused with the field that is wrong.
@Suite("World saved state")
struct WorldSavedStateTests {
    /// A crowd with free slots, contacts in several colours and wall contacts, mid-fall.
    static func steppedCrowd() throws -> World {
        var world = try CrowdBenchmark.makeWorld(count: 1000)
        for step in 0..<40 {
            world.step()
            if step == 10 { world.destroyBody(world.handles[17]) }
            if step == 12 { world.destroyBody(world.handles[400]) }
            if step == 20 {  // into a corner: wall contacts
                let rect = world.container.rect
                try world.createBody(BodyDefinition(position: Vector2(rect.minX + 0.9, rect.minY + 0.9), radius: 0.8,
                                                    velocity: Vector2(-5, -5)))
            }
        }
        return world
    }

    @Test("saved, restored and stepped on (1 and 2 threads): the same state and hash at every step")
    func restoredStepsIdentically() throws {
        var original = try Self.steppedCrowd()
        let saved = original.savedState
        #expect(!saved.walls.isEmpty && saved.colours.count > 1 && !saved.freeSlots.isEmpty)
        var restored = try World(savedState: saved)
        #expect(restored.savedState == saved)
        #expect(restored.invariantViolation() == nil)
        var configuration = restored.configuration
        configuration.threads = 2
        configuration.leastParallelBodies = 0  // a small world on the workers too
        try restored.setConfiguration(configuration)
        for _ in 0..<30 {
            original.step()
            restored.step()
            #expect(restored.stateHash() == original.stateHash())
        }
        #expect(restored.invariantViolation() == nil)
    }

    /// The field named by the error restoring `state` throws, or nil when it is accepted.
    static func refusedField(_ state: World.SavedState) -> String? {
        do throws(InvalidValue) {
            _ = try World(savedState: state)
            return nil
        } catch {
            return error.field
        }
    }

    @Test("a wrong wall side, a live slot's radius, a free slot's density: refused, naming the field")
    func damagedStatesNameTheField() throws {
        let saved = try Self.steppedCrowd().savedState
        var badSide = saved
        let wall = try #require(badSide.walls.first)
        badSide.walls[0] = World.WallRecord(slot: wall.slot, side: 4, impulse: wall.impulse)
        #expect(Self.refusedField(badSide) == "walls[0].side")

        var badRadius = saved
        let live = try #require(badRadius.slots.firstIndex { $0.isAlive })
        badRadius.slots[live].radius = 0
        #expect(Self.refusedField(badRadius) == "slots[\(live)].radius")

        var badDensity = saved
        let free = try #require(badDensity.slots.firstIndex { !$0.isAlive })
        badDensity.slots[free].density = -1
        #expect(Self.refusedField(badDensity) == "slots[\(free)].density")
    }
}
