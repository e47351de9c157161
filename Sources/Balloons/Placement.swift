/// Placing a balloon next to a target so its stem points at it and it stays inside a container.

/// Where a balloon goes: the result of `BalloonPlacement.place`.
public struct Placement: Sendable, Hashable {
    /// The stem direction chosen (the first permitted one that fits, else the least-bad).
    public var direction: StemDirection
    /// The balloon's body, points.
    public var bodyRect: Rect
    /// The body inset by the padding: where the content goes.
    public var contentRect: Rect
    /// The configuration with the stem's edge, offset and tip offset set for this placement.
    public var configuration: BalloonConfiguration
    /// The stem tip: exactly the focus point (or the point on the target circle/rect it touches).
    public var tip: Vector2
    /// The bounding box of the balloon's outline (body, stem and rounded tip), points.
    public var bounds: Rect
    /// True when the whole outline lies inside the container.
    public var fits: Bool
    /// Area of the balloon's bounds outside the container, square points (0 when it fits).
    public var overflowArea: Double
    /// Largest distance by which the balloon's bounds stick out of the container on any side, points.
    public var overflowDistance: Double

    /// The balloon outline: body exactly `bodyRect`, stem tip exactly `tip`.
    public var path: BezierPath {
        get throws(BalloonError) { try BezierPath.balloon(around: bodyRect, pointingAt: tip, configuration: configuration) }
    }
}

/// Chooses the stem direction and position of a balloon around a target.
public enum BalloonPlacement {
    /// Places a balloon of `contentSize` plus `padding` on every side so its stem tip is exactly `focus`.
    /// Tries each direction in `permitted` (order = preference): the body is centred on the focus across the
    /// stem (diagonals: the tip at the body's corner, the stem base centred 20% of the width from that side),
    /// slid along the stem edge to stay inside `container` as far as the tip allows (the tip stays on the
    /// edge), and the stem follows the focus. The first direction that fits wins; when none fits, the one
    /// with the least area outside the container (ties: earlier in `permitted`), with `fits == false`.
    /// The stem's size, smoothing and tip rounding come from `configuration`; its edge and offsets are set.
    public static func place(
        focus: Vector2, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try place(anchor: { _ in focus }, contentSize: contentSize, padding: padding, container: container,
                  permitted: permitted, configuration: configuration)
    }

    /// As `place(focus:…)`, for a circular target (such as a picked bubble): for each direction the tip
    /// touches the circle's boundary on the side facing the balloon (for diagonals, at 45°).
    public static func place(
        targetCircle center: Vector2, radius: Double, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try Check.nonNegative(radius, "target radius")
        let diagonal = radius * (0.5).squareRoot()
        return try place(anchor: { direction in
            let reach = direction.isDiagonal ? diagonal : radius
            return Vector2(x: center.x - direction.dx * reach, y: center.y - direction.dy * reach)
        }, contentSize: contentSize, padding: padding, container: container, permitted: permitted, configuration: configuration)
    }

    /// As `place(focus:…)`, for a rectangular target: the tip touches the middle of the rect's side facing
    /// the balloon, or for diagonals its corner.
    public static func place(
        targetRect target: Rect, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try Check.rect(target, "target")
        return try place(anchor: { direction in
            let x = direction.dx > 0 ? target.minX : direction.dx < 0 ? target.maxX : target.midX
            let y = direction.dy > 0 ? target.minY : direction.dy < 0 ? target.maxY : target.midY
            return Vector2(x: x, y: y)
        }, contentSize: contentSize, padding: padding, container: container, permitted: permitted, configuration: configuration)
    }

    static func place(
        anchor: (StemDirection) -> Vector2, contentSize: Size, padding: Double, container: Rect,
        permitted: [StemDirection], configuration: BalloonConfiguration
    ) throws(BalloonError) -> Placement {
        try Check.positive(contentSize.width, "content width")
        try Check.positive(contentSize.height, "content height")
        try Check.nonNegative(padding, "padding")
        try Check.rect(container, "container")
        try configuration.validate()
        guard !permitted.isEmpty else { throw .noPermittedDirections }
        let body = Size(width: contentSize.width + 2 * padding, height: contentSize.height + 2 * padding)
        var best: Placement?
        for direction in permitted {
            let focus = anchor(direction)
            try Check.point(focus, "focus")
            let candidate = PlacementCandidate.make(direction: direction, focus: focus, body: body, padding: padding,
                                                    container: container, configuration: configuration)
            if candidate.fits { return candidate }
            if best.map({ candidate.overflowArea < $0.overflowArea }) ?? true { best = candidate }
        }
        guard let best else { throw .noPermittedDirections }
        return best
    }
}
