/// The placement of a balloon for one stem direction: body position, slide and stem offsets.

enum PlacementCandidate {
    static func make(
        direction: StemDirection, target: PlacementTarget, focus: Vector2, body: Size, container: Rect,
        options: PlacementOptions, configuration: BalloonConfiguration
    ) -> Placement {
        let stem = configuration.stem
        let depth = stem.isVisible ? stem.size.height : 0
        let vertical = direction.edge == .top || direction.edge == .bottom
        // Across the stem edge: the body sits `depth` beyond the focus, away from the pointing direction.
        let acrossOrigin: Double
        if vertical {
            acrossOrigin = direction.dy > 0 ? focus.y - depth - body.height : focus.y + depth
        } else {
            acrossOrigin = direction.dx > 0 ? focus.x - depth - body.width : focus.x + depth
        }
        // Along the stem edge: preferred position, then slid into the container, keeping the tip on the
        // edge (or, with arrow padding, that far plus half the stem from its ends).
        let length = vertical ? body.width : body.height
        let focusAlong = vertical ? focus.x : focus.y
        let lean = vertical ? direction.dx : direction.dy
        let preferred = direction.isDiagonal ? (lean > 0 ? focusAlong - length : focusAlong) : focusAlong - length / 2
        let low = vertical ? container.minX : container.minY
        let high = (vertical ? container.maxX : container.maxY) - length
        let inside = high >= low ? Swift.min(Swift.max(preferred, low), high) : (low + high) / 2
        let stemWidth = Swift.min(stem.size.width, length)
        let margin = options.arrowPadding.map { Swift.min($0 + stemWidth / 2, length / 2) } ?? 0
        let alongOrigin = Swift.min(Swift.max(inside, focusAlong - length + margin), focusAlong - margin)
        let bodyRect = vertical
            ? Rect(x: alongOrigin, y: acrossOrigin, width: body.width, height: body.height)
            : Rect(x: acrossOrigin, y: alongOrigin, width: body.width, height: body.height)
        var config = configuration
        config.stem.edge = direction.edge
        // Offsets are from the edge centre, positive = right/down, whichever the edge.
        let tipAlong = focusAlong - alongOrigin
        config.stem.tipOffset = tipAlong - length / 2
        config.stem.offset = baseCentre(tip: tipAlong, lean: direction.isDiagonal ? lean : 0, length: length,
                                        stem: stem, arrowPadding: options.arrowPadding ?? 0) - length / 2
        return finish(direction: direction, target: target, bodyRect: bodyRect, padding: options.padding, tip: focus,
                      container: container, configuration: config)
    }

    /// Where the stem's base is centred along an edge of `length`, for a tip at `tip`: on the tip, or
    /// for a diagonal (`lean` ±1) behind it by the larger of the depth and half the width; kept on
    /// the edge (and `arrowPadding` from its ends). Never more than `BalloonPlacement.maximumLean`
    /// from the tip.
    static func baseCentre(tip: Double, lean: Double, length: Double, stem: StemConfiguration, arrowPadding: Double) -> Double {
        let width = Swift.min(stem.size.width, length)
        let wanted = tip - lean * Swift.max(stem.size.height, width / 2)
        let low = Swift.min(width / 2 + arrowPadding, length / 2)
        return Swift.min(Swift.max(wanted, low), length - low)
    }

    /// The placement with its fit judged on the body and the tip (the rest of the outline lies between
    /// them; only the tip's rounding reaches a little beyond the tip), its bounds measured on the
    /// outline itself. Overflows within rounding noise of the container's edges (1e-9 of its size)
    /// count as none, so a tip placed exactly on the edge fits.
    static func finish(
        direction: StemDirection, target: PlacementTarget, bodyRect: Rect, padding: Double, tip: Vector2,
        container: Rect, configuration: BalloonConfiguration
    ) -> Placement {
        let border = configuration.borderWidth
        let body = border > 0 && border < Swift.min(bodyRect.width, bodyRect.height)
            ? bodyRect.insetBy(dx: border / 2, dy: border / 2) : bodyRect
        let outline = BezierPath.outline(body: body, focus: tip, configuration: configuration)
        let bounds = (outline.boundingBox ?? bodyRect).insetBy(dx: -border / 2, dy: -border / 2).union(Rect(corners: tip, tip))
        let tolerance = 1e-9 * Swift.max(container.width, container.height, 1)
        let judged = bodyRect.union(Rect(corners: tip, tip))
        let distance = Swift.max(
            container.minX - judged.minX, judged.maxX - container.maxX,
            container.minY - judged.minY, judged.maxY - container.maxY, 0)
        let covers = target.isCovered(by: bodyRect)
        let inside = distance <= tolerance
        let insideArea = bounds.intersection(container)?.area ?? 0
        return Placement(
            direction: direction, bodyRect: bodyRect,
            contentRect: bodyRect.insetBy(dx: padding, dy: padding),
            configuration: configuration, tip: tip, bounds: bounds,
            fits: inside && !covers, overflowArea: inside ? 0 : Swift.max(bounds.area - insideArea, 0),
            overflowDistance: inside ? 0 : distance,
            availableSize: available(direction: direction, tip: tip, padding: padding, container: container,
                                     depth: configuration.stem.isVisible ? configuration.stem.size.height : 0),
            isReferenceHidden: target.isHidden(in: container),
            isEscaped: bodyRect.intersection(container) == nil,
            coversTarget: covers, isShiftedOverTarget: false)
    }

    /// The content room on `direction`'s side of `tip` inside `container`.
    static func available(direction: StemDirection, tip: Vector2, padding: Double, container: Rect, depth: Double) -> Size {
        let fullWidth = container.width - 2 * padding, fullHeight = container.height - 2 * padding
        switch direction.edge {
        case .bottom: return Size(width: fullWidth, height: tip.y - depth - container.minY - 2 * padding)
        case .top: return Size(width: fullWidth, height: container.maxY - tip.y - depth - 2 * padding)
        case .right: return Size(width: tip.x - depth - container.minX - 2 * padding, height: fullHeight)
        case .left: return Size(width: container.maxX - tip.x - depth - 2 * padding, height: fullHeight)
        }
    }

    /// `placement`'s body moved into `container` on both axes (over its target if need be), without
    /// a stem, flagged.
    static func shiftedOverTarget(_ placement: Placement, container: Rect) -> Placement {
        let body = placement.bodyRect
        func clamp(_ origin: Double, _ size: Double, _ low: Double, _ high: Double) -> Double {
            size <= high - low ? Swift.min(Swift.max(origin, low), high - size) : low + (high - low - size) / 2
        }
        let moved = Rect(x: clamp(body.minX, body.width, container.minX, container.maxX),
                         y: clamp(body.minY, body.height, container.minY, container.maxY),
                         width: body.width, height: body.height)
        var result = placement
        let padding = placement.contentRect.minX - body.minX
        result.bodyRect = moved
        result.contentRect = moved.insetBy(dx: padding, dy: padding)
        result.configuration.stem = StemConfiguration(edge: placement.direction.edge, size: .zero, joinSmoothing: 0, tipRounding: 0)
        result.bounds = moved
        result.tip = Self.nearestEdgePoint(of: moved, edge: placement.direction.edge, to: placement.tip)
        let inside = container.contains(moved, tolerance: 1e-9 * Swift.max(container.width, container.height, 1))
        result.overflowArea = inside ? 0 : Swift.max(moved.area - (moved.intersection(container)?.area ?? 0), 0)
        result.overflowDistance = inside ? 0 : placement.overflowDistance
        result.isEscaped = moved.intersection(container) == nil
        result.coversTarget = true
        result.fits = false
        result.isShiftedOverTarget = true
        return result
    }

    /// The point of `rect`'s `edge` nearest `point` (where a hidden stem's tip sits).
    static func nearestEdgePoint(of rect: Rect, edge: StemEdge, to point: Vector2) -> Vector2 {
        let x = Swift.min(Swift.max(point.x, rect.minX), rect.maxX)
        let y = Swift.min(Swift.max(point.y, rect.minY), rect.maxY)
        switch edge {
        case .top: return Vector2(x: x, y: rect.minY)
        case .bottom: return Vector2(x: x, y: rect.maxY)
        case .left: return Vector2(x: rect.minX, y: y)
        case .right: return Vector2(x: rect.maxX, y: y)
        }
    }
}
