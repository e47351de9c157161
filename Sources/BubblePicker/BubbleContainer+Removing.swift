import BubblePhysics

/// Removing bubbles: always animated (shrink over `removalDuration`, no collisions, then gone).
/// A removed bubble leaves the queries at once; a selected one leaves the selection at once and
/// reports `deselected` then (it is still drawn selected while it shrinks); `removed` is reported
/// once, when it is gone. Removing a held or dragged bubble ends that pointer's gesture (its
/// later pointer events are ignored).
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
        if allBubbles[index].isSelected {
            selectedLiveCount -= 1
            report(.deselected, index)
        }
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
}

/// The long press: what a pointer resting on a bubble does, and what a keyboard, a switch or an
/// accessibility "remove" action asks for the same way.
extension BubbleContainer {
    /// Long-presses a live bubble: reports `longPressed`, then performs `longPressAction`
    /// (`.remove`: removes it, reporting `deselected` first if it was selected). Returns true
    /// when the bubble was removed. Does nothing (and returns false) for an unknown or leaving
    /// bubble, or when the action is `.disabled`.
    /// - Complexity: O(pointers).
    @discardableResult
    public mutating func longPress(_ id: BubbleID) -> Bool {
        guard configuration.longPressAction != .disabled, let index = indexByID[id],
              motions[index].phase != .removing else { return false }
        wake()
        report(.longPressed, index)
        guard configuration.longPressAction == .remove else { return false }
        beginRemoval(index)
        return true
    }
}
