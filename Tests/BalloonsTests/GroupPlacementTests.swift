import Testing
@testable import Balloons

@Suite("Group placement")
struct GroupPlacementTests {
    let configuration = BalloonConfiguration(cornerRadius: .fixed(7), stem: StemConfiguration(size: Size(width: 14, height: 9), tipRounding: 3))
    let options = PlacementOptions(padding: 6)

    /// 2–`most` circles in a tight cluster of a 320 × 240 container, with small labels.
    func cluster(_ rng: inout SplitMix64, most: Int) -> [PlacementRequest] {
        let count = 2 + Int(rng.next() % UInt64(most - 1))
        let center = Vector2(x: rng.uniform(60...260), y: rng.uniform(50...190))
        return (0..<count).map { _ in
            PlacementRequest(target: .circle(center: center + Vector2(x: rng.uniform(-45...45), y: rng.uniform(-35...35)), radius: rng.uniform(4...14)),
                             contentSize: Size(width: rng.uniform(20...70), height: rng.uniform(12...30)))
        }
    }

    /// Whether some choice of directions is free: every balloon fits, none overlaps another balloon,
    /// an obstacle or another target (every combination tried).
    func bruteForceFree(_ requests: [PlacementRequest], container: Rect, obstacles: [Rect]) throws -> Bool {
        let candidates = try requests.map { try BalloonPlacement.candidates(target: $0.target, contentSize: $0.contentSize, container: container,
                                                                            options: options, configuration: configuration) }
        let usable = candidates.enumerated().map { i, list in
            list.filter { p in
                p.fits && obstacles.allSatisfy { GroupTable.overlap(p.bounds, $0) == 0 }
                    && requests.indices.allSatisfy { j in j == i || !requests[j].target.isCovered(by: p.bodyRect) }
            }
        }
        func extend(_ i: Int, _ chosen: [Placement]) -> Bool {
            if i == usable.count { return true }
            return usable[i].contains { p in chosen.allSatisfy { GroupTable.overlap(p.bounds, $0.bounds) == 0 } && extend(i + 1, chosen + [p]) }
        }
        return extend(0, [])
    }

    @Test("small groups: a free layout whenever one exists (brute force), and free means no overlap")
    func bruteForce() throws {
        var rng = SplitMix64(seed: 2821)
        let container = Rect(x: 0, y: 0, width: 320, height: 240)
        var free = 0, cases = 0
        for _ in 0..<TestSize.pick(100, long: 3_000) {
            let requests = cluster(&rng, most: TestSize.long ? 5 : 4)
            let obstacles = rng.unit() < 0.5 ? [Rect(x: rng.uniform(0...300), y: rng.uniform(0...220), width: 30, height: 14)] : []
            let group = try BalloonPlacement.placeGroup(requests, container: container, obstacles: obstacles, options: options,
                                                        configuration: configuration)
            cases += 1
            let exists = try bruteForceFree(requests, container: container, obstacles: obstacles)
            #expect(!exists || group.isFree, "a free layout exists")
            if group.isFree { free += 1; try expectFree(group, requests, obstacles) }
        }
        print("group brute force: \(cases) clusters of 2–\(TestSize.long ? 5 : 4), \(free) free layouts found, all where one exists")
    }

    func expectFree(_ group: GroupPlacement, _ requests: [PlacementRequest], _ obstacles: [Rect]) throws {
        for (i, p) in group.placements.enumerated() {
            #expect(p.fits)
            for obstacle in obstacles { #expect(GroupTable.overlap(p.bounds, obstacle) == 0) }
            for (j, q) in group.placements.enumerated() where j != i {
                #expect(GroupTable.overlap(p.bounds, q.bounds) == 0)
                #expect(!requests[j].target.isCovered(by: p.bodyRect))
            }
        }
    }

    @Test("groups of 2–12: deterministic, stable with the previous sides, overlaps only when flagged")
    func large() throws {
        var rng = SplitMix64(seed: 2822)
        let container = Rect(x: 0, y: 0, width: 390, height: 600)
        var free = 0, cases = 0
        for _ in 0..<TestSize.pick(40, long: 2_000) {
            let requests = cluster(&rng, most: 12)
            let group = try BalloonPlacement.placeGroup(requests, container: container, options: options, configuration: configuration)
            let again = try BalloonPlacement.placeGroup(requests, container: container, options: options, configuration: configuration)
            #expect(group == again)
            cases += 1
            if group.isFree { free += 1; try expectFree(group, requests, []) }
            for (i, p) in group.placements.enumerated() where !group.isCrowded[i] {
                for (j, q) in group.placements.enumerated() where j != i { #expect(GroupTable.overlap(p.bounds, q.bounds) == 0 || group.isCrowded[j]) }
            }
            // Next frame: the same targets, the previous sides given: nobody moves.
            let next = zip(requests, group.placements).map { r, p in
                PlacementRequest(target: r.target, contentSize: r.contentSize, permitted: r.permitted, previous: p.direction)
            }
            let stable = try BalloonPlacement.placeGroup(next, container: container, options: options, configuration: configuration)
            if group.isFree { #expect(stable.placements.map(\.direction) == group.placements.map(\.direction)) }
        }
        print("group 2–12: \(cases) clusters, \(free) free")
    }

    @Test("the issue's case: two targets 40 pt apart get balloons that do not overlap")
    func twoTargets() throws {
        let container = Rect(x: 0, y: 0, width: 320, height: 240)
        let requests = [Vector2(x: 140, y: 120), Vector2(x: 180, y: 120)].map {
            PlacementRequest(target: .point($0), contentSize: Size(width: 80, height: 20), permitted: [.up, .down])
        }
        let alone = try requests.map { try BalloonPlacement.place(target: $0.target, contentSize: $0.contentSize, container: container,
                                                                  permitted: [.up], options: options, configuration: configuration) }
        #expect(GroupTable.overlap(alone[0].bounds, alone[1].bounds) > 0)
        let group = try BalloonPlacement.placeGroup(requests, container: container, options: options, configuration: configuration)
        #expect(group.isFree)
        #expect(GroupTable.overlap(group.placements[0].bounds, group.placements[1].bounds) == 0)
        // A balloon keeps its side when it still can: the previous sides swapped are kept.
        let swapped = [PlacementRequest(target: requests[0].target, contentSize: requests[0].contentSize, permitted: [.up, .down], previous: .down),
                       PlacementRequest(target: requests[1].target, contentSize: requests[1].contentSize, permitted: [.up, .down], previous: .up)]
        let kept = try BalloonPlacement.placeGroup(swapped, container: container, options: options, configuration: configuration)
        #expect(kept.placements.map(\.direction) == [.down, .up])
    }
}
