import BubblePhysics

/// A background drag that scrolls: the offset when it began and the finger's samples (view
/// points) for the release's momentum.
struct ScrollDrag: Hashable, Sendable {
    var startOffset: Double
    var samples: [PointerSample]
}

/// Scrolling: while the fit policy lengthens the content (see `FitPolicy`), the view shows one
/// container-sized window of it. Frames, hit tests, `center(of:)` and pointer calls are in view
/// points (the container's own rectangle); the world keeps content points. A background drag
/// scrolls with the finger and glides on release, slowing like a scroll view (the speed falls
/// by e² per second, UIKit's normal deceleration); the offset never leaves `scrollRange`.
extension BubbleContainer {
    /// Deceleration of a gliding scroll, per second (`v /= 1 + h × rate` per step).
    static var scrollDeceleration: Double { 2 }
    /// A glide slower than this stops, points per second.
    static var scrollStopSpeed: Double { 4 }
    /// Fastest glide, points per second.
    static var scrollMaxSpeed: Double { 8_000 }

    /// How far the view has scrolled from its rest place, points, along the scroll axis (x when
    /// `scrollsHorizontally`, else y); the other component is 0. A view point `p` shows the
    /// content at `p + scrollOffset` (content points: the view's rest place is 0...size).
    public var scrollOffset: Vector2 { offsetVector(fit.offset) }

    /// Room kept beyond the outermost bubble at either end of the scroll range, points.
    static var scrollEndMargin: Double { 8 }

    /// The range `scrollOffset` may take along the scroll axis: 0...0 while nothing scrolls.
    /// It follows the content: from the first bubble's leading edge to the last one's trailing
    /// edge (with `scrollEndMargin`), within the content's walls, always including the view's
    /// rest place (0); with the axis' borders open (a scroll flag) it covers every bubble.
    /// - Complexity: O(n) while the content is longer than the view or the axis is open; else O(1).
    public var scrollRange: ClosedRange<Double> {
        let open = fit.horizontal ? !configuration.solidBorders.isSuperset(of: .horizontal)
                                  : !configuration.solidBorders.isSuperset(of: .vertical)
        let scrollsOpen = open && configuration.fitPolicy.scrolls
        guard fit.extra > 0 || scrollsOpen else { return 0...0 }
        let along = fit.horizontal ? configuration.size.width : configuration.size.height
        var first = Double.infinity, last = -Double.infinity
        for motion in motions where motion.phase != .removing {
            guard let body = motion.body else { continue }
            let p = world.position(of: body), r = world.radius(of: body)
            let c = fit.horizontal ? p.x : p.y
            if c - r < first { first = c - r }
            if c + r > last { last = c + r }
        }
        guard first <= last else { return 0...0 }
        var lower = first - Self.scrollEndMargin, upper = last + Self.scrollEndMargin - along
        if !scrollsOpen {
            if lower < -fit.extra * 0.5 { lower = -fit.extra * 0.5 }
            if upper > fit.extra * 0.5 { upper = fit.extra * 0.5 }
        }
        return (lower < 0 ? lower : 0)...(upper > 0 ? upper : 0)
    }

    /// True while there is content beyond the view to scroll to.
    public var canScroll: Bool { let r = scrollRange; return r.upperBound > r.lowerBound }

    /// The content's rectangle in view points: the view's rectangle lengthened over
    /// `scrollRange` (the container's rectangle when nothing scrolls).
    /// - Complexity: as `scrollRange`.
    public var scrolledContentRect: Rect {
        let content = scrolledExtent, o = scrollOffset
        return Rect(x: content.minX - o.x, y: content.minY - o.y, width: content.width, height: content.height)
    }

    /// The view's rectangle lengthened over `scrollRange`, content points.
    var scrolledExtent: Rect {
        let size = configuration.size, range = scrollRange
        let length = range.upperBound - range.lowerBound
        return fit.horizontal ? Rect(x: range.lowerBound, y: 0, width: size.width + length, height: size.height)
                              : Rect(x: 0, y: range.lowerBound, width: size.width, height: size.height + length)
    }

    /// Scrolls to `offset` points along the scroll axis (clamped to `scrollRange`), stopping
    /// any glide. Ignores a non-finite offset.
    /// - Complexity: O(1) (O(n) with open borders).
    public mutating func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        let range = scrollRange
        let clamped = offset < range.lowerBound ? range.lowerBound : (offset > range.upperBound ? range.upperBound : offset)
        fit.velocity = 0
        guard clamped != fit.offset else { return }
        wake()
        fit.offset = clamped
    }

    /// Scrolls by `delta` points along the scroll axis (a wheel, a keyboard page), clamped.
    public mutating func scroll(by delta: Double) {
        guard delta.isFinite else { return }
        scroll(to: fit.offset + delta)
    }

    /// Scrolls the least distance that shows bubble `id` whole (or centred when it is larger
    /// than the view), as keyboard focus does. Returns false for an unknown or waiting bubble.
    /// - Complexity: O(1) (O(n) with open borders).
    @discardableResult
    public mutating func scrollIntoView(_ id: BubbleID) -> Bool {
        guard let index = indexByID[id], let body = motions[index].body else { return false }
        let p = world.position(of: body), r = world.radius(of: body)
        let along = fit.horizontal ? configuration.size.width : configuration.size.height
        let c = fit.horizontal ? p.x : p.y
        var target = fit.offset
        if 2 * r >= along { target = c - along * 0.5 }
        else if c - r < fit.offset { target = c - r }
        else if c + r > fit.offset + along { target = c + r - along }
        scroll(to: target)
        return true
    }

    /// A point in view points as a content point.
    func contentPoint(_ viewPoint: Vector2) -> Vector2 { viewPoint + scrollOffset }

    func offsetVector(_ offset: Double) -> Vector2 { fit.horizontal ? Vector2(offset, 0) : Vector2(0, offset) }

    /// The scroll offset `t` of the way from before the last step to now.
    func interpolatedScrollOffset(_ t: Double) -> Vector2 {
        offsetVector(t < 1 ? fit.previousOffset + (fit.offset - fit.previousOffset) * t : fit.offset)
    }

    /// One step of momentum: the offset moves with the glide, which slows and stops.
    mutating func glide() {
        guard fit.velocity != 0 else { return }
        let h = configuration.physics.timeStep
        fit.velocity = fit.velocity / (1 + h * Self.scrollDeceleration)
        let speed = fit.velocity < 0 ? -fit.velocity : fit.velocity
        if speed < Self.scrollStopSpeed { fit.velocity = 0; return }
        let range = scrollRange
        var next = fit.offset + fit.velocity * h
        if next < range.lowerBound { next = range.lowerBound; fit.velocity = 0 }
        if next > range.upperBound { next = range.upperBound; fit.velocity = 0 }
        fit.offset = next
    }

    // MARK: Background drags

    /// Whether a background drag starting now scrolls the content (rather than moving the anchor).
    var backgroundDragScrollsNow: Bool {
        configuration.fitPolicy.scrolls && configuration.backgroundDragScrolls && canScroll
    }

    /// The gesture of a pointer going down on the background at `sample` (view points): a
    /// scroll (stopping any glide, as a finger on a scroll view does), an anchor drag, or nothing.
    mutating func backgroundGesture(_ sample: PointerSample) -> GestureState {
        if backgroundDragScrollsNow {
            fit.velocity = 0
            var drag = BackgroundGesture(down: sample, startAnchor: anchorTarget, trail: [sample.point])
            drag.scroll = ScrollDrag(startOffset: fit.offset, samples: [sample])
            return .background(drag)
        }
        guard configuration.backgroundScrollEnabled else { return .ignored }
        return .background(BackgroundGesture(down: sample, startAnchor: anchorTarget, trail: [sample.point]))
    }

    /// While the content scrolls, a finger that went down on a bubble and moves beyond
    /// `tapMaxDistance` scrolls (as in a scroll view of buttons, Apple Music's picker) rather
    /// than dragging the bubble: in a packed scrolling picker nearly every touch lands on a
    /// bubble. The new scroll gesture, already moved to `finger` (view points); nil when the
    /// drag stays a bubble drag (nothing scrolls, `backgroundDragScrolls` is off, the finger is
    /// within the tap distance, or another pointer already drags the background).
    mutating func scrollInstead(of drag: BubbleGesture, finger: Vector2, time: Double) -> GestureState? {
        guard !drag.isDragging, !drag.longPressed, backgroundDragScrollsNow,
              (contentPoint(finger) - drag.down.point).length > configuration.tapMaxDistance,
              !pointers.contains(where: { $0.gesture.isBackground }) else { return nil }
        let offset = scrollOffset
        let down = PointerSample(point: drag.down.point - offset, time: drag.down.time)
        var scroll = BackgroundGesture(down: down, startAnchor: anchorTarget, trail: drag.samples.map { $0.point - offset })
        scroll.scroll = ScrollDrag(startOffset: fit.offset, samples: drag.samples.map { PointerSample(point: $0.point - offset, time: $0.time) })
        fit.velocity = 0
        moveBackground(&scroll, finger: finger, time: time)
        scroll.trail.append(finger)
        return .background(scroll)
    }

    /// A background drag's finger moved to `finger` (view points) at `time`.
    mutating func moveBackground(_ drag: inout BackgroundGesture, finger: Vector2, time: Double) {
        guard var scrolling = drag.scroll else {
            moveAnchorTarget(drag, finger: finger)
            return
        }
        scrolling.samples.append(PointerSample(point: finger, time: time))
        if scrolling.samples.count > PickerConstants.sampleLimit { scrolling.samples.removeFirst() }
        let moved = finger - drag.down.point
        scroll(to: scrolling.startOffset - (fit.horizontal ? moved.x : moved.y))
        drag.scroll = scrolling
    }

    /// A background drag ended (`flick`: lifted, so a scroll glides on with the finger's speed).
    mutating func endBackground(_ drag: BackgroundGesture, flick: Bool) {
        guard let scrolling = drag.scroll else {
            settleAnchorTarget()
            return
        }
        guard flick else { return }
        let v = flickVelocity(scrolling.samples)
        var speed = -(fit.horizontal ? v.x : v.y)
        if !speed.isFinite { speed = 0 }
        if speed > Self.scrollMaxSpeed { speed = Self.scrollMaxSpeed }
        if speed < -Self.scrollMaxSpeed { speed = -Self.scrollMaxSpeed }
        fit.velocity = (speed < Self.scrollStopSpeed && speed > -Self.scrollStopSpeed) ? 0 : speed
    }
}
