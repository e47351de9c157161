/// Placing several balloons together: none overlaps another, an obstacle or another's target.

/// One balloon of a group: what it points at, its content, its permitted directions and the
/// direction it had last frame (so it keeps its side while it can).
public struct PlacementRequest: Sendable, Hashable {
    /// What the balloon points at.
    public var target: PlacementTarget
    /// The content's size, points (the body adds the padding).
    public var contentSize: Size
    /// Directions in order of preference.
    public var permitted: [StemDirection]
    /// The direction chosen for this balloon in the previous frame, tried first; nil for a new one.
    public var previous: StemDirection?

    /// A request; checked when the group is placed.
    public init(target: PlacementTarget, contentSize: Size, permitted: [StemDirection] = StemDirection.allCases,
                previous: StemDirection? = nil) {
        self.target = target
        self.contentSize = contentSize
        self.permitted = permitted
        self.previous = previous
    }
}

/// The result of placing a group: one placement per request, in the same order.
public struct GroupPlacement: Sendable, Hashable {
    /// The placements, parallel to the requests.
    public var placements: [Placement]
    /// For each placement, true when its bounds overlap another balloon's bounds or an obstacle, or
    /// its body covers another request's target (only when no free layout was found).
    public var isCrowded: [Bool]
    /// True when every balloon fits and none is crowded.
    public var isFree: Bool { !isCrowded.contains(true) && placements.allSatisfy { $0.fits } }
}

extension BalloonPlacement {
    /// The most layouts the exact search of `placeGroup` examines before it settles for the least
    /// overlap (every layout of up to 5 balloons of 8 directions is within it).
    public static let groupSearchBudget = 100_000

    /// Places every request so that each fits (see `Placement.fits`), no balloon's bounds (body and
    /// stem) overlap another's or any of `obstacles`, and no balloon's body covers another request's
    /// target. Balloons that had a side
    /// (`previous`) choose first, keeping it whenever some free layout allows it for every balloon
    /// that chose before them (then new balloons; each group in request order), so a group is stable
    /// from frame to frame: a balloon changes side only when it must. The search is exact (depth
    /// first, previous direction first, then the permitted order, or with `autoPlacement` the
    /// roomiest first) within `groupSearchBudget` layouts; when it finds no free layout, each balloon takes the direction with the least
    /// overlap and overflow (a few rounds of improvement), and `isCrowded` flags those that overlap.
    /// Deterministic. Throws as `place(target:…)` for any request.
    /// - Complexity: O(n² d²) to prepare for n balloons of d directions, then the bounded search.
    public static func placeGroup(
        _ requests: [PlacementRequest], container: Rect, obstacles: [Rect] = [],
        options: PlacementOptions = PlacementOptions(), configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> GroupPlacement {
        for obstacle in obstacles { try Check.rect(obstacle, "obstacle") }
        var table = GroupTable()
        for request in requests {
            table.candidates.append(try orderedCandidates(request, container: container, options: options, configuration: configuration))
        }
        table.prepare(requests: requests, obstacles: obstacles)
        // Balloons that had a side keep it before new ones choose (then in request order).
        let order = requests.indices.filter { requests[$0].previous != nil } + requests.indices.filter { requests[$0].previous == nil }
        if let choice = table.search(order: order, budget: groupSearchBudget) {
            return GroupPlacement(placements: choice.indices.map { table.candidates[$0][choice[$0]] },
                                  isCrowded: Array(repeating: false, count: requests.count))
        }
        let choice = table.leastOverlap()
        return GroupPlacement(placements: choice.indices.map { table.candidates[$0][choice[$0]] },
                              isCrowded: table.crowded(choice))
    }
}

extension BalloonPlacement {
    /// A request's candidates in the order the group search tries them: its previous direction
    /// first, then the permitted order (with `autoPlacement`, the roomiest first).
    static func orderedCandidates(_ request: PlacementRequest, container: Rect, options: PlacementOptions,
                                  configuration: BalloonConfiguration) throws(BalloonError) -> [Placement] {
        var order = request.permitted
        var kept = 0
        if let previous = request.previous, let index = order.firstIndex(of: previous) {
            order.remove(at: index)
            order.insert(previous, at: 0)
            kept = 1
        }
        let all = try candidates(target: request.target, contentSize: request.contentSize, container: container,
                                 permitted: order, options: options, configuration: configuration)
        guard options.autoPlacement else { return all }
        // The roomiest first (spare descending: negated), ties in permitted order (a stable sort).
        let movable = Array(all[kept...])
        let rest = KeyedOrder.ascending(movable.map { -spare($0) }).map { movable[$0] }
        return Array(all[..<kept]) + rest
    }
}

/// Every candidate of every balloon, with what each collides with.
struct GroupTable {
    var candidates: [[Placement]] = []
    /// Per balloon and candidate: fits, its bounds overlap no obstacle and its body no other balloon's target.
    var free: [[Bool]] = []
    /// Per balloon and candidate: overlap with obstacles and other targets plus the overflow penalty.
    var ownCost: [[Double]] = []
    /// Per balloon and candidate: overlaps an obstacle or another balloon's target.
    var blocked: [[Bool]] = []

    /// Positive-area overlap of two boxes, square points.
    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let w = Swift.min(a.maxX, b.maxX) - Swift.max(a.minX, b.minX)
        let h = Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY)
        return w > 0 && h > 0 ? w * h : 0
    }

    mutating func prepare(requests: [PlacementRequest], obstacles: [Rect]) {
        free = []
        ownCost = []
        blocked = []
        for (i, list) in candidates.enumerated() {
            var freeRow: [Bool] = [], costRow: [Double] = [], blockedRow: [Bool] = []
            for candidate in list {
                var cost = 0.0
                for obstacle in obstacles { cost += Self.overlap(candidate.bounds, obstacle) }
                var coversOther = false
                for (j, other) in requests.enumerated() where j != i && other.target.isCovered(by: candidate.bodyRect) {
                    coversOther = true
                    cost += Swift.max(Self.overlap(candidate.bounds, other.target.bounds), 1)
                }
                freeRow.append(candidate.fits && cost == 0 && !coversOther)
                blockedRow.append(cost > 0 || coversOther)
                costRow.append(cost + (candidate.fits ? 0 : 1e6 + candidate.overflowArea))
            }
            free.append(freeRow)
            ownCost.append(costRow)
            blocked.append(blockedRow)
        }
    }

    /// The first free layout in depth-first order (balloons taken in `order`, each one's candidates
    /// in their order), or nil (none, or the budget ran out).
    func search(order: [Int], budget: Int) -> [Int]? {
        var choice = Array(repeating: 0, count: candidates.count)
        var remaining = budget
        func place(_ depth: Int) -> Bool {
            if depth == order.count { return true }
            let i = order[depth]
            for k in candidates[i].indices where free[i][k] {
                remaining -= 1
                if remaining < 0 { return false }
                let box = candidates[i][k].bounds
                var clear = true
                for j in order[0..<depth] where Self.overlap(box, candidates[j][choice[j]].bounds) > 0 { clear = false; break }
                guard clear else { continue }
                choice[i] = k
                if place(depth + 1) { return true }
                if remaining < 0 { return false }
            }
            return false
        }
        return place(0) ? choice : nil
    }

    /// Each balloon's cheapest candidate given the others, improved for a few rounds.
    func leastOverlap() -> [Int] {
        var choice: [Int] = []
        for i in candidates.indices { choice.append(cheapest(i, choice: choice, upTo: i)) }
        for _ in 0..<4 {
            var changed = false
            for i in candidates.indices {
                let best = cheapest(i, choice: choice, upTo: candidates.count)
                if best != choice[i] { choice[i] = best; changed = true }
            }
            if !changed { break }
        }
        return choice
    }

    /// The candidate of balloon `i` with the least cost against the choices of balloons `0..<upTo`
    /// (other than `i`); ties keep the earlier candidate.
    func cheapest(_ i: Int, choice: [Int], upTo: Int) -> Int {
        var best = 0, bestCost = Double.infinity
        for k in candidates[i].indices {
            var cost = ownCost[i][k]
            for j in 0..<upTo where j != i { cost += Self.overlap(candidates[i][k].bounds, candidates[j][choice[j]].bounds) }
            if cost < bestCost { best = k; bestCost = cost }
        }
        return best
    }

    /// Which chosen balloons overlap another, an obstacle or another target.
    func crowded(_ choice: [Int]) -> [Bool] {
        choice.indices.map { i in
            let box = candidates[i][choice[i]].bounds
            if blocked[i][choice[i]] { return true }
            return choice.indices.contains { j in j != i && Self.overlap(box, candidates[j][choice[j]].bounds) > 0 }
        }
    }
}
