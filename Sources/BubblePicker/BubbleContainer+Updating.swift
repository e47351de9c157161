import BubblePhysics

/// Changing a bubble in place: its content (its label, its picture, its size) or its tag, keeping
/// its identity, its place and its selection.
extension BubbleContainer {
    /// Replaces a live bubble's content. Its diameter animates from its current size to the new
    /// content's (for its selection state) over `selectionDuration`, like a selection; its
    /// identity, tag, selection, position and velocity stay. Reports `contentChanged`. Returns
    /// false (and changes nothing) for an unknown or leaving bubble.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(_ id: BubbleID, content: Content) -> Bool {
        guard let index = indexByID[id], motions[index].phase != .removing else { return false }
        wake()
        allBubbles[index].content = content
        let target = BubbleContainer.sanitised(content.diameter(selected: allBubbles[index].isSelected))
        if target != motions[index].diameterTo {
            if motions[index].body == nil {
                motions[index].diameterFrom = target  // never drawn yet: it appears at its new size
            } else {
                motions[index].diameterFrom = currentDiameter(motions[index])
                motions[index].diameterStart = time
            }
            motions[index].diameterTo = target
        }
        report(.contentChanged, index)
        return true
    }

    /// Replaces a live bubble's tag (nil for none). Reports `contentChanged` with the new tag.
    /// Returns false (and changes nothing) for an unknown or leaving bubble.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(_ id: BubbleID, tag: Int?) -> Bool {
        guard let index = indexByID[id], motions[index].phase != .removing else { return false }
        wake()
        allBubbles[index].tag = tag
        report(.contentChanged, index)
        return true
    }
}
