import Testing
@testable import BubblePhysics

@Suite("Attraction field")
struct FieldTests {
    /// Two isolated bodies (no collisions) at the same distance from the point, densities 1 and 4.
    func isolatedPair(law: FieldLaw) throws -> (World, light: BodyHandle, heavy: BodyHandle) {
        var world = try World(container: box(200), field: AttractionField(point: Vector2(100, 100), law: law, strength: 50, falloffRadius: 1))
        let light = try world.createBody(BodyDefinition(position: Vector2(40, 100), radius: 2, density: 1, collides: false))
        let heavy = try world.createBody(BodyDefinition(position: Vector2(160, 100), radius: 2, density: 4, collides: false))
        return (world, light, heavy)
    }

    @Test("spring: force is independent of mass, so a lighter body responds faster")
    func springFavoursLight() throws {
        var (world, light, heavy) = try isolatedPair(law: .spring)
        run(&world, steps: 20)
        let lightTravel = world.position(of: light).x - 40
        let heavyTravel = 160 - world.position(of: heavy).x
        #expect(lightTravel > 3 * heavyTravel, "light \(lightTravel) vs heavy \(heavyTravel)")
        // Early on, travel ≈ ½ (F/m) t²: four times the density, a quarter of the travel.
        #expect(abs(lightTravel / heavyTravel - 4) < 0.4)
    }

    @Test("radial gravity: acceleration is independent of mass, so isolated bodies move alike")
    func gravityIgnoresMass() throws {
        var (world, light, heavy) = try isolatedPair(law: .radialGravity)
        run(&world, steps: 30)
        let lightSpeed = world.velocity(of: light).x, heavySpeed = -world.velocity(of: heavy).x
        #expect(lightSpeed > 1)
        #expect(abs(lightSpeed - heavySpeed) < 1e-12 * lightSpeed, "light \(lightSpeed) heavy \(heavySpeed)")
    }

    /// Mean distance of the dense (density 5) over the light (density 1) bodies from the point,
    /// after 100 polydisperse bodies fell in from a grid for 10 s (200 for 20 s long).
    func densityRatio(law: FieldLaw) throws -> Double {
        var world = try World(container: box(60), field: AttractionField(point: Vector2(30, 30), law: law,
                                                                   strength: law == .spring ? 4 : 20, falloffRadius: 1))
        var heavy: [BodyHandle] = [], light: [BodyHandle] = []
        var random = SplitMix64(seed: 3)
        for index in 0..<TestSize.pick(100, long: 200) {
            let position = Vector2(2 + Double(index % 20) * 2.8, 2 + Double(index / 20) * 2.8)
            let handle = try world.createBody(BodyDefinition(position: position, radius: random.next(in: 0.7, 1.3),
                                                         density: index % 2 == 0 ? 5 : 1, resistance: 0.5))
            if index % 2 == 0 { heavy.append(handle) } else { light.append(handle) }
        }
        run(&world, steps: TestSize.pick(600, long: 1200))
        func meanDistance(_ handles: [BodyHandle]) -> Double {
            handles.map { world.position(of: $0).distance(to: Vector2(30, 30)) }.reduce(0, +) / Double(handles.count)
        }
        return meanDistance(heavy) / meanDistance(light)
    }

    @Test("in a crowd, radial gravity settles denser bodies nearer the point; the spring law does not")
    func densityInACrowd() throws {
        let gravity = try densityRatio(law: .radialGravity)
        let spring = try densityRatio(law: .spring)
        #expect(gravity < 0.97, "radial gravity: dense bodies push through to the middle (ratio \(gravity))")
        #expect(spring > 1.0, "spring: dense bodies respond slower and end up outside (ratio \(spring))")
    }

    @Test("radial gravity fades linearly inside the falloff radius and vanishes at the point")
    func gravityFalloff() throws {
        var world = try World(container: box(200), field: AttractionField(point: Vector2(100, 100), law: .radialGravity, strength: 10, falloffRadius: 4))
        let atPoint = try world.createBody(BodyDefinition(position: Vector2(100, 100), radius: 1))
        let inside = try world.createBody(BodyDefinition(position: Vector2(102, 100), radius: 1, collides: false))
        world.step()
        #expect(world.velocity(of: atPoint) == .zero)
        // Half the falloff radius: half the acceleration, 5 units/s², for 1/60 s (with no resistance).
        #expect(abs(world.velocity(of: inside).x + 5.0 / 60.0) < 1e-3)
    }

    @Test("field point, law and strength can change between steps")
    func fieldChanges() throws {
        var world = try World(container: box(200), field: AttractionField(point: Vector2(150, 100), law: .spring, strength: 50))
        let body = try world.createBody(BodyDefinition(position: Vector2(100, 100), radius: 2, resistance: 1))
        run(&world, steps: 30)
        #expect(world.position(of: body).x > 100)
        world.field.point = Vector2(20, 100)
        world.field.law = .radialGravity
        run(&world, steps: 240)
        #expect(world.position(of: body).x < 100)
        world.field.strength = 0
        let before = world.velocity(of: body).length
        run(&world, steps: 60)
        #expect(world.velocity(of: body).length < before, "no field: resistance only slows it")
    }
}
