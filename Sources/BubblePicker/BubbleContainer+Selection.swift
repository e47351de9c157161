import BubblePhysics

/// Selecting and deselecting, from code or by a tap (the same path): the diameter animates
/// over `selectionDuration`, the density switches at once, neighbours are pushed away from a
/// newly selected bubble, and each change is reported once, deselections before selections.
/// Bubbles that are leaving are not affected.
extension BubbleContainer {
    /// Selects one bubble. Returns true when it became selected (false: unknown, leaving,
    /// already selected, or refused by `maxSelected`, which reports `selectionRefused`).
    @discardableResult
    public mutating func select(_ id: BubbleID) -> Bool { changeOne(id, to: true) }

    /// Deselects one bubble. Returns true when it became unselected.
    @discardableResult
    public mutating func deselect(_ id: BubbleID) -> Bool { changeOne(id, to: false) }

    /// Toggles one bubble. Returns true when its state changed.
    @discardableResult
    public mutating func toggle(_ id: BubbleID) -> Bool {
        guard let index = indexByID[id] else { return false }
        return changeOne(id, to: !allBubbles[index].isSelected)
    }

    /// Selects every bubble with this tag; returns how many changed.
    @discardableResult
    public mutating func select(tag: Int) -> Int { select { $0.tag == tag } }
    /// Deselects every bubble with this tag; returns how many changed.
    @discardableResult
    public mutating func deselect(tag: Int) -> Int { deselect { $0.tag == tag } }
    /// Toggles every bubble with this tag (deselections first); returns how many changed.
    @discardableResult
    public mutating func toggle(tag: Int) -> Int { toggle { $0.tag == tag } }

    /// Selects every matching bubble (predicate called once per bubble, insertion order);
    /// returns how many changed. Under `maxSelected` with `.refuse` the first matches win;
    /// with `.deselectOldest` the last matches win and the oldest selections make room.
    @discardableResult
    public mutating func select(where predicate: (Bubble<Content>) -> Bool) -> Int {
        commit(deselect: [], select: matching { !$0.isSelected && predicate($0) })
    }

    /// Deselects every matching bubble (predicate called once per bubble, insertion order);
    /// returns how many changed.
    @discardableResult
    public mutating func deselect(where predicate: (Bubble<Content>) -> Bool) -> Int {
        commit(deselect: matching { $0.isSelected && predicate($0) }, select: [])
    }

    /// Toggles every matching bubble: deselections are applied (and reported) first.
    @discardableResult
    public mutating func toggle(where predicate: (Bubble<Content>) -> Bool) -> Int {
        var selectedMatches: [Int] = [], unselectedMatches: [Int] = []
        for index in matching(predicate) {
            if allBubbles[index].isSelected { selectedMatches.append(index) } else { unselectedMatches.append(index) }
        }
        return commit(deselect: selectedMatches, select: unselectedMatches)
    }

    /// Deselects every bubble; returns how many changed.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func deselectAll() -> Int { deselect { _ in true } }

    /// Selects every bubble (as far as `maxSelected` allows); returns how many changed.
    /// - Complexity: O(n) plus the neighbour pushes (a grid keeps those near-linear).
    @discardableResult
    public mutating func selectAll() -> Int { select { _ in true } }

    mutating func changeOne(_ id: BubbleID, to selected: Bool) -> Bool {
        guard let index = indexByID[id], motions[index].phase != .removing,
              allBubbles[index].isSelected != selected else { return false }
        return selected ? commit(deselect: [], select: [index]) == 1 : commit(deselect: [index], select: []) == 1
    }

    /// Indices of live bubbles matching the predicate, in insertion order.
    func matching(_ predicate: (Bubble<Content>) -> Bool) -> [Int] {
        motions.indices.filter { motions[$0].phase != .removing && predicate(allBubbles[$0]) }
    }

    /// Applies deselections, then selections, honouring `maxSelected`, then reports the
    /// refused selections; returns the number of requested changes made (evictions by
    /// `.deselectOldest` are reported but not counted).
    mutating func commit(deselect: [Int], select: [Int]) -> Int {
        var select = select
        var evicted: [Int] = [], refused: [Int] = []
        if let limit = configuration.maxSelected {
            let remaining = selectedCount - deselect.count
            switch configuration.maxSelectedPolicy {
            case .refuse:
                let room = max(0, limit - remaining)
                if select.count > room {
                    refused = Array(select[room...])
                    select = Array(select.prefix(room))
                }
            case .deselectOldest:
                if select.count > limit {
                    refused = Array(select.prefix(select.count - limit))
                    select = Array(select.suffix(limit))
                }
                if !select.isEmpty {
                    evicted = oldestSelected(count: remaining + select.count - limit, excluding: deselect)
                }
            }
        }
        for index in deselect + evicted { setSelection(index, false) }
        let neighbours = select.count > 8 ? neighbourIndex(for: select) : nil
        for index in select { setSelection(index, true, neighbours: neighbours) }
        for index in refused { reportRefusal(index) }
        return deselect.count + select.count
    }

    /// Reports that bubble `index` was not selected because the limit is reached.
    mutating func reportRefusal(_ index: Int) {
        let bubble = allBubbles[index]
        queue(BubbleEvent(kind: .selectionRefused, bubble: bubble.id, tag: bubble.tag, step: stepCount,
                          refusal: .limitReached), label: eventLabel(index))
    }

    /// Before adding a selected bubble: true when there is room (evicting if the policy says so).
    mutating func makeRoomForSelection() -> Bool {
        guard let limit = configuration.maxSelected else { return true }
        let count = selectedCount
        if count < limit { return true }
        guard configuration.maxSelectedPolicy == .deselectOldest, limit > 0 else { return false }
        for index in oldestSelected(count: count + 1 - limit, excluding: []) { setSelection(index, false) }
        return true
    }

    /// Live selected bubbles. - Complexity: O(1).
    var selectedCount: Int { selectedLiveCount }

    /// The `count` earliest-selected live bubbles not in `excluding`, oldest first.
    func oldestSelected(count: Int, excluding: [Int]) -> [Int] {
        guard count > 0 else { return [] }
        var excluded = [Bool](repeating: false, count: motions.count)
        for index in excluding { excluded[index] = true }
        let candidates = motions.indices.filter {
            motions[$0].phase != .removing && allBubbles[$0].isSelected && !excluded[$0]
        }
        // By (selectionOrder, index): the candidates are in index order and the sort is stable.
        let ordered = KeyedOrder.ascending(candidates.map { Double(motions[$0].selectionOrder) })
        return ordered.prefix(count).map { candidates[$0] }
    }

    /// Switches one bubble's state: size animation, density, push, event.
    mutating func setSelection(_ index: Int, _ selected: Bool, neighbours: NeighbourIndex? = nil) {
        wake()
        let current = currentDiameter(motions[index])
        selectedLiveCount += selected ? 1 : -1
        allBubbles[index].isSelected = selected
        motions[index].isSelected = selected
        motions[index].diameterFrom = current
        motions[index].diameterTo = BubbleContainer.sanitised(allBubbles[index].content.diameter(selected: selected))
        motions[index].diameterStart = time
        if selected {
            selectionCounter += 1
            motions[index].selectionOrder = selectionCounter
        }
        if let body = motions[index].body {
            bounded(try world.setDensity(bodyDensity(motions[index]), of: body))
            if selected { pushNeighbours(of: index, using: neighbours) }
        }
        report(selected ? .selected : .deselected, index)
    }

    /// Gives every other live bubble within reach a velocity away from this one, fading
    /// linearly from `selectionPushSpeed` at the centre to zero at the reach.
    /// With a `NeighbourIndex` only nearby bubbles are visited, in the same (index) order, and
    /// at most `PickerConstants.pushExaminedLimit` of them (only a pile has more).
    mutating func pushNeighbours(of index: Int, using neighbours: NeighbourIndex?) {
        guard let body = motions[index].body, configuration.selectionPushSpeed > 0 else { return }
        let centre = world.position(of: body)
        let reach = configuration.selectionPushReach * motions[index].diameterTo
        guard reach > 0 else { return }
        let candidates = neighbours?.candidates(near: centre, limit: PickerConstants.pushExaminedLimit) ?? Array(motions.indices)
        for other in candidates where other != index && motions[other].phase != .removing {
            guard let neighbour = motions[other].body, !isDragged(allBubbles[other].id) else { continue }
            let offset = world.position(of: neighbour) - centre
            let distance = offset.length
            guard distance > 0, distance < reach else { continue }
            let speed = configuration.selectionPushSpeed * (1 - distance / reach)
            bounded(try world.setVelocity(world.velocity(of: neighbour) + offset * (speed / distance), of: neighbour))
        }
    }

    /// An index of the bodies' positions for pushing away from the `selecting` bubbles, with
    /// cells as wide as the largest reach among them (diameters once selected).
    func neighbourIndex(for selecting: [Int]) -> NeighbourIndex {
        var reach = 0.0
        for index in selecting {
            let diameter = BubbleContainer.sanitised(allBubbles[index].content.diameter(selected: true))
            reach = max(reach, configuration.selectionPushReach * diameter)
        }
        return NeighbourIndex(points: motions.map { $0.body.map { world.position(of: $0) } }, reach: reach)
    }
}
