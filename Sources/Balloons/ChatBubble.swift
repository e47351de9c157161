/// A chat bubble (as in messaging apps): a rounded body with a curled tail at a bottom corner.

/// Which bottom corner carries the chat bubble's tail.
public enum ChatTail: String, Sendable, Hashable, CaseIterable {
    /// Tail at the bottom left (messages from others).
    case bottomLeft
    /// Tail at the bottom right (own messages).
    case bottomRight
}

/// Proportions of a chat bubble, in points.
public struct ChatBubbleStyle: Sendable, Hashable {
    /// Body corner radius, points (typical 17); clamped to fit any size.
    public var cornerRadius: Double
    /// How far the tail reaches beyond the body's side, points (typical 6); at most a quarter of the width.
    public var tailWidth: Double
    /// Stroke width the bubble will be drawn with, points (0 = fill only). The outline is inset by half of
    /// it so a centred stroke with round joins stays inside the bounds.
    public var borderWidth: Double

    public init(cornerRadius: Double = 17, tailWidth: Double = 6, borderWidth: Double = 0) {
        self.cornerRadius = cornerRadius
        self.tailWidth = tailWidth
        self.borderWidth = borderWidth
    }
}

extension BezierPath {
    /// Elements in every chat bubble path (left and right tails alike, so they interpolate).
    public static let chatBubbleElementCount = 12

    /// A chat bubble filling `rect` (any positive size) with its tail at `tail`. Every control point lies
    /// inside `rect` inset by half the border width, so the curve (and a round-joined stroke of that width)
    /// stays inside `rect`. Throws for a non-positive rect, negative style values, or a border at least as
    /// wide as the rect's shorter side.
    public static func chatBubble(in rect: Rect, tail: ChatTail, style: ChatBubbleStyle = ChatBubbleStyle()) throws(BalloonError) -> BezierPath {
        try Check.rect(rect, "rect")
        try Check.nonNegative(style.cornerRadius, "corner radius")
        try Check.nonNegative(style.tailWidth, "tail width")
        try Check.nonNegative(style.borderWidth, "border width")
        let shorter = Swift.min(rect.width, rect.height)
        guard style.borderWidth < shorter else {
            throw Check.invalid("border width", style.borderWidth, "must be less than the rect's shorter side \(shorter)")
        }
        let inner = rect.insetBy(dx: style.borderWidth / 2, dy: style.borderWidth / 2)
        let right = rightTailed(in: inner, style: style)
        guard tail == .bottomLeft else { return right }
        let mirrorX = inner.minX + inner.maxX
        return BezierPath(right.elements.map { $0.mapped { Vector2(x: mirrorX - $0.x, y: $0.y) } })
    }

    /// The bottom-right-tailed bubble: body from the left edge to `maxX − tail`, the tail curling from
    /// the body's right side out to the bottom-right corner and back along the bottom.
    private static func rightTailed(in r: Rect, style: ChatBubbleStyle) -> BezierPath {
        let k = 0.5522847498307936
        let tail = Swift.min(style.tailWidth, r.width / 4)
        let bodyMaxX = r.maxX - tail
        let radius = Swift.min(style.cornerRadius, (bodyMaxX - r.minX) / 2, r.height / 2)
        let x0 = r.minX, y0 = r.minY, x1 = bodyMaxX, y1 = r.maxY
        let tip = Vector2(x: r.maxX, y: y1)
        let back = Vector2(x: x1 - 0.6 * radius, y: y1)
        return BezierPath([
            .move(Vector2(x: x0 + radius, y: y0)),
            .line(Vector2(x: x1 - radius, y: y0)),
            .cubic(Vector2(x: x1 - radius + k * radius, y: y0), Vector2(x: x1, y: y0 + radius - k * radius), Vector2(x: x1, y: y0 + radius)),
            .line(Vector2(x: x1, y: y1 - radius)),
            .cubic(Vector2(x: x1, y: y1 - 0.35 * radius), Vector2(x: x1 + 0.4 * tail, y: y1), tip),
            .cubic(Vector2(x: x1 - 0.1 * radius, y: y1 - 0.1 * radius), Vector2(x: back.x + 0.2 * radius, y: y1), back),
            .line(Vector2(x: x0 + radius, y: y1)),
            .cubic(Vector2(x: x0 + radius - k * radius, y: y1), Vector2(x: x0, y: y1 - radius + k * radius), Vector2(x: x0, y: y1 - radius)),
            .line(Vector2(x: x0, y: y0 + radius)),
            .cubic(Vector2(x: x0, y: y0 + radius - k * radius), Vector2(x: x0 + radius - k * radius, y: y0), Vector2(x: x0 + radius, y: y0)),
            .line(Vector2(x: x0 + radius, y: y0)),
            .close,
        ])
    }
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
