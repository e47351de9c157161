import Balloons
import BubblePicker

/// Callouts (with ``SceneTheme/showsCallouts``): one balloon per selected bubble, inside the
/// container, pointing at the bubble's edge,
/// on a side that covers no label, no other callout and no other selected bubble when such a side
/// exists (the least overlap otherwise), and on the same side as last frame while it stays free.
extension SceneBuilder {
    /// Directions in order of preference: above, below, the sides, then the diagonals.
    static let calloutDirections: [StemDirection] = [.down, .up, .left, .right, .downRight, .downLeft, .upRight, .upLeft]

    /// The callout items and how many could not avoid covering something.
    mutating func calloutItems(_ frame: BubbleFrame, labels: [SceneItem]) -> (items: [SceneItem], crowded: Int) {
        var obstacles = Obstacles(labels: labels, frame: frame)
        var items: [SceneItem] = [], crowded = 0, directions: [(BubbleID, StemDirection)] = []
        for bubble in frame.bubbles where bubble.isSelected && bubble.drawnDiameter > 0 && frame.container.hasArea {
            let text = fittedCalloutText(bubble)
            let previous = calloutDirections.first { $0.0 == bubble.id }?.1
            guard let choice = bestCallout(for: bubble, text: text, container: frame.container,
                                           obstacles: obstacles, previous: previous) else { continue }
            if !choice.free { crowded += 1 }
            directions.append((bubble.id, choice.placement.direction))
            obstacles.rects.append(choice.placement.bounds)
            items.append(SceneItem(role: .callout, bubble: bubble.id, shape: .path(choice.path, ScenePaint(
                fill: theme.calloutFill, stroke: theme.calloutStroke, lineWidth: 1))))
            items.append(SceneItem(role: .calloutText, bubble: bubble.id, shape: .text(SceneText(
                text: text.text, center: choice.placement.contentRect.center, fontSize: text.fontSize,
                color: theme.calloutText, width: text.width))))
        }
        calloutDirections = directions
        return (items, crowded)
    }

    /// The bubble's text (or `#id`), ellipsized to the theme's widest callout.
    func fittedCalloutText(_ bubble: BubbleSnapshot) -> (text: String, fontSize: Double, width: Double) {
        let raw = bubble.appearance.text ?? ""
        let text = raw.isEmpty ? bubble.id.description : raw
        let size = theme.calloutFontSize
        return TextFitting.fit(text, preferred: size, minimum: size, width: theme.calloutMaxTextWidth)
            ?? ("…", size, TextFitting.width("…", fontSize: size))
    }

    /// The best placement: the previous direction if still free, else the first free one in order
    /// of preference, else the one with the least overlap (and least overflow).
    func bestCallout(for bubble: BubbleSnapshot, text: (text: String, fontSize: Double, width: Double), container: Rect,
                     obstacles: Obstacles, previous: StemDirection?) -> CalloutChoice? {
        var configuration = BalloonConfiguration(cornerRadius: .fixed(7))
        configuration.stem.size = Size(width: 14, height: 9)
        let content = Size(width: max(text.width, 8), height: text.fontSize * 1.2)
        var best: CalloutChoice? = nil
        let order = previous.map { [$0] + Self.calloutDirections.filter { $0 != previous } } ?? Self.calloutDirections
        for direction in order {
            guard let placement = try? BalloonPlacement.place(
                targetCircle: bubble.center, radius: bubble.drawnDiameter * 0.5, contentSize: content, padding: 6,
                container: container, permitted: [direction], configuration: configuration),
                let path = try? placement.path else { continue }
            let overlap = obstacles.overlap(placement.bounds, excluding: bubble.id)
            let choice = CalloutChoice(placement: placement, path: path, free: placement.fits && overlap == 0,
                                       cost: overlap + (placement.fits ? 0 : 1e6 + placement.overflowArea))
            if choice.free { return choice }
            if best.map({ choice.cost < $0.cost }) ?? true { best = choice }
        }
        return best
    }
}

/// One candidate callout.
struct CalloutChoice {
    var placement: Placement
    var path: BezierPath
    /// Fits the container and covers nothing.
    var free: Bool
    /// Overlap area plus a large penalty for leaving the container.
    var cost: Double
}

/// What a callout must not cover: labels, callouts placed so far, and selected bubbles.
struct Obstacles {
    /// Label boxes and placed callouts.
    var rects: [Rect] = []
    /// Selected bubbles: centre, radius, identity.
    var circles: [(Vector2, Double, BubbleID)] = []
    /// The label boxes' owners, parallel to the first labels in `rects`.
    var owners: [BubbleID?] = []

    init(labels: [SceneItem], frame: BubbleFrame) {
        for item in labels {
            guard case .text(let text) = item.shape else { continue }
            rects.append(Rect(x: text.center.x - text.width / 2, y: text.center.y - 0.6 * text.fontSize,
                              width: text.width, height: 1.2 * text.fontSize))
            owners.append(item.bubble)
        }
        for bubble in frame.bubbles where bubble.isSelected && bubble.drawnDiameter > 0 {
            circles.append((bubble.center, bubble.drawnDiameter * 0.5, bubble.id))
        }
    }

    /// Area of `box` over the obstacles, not counting the bubble's own circle and labels.
    func overlap(_ box: Rect, excluding id: BubbleID) -> Double {
        var total = 0.0
        for (index, rect) in rects.enumerated() where index >= owners.count || owners[index] != id {
            total += box.intersection(rect)?.area ?? 0
        }
        for (center, radius, owner) in circles where owner != id {
            total += Obstacles.overlap(box, circle: center, radius: radius)
        }
        return total
    }

    /// Zero when `box` misses the circle; else the overlap of the box with the circle's bounding
    /// square, scaled by π/4 (an estimate; any positive value means "covers").
    static func overlap(_ box: Rect, circle center: Vector2, radius: Double) -> Double {
        let nearestX = min(max(center.x, box.minX), box.maxX), nearestY = min(max(center.y, box.minY), box.maxY)
        let dx = center.x - nearestX, dy = center.y - nearestY
        guard dx * dx + dy * dy < radius * radius else { return 0 }
        let square = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        return max((box.intersection(square)?.area ?? 0) * 0.785, 1e-9)
    }
}
