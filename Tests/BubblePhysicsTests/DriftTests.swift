import BubbleFixtures
import BubbleGeometry
@testable import BubblePhysics
import Testing

/// Contact reuse past the skin (`World.contactsCoverDrift`): the list is kept while bodies move
/// together, and never misses a pair within the speculative range.
@Suite("Drift")
struct DriftTests {
    /// The pairs of live colliding bodies within the speculative range that have no contact.
    static func missingPairs(_ world: World) -> [[Int32]] {
        var pairs = Set<[Int32]>()
        world.storage.forEachPair { pairs.insert([$0.a, $0.b]) }
        let range = 1 + world.configuration.speculativeFraction
        var missing: [[Int32]] = []
        let handles = world.handles
        for (i, a) in handles.enumerated() {
            for b in handles[(i + 1)...] {
                let reach = (world.radius(of: a) + world.radius(of: b)) * range
                guard world.position(of: a).distance(to: world.position(of: b)) < reach else { continue }
                let pair = [min(a.index, b.index), max(a.index, b.index)]
                if !pairs.contains(pair) { missing.append(pair) }
            }
        }
        return missing
    }

    /// Steps `world`, checking after each step's contact preparation that no close pair is
    /// missing; returns the steps that kept the list past the skin.
    static func stepChecking(_ world: inout World, steps: Int) -> Int {
        let kept = world.contactsKept
        for step in 0..<steps {
            world.prepareContacts()
            let missing = missingPairs(world)
            #expect(missing.isEmpty, "step \(step): \(missing.count) close pairs without a contact, first \(missing.first ?? [])")
            if !missing.isEmpty { break }
            world.step()
        }
        return world.contactsKept - kept
    }

    @Test("a falling crowd keeps its contacts most steps and never misses a close pair")
    func fallingCrowd() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(120, long: 400))
        let kept = DriftTests.stepChecking(&world, steps: 240)
        #expect(kept > 60, "kept the list past the skin in \(kept) of 240 steps")
        #expect(world.contactBuilds < 120, "\(world.contactBuilds) builds in 240 steps")
    }

    @Test("mixed sizes, kicks and both field laws: no close pair is ever missing", arguments: [3, 4] as [UInt64])
    func randomCrowds(seed: UInt64) throws {
        var world = try randomCrowd(count: TestSize.pick(80, long: 250), seed: seed, side: 36, law: seed % 2 == 0 ? .spring : .radialGravity)
        var random = SplitMix64(seed: seed)
        for handle in world.handles.prefix(25) { try world.setRadius(random.next(in: 0.1, 2.5), of: handle) }
        var kept = 0
        for round in 0..<4 {
            kept += DriftTests.stepChecking(&world, steps: 40)
            try world.applyImpulse(Vector2(random.next(in: -1, 1), random.next(in: -1, 1)) * 200, to: world.handles[round])
        }
        #expect(kept > 0, "the drift test never kept the list")
        #expect(world.nonFiniteCount == 0)
    }

    @Test("a rigid shift of a whole crowd keeps the list; one body closing on the crowd rebuilds it")
    func rigidShift() throws {
        var world = try World(container: box(100, solid: []))
        for row in 0..<10 {
            for column in 0..<10 {
                try world.createBody(BodyDefinition(position: Vector2(Double(column) * 2.6 + 10, Double(row) * 2.6 + 10), radius: 1))
            }
        }
        // 3.5 from the first body of row 4: beyond the build range (2.9), so not a contact.
        let loner = try world.createBody(BodyDefinition(position: Vector2(6.5, 20.4), radius: 1))
        world.prepareContacts()
        let builds = world.contactBuilds
        for handle in world.handles { try world.setVelocity(Vector2(30, 12), of: handle) }
        world.step()
        world.prepareContacts()
        #expect(world.contactBuilds == builds && world.contactsKept == 1, "a rigid shift rebuilt the list")
        #expect(DriftTests.missingPairs(world).isEmpty)
        // The loner closes 1.5 on the crowd in one step: within the speculative range (2.5).
        try world.setVelocity(Vector2(120, 12), of: loner)
        world.step()
        world.prepareContacts()
        #expect(world.contactBuilds == builds + 1, "the loner did not rebuild the list")
        #expect(DriftTests.missingPairs(world).isEmpty)
    }

    @Test("the drift layout is made by the first check after a build, kept while the list is, and dropped by the next build")
    func layoutLifetime() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(150, long: 300))
        var layouts = 0, reused = 0
        for _ in 0..<200 {
            let builds = world.contactBuilds, kept = world.contactsKept, before = world.driftLayout
            world.prepareContacts()
            if world.contactBuilds > builds {
                #expect(world.driftLayout == nil, "a build kept the old layout")
            } else if world.contactsKept > kept, let layout = world.driftLayout {
                let colliding = world.handles.count
                #expect(layout.members.count == colliding && layout.start.last.map(Int.init) == colliding)
                if let before {
                    reused += 1
                    #expect(before.members == layout.members && before.start == layout.start, "a kept layout changed")
                } else {
                    layouts += 1
                }
            }
            world.step()
        }
        #expect(layouts > 0 && reused > 0, "\(layouts) layouts made, \(reused) reused")
    }
}
