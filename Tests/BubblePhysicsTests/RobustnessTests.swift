import Testing
@testable import BubblePhysics

/// Extreme but legal settings: the world must stay finite and inside its solid borders.
@Suite("Robustness")
struct RobustnessTests {
    @Test("a stiff spring on feather-light bodies stays finite (implicit field)", arguments: [1e3, 1e9, 1e30, 1e300])
    func stiffSpring(strength: Double) throws {
        var world = try World(container: box(400, solid: .none),
                          field: AttractionField(point: Vector2(200, 200), law: .spring, strength: strength))
        for index in 0..<50 {
            try world.createBody(BodyDefinition(position: Vector2(Double(index % 10) * 40 + 20, Double(index / 10) * 40 + 20),
                                            radius: 10, density: 1e-9))
        }
        for _ in 0..<120 {
            world.step()
            #expect(world.nonFiniteCount == 0)
        }
        // Overdamped, not exploded: everyone ends near the point.
        let farthest = world.handles.map { world.position(of: $0).distance(to: Vector2(200, 200)) }.max() ?? 0
        #expect(farthest < 200)
    }

    @Test("huge gravity, a tiny falloff and enormous impulses stay finite and inside")
    func hugeForces() throws {
        var world = try World(container: box(100),
                          field: AttractionField(point: Vector2(50, 50), law: .radialGravity, strength: 1e300, falloffRadius: 1e-300))
        var random = SplitMix64(seed: 11)
        for _ in 0..<40 {
            let handle = try world.createBody(BodyDefinition(position: Vector2(random.next(in: 5, 95), random.next(in: 5, 95)), radius: 2,
                                                         density: random.next(in: 1e-9, 1e9)))
            try world.applyImpulse(Vector2(random.next(in: -1, 1), random.next(in: -1, 1)) * 1e300, to: handle)
        }
        for _ in 0..<60 {
            world.step()
            #expect(world.nonFiniteCount == 0)
            #expect(allInside(world, world.container.rect))
        }
    }

    @Test("speeds are capped at maxSpeed radii per second, keeping direction")
    func speedLimit() throws {
        var configuration = WorldConfiguration()
        configuration.maxSpeed = 100
        var world = try World(configuration: configuration, container: box(1e6, solid: .none))
        let body = try world.createBody(BodyDefinition(position: Vector2(10, 10), radius: 2, velocity: Vector2(3e5, 4e5)))
        world.step()
        let velocity = world.velocity(of: body)
        #expect(abs(velocity.length - 200) < 1e-9)
        #expect(abs(velocity.x / velocity.y - 0.75) < 1e-12)
        var open = try World(container: box(10, solid: .none))
        let far = try open.createBody(BodyDefinition(position: Vector2(5, 5), radius: 1, velocity: Vector2(1e300, -1e300)))
        for _ in 0..<100 { open.step() }
        #expect(open.nonFiniteCount == 0 && open.position(of: far).isFinite)
    }

    @Test("definitions outside the documented ranges are reported, not accepted")
    func validation() throws {
        #expect(throws: Never.self) { try BodyDefinition(position: Vector2(0, 0), radius: 1).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: Vector2(.nan, 0), radius: 1).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: Vector2(2e15, 0), radius: 1).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: .zero, radius: 0).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: .zero, radius: 1e10).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: .zero, radius: 1, density: 0).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: .zero, radius: 1, resistance: -1).validate() }
        #expect(throws: InvalidValue.self) { try BodyDefinition(position: .zero, radius: 1, velocity: Vector2(.infinity, 0)).validate() }
        var configuration = WorldConfiguration()
        configuration.substeps = 0
        #expect(throws: InvalidValue.self) { try configuration.validate() }
        configuration = WorldConfiguration()
        configuration.maxSpeed = .infinity
        #expect(throws: InvalidValue.self) { try configuration.validate() }
    }
}
