import BubblePhysics

extension BubbleContainer {
    /// The velocity of bubble `id`'s body, points per second (a leaving bubble's too); nil when
    /// the container does not hold it or it has no body yet (it waits for the container to have
    /// an area).
    /// - Complexity: O(1).
    public func velocity(of id: BubbleID) -> Vector2? {
        guard let body = motion(id)?.body else { return nil }
        return world.velocity(of: body)
    }
}
