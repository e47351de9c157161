/// Balloon outlines: a (smooth) rounded-rect body with a stem, always 42 elements in the same order.

extension BezierPath {
    /// Elements in every balloon path: move, then per edge (top, right, bottom, left) seven stem/edge
    /// elements and three corner cubics, then close. Edges without the stem carry a zero-size stem.
    public static let balloonElementCount = 42

    /// A balloon whose body and stem both fit inside `rect`: the body is `rect` minus the stem depth on
    /// the stem's side. The stem depth is clamped to half of `rect`'s extent across the stem edge, so the
    /// body keeps at least half. With a border width the outline is inset by half of it, so the stroke
    /// stays inside `rect` too. Throws `BalloonError.invalidValue` for a non-positive or non-finite rect,
    /// a bad configuration, or a border at least as wide as the rect's shorter side.
    /// - Complexity: O(1): always `balloonElementCount` elements.
    public static func balloon(in rect: Rect, configuration: BalloonConfiguration) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        let rect = try inset(rect, configuration)
        let across = configuration.stem.edge == .top || configuration.stem.edge == .bottom ? rect.height : rect.width
        let depth = configuration.stem.isVisible ? Swift.min(configuration.stem.size.height, across / 2) : 0
        var body = rect
        switch configuration.stem.edge {
        case .top: body = Rect(x: rect.minX, y: rect.minY + depth, width: rect.width, height: rect.height - depth)
        case .bottom: body = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - depth)
        case .left: body = Rect(x: rect.minX + depth, y: rect.minY, width: rect.width - depth, height: rect.height)
        case .right: body = Rect(x: rect.minX, y: rect.minY, width: rect.width - depth, height: rect.height)
        }
        return build(body: body, configuration: configuration, depth: depth, focus: nil)
    }

    /// A balloon whose body is exactly `rect` (its stroke's outer edge, with a border width), with the
    /// stem outside it (sharp tip `stem.size.height` points out from the stem edge; a rounded tip's apex
    /// is recessed inside it). Throws `BalloonError.invalidValue` for a bad rect or configuration, or a
    /// border at least as wide as the rect's shorter side.
    /// - Complexity: O(1).
    public static func balloon(around rect: Rect, configuration: BalloonConfiguration) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        return build(body: try inset(rect, configuration), configuration: configuration, depth: configuration.stem.size.height, focus: nil)
    }

    /// `rect` inset by half the configuration's border width; throws when the border is too wide for it.
    static func inset(_ rect: Rect, _ configuration: BalloonConfiguration) throws(BalloonError) -> Rect {
        let border = configuration.borderWidth
        guard border > 0 else { return rect }
        let shorter = Swift.min(rect.width, rect.height)
        guard border < shorter else {
            throw Check.invalid("border width", border, "must be less than the rect's shorter side \(shorter)")
        }
        return rect.insetBy(dx: border / 2, dy: border / 2)
    }

    /// A balloon whose body is exactly `rect` and whose stem tip lands exactly on `focus`: the rounded
    /// tip's apex (its point farthest out from the stem edge) is `focus`, the sharp vertex it rounds lying
    /// just beyond; with tip rounding 0 the path has a vertex at `focus`. The base is placed by
    /// `stem.offset` as usual; `stem.size.height` and `stem.tipOffset` are ignored. Throws
    /// `BalloonError.focusInsideBody` when `focus` is on the body's side of the stem edge. A focus on
    /// the edge's line gives no stem (the edge runs straight through it), as does a zero stem width.
    /// With a border width, `rect` and `focus` are the stroke's outer extent: the outline is inset by
    /// half the border and its tip recessed by as much, so the stroke's edge reaches `focus`.
    /// - Complexity: O(1) (the tip is found by a bounded iteration, see `ResolvedStem.sharpTip`).
    public static func balloon(
        around rect: Rect, pointingAt focus: Vector2, configuration: BalloonConfiguration
    ) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        try Check.point(focus, "focus")
        let frame = EdgeFrame.edges(of: rect)[Self.edgeIndex(configuration.stem.edge)]
        let depth = (focus - frame.start).dot(frame.n)
        guard depth >= 0 else { throw .focusInsideBody(focus: focus, edge: frame.edge, depth: depth) }
        let body = try inset(rect, configuration)
        return outline(body: body, focus: focus, configuration: configuration)
    }

    /// The outline of a validated, already inset body pointing at `focus` (the stroke's outer
    /// extent): the tip is recessed by half the border.
    static func outline(body: Rect, focus: Vector2, configuration: BalloonConfiguration) -> BezierPath {
        let frame = EdgeFrame.edges(of: body)[Self.edgeIndex(configuration.stem.edge)]
        let target = focus - frame.n * (configuration.borderWidth / 2)
        let depth = Swift.max((target - frame.start).dot(frame.n), 0)
        return build(body: body, configuration: configuration, depth: depth, focus: target)
    }

    /// Index of `edge` in path order (top, right, bottom, left), as in `EdgeFrame.edges(of:)`.
    static func edgeIndex(_ edge: StemEdge) -> Int {
        switch edge {
        case .top: return 0
        case .right: return 1
        case .bottom: return 2
        case .left: return 3
        }
    }

    /// Assembles the 42 elements for a validated body and configuration.
    static func build(body: Rect, configuration: BalloonConfiguration, depth: Double, focus: Vector2?) -> BezierPath {
        let frames = EdgeFrame.edges(of: body)
        let stemIndex = edgeIndex(configuration.stem.edge)
        let stems = frames.indices.map { i in
            i == stemIndex ? ResolvedStem(configuration.stem, on: frames[i], depth: depth, focus: focus) : .hidden(on: frames[i])
        }
        let radius = configuration.resolvedRadius(for: body.size)
        let smoothing = configuration.cornerSmoothing
        // Each end's corner at full size, as far as the neighbouring edge (always stemless) allows.
        var starts: [StemEnd] = []
        var ends: [StemEnd] = []
        for i in 0..<4 {
            let before = SmoothCorner(radius: radius, smoothing: smoothing, budget: frames[(i + 3) % 4].length / 2).extent
            let after = SmoothCorner(radius: radius, smoothing: smoothing, budget: frames[(i + 1) % 4].length / 2).extent
            starts.append(stems[i].end(atEnd: false, on: frames[i], fullCorner: before))
            ends.append(stems[i].end(atEnd: true, on: frames[i], fullCorner: after))
        }
        var corners: [SmoothCorner] = []
        var cornerFrames: [CornerFrame] = []
        for i in 0..<4 {
            let next = (i + 1) % 4
            let budget = Swift.min(ends[i].cornerBudget, starts[next].cornerBudget)
            corners.append(SmoothCorner(radius: radius, smoothing: smoothing, budget: budget))
            cornerFrames.append(CornerFrame(incoming: ends[i].leg, outgoing: starts[next].leg))
        }
        // Corner 3 (top-left) ends where the path starts.
        var path = BezierPath([.move(cornerFrames[3].map(Vector2(x: 0, y: corners[3].extent)))])
        for i in 0..<4 {
            path.elements += stems[i].elements(on: frames[i], start: starts[i], end: ends[i],
                                               startCorner: corners[(i + 3) % 4].extent, endCorner: corners[i].extent)
            path.elements.append(.line(cornerFrames[i].map(Vector2(x: corners[i].extent, y: 0))))
            for (c1, c2, end) in corners[i].cubics {
                path.elements.append(.cubic(cornerFrames[i].map(c1), cornerFrames[i].map(c2), cornerFrames[i].map(end)))
            }
        }
        path.close()
        return path
    }
}
