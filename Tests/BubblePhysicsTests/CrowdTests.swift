import Testing
import BubbleFixtures
@testable import BubblePhysics

@Suite("Crowds")
struct CrowdTests {
    /// A spring field pulls every body toward a single stable packing, so the crowd can come to
    /// rest: its energy must decay by orders of magnitude and stay there — a rim body slipping
    /// into a gap late on is physics (frictionless discs), a crowd that keeps trembling is not —
    /// and the world must then rest.
    /// (Under radial gravity — a cone-shaped potential — a frictionless heap keeps avalanching for
    /// a long time, which is physics, not jitter; the benchmark test covers its quality instead.)
    @Test("a settled crowd is still: kinetic energy decays toward zero, no jitter")
    func energyDecays() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(150, long: 400))
        world.field.law = .spring
        world.field.strength = 3
        for handle in world.handles { try world.setResistance(3, of: handle) }
        var peak = 0.0
        var windowPeaks: [Double] = []
        for step in 0..<1200 {
            world.step()
            peak = max(peak, world.kineticEnergy)
            if step % 100 == 0 { windowPeaks.append(0) }
            windowPeaks[windowPeaks.count - 1] = max(windowPeaks[windowPeaks.count - 1], world.kineticEnergy)
        }
        #expect(world.kineticEnergy < 1e-9 * peak, "final \(world.kineticEnergy) vs peak \(peak)")
        let late = windowPeaks.suffix(6)
        #expect(late.allSatisfy { $0 < 0.005 * peak }, "every late second stays below 0.5% of the peak: \(windowPeaks)")
        #expect(world.kineticEnergy == 0 && world.isAtRest, "and the crowd comes to rest: \(windowPeaks)")
        #expect(world.overlapStatistics().largest < 0.02, "settled overlap stays small")
    }

    @Test("the crowd benchmark scene (200; 1k long) keeps overlap small and every body inside, no NaN")
    func crowdQuality() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(200, long: 1000))
        run(&world, steps: CrowdBenchmark.referenceSteps)
        let overlap = world.overlapStatistics()
        #expect(overlap.largest < 0.063, "Box2D v3 reaches 6.3% here: \(overlap.largest)")
        #expect(overlap.mean < 0.0054, "Box2D v3 reaches 0.54% here: \(overlap.mean)")
        #expect(world.countOutside(world.container.rect) == 0)
        #expect(world.nonFiniteCount == 0)
    }

    @Test("seeded random crowds never produce NaN or let a body out of a closed box", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomCrowds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919)
        var world = try randomCrowd(count: TestSize.pick(80, long: 150), seed: seed, law: seed % 2 == 0 ? .spring : .radialGravity)
        for step in 0..<TestSize.pick(160, long: 240) {
            world.step()
            if step % 40 == 0, let victim = world.handles.dropFirst(random.next(below: 10)).first {
                try world.applyImpulse(Vector2(random.next(in: -1, 1), random.next(in: -1, 1)) * 1e5, to: victim)
            }
        }
        #expect(world.nonFiniteCount == 0)
        #expect(allInside(world, world.container.rect))
    }

    @Test("scale-free: the same scene at 0.5-unit and 32-unit radii gives exactly scaled results",
          arguments: [0.5, 64.0])
    func scaleFree(scale: Double) throws {
        // Scaling by a power of two is exact in binary floating point, so if every tolerance is
        // relative to radii the scaled scene must reproduce the original bit for bit, scaled.
        func scene(scale: Double) throws -> World {
            var world = try World(container: box(30 * scale),
                              field: AttractionField(point: Vector2(15 * scale, 15 * scale), law: .radialGravity,
                                                     strength: 10 * scale, falloffRadius: 1 * scale))
            var random = SplitMix64(seed: 99)
            for _ in 0..<60 {
                let position = Vector2(random.next(in: 2, 28), random.next(in: 2, 28)) * scale
                let radius = random.next(in: 1, 2) * scale
                let velocity = Vector2(random.next(in: -5, 5), random.next(in: -5, 5)) * scale
                try world.createBody(BodyDefinition(position: position, radius: radius, velocity: velocity, resistance: 1))
            }
            return world
        }
        var unit = try scene(scale: 1)
        var scaled = try scene(scale: scale)
        run(&unit, steps: 300)
        run(&scaled, steps: 300)
        for (a, b) in zip(unit.handles, scaled.handles) {
            #expect(unit.position(of: a) * scale == scaled.position(of: b))
            #expect(unit.velocity(of: a) * scale == scaled.velocity(of: b))
        }
        #expect(unit.overlapStatistics() == scaled.overlapStatistics())
        #expect(unit.overlapStatistics().touchingPairs > 20, "a real crowd formed")
    }
}
