import Testing
import BubbleFixtures
@testable import BubblePhysics

@Suite("Contacts")
struct ContactTests {
    @Test("two bodies closing head-on stop touching, not overlapping, and conserve momentum")
    func headOnPair() throws {
        var world = try World(container: box(100))
        let a = try world.createBody(BodyDefinition(position: Vector2(40, 50), radius: 2, velocity: Vector2(10, 0)))
        let b = try world.createBody(BodyDefinition(position: Vector2(60, 50), radius: 2, velocity: Vector2(-10, 0)))
        run(&world, steps: 120)
        let gap = world.position(of: b).x - world.position(of: a).x - 4
        #expect(abs(gap) < 0.01 * 2, "gap \(gap)")
        let momentum = world.velocity(of: a).x + world.velocity(of: b).x  // equal masses
        #expect(abs(momentum) < 1e-9)
        #expect(abs(world.velocity(of: a).x) < 1e-6, "inelastic by default: they stop")
        #expect(world.position(of: a).y == 50 && world.position(of: b).y == 50, "no sideways drift")
    }

    @Test("a heavy body pushes a light one further than the reverse")
    func massRatio() throws {
        var world = try World(container: box(200))
        let heavy = try world.createBody(BodyDefinition(position: Vector2(50, 100), radius: 5, density: 9, velocity: Vector2(20, 0)))
        let light = try world.createBody(BodyDefinition(position: Vector2(70, 100), radius: 5, density: 1))
        run(&world, steps: 60)
        // Perfectly inelastic: common speed 20 × 9 / 10 = 18.
        #expect(abs(world.velocity(of: light).x - 18) < 0.05)
        #expect(abs(world.velocity(of: heavy).x - 18) < 0.05)
    }

    @Test("elasticity 1 bounces equal bodies apart with swapped speeds")
    func elasticBounce() throws {
        var configuration = WorldConfiguration()
        configuration.elasticity = 1
        var world = try World(configuration: configuration, container: box(200))
        let a = try world.createBody(BodyDefinition(position: Vector2(80, 100), radius: 5, velocity: Vector2(30, 0)))
        let b = try world.createBody(BodyDefinition(position: Vector2(120, 100), radius: 5))
        run(&world, steps: 60)
        #expect(abs(world.velocity(of: a).x) < 0.5, "\(world.velocity(of: a))")
        #expect(abs(world.velocity(of: b).x - 30) < 0.5, "\(world.velocity(of: b))")
    }

    @Test("elasticity 0.8 bounces a body off a wall at 0.8 of its speed")
    func elasticWall() throws {
        var configuration = WorldConfiguration()
        configuration.elasticity = 0.8
        var world = try World(configuration: configuration, container: box(100))
        let body = try world.createBody(BodyDefinition(position: Vector2(50, 50), radius: 2, velocity: Vector2(40, 0)))
        run(&world, steps: 90)
        #expect(abs(world.velocity(of: body).x + 32) < 0.5, "\(world.velocity(of: body))")
        #expect(allInside(world, world.container.rect))
    }

    @Test("a body thrown at a wall stops at it, inside, on every side")
    func wallContacts() throws {
        let launches: [Vector2] = [Vector2(-50, 0), Vector2(50, 0), Vector2(0, -50), Vector2(0, 50)]
        for velocity in launches {
            var world = try World(container: box(20))
            let body = try world.createBody(BodyDefinition(position: Vector2(10, 10), radius: 1, velocity: velocity))
            run(&world, steps: 60)
            let p = world.position(of: body)
            #expect(allInside(world, world.container.rect))
            let distanceToWall = min(p.x - 1, 19 - p.x, p.y - 1, 19 - p.y)
            #expect(abs(distanceToWall) < 1e-9, "rests against the wall: \(p)")
            #expect(world.velocity(of: body).length < 1e-9)
        }
    }

    @Test("open borders let bodies through; solid ones do not")
    func openBorders() throws {
        var world = try World(container: box(20, solid: .vertical))
        let sideways = try world.createBody(BodyDefinition(position: Vector2(10, 5), radius: 1, velocity: Vector2(100, 0)))
        let upward = try world.createBody(BodyDefinition(position: Vector2(10, 15), radius: 1, velocity: Vector2(0, 100)))
        run(&world, steps: 60)
        #expect(world.position(of: sideways).x > 50, "left/right are open")
        #expect(world.position(of: upward).y <= 19 + 1e-12, "bottom is solid")
    }

    @Test("a body with collisions off passes through others")
    func collisionsOff() throws {
        var world = try World(container: box(100))
        let ghost = try world.createBody(BodyDefinition(position: Vector2(20, 50), radius: 2, velocity: Vector2(30, 0), collides: false))
        let wall = try world.createBody(BodyDefinition(position: Vector2(40, 50), radius: 2))
        run(&world, steps: 60)
        #expect(world.position(of: ghost).x > 44)
        #expect(world.position(of: wall) == Vector2(40, 50))
    }

    @Test("a kinematic body moves at its own velocity and pushes dynamic bodies aside")
    func kinematicPusher() throws {
        var world = try World(container: box(100))
        let finger = try world.createBody(BodyDefinition(position: Vector2(20, 50), radius: 3, velocity: Vector2(20, 0), kind: .kinematic))
        let bubble = try world.createBody(BodyDefinition(position: Vector2(30, 50), radius: 3))
        run(&world, steps: 60)
        #expect(abs(world.position(of: finger).x - 40) < 1e-9, "kinematic keeps its velocity")
        #expect(world.position(of: bubble).x >= world.position(of: finger).x + 6 - 0.05, "pushed ahead")
    }

    @Test("wall contacts found in chunks of bodies are the one-thread list, carried impulses included")
    func wallContactsInChunks() throws {
        // A crowd pulled into its lower-left corner: bodies press on two walls all along the slots.
        let count = TestSize.pick(2500, long: 8000)
        func walls(threads: Int) throws -> [WallContact] {
            var configuration = WorldConfiguration()
            configuration.threads = threads
            configuration.leastParallelBodies = 0
            var world = try CrowdBenchmark.makeWorld(count: count, configuration: configuration)
            try world.setField(AttractionField(point: Vector2(0, 0), law: .radialGravity, strength: 40, falloffRadius: 1))
            for _ in 0..<TestSize.pick(20, long: 40) { world.step() }
            return world.storage.walls.array
        }
        let one = try walls(threads: 1)
        // Enough contacts, with impulses, to compare: over 100 and 50 at 8,000 bodies.
        #expect(one.count > count / 80 && one.filter { $0.impulse > 0 }.count > count / 160, "\(one.count) contacts")
        #expect(zip(one, one.dropFirst()).allSatisfy { ($0.slot, $0.side) < ($1.slot, $1.side) }, "slot and side order")
        for threads in [2, 4] {
            let other = try walls(threads: threads)
            #expect(other.count == one.count)
            #expect(zip(one, other).allSatisfy {
                $0.slot == $1.slot && $0.side == $1.side && $0.impulse.bitPattern == $1.impulse.bitPattern
            }, "\(threads) threads")
        }
    }
}
