/// The placement of a balloon for one stem direction: body position, slide and stem offsets.

enum PlacementCandidate {
    /// Share of the body width from the corner side at which a diagonal stem's base is centred.
    static let diagonalBaseShare = 0.2

    static func make(
        direction: StemDirection, focus: Vector2, body: Size, padding: Double, container: Rect,
        configuration: BalloonConfiguration
    ) -> Placement {
        let depth = configuration.stem.size.height
        let vertical = direction.edge == .top || direction.edge == .bottom
        // Across the stem edge: the body sits `depth` beyond the focus, away from the pointing direction.
        let acrossOrigin: Double
        if vertical {
            acrossOrigin = direction.dy > 0 ? focus.y - depth - body.height : focus.y + depth
        } else {
            acrossOrigin = direction.dx > 0 ? focus.x - depth - body.width : focus.x + depth
        }
        // Along the stem edge: preferred position, then slid into the container, keeping the tip on the edge.
        let length = vertical ? body.width : body.height
        let focusAlong = vertical ? focus.x : focus.y
        let preferred: Double
        switch (direction.isDiagonal, vertical ? direction.dx : direction.dy) {
        case (true, let d) where d > 0: preferred = focusAlong - length
        case (true, _): preferred = focusAlong
        default: preferred = focusAlong - length / 2
        }
        let low = vertical ? container.minX : container.minY
        let high = (vertical ? container.maxX : container.maxY) - length
        let inside = high >= low ? Swift.min(Swift.max(preferred, low), high) : (low + high) / 2
        let alongOrigin = Swift.min(Swift.max(inside, focusAlong - length), focusAlong)
        let bodyRect = vertical
            ? Rect(x: alongOrigin, y: acrossOrigin, width: body.width, height: body.height)
            : Rect(x: acrossOrigin, y: alongOrigin, width: body.width, height: body.height)
        var config = configuration
        config.stem.edge = direction.edge
        // Offsets are from the edge centre, positive = right/down, whichever the edge.
        let tipFromCentre = focusAlong - (alongOrigin + length / 2)
        config.stem.tipOffset = tipFromCentre
        if direction.isDiagonal {
            let share = (vertical ? direction.dx : direction.dy) > 0 ? 1 - diagonalBaseShare : diagonalBaseShare
            config.stem.offset = length * share - length / 2
        } else {
            config.stem.offset = tipFromCentre
        }
        return finish(direction: direction, bodyRect: bodyRect, padding: padding, tip: focus,
                      container: container, configuration: config)
    }

    /// The placement with its overflow measured on the outline itself: a rounded tip whose apex is on
    /// the target reaches a little beyond it sideways (its sharp vertex lies beyond the target), so the
    /// body and the target point alone would understate it. Overflows within rounding noise of the
    /// container's edges (1e-9 of its size) count as none, so a tip placed exactly on the edge fits.
    private static func finish(
        direction: StemDirection, bodyRect: Rect, padding: Double, tip: Vector2, container: Rect,
        configuration: BalloonConfiguration
    ) -> Placement {
        let outline = BezierPath.build(body: bodyRect, configuration: configuration, depth: configuration.stem.size.height, focus: tip)
        let bounds = (outline.boundingBox ?? bodyRect).union(Rect(corners: tip, tip))
        let tolerance = 1e-9 * Swift.max(container.width, container.height, 1)
        let distance = Swift.max(
            container.minX - bounds.minX, bounds.maxX - container.maxX,
            container.minY - bounds.minY, bounds.maxY - container.maxY, 0)
        let fits = distance <= tolerance
        let insideArea = bounds.intersection(container)?.area ?? 0
        return Placement(
            direction: direction, bodyRect: bodyRect,
            contentRect: bodyRect.insetBy(dx: padding, dy: padding),
            configuration: configuration, tip: tip, bounds: bounds,
            fits: fits, overflowArea: fits ? 0 : Swift.max(bounds.area - insideArea, 0), overflowDistance: fits ? 0 : distance)
    }
}
