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
    /// The bubble's identity.
    public var id: BubbleID
    /// The bubble's tag, if any.
    public var tag: Int?
    /// Centre in points.
    public var center: Vector2
    /// Layout diameter in points (animates between the unselected and selected sizes).
    public var diameter: Double
    /// Grow-in / shrink-out scale, 0...1; draw a circle of `diameter × scale`.
    public var scale: Double
    /// Selection state.
    public var isSelected: Bool
    /// Where the bubble is in its life.
    public var phase: BubblePhase
    /// True while the pointer drags this bubble.
    public var isDragged: Bool
    /// The provider's appearance for the current selection state.
    public var appearance: BubbleAppearance

    /// A snapshot from its parts.
    public init(id: BubbleID, tag: Int?, center: Vector2, diameter: Double, scale: Double, isSelected: Bool,
                phase: BubblePhase, isDragged: Bool, appearance: BubbleAppearance) {
        self.id = id
        self.tag = tag
        self.center = center
        self.diameter = diameter
        self.scale = scale
        self.isSelected = isSelected
        self.phase = phase
        self.isDragged = isDragged
        self.appearance = appearance
    }

    /// The drawn diameter, `diameter × scale`.
    public var drawnDiameter: Double { diameter * scale }
}

/// A frame for renderers: every bubble still on screen (including shrinking ones) in insertion
/// order, plus the container's geometry. The one per-frame record of the package: the scene
/// model, the SVG writers, dumps and golden traces all read it.
public struct BubbleFrame: Hashable, Sendable {
    /// Container steps taken.
    public var step: Int
    /// Simulated time in seconds.
    public var time: Double
    /// The container's rectangle in points (origin at 0, 0).
    public var container: Rect
    /// The container's solid borders (the others are open: the picker scrolls that way).
    public var solidBorders: Borders
    /// The current attraction point in points (follows background drags).
    public var anchorPoint: Vector2
    /// Every bubble on screen, in insertion order.
    public var bubbles: [BubbleSnapshot]
    /// The first finger down that does something, for drawing touches (the first of
    /// `pointers`); nil otherwise.
    public var pointer: PointerSnapshot?
    /// Every finger down that does something, in the order they went down.
    public var pointers: [PointerSnapshot]
    /// How far the view has scrolled into the content (`BubbleContainer.scrollOffset`), points;
    /// every position in the frame is already in view points. Zero while nothing scrolls.
    public var scrollOffset: Vector2 = .zero
    /// The content's rectangle in view points (the container's while nothing scrolls): the view
    /// lengthened over the scroll range, what a scroll indicator shows the view's place in.
    public var content: Rect = .zero
    /// The fit policy's scale of every bubble (`BubbleContainer.fitScale`), 1 at full size.
    public var fitScale: Double = 1

    /// A frame from its parts (`pointers` defaults to `pointer` alone).
    public init(step: Int, time: Double, container: Rect, solidBorders: Borders, anchorPoint: Vector2,
                bubbles: [BubbleSnapshot], pointer: PointerSnapshot? = nil, pointers: [PointerSnapshot]? = nil) {
        self.step = step
        self.time = time
        self.container = container
        self.solidBorders = solidBorders
        self.anchorPoint = anchorPoint
        self.bubbles = bubbles
        self.pointer = pointer
        self.pointers = pointers ?? (pointer.map { [$0] } ?? [])
        self.content = container
    }

    /// True when the content is longer than the view (a scroll indicator is worth drawing).
    public var scrolls: Bool { content.width > container.width || content.height > container.height }

    /// The container's size in points.
    public var size: Size { container.size }
}

/// The finger of a gesture in progress, as a renderer shows it.
public struct PointerSnapshot: Hashable, Sendable {
    /// What the finger went down on.
    public enum Target: Hashable, Sendable {
        /// A bubble: a tap until it moves beyond `tapMaxDistance`, then a drag.
        case bubble(BubbleID)
        /// The background: a drag moves the attraction point.
        case background
        /// Something that does nothing (not shown in frames: `BubbleFrame.pointers` lists only
        /// pointers whose gesture does something).
        case none
    }

    /// Where the finger is now, points.
    public var location: Vector2
    /// The finger's recent positions, oldest first (at most 32), ending at `location`.
    public var trail: [Vector2]
    /// What it went down on.
    public var target: Target
    /// True once a bubble gesture has become a drag.
    public var isDragging: Bool
    /// The pointer's identity (as given to `BubbleContainer.pointerDown(id:at:time:interpolation:)`).
    public var id: Int

    /// A pointer snapshot from its parts.
    public init(location: Vector2, trail: [Vector2], target: Target, isDragging: Bool, id: Int = 0) {
        self.location = location
        self.trail = trail
        self.target = target
        self.isDragging = isDragging
        self.id = id
    }
}
