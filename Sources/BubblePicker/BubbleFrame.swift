import BubblePhysics

/// Where a bubble is in its life.
public enum BubblePhase: String, Hashable, Sendable {
    /// Added to a container without an area; appears when it gets one.
    case waiting
    /// Growing in (scale rising to 1).
    case growingIn
    /// Fully present.
    case present
    /// Shrinking out after removal; no longer collides, no longer in the queries.
    case removing
}

/// One bubble in a frame, everything a renderer needs.
public struct BubbleSnapshot: Hashable, Sendable {
    public var id: BubbleID
    public var tag: Int?
    /// Centre in points.
    public var center: Vector2
    /// Layout diameter in points (animates between the unselected and selected sizes).
    public var diameter: Double
    /// Grow-in / shrink-out scale, 0...1; draw a circle of `diameter × scale`.
    public var scale: Double
    public var isSelected: Bool
    public var phase: BubblePhase
    /// True while the pointer drags this bubble.
    public var isDragged: Bool
    /// The provider's appearance for the current selection state.
    public var appearance: BubbleAppearance

    /// The drawn diameter, `diameter × scale`.
    public var drawnDiameter: Double { diameter * scale }
}

/// A frame for renderers: every bubble still on screen (including shrinking ones) in insertion
/// order, plus the container's geometry.
public struct BubbleFrame: Hashable, Sendable {
    /// Container steps taken.
    public var step: Int
    /// Simulated time in seconds.
    public var time: Double
    public var size: Size
    /// The current attraction point in points (follows background drags).
    public var anchorPoint: Vector2
    public var bubbles: [BubbleSnapshot]
}
