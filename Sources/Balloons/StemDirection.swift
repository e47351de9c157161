/// The eight directions a placed balloon's stem can point in.

/// The direction the stem points from the balloon's body towards the target (as
/// `UIPopoverArrowDirection` would name the arrow): `.down` puts the balloon above the target with the
/// stem on its bottom edge; `.downRight` puts it above and to the left, the stem on the bottom edge with
/// its tip at the body's bottom-right corner.
public enum StemDirection: String, Sendable, Hashable, CaseIterable {
    /// Stem on the top edge pointing up: the balloon sits below the target.
    case up
    /// Stem on the bottom edge pointing down: the balloon sits above the target.
    case down
    /// Stem on the left edge pointing left: the balloon sits right of the target.
    case left
    /// Stem on the right edge pointing right: the balloon sits left of the target.
    case right
    /// Stem on the top edge, tip at the body's top-left corner: the balloon sits below and right.
    case upLeft
    /// Stem on the top edge, tip at the body's top-right corner: the balloon sits below and left.
    case upRight
    /// Stem on the bottom edge, tip at the body's bottom-left corner: the balloon sits above and right.
    case downLeft
    /// Stem on the bottom edge, tip at the body's bottom-right corner: the balloon sits above and left.
    case downRight

    /// The edge the stem sits on: top for the up directions, bottom for the down ones, else left/right.
    public var edge: StemEdge {
        switch self {
        case .up, .upLeft, .upRight: return .top
        case .down, .downLeft, .downRight: return .bottom
        case .left: return .left
        case .right: return .right
        }
    }

    /// Horizontal component of the pointing direction: −1 left, 0, +1 right.
    public var dx: Double {
        switch self {
        case .left, .upLeft, .downLeft: return -1
        case .right, .upRight, .downRight: return 1
        case .up, .down: return 0
        }
    }

    /// Vertical component of the pointing direction (y down): −1 up, 0, +1 down.
    public var dy: Double {
        switch self {
        case .up, .upLeft, .upRight: return -1
        case .down, .downLeft, .downRight: return 1
        case .left, .right: return 0
        }
    }

    /// True for the four diagonal directions.
    public var isDiagonal: Bool { dx != 0 && dy != 0 }
}
