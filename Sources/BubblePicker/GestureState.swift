import BubblePhysics

/// One pointer sample: position in points, time in seconds.
struct PointerSample: Hashable, Sendable {
    var point: Vector2
    var time: Double
}

/// The single pointer's gesture.
enum GestureState: Hashable, Sendable {
    case idle
    /// Down on a bubble: a tap until it moves too far, then a drag.
    case bubble(BubbleGesture)
    /// Down on the background: moves the anchor.
    case background(BackgroundGesture)
    /// Down somewhere that does nothing (background scrolling off); ends on up.
    case ignored
}

struct BubbleGesture: Hashable, Sendable {
    var id: BubbleID
    var down: PointerSample
    /// Recent samples, oldest first (at most `PickerConstants.sampleLimit`).
    var samples: [PointerSample]
    var isDragging: Bool
    /// Body centre minus finger at the start of the drag, so the bubble does not jump.
    var grabOffset: Vector2
    var finger: Vector2
}

struct BackgroundGesture: Hashable, Sendable {
    var down: PointerSample
    /// The anchor (unit) when the drag began.
    var startAnchor: Vector2
    /// Recent finger positions, oldest first, for drawing (not part of the state hash).
    var trail: [Vector2] = []
}
