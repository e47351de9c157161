/// What a balloon points at, and the options of a placement (Floating UI's middleware as values).

/// The thing a placed balloon points at.
public enum PlacementTarget: Sendable, Hashable {
    /// A point (a virtual anchor: a caret, a touch, a map pin).
    case point(Vector2)
    /// A circle (a picked bubble): the tip touches its boundary on the side facing the balloon (for
    /// diagonals, at 45°).
    case circle(center: Vector2, radius: Double)
    /// A rectangle (a view, a label): the tip touches the middle of the side facing the balloon, or
    /// for diagonals its corner.
    case rect(Rect)

    /// Throws `BalloonError.invalidValue` for a non-finite point or centre, a negative or non-finite
    /// radius, or a bad rect.
    public func validate() throws(BalloonError) {
        switch self {
        case let .point(p): try Check.point(p, "focus")
        case let .circle(center, radius):
            try Check.point(center, "target centre")
            try Check.nonNegative(radius, "target radius")
        case let .rect(rect): try Check.rect(rect, "target")
        }
    }

    /// Where the tip goes for `direction`, `gap` points away from the target (away from the body's
    /// side: the tip then points at the target across the gap).
    public func anchor(for direction: StemDirection, gap: Double = 0) -> Vector2 {
        let diagonal = (0.5).squareRoot()
        let step = direction.isDiagonal ? gap * diagonal : gap
        let away = Vector2(x: -direction.dx * step, y: -direction.dy * step)
        switch self {
        case let .point(p):
            return p + away
        case let .circle(center, radius):
            let reach = direction.isDiagonal ? radius * diagonal : radius
            return Vector2(x: center.x - direction.dx * reach, y: center.y - direction.dy * reach) + away
        case let .rect(target):
            let x = direction.dx > 0 ? target.minX : direction.dx < 0 ? target.maxX : target.midX
            let y = direction.dy > 0 ? target.minY : direction.dy < 0 ? target.maxY : target.midY
            return Vector2(x: x, y: y) + away
        }
    }

    /// The target's bounding box (a point's is empty).
    public var bounds: Rect {
        switch self {
        case let .point(p): return Rect(corners: p, p)
        case let .circle(center, radius): return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case let .rect(rect): return rect
        }
    }

    /// True when `box` covers part of the target's area (touching its boundary does not count; a
    /// point is covered when it lies strictly inside).
    public func isCovered(by box: Rect) -> Bool {
        switch self {
        case let .point(p):
            return p.x > box.minX && p.x < box.maxX && p.y > box.minY && p.y < box.maxY
        case let .circle(center, radius):
            let dx = center.x - Swift.min(Swift.max(center.x, box.minX), box.maxX)
            let dy = center.y - Swift.min(Swift.max(center.y, box.minY), box.maxY)
            let slack = 1e-9 * Swift.max(radius, 1)
            return dx * dx + dy * dy < (radius - slack) * (radius - slack) && radius > slack
        case let .rect(rect):
            return Swift.min(box.maxX, rect.maxX) > Swift.max(box.minX, rect.minX)
                && Swift.min(box.maxY, rect.maxY) > Swift.max(box.minY, rect.minY)
        }
    }

    /// True when no part of the target is inside `container` (Floating UI's `referenceHidden`).
    public func isHidden(in container: Rect) -> Bool {
        let box = bounds
        return box.maxX < container.minX || box.minX > container.maxX || box.maxY < container.minY || box.minY > container.maxY
    }
}

/// How a balloon is placed, beyond the direction list: Floating UI's `offset`, arrow padding,
/// `autoPlacement` and cross-axis `shift`, as values.
public struct PlacementOptions: Sendable, Hashable {
    /// Space between the content and the body's edges on every side, points (default 8).
    public var padding: Double
    /// Gap between the stem's tip and the target, points (default 0: the tip touches it).
    public var offset: Double
    /// When set, the stem's base stays at least this far from the body's corners (points), and the
    /// body slides only as far as that allows (Floating UI's arrow `padding`). Nil (the default): the
    /// stem may slide into a corner, which then gives way.
    public var arrowPadding: Double?
    /// Try the permitted directions with the most room first (Floating UI's `autoPlacement`) instead
    /// of in the order given. Default false.
    public var autoPlacement: Bool
    /// When no permitted direction fits, move the least-bad balloon across into the container even
    /// over its target (Floating UI's `shift` on the cross axis), without a stem; flagged by
    /// `Placement.isShiftedOverTarget`. Default false.
    public var shiftOverTarget: Bool

    /// Options; every value is checked when a balloon is placed (see `validate()`).
    public init(padding: Double = 8, offset: Double = 0, arrowPadding: Double? = nil, autoPlacement: Bool = false,
                shiftOverTarget: Bool = false) {
        self.padding = padding
        self.offset = offset
        self.arrowPadding = arrowPadding
        self.autoPlacement = autoPlacement
        self.shiftOverTarget = shiftOverTarget
    }

    /// Throws `BalloonError.invalidValue` for a negative or non-finite padding, offset or arrow padding.
    public func validate() throws(BalloonError) {
        try Check.nonNegative(padding, "padding")
        try Check.nonNegative(offset, "offset")
        if let arrowPadding { try Check.nonNegative(arrowPadding, "arrow padding") }
    }
}
