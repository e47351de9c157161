import BubblePhysics

/// Removing bubbles: always animated (shrink over `removalDuration`, no collisions, then gone).
/// A removed bubble leaves the queries at once; `removed` is reported once, when it is gone.
/// Removing the dragged bubble ends the drag (later pointer events of that gesture are ignored).
extension BubbleContainer {
    /// Removes one bubble. Returns false when it is not in the container (or already leaving).
    /// - Complexity: O(1).
    @discardableResult
    public mutating func remove(_ id: BubbleID) -> Bool {
        guard let index = indexByID[id], motions[index].phase != .removing else { return false }
        beginRemoval(index)
        return true
    }

    /// Removes every bubble with this tag; returns how many.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func remove(tag: Int) -> Int { remove { $0.tag == tag } }

    /// Removes every bubble matching the predicate (called once per bubble, in insertion order);
    /// returns how many.
    /// - Complexity: O(n) plus the predicate's cost.
    @discardableResult
    public mutating func remove(where predicate: (Bubble<Content>) -> Bool) -> Int {
        var count = 0
        for index in motions.indices where motions[index].phase != .removing && predicate(allBubbles[index]) {
            beginRemoval(index)
            count += 1
        }
        return count
    }

    /// Removes every bubble; returns how many.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func removeAll() -> Int { remove { _ in true } }

    mutating func beginRemoval(_ index: Int) {
        wake()
        let id = allBubbles[index].id
        endGesture(ifOn: id)
        if let body = motions[index].body {
            world.setCollides(false, of: body)
            world.setAttracted(false, of: body)
            world.setKind(.dynamic, of: body)
        }
        motions[index].phase = .removing
        motions[index].phaseStart = time
        liveCount -= 1
        if allBubbles[index].isSelected { selectedLiveCount -= 1 }
    }

    /// Destroys the bodies of bubbles whose shrink-out has ended and reports them, in insertion
    /// order, then compacts both arrays in one pass.
    /// - Complexity: O(n) per step.
    mutating func finishRemovals() {
        var kept = 0
        var removedAny = false
        for index in motions.indices {
            let motion = motions[index]
            if motion.phase == .removing && progress(since: motion.phaseStart, over: configuration.removalDuration) >= 1 {
                report(.removed, index)
                if let body = motion.body { world.destroyBody(body) }
                removedAny = true
            } else {
                if kept != index {
                    motions[kept] = motion
                    allBubbles[kept] = allBubbles[index]
                }
                kept += 1
            }
        }
        guard removedAny else { return }
        allBubbles.removeLast(allBubbles.count - kept)
        motions.removeLast(motions.count - kept)
        oldestLiveHint = 0
        rebuildIndex()
    }

    mutating func rebuildIndex() {
        indexByID.removeAll(keepingCapacity: true)
        for index in motions.indices { indexByID[allBubbles[index].id] = index }
    }

    /// Ends the pointer gesture if it is on this bubble (releases the body without a flick).
    mutating func endGesture(ifOn id: BubbleID) {
        guard case .bubble(let drag) = gesture, drag.id == id else { return }
        gesture = .ignored
        if drag.isDragging, let index = indexByID[id], let body = motions[index].body {
            world.setAttracted(true, of: body)
        }
    }
}
