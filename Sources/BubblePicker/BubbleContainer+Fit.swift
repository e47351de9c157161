import BubblePhysics

/// The fit policy's state (see `FitPolicy`): not part of the configuration, it follows the
/// bubbles and the container step by step.
struct FitState: Hashable, Sendable {
    /// The scale every bubble is drawn and simulated at, 0 < x ≤ 1 (1: full size).
    var scale = 1.0
    /// How much longer the content is than the view along the scroll axis, points (≥ 0). The
    /// content extends half of it before the view's rest place and half after.
    var extra = 0.0
    /// The view's leading edge along the scroll axis, content points (0: the rest place).
    var offset = 0.0
    /// `offset` before the last step, for interpolated frames.
    var previousOffset = 0.0
    /// Scroll momentum along the axis, points per second (the offset's rate).
    var velocity = 0.0
    /// Whether the scroll axis was horizontal at the last update (a change resets the offset).
    var horizontal = false

    /// True when the state is the identity: full size, nothing to scroll, no momentum.
    var isIdentity: Bool { scale == 1 && extra == 0 && offset == 0 && velocity == 0 && previousOffset == 0 }
}

/// Fit: when the bubbles need more room than the container has, shrink them and/or let the
/// content grow along the scroll axis (see `FitPolicy`). Only + − × ÷ and √ in the step path.
extension BubbleContainer {
    /// Fill (the live bubbles' area at full size over the container's) above which the fit
    /// policy acts: 0.7. Random sizes of 20–80 pt settle apart at this density; past it the
    /// field presses them into one another (see the fit measurements of `bubblepicker bench fit`).
    public static var fitFillFraction: Double { 0.7 }

    /// How fast the fit scale and the content's length approach their targets, per second
    /// (95% of the way in half a second, like a resize animation).
    static var fitRate: Double { 6 }

    /// The scale every bubble is drawn and simulated at now: 1 unless the fit policy shrinks
    /// them (`fitMinimumScale`...1 with `.scaleThenScroll`). Frames carry it in each bubble's
    /// `diameter`; the bubbles' own (provider) diameters do not change.
    public var fitScale: Double { fit.scale }

    /// True when the fit policy scrolls along x: a lone `horizontalScroll`, or neither or both
    /// scroll flags and a container wider than tall. False: along y.
    public var scrollsHorizontally: Bool {
        let c = configuration
        if c.horizontalScroll != c.verticalScroll { return c.horizontalScroll }
        return c.size.width > c.size.height
    }

    /// The content's rectangle in world points: the view at its rest place (origin 0, 0),
    /// lengthened along the scroll axis while the fit policy scrolls.
    var contentRect: Rect {
        let size = configuration.size
        guard fit.extra > 0 else { return Rect(origin: .zero, size: size) }
        if fit.horizontal {
            return Rect(x: -fit.extra * 0.5, y: 0, width: size.width + fit.extra, height: size.height)
        }
        return Rect(x: 0, y: -fit.extra * 0.5, width: size.width, height: size.height + fit.extra)
    }

    /// The live bubbles' area at full size (selected ones at their grown size), pt².
    /// - Complexity: O(n).
    var liveBubbleArea: Double {
        var area = 0.0
        for motion in motions where motion.phase != .removing {
            area += 0.7853981633974483 * motion.diameterTo * motion.diameterTo
        }
        return area
    }

    /// The scale and extra length the policy heads for with `area` pt² of bubbles.
    func fitTargets(area: Double) -> (scale: Double, extra: Double) {
        let size = configuration.size, policy = configuration.fitPolicy
        guard policy != .none, size.hasArea, area > 0 else { return (1, 0) }
        let capacity = Self.fitFillFraction * size.width * size.height
        var scale = 1.0
        if policy.scales && area > capacity {
            scale = (capacity / area).squareRoot()
            let floor = policy == .scale ? BubbleContainerConfiguration.fitMinimumScaleRange.bounds.lowerBound
                                         : configuration.fitMinimumScale
            if scale < floor { scale = floor }
        }
        guard policy.scrolls else { return (scale, 0) }
        let horizontal = scrollsHorizontally
        let cross = horizontal ? size.height : size.width, along = horizontal ? size.width : size.height
        let needed = area * scale * scale / (Self.fitFillFraction * cross)
        // Less than a thousandth of a point (rounding where the scale exactly fills the view) is no scroll.
        var extra = needed - along > 1e-3 ? needed - along : 0
        if !(extra <= Self.maximumFitExtra) { extra = Self.maximumFitExtra }  // a sliver of a container (NaN too)
        return (scale, extra)
    }

    /// The most the content may outgrow the view, points: keeps every coordinate far inside the
    /// world's range however thin the container.
    static var maximumFitExtra: Double { 100_000_000 }

    /// One step of the fit: the scale and the content's length move toward their targets, the
    /// world's walls follow the content, and the scroll offset glides with its momentum.
    /// - Complexity: O(n) (the bubbles' area).
    mutating func updateFit() {
        guard configuration.fitPolicy != .none || !fit.isIdentity else { return }
        fit.previousOffset = fit.offset
        let target = fitTargets(area: liveBubbleArea)
        var k = configuration.physics.timeStep * Self.fitRate
        if k > 1 { k = 1 }
        fit.scale = Self.approach(fit.scale, target.scale, k, snap: 1e-6)
        fit.extra = Self.approach(fit.extra, target.extra, k, snap: 1e-3)
        applyContent()
        glide()
    }

    /// Sets the content's length at once to its target (a resize, a setting change); the scale
    /// keeps animating toward its own.
    mutating func snapFit() {
        fit.extra = fitTargets(area: liveBubbleArea).extra
        applyContent()
    }

    /// Moves every body proportionally from one content rectangle to another (a resize while
    /// the content scrolls). When the scroll axis turns (a rotation), the content is transposed:
    /// the old scroll axis maps onto the new one, so a long column becomes a long row with every
    /// bubble beside its old neighbours, instead of being squashed across and stretched along.
    mutating func respreadContent(from old: Rect, to new: Rect, transpose: Bool) {
        spreadReference = configuration.size
        let sx = BubbleContainer.respreadScale(new.width / (transpose ? old.height : old.width))
        let sy = BubbleContainer.respreadScale(new.height / (transpose ? old.width : old.height))
        for index in motions.indices {
            guard let body = motions[index].body else { continue }
            let p = world.position(of: body)
            let u = transpose ? p.y - old.minY : p.x - old.minX, v = transpose ? p.x - old.minX : p.y - old.minY
            let moved = Vector2(new.minX + u * sx, new.minY + v * sy)
            bounded(try world.setPosition(withinWorld(moved), of: body))
        }
        spawnWaitingBubbles()
    }

    /// The world's container becomes the content rectangle; the offset is kept within the scroll
    /// range. A content that shrinks carries the bodies beyond its new ends along, as a closing
    /// wall would, so no body is ever outside a solid border.
    /// - Complexity: O(1) while the content keeps or grows its length, O(n) when it shrinks.
    mutating func applyContent() {
        let horizontal = scrollsHorizontally
        if horizontal != fit.horizontal {
            fit.horizontal = horizontal
            fit.offset = 0
            fit.velocity = 0
        }
        let old = world.container.rect, new = contentRect
        bounded(try world.setContainer(Container(rect: new, solidBorders: configuration.solidBorders)))
        if Self.shrinks(from: old, to: new) { keepBodiesInside() }
        var field = world.field
        field.strength = fieldStrengthAlongContent
        bounded(try world.setField(field))
        let range = scrollRange
        if fit.offset < range.lowerBound { fit.offset = range.lowerBound; fit.velocity = 0 }
        if fit.offset > range.upperBound { fit.offset = range.upperBound; fit.velocity = 0 }
    }

    /// True when `new` leaves out some part of `old` (a wall moved inward).
    static func shrinks(from old: Rect, to new: Rect) -> Bool {
        new.minX > old.minX || new.minY > old.minY || new.maxX < old.maxX || new.maxY < old.maxY
    }

    /// Whether a configuration change moves the fit's targets (the content's length then
    /// snaps to its new target, as in a resize); other changes keep the fit animating.
    static func changesFit(from old: BubbleContainerConfiguration, to new: BubbleContainerConfiguration) -> Bool {
        new.size != old.size || new.fitPolicy != old.fitPolicy || new.fitMinimumScale != old.fitMinimumScale
            || new.horizontalScroll != old.horizontalScroll || new.verticalScroll != old.verticalScroll
    }

    /// The field's strength while the content is longer than the view: the configured strength
    /// times view length / content length, so a long column of bubbles presses on its middle no
    /// harder than a view's worth does (a full-strength pull packs a long column into overlap).
    var fieldStrengthAlongContent: Double {
        let base = configuration.physicsFieldStrength
        guard fit.extra > 0 else { return base }
        let along = fit.horizontal ? configuration.size.width : configuration.size.height
        return base * along / (along + fit.extra)
    }

    /// `value` moved `k` of the way to `target`, landing on it once within `snap`.
    static func approach(_ value: Double, _ target: Double, _ k: Double, snap: Double) -> Double {
        let next = value + (target - value) * k
        let gap = target - next
        return gap < snap && gap > -snap ? target : next
    }

    /// True while the fit still animates or the content glides (the picker does not rest).
    var fitIsMoving: Bool {
        guard configuration.fitPolicy != .none || !fit.isIdentity else { return false }
        let target = fitTargets(area: liveBubbleArea)
        return fit.velocity != 0 || fit.scale != target.scale || fit.extra != target.extra
    }
}
