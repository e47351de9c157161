/// A chat bubble (as in messaging apps): a rounded body with a curled tail at a bottom corner.

/// Which bottom corner carries the chat bubble's tail.
public enum ChatTail: String, Sendable, Hashable, CaseIterable {
    /// Tail at the bottom left (messages from others).
    case bottomLeft
    /// Tail at the bottom right (own messages).
    case bottomRight
    /// No tail: a plain rounded bubble (a message in the middle of a run from the same sender),
    /// with the same elements as the tailed ones so it interpolates with them. The whole rect is
    /// body: to line it up with tailed bubbles, leave their tail width free beside it.
    case none
}

/// Proportions of a chat bubble, in points.
///
/// The tail (drawn here for the bottom-right; the bottom-left one is its mirror image) is the
/// iMessage shape of `shared/seeds/003`: the body's right side sweeps down and out to a pointed tip
/// level with the bottom edge, and the tail's inner side curls back from the tip, climbing
/// `tailDepth` above the bottom edge before it settles onto it. With the defaults a 34 pt bubble
/// looks like the seed's (its curl climbs 4 pt).
public struct ChatBubbleStyle: Sendable, Hashable {
    /// Body corner radius, points (typical 17); clamped to fit any size.
    public var cornerRadius: Double
    /// How far the tail reaches beyond the body's side, points (typical 6); at most a quarter of the width.
    public var tailWidth: Double
    /// How far the tail's inner curve climbs above the bottom edge before it meets the body, points
    /// (default 4, as in seed 003). Limited to half the tail's height and, so the tail's two sides
    /// can never meet, to what the curvature leaves room for (small or strongly curled tails get less).
    public var tailDepth: Double
    /// How strongly the tail curls, 0...1 (default 0.6): 0 = nearly straight sides meeting at a 45°
    /// tip; 1 = the outer side runs down the body's side and sweeps out almost flat to a sharp tip.
    public var tailCurvature: Double
    /// Stroke width the bubble will be drawn with, points (0 = fill only). The outline is inset by half of
    /// it so a centred stroke with round joins stays inside the bounds.
    public var borderWidth: Double

    /// A style; every value is checked when a bubble is built (see `validate()`).
    public init(cornerRadius: Double = 17, tailWidth: Double = 6, tailDepth: Double = 4, tailCurvature: Double = 0.6,
                borderWidth: Double = 0) {
        self.cornerRadius = cornerRadius
        self.tailWidth = tailWidth
        self.tailDepth = tailDepth
        self.tailCurvature = tailCurvature
        self.borderWidth = borderWidth
    }

    /// The values `tailDepth` accepts, 0...100 points (larger ones are clamped by any real bubble anyway,
    /// so they are taken for unit mistakes).
    public static var tailDepthRange: SettingRange<Double> { SettingRange("tail depth", 0...100) }
    /// The values `tailCurvature` accepts, 0...1.
    public static var tailCurvatureRange: SettingRange<Double> { SettingRange("tail curvature", 0...1) }

    /// Throws `BalloonError.invalidValue` for a negative or non-finite radius, tail width or border, or
    /// a tail depth or curvature outside its range.
    public func validate() throws(BalloonError) {
        try Check.nonNegative(cornerRadius, "corner radius")
        try Check.nonNegative(tailWidth, "tail width")
        try Check.inRange(tailDepth, Self.tailDepthRange)
        try Check.inRange(tailCurvature, Self.tailCurvatureRange)
        try Check.nonNegative(borderWidth, "border width")
    }
}

extension BezierPath {
    /// Elements in every chat bubble path (left and right tails alike, so they interpolate).
    public static let chatBubbleElementCount = 12

    /// A chat bubble filling `rect` (any positive size) with its tail at `tail`. Every control point lies
    /// inside `rect` inset by half the border width, so the curve (and a round-joined stroke of that width)
    /// stays inside `rect`; the outline never crosses itself. Throws `BalloonError.invalidValue` for a
    /// non-positive rect, a bad style, or a border at least as wide as the rect's shorter side.
    /// - Complexity: O(1): always `chatBubbleElementCount` elements.
    public static func chatBubble(
        in rect: Rect, tail: ChatTail, style: ChatBubbleStyle = ChatBubbleStyle()
    ) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try style.validate()
        let shorter = Swift.min(rect.width, rect.height)
        guard style.borderWidth < shorter else {
            throw Check.invalid("border width", style.borderWidth, "must be less than the rect's shorter side \(shorter)")
        }
        let inner = rect.insetBy(dx: style.borderWidth / 2, dy: style.borderWidth / 2)
        if tail == .none { return tailless(in: inner, style: style) }
        let right = rightTailed(in: inner, style: style)
        guard tail == .bottomLeft else { return right }
        let mirrorX = inner.minX + inner.maxX
        return BezierPath(right.elements.map { $0.mapped { Vector2(x: mirrorX - $0.x, y: $0.y) } })
    }

    /// The bubble without a tail: the tailed bubble's elements, its tail replaced by a plain corner
    /// (the curl's two cubics kept as placeholders at the corner's end).
    private static func tailless(in r: Rect, style: ChatBubbleStyle) -> BezierPath {
        let k = 0.5522847498307936
        let radius = Swift.min(style.cornerRadius, r.width / 2, r.height / 2)
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let landing = Vector2(x: x1 - radius, y: y1)
        return BezierPath([
            .move(Vector2(x: x0 + radius, y: y0)),
            .line(Vector2(x: x1 - radius, y: y0)),
            .cubic(Vector2(x: x1 - radius + k * radius, y: y0), Vector2(x: x1, y: y0 + radius - k * radius), Vector2(x: x1, y: y0 + radius)),
            .line(Vector2(x: x1, y: y1 - radius)),
            .cubic(Vector2(x: x1, y: y1 - radius + k * radius), Vector2(x: x1 - radius + k * radius, y: y1), landing),
            .cubic(landing, landing, landing),
            .cubic(landing, landing, landing),
            .line(Vector2(x: x0 + radius, y: y1)),
            .cubic(Vector2(x: x0 + radius - k * radius, y: y1), Vector2(x: x0, y: y1 - radius + k * radius), Vector2(x: x0, y: y1 - radius)),
            .line(Vector2(x: x0, y: y0 + radius)),
            .cubic(Vector2(x: x0, y: y0 + radius - k * radius), Vector2(x: x0 + radius - k * radius, y: y0), Vector2(x: x0 + radius, y: y0)),
            .close,
        ])
    }

    /// The bottom-right-tailed bubble: a rounded body from the left edge to `maxX − tail width`, the
    /// tail in the bottom-right corner.
    private static func rightTailed(in r: Rect, style: ChatBubbleStyle) -> BezierPath {
        let k = 0.5522847498307936  // 4/3·(√2 − 1): a cubic quarter circle
        let tail = ChatTailShape(in: r, style: style)
        let radius = tail.radius
        let x0 = r.minX, y0 = r.minY, x1 = tail.bodyMaxX, y1 = r.maxY
        let p = tail.point
        return BezierPath([
            .move(Vector2(x: x0 + radius, y: y0)),
            .line(Vector2(x: x1 - radius, y: y0)),
            .cubic(Vector2(x: x1 - radius + k * radius, y: y0), Vector2(x: x1, y: y0 + radius - k * radius), Vector2(x: x1, y: y0 + radius)),
            .line(p(tail.outerStart)),
            .cubic(p(tail.outer.0), p(tail.outer.1), p(.zero)),
            .cubic(p(tail.climb.0), p(tail.climb.1), p(tail.notch)),
            .cubic(p(tail.settle.0), p(tail.settle.1), p(tail.landing)),
            .line(Vector2(x: x0 + radius, y: y1)),
            .cubic(Vector2(x: x0 + radius - k * radius, y: y1), Vector2(x: x0, y: y1 - radius + k * radius), Vector2(x: x0, y: y1 - radius)),
            .line(Vector2(x: x0, y: y0 + radius)),
            .cubic(Vector2(x: x0, y: y0 + radius - k * radius), Vector2(x: x0 + radius - k * radius, y: y0), Vector2(x: x0 + radius, y: y0)),
            .close,
        ])
    }
}

/// The bottom-right tail in its own coordinates: X points left from the tip, Y up from the bottom
/// edge, so the tip is (0, 0). The tail occupies a box `box` high on the body's side and
/// `width + box` wide along the bottom.
///
/// Why it never crosses itself: the outer side's control points (and so, by the convex-hull property,
/// the whole curve) lie strictly above the line Y = m·X through the tip, and the inner side's first
/// cubic lies on or below it (its control points do: the depth is clamped for that). The two sides
/// therefore meet only at the tip. The inner side's second cubic lies left of X = width + notch > width,
/// beyond the outer side's reach, and every piece is a graph over X (or over Y, for the outer side), so
/// none crosses itself.
struct ChatTailShape {
    /// The body's corner radius used, and the body's right edge (x).
    let radius: Double
    let bodyMaxX: Double
    /// Where the outer side leaves the body's side, and its two control points.
    let outerStart: Vector2
    let outer: (Vector2, Vector2)
    /// The inner side: climbing from the tip to the top of the curl (`notch`), then settling onto the
    /// bottom edge at `landing`.
    let climb: (Vector2, Vector2)
    let notch: Vector2
    let settle: (Vector2, Vector2)
    let landing: Vector2
    /// The tip in plane coordinates.
    let tip: Vector2

    init(in r: Rect, style: ChatBubbleStyle) {
        let width = Swift.min(style.tailWidth, r.width / 4)
        bodyMaxX = r.maxX - width
        let bodyWidth = bodyMaxX - r.minX
        radius = Swift.min(style.cornerRadius, bodyWidth / 2, r.height / 2)
        // The tail needs some height even on a square-cornered body, but leaves the other corners theirs.
        let box = Swift.min(Swift.max(radius, 2 * width), r.height / 2, bodyWidth / 2)
        let c = style.tailCurvature
        let hug = 0.2 + 0.6 * c           // how far down the side the outer curve's first control goes
        let arrival = 1 - 0.7 * c         // slope (rise over run) at which the outer side reaches the tip
        let run = width * (0.35 + 0.35 * c)
        outerStart = Vector2(x: width, y: box)
        // Control heights never rise again towards the tip, so the outer side is a graph over Y.
        outer = (Vector2(x: width, y: box * (1 - hug)), Vector2(x: run, y: Swift.min(arrival * run, box * (1 - hug))))
        // The separating line's slope: strictly below every outer control point.
        let steepest = width > 0 ? box * (1 - hug) / width : arrival
        let slope = 0.9 * Swift.min(steepest, arrival)
        let notchX = width + 0.4 * box
        let depth = Swift.min(style.tailDepth, 0.9 * 0.95 * slope * notchX, box / 2)
        notch = Vector2(x: notchX, y: depth)
        // Long handle at the tip, short ones at the notch: the inner side curls up gradually from the
        // tip and turns tightly under the body (the seed's notch is a sharp corner; this one is a tight
        // but tangent-continuous turn), then drops steeply and settles onto the bottom edge the way the
        // body's rounded corner would.
        climb = (Vector2(x: 0.55 * notchX, y: 0), Vector2(x: 0.95 * notchX, y: depth))
        landing = Vector2(x: width + box, y: 0)
        let descent = landing.x - notchX
        settle = (Vector2(x: notchX + 0.05 * descent, y: depth), Vector2(x: notchX + 0.45 * descent, y: 0))
        tip = Vector2(x: r.maxX, y: r.maxY)
    }

    /// Tail coordinates to the plane.
    func point(_ local: Vector2) -> Vector2 { Vector2(x: tip.x - local.x, y: tip.y - local.y) }
}

extension PathElement {
    /// The element with every point passed through `transform`.
    public func mapped(_ transform: (Vector2) -> Vector2) -> PathElement {
        switch self {
        case let .move(p): return .move(transform(p))
        case let .line(p): return .line(transform(p))
        case let .quad(c, p): return .quad(transform(c), transform(p))
        case let .cubic(c1, c2, p): return .cubic(transform(c1), transform(c2), transform(p))
        case .close: return .close
        }
    }
}
