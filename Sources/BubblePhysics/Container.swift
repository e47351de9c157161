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

    /// A container of `rect` whose `solidBorders` are walls.
    public init(rect: Rect, solidBorders: Borders = .all) {
        self.rect = rect
        self.solidBorders = solidBorders
    }

    /// Accepted rect sides, world units.
    public static var sideRange: SettingRange<Double> { SettingRange("container side", 0...BodyDefinition.positionLimit) }
    /// Accepted rect origin coordinates, world units.
    public static var originRange: SettingRange<Double> { SettingRange("container origin", -BodyDefinition.positionLimit...BodyDefinition.positionLimit) }

    /// Throws `InvalidValue` for a non-finite, negative or too large rect.
    public func validate() throws(InvalidValue) {
        try Self.originRange.check(rect.minX, field: "container x")
        try Self.originRange.check(rect.minY, field: "container y")
        try Self.sideRange.check(rect.width, field: "container width")
        try Self.sideRange.check(rect.height, field: "container height")
    }
}
