import BubblePhysics

/// One pointer sample: position in points, time in seconds.
struct PointerSample: Hashable, Sendable {
    var point: Vector2
    var time: Double
}

/// What one pointer is doing.
enum GestureState: Hashable, Sendable {
    /// Down on a bubble: a tap until it moves too far, then a drag.
    case bubble(BubbleGesture)
    /// Down on the background: moves the anchor.
    case background(BackgroundGesture)
    /// Down somewhere that does nothing (background scrolling off, a bubble or the background
    /// another pointer already holds, a gesture ended early); ends on up.
    case ignored
}

/// A pointer that is down: its identity (the caller's) and its gesture.
struct ActivePointer: Hashable, Sendable {
    var id: Int
    var gesture: GestureState
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
    /// The long press fired (with `LongPressAction.reportOnly`; the other actions end the gesture).
    var longPressed = false
    /// The container's `time` when the pointer went down: the long press is timed on the
    /// container's own clock, whatever time base the caller's pointer times use.
    var pressStart: Double
}

struct BackgroundGesture: Hashable, Sendable {
    var down: PointerSample
    /// The anchor (unit) when the drag began.
    var startAnchor: Vector2
    /// Recent finger positions, oldest first, for drawing (not part of the state hash).
    var trail: [Vector2] = []
    /// Set when the drag scrolls the content instead of moving the anchor (see `ScrollDrag`).
    var scroll: ScrollDrag? = nil
}
