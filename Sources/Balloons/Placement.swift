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
    /// The stem tip: exactly the focus point (or the point on the target circle/rect it touches, or
    /// `offset` points short of it).
    public var tip: Vector2
    /// The bounding box of the balloon's outline (body, stem and rounded tip, and half the border
    /// width round them), points.
    public var bounds: Rect
    /// True when the balloon lies inside the container and its body covers no part of its own
    /// target. "Inside" is judged on the real outline, with the stem's rounded tip counted as its
    /// apex: a tip on the container's very edge fits, its rounding then overhanging by less than
    /// the tip rounding.
    public var fits: Bool
    /// Area of the balloon's bounds outside the container, square points (0 when it fits).
    public var overflowArea: Double
    /// Largest distance by which the balloon's bounds stick out of the container on any side, points.
    public var overflowDistance: Double
    /// Room for the content on this direction's side of the target, points (Floating UI's `size`):
    /// the widest and tallest content a balloon pointing this way could hold and still fit the
    /// container (before covering the target is considered). Lay text out to this width to make it
    /// fit by wrapping; negative when even no content fits.
    public var availableSize: Size
    /// True when no part of the target is inside the container (Floating UI's `referenceHidden`).
    public var isReferenceHidden: Bool
    /// True when the balloon's body is entirely outside the container (Floating UI's `escaped`).
    public var isEscaped: Bool
    /// True when the body covers part of its own target (never when `fits`).
    public var coversTarget: Bool
    /// True when nothing fitted and the body was moved over the target into the container
    /// (`PlacementOptions.shiftOverTarget`); the stem is then hidden.
    public var isShiftedOverTarget: Bool

    /// The balloon outline: body exactly `bodyRect`, stem tip exactly `tip` (a tip that rounding put a
    /// hair inside the body's edge counts as on it). Throws only for a configuration edited into an
    /// invalid one since the placement was made.
    public var path: BezierPath {
        get throws(BalloonError) {
            try configuration.validate()
            return BezierPath.outline(body: try BezierPath.inset(bodyRect, configuration), focus: tip, configuration: configuration)
        }
    }
}

/// Chooses the stem direction and position of a balloon around a target.
///
/// For each permitted direction the body is centred on the tip across the stem edge (diagonals: the
/// tip at the body's corner), slid along the stem edge to stay inside the container as far as the
/// tip allows (the tip stays on the edge, or `arrowPadding` plus half the stem from its ends), and
/// the stem follows the tip: its base is centred on the tip, or for diagonals leans towards it by
/// the larger of the stem's depth and half its width. No stem leans further than
/// `BalloonPlacement.maximumLean(for:)` from the tip: its axis is at most 60° off the edge's normal,
/// or, for stems more than √3 times as wide as they are deep, no further than half the width.
public enum BalloonPlacement {
    /// Places a balloon of `contentSize` plus `padding` on every side so its stem tip is exactly `focus`.
    /// Tries each direction in `permitted` (order = preference); the first that fits wins; when none
    /// fits, the one with the least area outside the container (ties: earlier in `permitted`), with
    /// `fits == false`. The stem's size, smoothing and tip rounding come from `configuration`; its
    /// edge and offsets are set.
    public static func place(
        focus: Vector2, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try place(target: .point(focus), contentSize: contentSize, container: container, permitted: permitted,
                  options: PlacementOptions(padding: padding), configuration: configuration)
    }

    /// As `place(focus:…)`, for a circular target (such as a picked bubble): for each direction the tip
    /// touches the circle's boundary on the side facing the balloon (for diagonals, at 45°).
    public static func place(
        targetCircle center: Vector2, radius: Double, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try place(target: .circle(center: center, radius: radius), contentSize: contentSize, container: container,
                  permitted: permitted, options: PlacementOptions(padding: padding), configuration: configuration)
    }

    /// As `place(focus:…)`, for a rectangular target: the tip touches the middle of the rect's side facing
    /// the balloon, or for diagonals its corner.
    public static func place(
        targetRect target: Rect, contentSize: Size, padding: Double = 8, container: Rect,
        permitted: [StemDirection] = StemDirection.allCases, configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        try place(target: .rect(target), contentSize: contentSize, container: container, permitted: permitted,
                  options: PlacementOptions(padding: padding), configuration: configuration)
    }

    /// Places a balloon of `contentSize` (plus `options.padding` on every side) pointing at `target`
    /// inside `container`, with every option: the first permitted direction that fits (or, with
    /// `autoPlacement`, the fitting one with the most room on its side), else the least-bad one, or
    /// with `shiftOverTarget` that one moved over the target into the container. Throws
    /// `BalloonError.invalidValue` for bad sizes, rects, options or configuration, and
    /// `.noPermittedDirections` for an empty list.
    /// - Complexity: O(directions): one outline per direction.
    public static func place(
        target: PlacementTarget, contentSize: Size, container: Rect, permitted: [StemDirection] = StemDirection.allCases,
        options: PlacementOptions = PlacementOptions(), configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> Placement {
        let all = try candidates(target: target, contentSize: contentSize, container: container, permitted: permitted,
                                 options: options, configuration: configuration)
        return choose(all, options: options, container: container)
    }

    /// One placement per permitted direction, in the order given (each as `place` would make it for
    /// that direction alone): what `place` chooses from, and what group placement combines.
    /// Throws as `place(target:…)`.
    public static func candidates(
        target: PlacementTarget, contentSize: Size, container: Rect, permitted: [StemDirection] = StemDirection.allCases,
        options: PlacementOptions = PlacementOptions(), configuration: BalloonConfiguration = BalloonConfiguration()
    ) throws(BalloonError) -> [Placement] {
        try Check.positive(contentSize.width, "content width")
        try Check.positive(contentSize.height, "content height")
        try Check.rect(container, "container")
        try target.validate()
        try options.validate()
        try configuration.validate()
        guard !permitted.isEmpty else { throw .noPermittedDirections }
        let body = Size(width: contentSize.width + 2 * options.padding, height: contentSize.height + 2 * options.padding)
        var result: [Placement] = []
        for direction in permitted {
            let focus = target.anchor(for: direction, gap: options.offset)
            try Check.point(focus, "focus")
            result.append(PlacementCandidate.make(direction: direction, target: target, focus: focus, body: body,
                                                  container: container, options: options, configuration: configuration))
        }
        return result
    }

    /// The most a placed stem's base centre is ever from its tip along the edge, points: the larger
    /// of √3 × depth (60° off the normal) and half the stem's width.
    public static func maximumLean(for stem: StemConfiguration) -> Double {
        Swift.max(3.0.squareRoot() * stem.size.height, stem.size.width / 2)
    }

    /// The fitting candidate to take (first, or with the most room), else the least-bad one.
    static func choose(_ all: [Placement], options: PlacementOptions, container: Rect) -> Placement {
        var chosen: Placement?
        for candidate in all where candidate.fits {
            guard options.autoPlacement else { return candidate }
            if chosen.map({ spare(candidate) > spare($0) }) ?? true { chosen = candidate }
        }
        if let chosen { return chosen }
        var best = all[0]
        for candidate in all.dropFirst() where candidate.overflowArea < best.overflowArea
            || (candidate.overflowArea == best.overflowArea && !candidate.coversTarget && best.coversTarget) {
            best = candidate
        }
        return options.shiftOverTarget ? PlacementCandidate.shiftedOverTarget(best, container: container) : best
    }

    /// Room left on the main axis of a placement's direction, points.
    static func spare(_ placement: Placement) -> Double {
        let content = placement.contentRect.size
        switch placement.direction.edge {
        case .top, .bottom: return placement.availableSize.height - content.height
        case .left, .right: return placement.availableSize.width - content.width
        }
    }
}
