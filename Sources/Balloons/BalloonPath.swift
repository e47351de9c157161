/// Balloon outlines: a (smooth) rounded-rect body with a stem, always 42 elements in the same order.

extension BezierPath {
    /// Elements in every balloon path: move, then per edge (top, right, bottom, left) seven stem/edge
    /// elements and three corner cubics, then close. Edges without the stem carry a zero-size stem.
    public static let balloonElementCount = 42

    /// A balloon whose body and stem both fit inside `rect`: the body is `rect` minus the stem depth on
    /// the stem's side. The stem depth is clamped to half of `rect`'s extent across the stem edge, so the
    /// body keeps at least half. Throws `BalloonError.invalidValue` for a non-positive or non-finite rect or a bad
    /// configuration.
    public static func balloon(in rect: Rect, configuration: BalloonConfiguration) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        let across = configuration.stem.edge == .top || configuration.stem.edge == .bottom ? rect.height : rect.width
        let depth = Swift.min(configuration.stem.size.height, across / 2)
        var body = rect
        switch configuration.stem.edge {
        case .top: body = Rect(x: rect.minX, y: rect.minY + depth, width: rect.width, height: rect.height - depth)
        case .bottom: body = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - depth)
        case .left: body = Rect(x: rect.minX + depth, y: rect.minY, width: rect.width - depth, height: rect.height)
        case .right: body = Rect(x: rect.minX, y: rect.minY, width: rect.width - depth, height: rect.height)
        }
        return build(body: body, configuration: configuration, depth: depth, focus: nil)
    }

    /// A balloon whose body is exactly `rect`, with the stem outside it (tip `stem.size.height` points
    /// out from the stem edge). Throws `BalloonError.invalidValue` for a bad rect or configuration.
    public static func balloon(around rect: Rect, configuration: BalloonConfiguration) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        return build(body: rect, configuration: configuration, depth: configuration.stem.size.height, focus: nil)
    }

    /// A balloon whose body is exactly `rect` and whose stem tip is exactly `focus` (with tip rounding 0
    /// the path passes through `focus`). The base is placed by `stem.offset` as usual; `stem.size.height`
    /// and `stem.tipOffset` are ignored. Throws `BalloonError.focusInsideBody` when `focus` is on the
    /// body's side of the stem edge.
    public static func balloon(around rect: Rect, pointingAt focus: Vector2, configuration: BalloonConfiguration) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try configuration.validate()
        try Check.point(focus, "focus")
        guard let frame = EdgeFrame.edges(of: rect).first(where: { $0.edge == configuration.stem.edge }) else {
            return build(body: rect, configuration: configuration, depth: 0, focus: nil)
        }
        let depth = (focus - frame.start).dot(frame.n)
        guard depth >= 0 else { throw .focusInsideBody(focus: focus, edge: frame.edge, depth: depth) }
        return build(body: rect, configuration: configuration, depth: depth, focus: focus)
    }

    /// Assembles the 42 elements for a validated body and configuration.
    static func build(body: Rect, configuration: BalloonConfiguration, depth: Double, focus: Vector2?) -> BezierPath {
        let frames = EdgeFrame.edges(of: body)
        let stems = frames.map { frame in
            frame.edge == configuration.stem.edge
                ? ResolvedStem(configuration.stem, on: frame, depth: depth, focus: focus)
                : ResolvedStem.hidden(on: frame)
        }
        let radius = configuration.resolvedRadius(for: body.size)
        var corners: [SmoothCorner] = []
        var cornerFrames: [CornerFrame] = []
        for i in 0..<4 {
            let incoming = frames[i]
            let outgoing = frames[(i + 1) % 4]
            let budget = Swift.min(stems[i].endBudget(length: incoming.length), stems[(i + 1) % 4].startBudget)
            corners.append(SmoothCorner(radius: radius, smoothing: configuration.cornerSmoothing, budget: budget))
            cornerFrames.append(CornerFrame(incoming: incoming, outgoing: outgoing))
        }
        // Corner 3 (top-left) ends where the path starts.
        var path = BezierPath([.move(cornerFrames[3].map(Vector2(x: 0, y: corners[3].extent)))])
        for i in 0..<4 {
            // The straight part between the corners: the stem is kept inside it.
            let first = corners[(i + 3) % 4].extent
            let last = frames[i].length - corners[i].extent
            path.elements += stems[i].elements(on: frames[i], between: first, and: last)
            path.elements.append(.line(cornerFrames[i].map(Vector2(x: corners[i].extent, y: 0))))
            for (c1, c2, end) in corners[i].cubics {
                path.elements.append(.cubic(cornerFrames[i].map(c1), cornerFrames[i].map(c2), cornerFrames[i].map(end)))
            }
        }
        path.close()
        return path
    }
}
