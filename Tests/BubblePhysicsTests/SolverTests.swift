import Testing
import BubbleFixtures
@testable import BubblePhysics

/// The coloured solver, its threads, contact reuse, and the bounds on its work.
@Suite("Solver")
struct SolverTests {
    /// A crowd stepped with `threads` threads, with a removal, a resize and a fast body on the way.
    static func crowdHash(threads: Int, count: Int = TestSize.pick(1100, long: 6000), steps: Int = TestSize.pick(45, long: 60)) throws -> UInt64 {
        var configuration = WorldConfiguration()
        configuration.threads = threads
        configuration.leastParallelBodies = 0  // small worlds on the workers too
        var world = try CrowdBenchmark.makeWorld(count: count, configuration: configuration)
        for step in 0..<steps {
            world.step()
            if step == 20 { world.destroyBody(world.handles[123]) }
            if step == 30 { try world.createBody(BodyDefinition(position: Vector2(3, 3), radius: 0.8, velocity: Vector2(4e4, 3e4))) }
            if step == 40 {
                var container = world.container
                container.rect.size.width -= 20
                try world.setContainer(container)
            }
        }
        return world.stateHash()
    }

    @Test("1, 2, 3 and 4 threads give the same state hash on a crowd (each cuts the work differently)")
    func threadsSameBits() throws {
        let one = try Self.crowdHash(threads: 1)
        #expect(try Self.crowdHash(threads: 2) == one)
        #expect(try Self.crowdHash(threads: 3) == one)
        #expect(try Self.crowdHash(threads: 4) == one)
    }

    @Test("a thread count (and so a cut of the passes) that changes between steps changes no bit")
    func changingCut() throws {
        var configuration = WorldConfiguration()
        configuration.leastParallelBodies = 0
        var changing = try CrowdBenchmark.makeWorld(count: 1100, configuration: configuration)
        var alone = try CrowdBenchmark.makeWorld(count: 1100, configuration: WorldConfiguration())
        for step in 0..<TestSize.pick(30, long: 200) {
            if step % 10 == 5 {
                configuration.threads = [2, 1, 3, 2][(step / 10) % 4]
                try changing.setConfiguration(configuration)
            }
            changing.step()
            alone.step()
            #expect(changing.stateHash() == alone.stateHash(), "step \(step)")
        }
    }

    @Test("every cut of a phase covers its items once, in order, in at most 65,535 chunks")
    func chunksCoverEveryItem() {
        for parts in [1, 2, 3, 4, 8, 128] {
            let work = Chunking(parts: parts)
            for count in [0, 1, 47, 48, 49, 1000, 100_000, 5_000_000] {
                for base in [1, 4, 48, 1024] {
                    let chunks = work.chunks(count, base: base)
                    var next = 3
                    for chunk in 0..<chunks {
                        let slice = work.slice(3..<(3 + count), chunk, base: base)
                        #expect(slice.lowerBound == next && !slice.isEmpty)
                        next = slice.upperBound
                    }
                    #expect(next == 3 + count, "parts \(parts), count \(count), base \(base)")
                    #expect(chunks <= parts && chunks <= 65_535)
                }
            }
        }
    }

    @Test("with elasticity the thread count changes nothing either")
    func threadsWithRestitution() throws {
        func hash(_ threads: Int) throws -> UInt64 {
            var configuration = WorldConfiguration()
            configuration.threads = threads
            configuration.leastParallelBodies = 0
        configuration.leastParallelBodies = 0  // small worlds on the workers too
            configuration.elasticity = 0.7
            var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(2200, long: 3000), configuration: configuration)
            run(&world, steps: TestSize.pick(20, long: 40))
            return world.stateHash()
        }
        #expect(try hash(2) == hash(1))
    }

    @Test("no two contacts of one colour share a body; padding lanes are inert")
    func colouring() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(1000, long: 2000))
        run(&world, steps: TestSize.pick(40, long: 120))
        var colourOf = [Int](repeating: -1, count: world.storage.slotCount)
        var lanes = 0
        for colour in 0..<world.storage.colourCount {
            for index in Int(world.storage.groupStart[colour])..<Int(world.storage.groupStart[colour + 1]) {
                let group = world.storage.lanes[index]
                for lane in 0..<4 {
                    if group.a[lane] == group.b[lane] {
                        #expect(world.storage.geometry[index].mass[lane] == 0 && group.impulse[lane] == 0)
                        continue
                    }
                    lanes += 1
                    for slot in [Int(group.a[lane]), Int(group.b[lane])] {
                        #expect(colourOf[slot] != colour, "colour \(colour) twice on body \(slot)")
                        colourOf[slot] = colour
                    }
                }
            }
        }
        #expect(lanes + world.storage.overflow.count == world.contactCount)
        #expect(world.storage.colourCount <= WorldStorage.colourLimit)
    }

    @Test("contacts are reused while bodies move less than the skin: a settling crowd rebuilds rarely")
    func contactReuse() throws {
        var world = try CrowdBenchmark.makeWorld(count: TestSize.pick(150, long: 400))
        world.field.law = .spring
        world.field.strength = 3
        for handle in world.handles { try world.setResistance(3, of: handle) }
        run(&world, steps: 600)
        let builds = world.contactBuilds
        run(&world, steps: 200)
        #expect(world.contactBuilds - builds < 20, "\(world.contactBuilds - builds) builds in 200 settled steps")
        try world.setRadius(1.2, of: world.handles[5])
        world.step()
        #expect(world.contactBuilds > builds, "a radius change rebuilds")
    }

    @Test("every pair within the speculative range is a contact, whatever the skin has absorbed")
    func noMissedPairs() throws {
        var world = try randomCrowd(count: TestSize.pick(150, long: 300), seed: 9)
        for step in 0..<TestSize.pick(150, long: 300) {
            world.step()
            guard step % 10 == 0 else { continue }
            // What the next step solves with: its first act is to make the list cover the range.
            world.prepareContacts()
            var pairs = Set<[Int32]>()
            world.storage.forEachPair { pairs.insert([$0.a, $0.b]) }
            let range = 1 + world.configuration.speculativeFraction
            for (i, a) in world.handles.enumerated() {
                for b in world.handles[(i + 1)...] {
                    let pa = world.position(of: a), pb = world.position(of: b)
                    let reach = (world.radius(of: a) + world.radius(of: b)) * range
                    if pa.distance(to: pb) < reach * 0.999 {
                        #expect(pairs.contains([a.index, b.index]), "step \(step): \(a) \(b) within range but no contact")
                    }
                }
            }
        }
    }

    @Test("bodies stacked on four points: contacts bounded per body, the pile spreads, nothing escapes")
    func cornerPiles() throws {
        var world = try World(container: box(4000))
        var random = SplitMix64(seed: 4)
        let corners = [Vector2(10, 10), Vector2(3990, 10), Vector2(10, 3990), Vector2(3990, 3990)]
        for index in 0..<TestSize.pick(1000, long: 8000) {
            let jitter = Vector2(random.nextUnit() - 0.5, random.nextUnit() - 0.5)
            try world.createBody(BodyDefinition(position: corners[index % 4] + jitter, radius: random.next(in: 5, 10)))
        }
        for _ in 0..<3 {
            world.step()
            #expect(world.contactCount <= PairScan.keptLimit * world.bodyCount, "\(world.contactCount) contacts")
        }
        for _ in 0..<57 { world.step() }
        #expect(world.nonFiniteCount == 0)
        #expect(world.countOutside(world.container.rect) == 0)
        let spread = world.handles.map { world.position(of: $0).distance(to: Vector2(10, 10)) }
        #expect((spread.filter { $0 < 2000 }.max() ?? 0) > 100, "the pile spreads")
    }

    @Test("mixed sizes: each size level has its own grid, so 2,000 small bodies use small cells beside 14 large ones")
    func mixedSizes() throws {
        var world = try World(container: box(300), field: AttractionField(point: Vector2(150, 150), law: .radialGravity,
                                                                          strength: 10, falloffRadius: 1))
        for index in 0..<14 {
            try world.createBody(BodyDefinition(position: Vector2(45 + Double(index % 7) * 35, 100 + Double(index / 7) * 100), radius: 40))
        }
        for index in 0..<2000 {  // a lattice clear of the large bodies
            let position = Vector2(1 + Double(index % 100) * 3, 1 + Double(index / 100) * 3)
            try world.createBody(BodyDefinition(position: position.y < 50 ? position : position + Vector2(0, 240), radius: 0.5, resistance: 1))
        }
        let grid = Self.grid(of: world, parts: 1)
        #expect(grid.levels.count == 2 && grid.levels[0].count == 2000 && grid.levels[1].count == 14)
        // Cells at most about two per body of the level (300 × 300 for 2,000 bodies), not the 116
        // a single grid sized by the large bodies would use.
        #expect(grid.levels[0].cellSize <= 6, "small bodies in small cells: \(grid.levels[0].cellSize)")
        #expect(grid.levels[1].cellSize >= 116)
        run(&world, steps: TestSize.pick(40, long: 540))
        #expect(world.nonFiniteCount == 0 && world.countOutside(world.container.rect) == 0)
        #expect(world.contactCount < 6 * world.bodyCount, "\(world.contactCount) contacts")
    }

    /// The contact build's grid of `world`, its per-body passes cut into `parts` chunks (run in
    /// order on this thread).
    static func grid(of world: World, parts: Int) -> Broadphase {
        var grid = Broadphase()
        grid.rebuild(world.storage, range: 1.45, runner: .serial(cutFor: parts))
        return grid
    }

    @Test("a grid built in chunks is the grid built in one pass, to the bit (levels, extents, cells, entries)")
    func gridInChunks() throws {
        var world = try World(container: box(400))
        var random = SplitMix64(seed: 7)
        var handles: [BodyHandle] = []
        for index in 0..<5000 {
            // Three size levels, some bodies outside the container, a few at ±0 (the extents
            // keep the first of equal values, whatever the cut).
            let x = index % 97 == 0 ? -0.0 : random.next(in: -10, 410)
            let y = index % 89 == 0 ? 0.0 : random.next(in: 0, 400)
            let radius = [0.5, 0.7, 1.3, 2.9][index % 4]
            handles.append(try world.createBody(BodyDefinition(position: Vector2(x, y), radius: radius)))
        }
        for index in stride(from: 5, to: 5000, by: 13) { world.setCollides(false, of: handles[index]) }
        for index in stride(from: 3, to: 5000, by: 11) { world.destroyBody(handles[index]) }
        let one = Self.grid(of: world, parts: 1)
        for parts in [2, 3, 7] {
            let cut = Self.grid(of: world, parts: parts)
            #expect(cut.levels.count == one.levels.count && one.levels.count == 3)
            for (a, b) in zip(one.levels, cut.levels) {
                #expect([a.minX, a.minY, a.maxX, a.maxY, a.maxRadius, a.originX, a.cellSize].map(\.bitPattern)
                        == [b.minX, b.minY, b.maxX, b.maxY, b.maxRadius, b.originX, b.cellSize].map(\.bitPattern))
                #expect(a.count == b.count && a.columns == b.columns && a.rows == b.rows && a.cellBase == b.cellBase)
            }
            #expect(cut.cellStart == one.cellStart)
            #expect(cut.entries.map(\.slot) == one.entries.map(\.slot))
            #expect(cut.entries.map(\.x.bitPattern) == one.entries.map(\.x.bitPattern))
        }
    }

    @Test("a lane written alone changes that lane's body, partner and impulse and no other byte of its group")
    func laneStore() {
        #expect(MemoryLayout<ContactLanes>.size == 48)
        for lane in 0..<4 {
            var group = ContactLanes(a: SIMD4(-1, -2, -3, -4), b: SIMD4(-5, -6, -7, -8), impulse: SIMD4(-1, -2, -3, -4))
            var expected = group
            withUnsafeMutablePointer(to: &group) { ContactLanes.store(Pair(a: 70, b: 71, impulse: 0.5), lane: lane, in: $0) }
            expected.a[lane] = 70
            expected.b[lane] = 71
            expected.impulse[lane] = 0.5
            #expect(group.a == expected.a && group.b == expected.b && group.impulse == expected.impulse)
        }
    }

    @Test("only bodies that can tunnel are swept: a slow crowd sweeps nothing")
    func sweepOnlyFastBodies() throws {
        var world = try CrowdBenchmark.makeWorld(count: 500)
        run(&world, steps: 30)
        var fast = 0
        world.withSolverContext { fast = World.fastBodies($0).count }
        #expect(fast == 0)
        let bullet = try world.createBody(BodyDefinition(position: Vector2(1, 1), radius: 0.5, velocity: Vector2(1e5, 1e5)))
        world.step()
        world.withSolverContext { context in
            #expect(World.fastBodies(context).contains(bullet.index))
        }
    }
}
