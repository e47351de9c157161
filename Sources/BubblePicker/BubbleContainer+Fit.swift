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
    /// The container's sides count less a wall loss (`fitWallLoss`).
    public static var fitFillFraction: Double { 0.7 }

    /// The length each side of the container loses to its walls for the fill, in bubble
    /// diameters (the live bubbles' root-mean-square diameter at the fit scale): 0.25. A row of
    /// discs along a wall covers π/4 of its strip where a packed interior covers ~0.9, about a
    /// quarter diameter per axis. Negligible for many small bubbles (a phone with 200: ~2%); it
    /// decides when a few large ones fill a small box (10 of 80 pt in 200 × 200 at the bare fill
    /// would need discs wider than the best packing of 10 allows).
    static var fitWallLoss: Double { 0.25 }

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

    /// The live bubbles' area at full size (selected ones at their grown size), pt², and
    /// their count.
    /// - Complexity: O(n).
    var liveBubbleArea: (area: Double, count: Int) {
        var area = 0.0, count = 0
        for motion in motions where motion.phase != .removing {
            area += 0.7853981633974483 * motion.diameterTo * motion.diameterTo
            count += 1
        }
        return (area, count)
    }

    /// The scale and extra length the policy heads for with `live.count` bubbles of `live.area`
    /// pt² at full size: the largest scale `s` (≤ 1) at which `area·s²` is the fill of the
    /// container less its walls, `f·(W − k·D·s)·(H − k·D·s)` (`f` = `fitFillFraction`, `k` =
    /// `fitWallLoss`, `D` the root-mean-square diameter), then the content's length along the
    /// scroll axis that holds them at that fill.
    func fitTargets(_ live: (area: Double, count: Int)) -> (scale: Double, extra: Double) {
        let size = configuration.size, policy = configuration.fitPolicy, area = live.area
        guard policy != .none, size.hasArea, area > 0, live.count > 0 else { return (1, 0) }
        let f = Self.fitFillFraction
        let wall = Self.fitWallLoss * (area / (0.7853981633974483 * Double(live.count))).squareRoot()  // k·D
        var scale = 1.0
        if policy.scales {
            // a·s² + b·s − c = 0 for the fill above; a > 0 since a disc covers more than f·k² of
            // its diameter's square. The root, in the form without cancellation: 2c / (b + √(b² + 4ac)).
            let a = area - f * wall * wall, b = f * wall * (size.width + size.height), c = f * size.width * size.height
            let fitting = a > 0 ? 2 * c / (b + (b * b + 4 * a * c).squareRoot()) : 1
            if fitting < 1 {
                scale = fitting
                let floor = policy == .scale ? BubbleContainerConfiguration.fitMinimumScaleRange.bounds.lowerBound
                                             : configuration.fitMinimumScale
                if scale < floor { scale = floor }
            }
        }
        guard policy.scrolls else { return (scale, 0) }
        let horizontal = scrollsHorizontally
        let cross = horizontal ? size.height : size.width, along = horizontal ? size.width : size.height
        // The walls take at most half of a strip narrower than the bubbles.
        let loss = wall * scale < cross * 0.5 ? wall * scale : cross * 0.5
        let needed = area * scale * scale / (f * (cross - loss)) + loss
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
        let target = fitTargets(liveBubbleArea)
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
        fit.extra = fitTargets(liveBubbleArea).extra
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
        keepOffsetInRange()
    }

    /// Brings the offset inside `scrollRange` (which follows the bubbles), stopping a glide that
    /// reached its end. A step clamps before the world moves, so resting clamps once more.
    /// - Complexity: as `scrollRange`.
    mutating func keepOffsetInRange() {
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
        let target = fitTargets(liveBubbleArea)
        return fit.velocity != 0 || fit.scale != target.scale || fit.extra != target.extra
    }
}
