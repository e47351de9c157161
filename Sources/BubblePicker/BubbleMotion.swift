import BubblePhysics

/// The container's private bookkeeping for one bubble: its body, phase and animations. Not
/// generic, so the per-step loops over it run as specialised code whatever the app's content
/// type (a record holding the `Bubble<Content>` too made every step look up generic metadata
/// and copy the app's content through value witnesses, more than half of a 20-bubble step).
struct BubbleMotion: Hashable, Sendable {
    /// The body in the world; nil while waiting for the container to have an area.
    var body: BodyHandle?
    var phase: BubblePhase
    /// Simulated time the grow-in or shrink-out began, seconds.
    var phaseStart: Double
    /// Whether the bubble spawns at the anchor (else at a corner), for waiting bubbles.
    var spawnAtCenter: Bool
    /// Whether it grows in (else appears at full size), for waiting bubbles.
    var animated: Bool
    /// Whether the bubble is selected (a copy of `Bubble.isSelected`, kept in step by
    /// `setSelected`, so the density needs no generic bubble).
    var isSelected: Bool
    /// Selection size animation: from, to (points) and start time (seconds).
    var diameterFrom: Double
    var diameterTo: Double
    var diameterStart: Double
    /// Serial of the last selection, to find the oldest selection.
    var selectionOrder: Int
    /// The drawn state at the start of the last step, for interpolated frames (nil: not yet stepped).
    var previous: MotionSample?
}

/// Where and how large a bubble was drawn at one step.
struct MotionSample: Hashable, Sendable {
    var center: Vector2
    var diameter: Double
    var scale: Double
}

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
