/// What a picker does when its bubbles need more room than the container has: when their area
/// passes `BubbleContainer.fitFillFraction` of the container's, a packing density at which
/// random sizes still lie apart.
public enum FitPolicy: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the bubbles crowd and overlap (the behaviour before fit policies; for replays).
    case none
    /// Every bubble shrinks (drawn and physical size together, mass following) until they fit,
    /// as d3-force users shrink radii; labels that no longer fit are shortened or hidden.
    case scale
    /// Bubbles keep their size; the content grows along the scroll axis and scrolls (Apple
    /// Music's picker).
    case scroll
    /// Shrink down to `fitMinimumScale`, then scroll. The default.
    case scaleThenScroll

    /// Whether the policy shrinks bubbles.
    public var scales: Bool { self == .scale || self == .scaleThenScroll }
    /// Whether the policy scrolls.
    public var scrolls: Bool { self == .scroll || self == .scaleThenScroll }
}
