import Testing
@testable import BubblePhysics

@Suite("Uniform spring field")
struct UniformSpringTests {
    /// Two isolated bodies (no collisions) of different size and density at `distance` either side
    /// of the point of a uniform spring of ω² = 9, without resistance.
    func isolatedPair(distance: Double, reach: Double = 6) throws -> (World, small: BodyHandle, large: BodyHandle) {
        var world = try World(container: box(400), field: AttractionField(point: Vector2(200, 200), law: .uniformSpring,
                                                                    strength: 9, reach: reach))
        let small = try world.createBody(BodyDefinition(position: Vector2(200 - distance, 200), radius: 2, density: 1,
                                                        resistance: 0, collides: false))
        let large = try world.createBody(BodyDefinition(position: Vector2(200 + distance, 200), radius: 8, density: 5,
                                                        resistance: 0, collides: false))
        return (world, small, large)
    }

    @Test("within its reach every body accelerates alike, whatever its mass")
    func massDoesNotMatter() throws {
        var (world, small, large) = try isolatedPair(distance: 10)  // within 6 radii of both
        run(&world, steps: 20)
        let smallSpeed = world.velocity(of: small).x, largeSpeed = -world.velocity(of: large).x
        #expect(smallSpeed > 1)
        #expect(smallSpeed == largeSpeed, "small \(smallSpeed) large \(largeSpeed)")
    }

    @Test("a lone body oscillates at √strength: a quarter period brings it to the point")
    func quarterPeriod() throws {
        // ω = 3 rad/s: the point is reached after π / 6 s ≈ 31.4 steps of 1/60 s.
        var (world, small, _) = try isolatedPair(distance: 10)
        run(&world, steps: 30)
        #expect(world.position(of: small).x < 200 && world.position(of: small).x > 199)
        run(&world, steps: 2)
        #expect(world.position(of: small).x > 200)
    }

    @Test("beyond its reach the pull stops growing: strength × reach × radius toward the point")
    func constantBeyondReach() throws {
        var (world, small, large) = try isolatedPair(distance: 150, reach: 4)  // beyond 4 × 2 and 4 × 8
        world.step()
        // No resistance: one step of 1/60 s at a constant acceleration 9 × 4 × r.
        #expect(abs(world.velocity(of: small).x / (9 * 4 * 2 / 60) - 1) < 1e-6)  // velocities are kept in Float
        #expect(abs(-world.velocity(of: large).x / (9 * 4 * 8 / 60) - 1) < 1e-6)
    }

    @Test("a world scaled up gives exactly scaled positions (the reach is in radii)")
    func scaleFree() throws {
        func settle(scale: Double) throws -> [Vector2] {
            var world = try World(container: box(100 * scale), field: AttractionField(
                point: Vector2(50 * scale, 50 * scale), law: .uniformSpring, strength: 12, reach: 3))
            var random = SplitMix64(seed: 5)
            var handles: [BodyHandle] = []
            for _ in 0..<40 {
                let position = Vector2(random.next(in: 5, 95) * scale, random.next(in: 5, 95) * scale)
                handles.append(try world.createBody(BodyDefinition(position: position, radius: random.next(in: 1, 4) * scale,
                                                                   resistance: 7)))
            }
            run(&world, steps: 120)
            return handles.map { world.position(of: $0) / scale }
        }
        let unit = try settle(scale: 1), scaled = try settle(scale: 64)
        for (a, b) in zip(unit, scaled) { #expect((a - b).length < 1e-9) }
    }

    @Test("huge strengths and reaches stay finite")
    func extremes() throws {
        var world = try World(container: box(400), field: AttractionField(
            point: Vector2(200, 200), law: .uniformSpring, strength: AttractionField.strengthRange.upperBound,
            reach: AttractionField.reachRange.upperBound))
        let near = try world.createBody(BodyDefinition(position: Vector2(201, 200), radius: 1))
        world.field.reach = 1e-300
        let far = try world.createBody(BodyDefinition(position: Vector2(20, 300), radius: 5))
        run(&world, steps: 30)
        #expect(world.nonFiniteCount == 0)
        #expect(allInside(world, world.container.rect))
        _ = (near, far)
    }
}
