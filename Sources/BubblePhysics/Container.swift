/// The rectangle bodies live in, and which of its borders are solid.
///
/// The rectangle can change between steps (a device rotation): bodies caught outside a solid
/// border are pushed back in at the contact push speed, never teleported, and never move
/// further out.
public struct Container: Hashable, Sendable {
    /// The container's rectangle, in world units. A zero-size rectangle has no walls.
    public var rect: Rect
    /// The solid borders. Default: all four.
    public var solidBorders: Borders

    public init(rect: Rect, solidBorders: Borders = .all) {
        self.rect = rect
        self.solidBorders = solidBorders
    }
}
