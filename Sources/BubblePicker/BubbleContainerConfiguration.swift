import BubblePhysics

/// What `maxSelected` does when one more bubble is selected.
public enum MaxSelectedPolicy: String, Hashable, Sendable, CaseIterable {
    /// The new selection is refused (`select` returns false, nothing changes).
    case refuse
    /// The oldest selection is deselected first, then the new one is selected.
    case deselectOldest
}

/// What a long press on a bubble does (a pointer resting on it for `longPressDuration`, or
/// `BubbleContainer.longPress(_:)` from a keyboard, a switch or an accessibility action).
public enum LongPressAction: String, Hashable, Sendable, CaseIterable {
    /// Reports `longPressed`, then removes the bubble (animated), like the browser playground.
    case remove
    /// Reports `longPressed` only; the app decides (a menu, a detail view).
    case reportOnly
    /// No long press: a resting pointer is just a press.
    case disabled
}

/// Every setting of a `BubbleContainer`, with documented defaults. Units are points and
/// seconds; y grows downward (UIKit). Any field may change mid-run through
/// `BubbleContainer.setConfiguration(_:)`.
public struct BubbleContainerConfiguration: Hashable, Sendable {
    // MARK: Container and field

    /// Container size in points. Default zero (bubbles wait until it has an area).
    public var size: Size = .zero
    /// Attraction anchor as a fraction of the size, (0.5, 0.5) is the centre. Default (0.5, 0.5).
    /// Must be finite; values outside 0...1 are legal (an off-screen anchor).
    public var anchor: Vector2 = Vector2(0.5, 0.5)
    /// Law of the attraction field. Default `.uniformSpring`: every bubble, whatever its size
    /// and density, is pulled as the reference bubble (`fieldReferenceMass`) is, so a crowd of
    /// small bubbles or of mixed sizes packs as snugly as one of stock bubbles. `.spring` is
    /// UIKit's spring field (the same force on every bubble: light ones are pulled harder and
    /// crushed under heavy ones); `.radialGravity` SpriteKit's radial gravity.
    public var fieldLaw: FieldLaw = .uniformSpring
    /// Spring laws: force per point of displacement (mass units / s²; mass = density × π × r²)
    /// — on every bubble with `.spring`, on a bubble of `fieldReferenceMass` with
    /// `.uniformSpring` (every other bubble gets the same acceleration, strength /
    /// `fieldReferenceMass` per point). Radial gravity: acceleration in points / s². Default
    /// 60,000: with `resistance` 7 every bubble is critically damped (ω = √(60,000 / 5,027) =
    /// 3.46 rad/s, ζ = 7 / 2ω = 1.01), so nothing overshoots; 20 default bubbles settle in
    /// under 2 s. The uniform spring reaches 6 of each bubble's radii (`AttractionField.reach`);
    /// beyond, the pull stays at its value there.
    public var fieldStrength: Double = 60_000
    /// Radial gravity only: distance in points inside which the pull fades to zero. Default 40.
    public var falloffRadius: Double = 40
    /// Linear damping per second of every bubble (`v /= 1 + h × resistance` per substep).
    /// Default 7 (see `fieldStrength`).
    public var resistance: Double = 7
    /// Density of selected bubbles (mass per pt²). Default 1.5: selected bubbles are denser.
    public var densitySelected: Double = 1.5
    /// Density of unselected bubbles (mass per pt²). Default 1.
    public var densityUnselected: Double = 1
    /// A horizontally scrolling picker has open left and right borders. Default false (solid).
    public var horizontalScroll: Bool = false
    /// A vertically scrolling picker has open top and bottom borders. Default false (solid).
    public var verticalScroll: Bool = false

    // MARK: Animations (simulated seconds; 0 = instant)

    /// Grow-in of an added bubble (scale 0 → 1, smoothstep). Default 0.25 s.
    public var growInDuration: Double = 0.25
    /// Diameter change on (de)selection (smoothstep between the two sizes). Default 0.2 s.
    public var selectionDuration: Double = 0.2
    /// Shrink-out of a removed bubble (scale 1 → 0, smoothstep, no collisions). Default 0.25 s.
    public var removalDuration: Double = 0.25

    // MARK: Selection

    /// Speed in points / s given to neighbours away from a newly selected bubble, at its rim;
    /// fades linearly to zero at `selectionPushReach`. Default 120.
    public var selectionPushSpeed: Double = 120
    /// How far the push reaches, in selected diameters from the bubble's centre. Default 1.5.
    public var selectionPushReach: Double = 1.5
    /// Most bubbles selected at once; nil for no limit. Default nil.
    public var maxSelected: Int? = nil
    /// What happens beyond `maxSelected`. Default `.refuse`.
    public var maxSelectedPolicy: MaxSelectedPolicy = .refuse

    // MARK: Cycling and randomness

    /// Most bubbles alive at once; adding one more removes the oldest (animated). Nil for no
    /// limit. Default nil.
    public var maxBubbles: Int? = nil
    /// Seed of every random choice (spawn corners, spawn jitter). Changing it reseeds. Default 0.
    public var seed: UInt64 = 0

    // MARK: Gestures

    /// Whether a drag on the background moves the anchor. Default true.
    public var backgroundScrollEnabled: Bool = true
    /// Largest pointer travel of a tap, points. Default 10.
    public var tapMaxDistance: Double = 10
    /// Longest press of a tap, seconds. Default 0.3.
    public var tapMaxDuration: Double = 0.3
    /// The flick velocity is the finger's mean velocity over this much of its latest motion,
    /// seconds; a finger still for half of it beyond `PickerConstants.liftLatency` has stopped
    /// and flicks nothing. Default 0.08.
    public var flickWindow: Double = 0.08
    /// Flick speed cap in diameters of the flicked bubble per second. Default 25 (2,000 pt/s
    /// for an 80 pt bubble).
    public var maxFlickSpeed: Double = 25
    /// Frequency of the critically damped spring that takes up how far a dragged bubble's
    /// neighbours or the borders held it back from the finger, Hz (the bubble moves with the
    /// finger's own motion besides). Default 8.
    public var dragFrequency: Double = 8
    /// Fraction of the way the anchor moves toward its target each step while the background is
    /// dragged or springs back, 0 < x ≤ 1. Default 0.2.
    public var anchorSmoothing: Double = 0.2
    /// How long a pointer rests on a bubble (moving no more than `tapMaxDistance`) before the
    /// long press fires, simulated seconds. Default 0.55.
    public var longPressDuration: Double = 0.55
    /// What a long press does. Default `.remove`.
    public var longPressAction: LongPressAction = .remove

    // MARK: Fit

    /// What the picker does when its bubbles need more room than the container has (see
    /// `FitPolicy`): scale them down, scroll, both, or nothing. Default `.scaleThenScroll`. It
    /// acts only above `BubbleContainer.fitFillFraction`, so a picker whose bubbles fit is
    /// untouched. The scroll axis is the one a scroll flag names (`horizontalScroll` or
    /// `verticalScroll` alone), else the container's longer axis.
    public var fitPolicy: FitPolicy = .scaleThenScroll
    /// Smallest scale `.scaleThenScroll` shrinks bubbles to before it scrolls, 0 < x ≤ 1 (a
    /// fraction of every bubble's own diameter). Default 0.6: an 80 pt bubble keeps 48 pt, room
    /// for an 11 pt label. `.scale` alone ignores it (it shrinks until the bubbles fit).
    public var fitMinimumScale: Double = 0.6
    /// While the fit policy scrolls the content, a drag on the background scrolls it (with
    /// momentum, like a scroll view) instead of moving the anchor. Default true; false keeps
    /// the anchor drag (`backgroundScrollEnabled`), and the app scrolls with `scroll(to:)`.
    public var backgroundDragScrolls: Bool = true

    /// Solver settings of the underlying world. Default `WorldConfiguration()`.
    public var physics: WorldConfiguration = WorldConfiguration()

    /// Every setting at its default.
    public init() {}

    /// The solid borders these scroll flags give: a scrolling axis has open borders.
    public var solidBorders: Borders {
        var borders = Borders.all
        if horizontalScroll { borders.subtract(.horizontal) }
        if verticalScroll { borders.subtract(.vertical) }
        return borders
    }
}

/// Geometry and physics the container derives from its settings.
extension BubbleContainerConfiguration {
    /// `point` moved inside the solid borders of the view rectangle by `radius` (to the middle
    /// when too small).
    func keptInside(_ point: Vector2, radius: Double) -> Vector2 {
        keptInside(point, radius: radius, in: Rect(origin: .zero, size: size))
    }

    /// `point` moved inside the solid borders of `rect` by `radius` (to the middle when too small).
    func keptInside(_ point: Vector2, radius: Double, in rect: Rect) -> Vector2 {
        var p = point
        let b = solidBorders
        if b.contains(.left) && p.x < rect.minX + radius { p.x = rect.minX + radius }
        if b.contains(.right) && p.x > rect.maxX - radius { p.x = rect.maxX - radius }
        if b.contains(.left) && b.contains(.right) && 2 * radius > rect.width { p.x = rect.minX + rect.width * 0.5 }
        if b.contains(.top) && p.y < rect.minY + radius { p.y = rect.minY + radius }
        if b.contains(.bottom) && p.y > rect.maxY - radius { p.y = rect.maxY - radius }
        if b.contains(.top) && b.contains(.bottom) && 2 * radius > rect.height { p.y = rect.minY + rect.height * 0.5 }
        return p
    }

    /// The mass of the bubble `fieldStrength` is tuned for with `.uniformSpring`: a stock
    /// 80 pt bubble at density 1, π × 40² ≈ 5,026.5 mass units.
    public static let fieldReferenceMass = 3.141592653589793 * 40 * 40

    /// The strength the physics world's field gets: `fieldStrength`, per unit of
    /// `fieldReferenceMass` with `.uniformSpring` (its strength is an acceleration per point).
    var physicsFieldStrength: Double {
        fieldLaw == .uniformSpring ? fieldStrength * (1 / Self.fieldReferenceMass) : fieldStrength
    }

    /// The density of a full-size bubble in this selection state.
    func density(selected: Bool) -> Double { selected ? densitySelected : densityUnselected }
}
