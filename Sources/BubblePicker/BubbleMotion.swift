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
    /// Where the bubble appears, for waiting bubbles.
    var spawn: SpawnPoint
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

/// Where a bubble appears when it gets a body.
enum SpawnPoint: Hashable, Sendable {
    /// A seeded spawn corner (never the same twice running), with seeded jitter.
    case corner
    /// The attraction point, with seeded jitter.
    case anchor
    /// Exactly this point (container points), kept inside the solid borders; no jitter.
    case point(Vector2)
}

/// Where and how large a bubble was drawn at one step.
struct MotionSample: Hashable, Sendable {
    var center: Vector2
    var diameter: Double
    var scale: Double
}
