import Balloons
import BubblePicker

/// Callouts (with ``SceneTheme/showsCallouts``): one balloon per selected bubble, inside the
/// container, pointing at the bubble's edge, placed together (`BalloonPlacement.placeGroup`) so that
/// none covers another callout, another selected bubble or a label when such a layout exists (the
/// least overlap otherwise), each on the same side as last frame unless it must move. Their text
/// wraps to the typesetting's line count.
extension SceneBuilder {
    /// Directions in order of preference: above, below, the sides, then the diagonals.
    static let calloutDirections: [StemDirection] = [.down, .up, .left, .right, .downRight, .downLeft, .upRight, .upLeft]
    /// The callouts' padding round their text, points.
    static let calloutPadding = 6.0

    /// The callout balloon's shape.
    static var calloutConfiguration: BalloonConfiguration {
        var configuration = BalloonConfiguration(cornerRadius: .fixed(7))
        configuration.stem.size = Size(width: 14, height: 9)
        return configuration
    }

    /// The callout items and how many could not avoid covering something (or the container's edge).
    mutating func calloutItems<M: TextMeasuring>(_ frame: BubbleFrame, labels: [SceneItem], _ measurer: M) -> (items: [SceneItem], crowded: Int) {
        guard frame.container.hasArea else { calloutDirections = []; return ([], 0) }
        var texts: [TextLayout] = [], requests: [PlacementRequest] = [], owners: [BubbleID] = []
        for bubble in frame.bubbles where bubble.isSelected && bubble.drawnDiameter > 0 && bubble.center.isFinite {
            let text = calloutText(bubble, container: frame.container, measurer)
            let previous = calloutDirections.first { $0.0 == bubble.id }?.1
            texts.append(text)
            owners.append(bubble.id)
            requests.append(PlacementRequest(target: .circle(center: bubble.center, radius: bubble.drawnDiameter * 0.5),
                                             contentSize: Size(width: max(text.boxWidth, 8), height: max(text.height, 1)),
                                             permitted: Self.calloutDirections, previous: previous))
        }
        let obstacles = labels.compactMap { item -> Rect? in
            guard case .text(let text) = item.shape, let owner = item.bubble, !owners.contains(owner) else { return nil }
            return Rect(x: text.center.x - text.width / 2, y: text.center.y - 0.6 * text.fontSize, width: text.width, height: 1.2 * text.fontSize)
        }
        guard !requests.isEmpty, let group = try? BalloonPlacement.placeGroup(
            requests, container: frame.container, obstacles: obstacles,
            options: PlacementOptions(padding: Self.calloutPadding), configuration: Self.calloutConfiguration) else {
            calloutDirections = []
            return ([], 0)
        }
        var items: [SceneItem] = [], crowded = 0, directions: [(BubbleID, StemDirection)] = []
        for (index, placement) in group.placements.enumerated() {
            guard let path = try? placement.path else { continue }
            if group.isCrowded[index] || !placement.fits { crowded += 1 }
            directions.append((owners[index], placement.direction))
            items.append(SceneItem(role: .callout, bubble: owners[index], shape: .path(path, ScenePaint(
                fill: theme.calloutFill, stroke: theme.calloutStroke, lineWidth: 1))))
            let layout = texts[index]
            let room = placement.contentRect.width
            for (line, center) in zip(layout.lines, layout.lineCenters(around: placement.contentRect.center)) {
                items.append(SceneItem(role: .calloutText, bubble: owners[index], shape: .text(SceneText(
                    text: line.text, center: center, fontSize: layout.fontSize, color: theme.calloutText, width: line.width,
                    fontFamily: measurer.fontFamily, maxWidth: max(room, line.width)))))
            }
        }
        calloutDirections = directions
        return (items, crowded)
    }

    /// The bubble's text (or `#id`) wrapped to the theme's callout width (or the container's, when
    /// narrower), at the callout size, ellipsized after the typesetting's line count.
    func calloutText<M: TextMeasuring>(_ bubble: BubbleSnapshot, container: Rect, _ measurer: M) -> TextLayout {
        let raw = bubble.appearance.text ?? ""
        let text = raw.isEmpty ? bubble.id.description : raw
        let size = theme.calloutFontSize
        let style = TextStyle(preferredSize: size, minimumSize: size, maximumLines: max(typesetting.calloutMaximumLines, 1),
                              lineHeight: typesetting.lineHeight)
        let width = max(min(theme.calloutMaxTextWidth, container.width - 2 * Self.calloutPadding - 4), 0)
        let fallback = TextLayout(lines: [TextLine(text: "…", width: measurer.emWidth(of: "…") * size)], fontSize: size,
                                  lineHeight: typesetting.lineHeight * size, isTruncated: true, breaksWords: false)
        guard let layout = try? measurer.layout(text, width: width, style: style), !layout.lines.isEmpty else { return fallback }
        return layout
    }
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
