import Balloons
import BubblePicker

/// The check mark of a selected bubble: a disc inside its upper right rim with a tick in the
/// bubble's fill, both drawn as shapes (no font has to carry a check glyph).
extension SceneBuilder {
    /// The disc's radius as a fraction of the bubble's.
    static let checkMarkScale = 0.2
    /// Bubbles smaller than this radius, points, get no check mark (it would be unreadable).
    static let checkMarkMinimumRadius = 12.0

    /// The disc and the tick, or nothing for a bubble too small for them.
    func checkMark(_ bubble: BubbleSnapshot, radius: Double, tick: BubbleColor) -> [SceneItem] {
        guard radius >= Self.checkMarkMinimumRadius else { return [] }
        let b = radius * Self.checkMarkScale
        // The disc's edge sits 0.15 of its radius inside the rim, at 45° up and to the right.
        let along = (radius - 1.15 * b) * 0.7071067811865476
        let center = Vector2(bubble.center.x + along, bubble.center.y - along)
        var path = BezierPath()
        path.move(to: Vector2(center.x - 0.42 * b, center.y + 0.02 * b))
        path.line(to: Vector2(center.x - 0.12 * b, center.y + 0.32 * b))
        path.line(to: Vector2(center.x + 0.44 * b, center.y - 0.28 * b))
        return [
            SceneItem(role: .checkMark, bubble: bubble.id, shape: .circle(center, radius: b,
                                                                           ScenePaint(fill: theme.checkMarkBackground))),
            SceneItem(role: .checkMark, bubble: bubble.id, shape: .path(path, ScenePaint(stroke: tick, lineWidth: 0.2 * b))),
        ]
    }
}
