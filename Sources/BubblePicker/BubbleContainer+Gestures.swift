import BubblePhysics

/// One pointer at a time, in container points with times in seconds (simulated time from the
/// caller; the container reads no clock). Events with non-finite values are ignored, and so is
/// a second `pointerDown` while a gesture is active.
///
/// - Tap: down and up on the same bubble within `tapMaxDistance` (10 pt) and `tapMaxDuration`
///   (0.3 s) toggles it, exactly like `toggle(_:)`.
/// - Drag on a bubble (moved beyond `tapMaxDistance`): the bubble stays dynamic, leaves the
///   field, and is pulled to the finger (keeping the grab offset) by a critically damped spring
///   of `dragFrequency` (8 Hz), integrated implicitly each step and capped at the flick speed,
///   so it cannot launch neighbours. Solid borders hold it.
/// - Release: the bubble rejoins the field with the finger's velocity: the mean velocity from
///   the oldest sample within `flickWindow` (0.08 s) before the last one to the last one (the
///   previous sample when only one is that recent), capped at `maxFlickSpeed` diameters per
///   second. Times that do not increase give zero velocity. An up at exactly the last moved
///   point within `PickerConstants.releaseGrace` (0.05 s) of that move is how UIKit reports
///   lifting a moving finger (`touchesEnded` a frame later, at the last point): it ends the
///   motion without diluting its speed. A finger that rests longer before lifting flicks nothing.
/// - Drag on the background (when `backgroundScrollEnabled`): the anchor target moves with the
///   finger (start anchor + translation / size, may leave 0...1 but is held within
///   `BubbleContainerConfiguration.anchorRange`); the anchor follows it smoothly
///   (`anchorSmoothing` per step). On release the target is clamped into 0...1, becomes
///   `configuration.anchor`, and the anchor springs back to it.
///
/// Every finite coordinate and time is accepted (a huge one simply moves far); non-finite ones
/// are ignored.
extension BubbleContainer {
    /// A finger touches down at `point` (points) at `time` (simulated seconds): on a bubble it
    /// starts a tap or drag, on the background a background drag (or nothing when
    /// `backgroundScrollEnabled` is off). Ignored while another gesture is active. Wakes a
    /// resting picker, except for a background touch that does nothing.
    /// - Complexity: O(n) (the hit test).
    public mutating func pointerDown(at point: Vector2, time: Double) {
        guard point.isFinite, time.isFinite, gesture == .idle else { return }
        let sample = PointerSample(point: point, time: time)
        if let index = hitIndex(point) {
            gesture = .bubble(BubbleGesture(id: allBubbles[index].id, down: sample, samples: [sample],
                                            isDragging: false, grabOffset: .zero, finger: point))
        } else if configuration.backgroundScrollEnabled {
            gesture = .background(BackgroundGesture(down: sample, startAnchor: anchorTarget, trail: [point]))
        } else {
            gesture = .ignored
        }
        if gesture != .ignored { wake() }
    }

    /// The finger moved to `point` at `time`: drags the bubble (once beyond `tapMaxDistance`)
    /// or moves the anchor target. Ignored when no gesture is active.
    /// - Complexity: O(1).
    public mutating func pointerMoved(at point: Vector2, time: Double) {
        guard point.isFinite, time.isFinite, gesture != .idle else { return }
        if gesture != .ignored { wake() }
        switch gesture {
        case .bubble(var drag):
            appendSample(PointerSample(point: point, time: time), into: &drag)
            if !drag.isDragging && (point - drag.down.point).length > configuration.tapMaxDistance {
                beginDrag(&drag)
            }
            gesture = .bubble(drag)
        case .background(var drag):
            moveAnchorTarget(drag, finger: point)
            drag.trail.append(point)
            if drag.trail.count > PickerConstants.sampleLimit { drag.trail.removeFirst() }
            gesture = .background(drag)
        case .idle, .ignored:
            break
        }
    }

    /// The finger lifted at `point` at `time`: ends a tap (toggling the bubble), a drag
    /// (flicking the bubble with the finger's velocity) or a background drag (the anchor springs
    /// back inside). Ignored when no gesture is active.
    /// - Complexity: O(1), plus a selection's cost for a tap.
    public mutating func pointerUp(at point: Vector2, time: Double) {
        guard point.isFinite, time.isFinite, gesture != .idle else { return }
        if gesture != .ignored { wake() }
        let ending = gesture
        gesture = .idle
        switch ending {
        case .bubble(var drag):
            if !BubbleContainer.endsMotion(at: point, time: time, after: drag.samples.last) {
                appendSample(PointerSample(point: point, time: time), into: &drag)
            }
            if drag.isDragging {
                release(drag)
            } else if (point - drag.down.point).length <= configuration.tapMaxDistance
                        && time - drag.down.time <= configuration.tapMaxDuration {
                toggle(drag.id)
            }
        case .background(let drag):
            moveAnchorTarget(drag, finger: point)
            anchorTarget = Vector2(BubbleContainer.unitClamp(anchorTarget.x), BubbleContainer.unitClamp(anchorTarget.y))
            configuration.anchor = anchorTarget
        case .idle, .ignored:
            break
        }
    }

    /// UIKit's way of lifting a moving finger: the up at the last moved point, within a frame or two.
    static func endsMotion(at point: Vector2, time: Double, after last: PointerSample?) -> Bool {
        guard let last, last.point == point else { return false }
        return time - last.time <= PickerConstants.releaseGrace
    }

    /// Ends the gesture without a tap or a flick (a dragged bubble keeps its current velocity;
    /// a dragged anchor springs back inside 0...1).
    public mutating func pointerCancelled() {
        guard gesture != .idle else { return }
        if gesture != .ignored { wake() }
        switch gesture {
        case .bubble(let drag): endGesture(ifOn: drag.id)
        case .background:
            anchorTarget = Vector2(BubbleContainer.unitClamp(anchorTarget.x), BubbleContainer.unitClamp(anchorTarget.y))
            configuration.anchor = anchorTarget
        case .idle, .ignored: break
        }
        gesture = .idle
    }

    /// The bubble being dragged, if any.
    public var draggedBubble: BubbleID? {
        if case .bubble(let drag) = gesture, drag.isDragging { return drag.id }
        return nil
    }

    /// True while a pointer is down.
    public var isPointerDown: Bool { gesture != .idle }

    func isDragged(_ id: BubbleID) -> Bool { draggedBubble == id }

    static func unitClamp(_ value: Double) -> Double { value < 0 ? 0 : (value > 1 ? 1 : value) }

    func appendSample(_ sample: PointerSample, into drag: inout BubbleGesture) {
        drag.samples.append(sample)
        if drag.samples.count > PickerConstants.sampleLimit { drag.samples.removeFirst() }
        drag.finger = sample.point
    }

    mutating func beginDrag(_ drag: inout BubbleGesture) {
        guard let index = indexByID[drag.id], let body = motions[index].body else { return }
        drag.isDragging = true
        drag.grabOffset = world.position(of: body) - drag.down.point
        world.setAttracted(false, of: body)
    }

    mutating func moveAnchorTarget(_ drag: BackgroundGesture, finger: Vector2) {
        let size = configuration.size
        guard size.hasArea else { return }
        let translation = finger - drag.down.point
        let target = drag.startAnchor + Vector2(translation.x / size.width, translation.y / size.height)
        let range = BubbleContainerConfiguration.anchorRange
        // Huge or overflowing finger travel: held at the anchor range (NaN keeps the old target).
        if !target.x.isNaN { anchorTarget.x = range.clamped(target.x) }
        if !target.y.isNaN { anchorTarget.y = range.clamped(target.y) }
    }

    /// Hands the bubble back to the field with the finger's (capped) velocity.
    mutating func release(_ drag: BubbleGesture) {
        guard let index = indexByID[drag.id], let body = motions[index].body else { return }
        world.setAttracted(true, of: body)
        bounded(try world.setVelocity(capped(flickVelocity(drag.samples), diameter: currentDiameter(motions[index])), of: body))
    }

    /// Mean finger velocity over the last `flickWindow` seconds of samples.
    func flickVelocity(_ samples: [PointerSample]) -> Vector2 {
        guard let last = samples.last, samples.count >= 2 else { return .zero }
        var first = samples[samples.count - 2]
        for sample in samples.dropLast().reversed() where last.time - sample.time <= configuration.flickWindow {
            first = sample
        }
        let dt = last.time - first.time
        guard dt > 0 else { return .zero }
        let velocity = (last.point - first.point) / dt
        return velocity.isFinite ? velocity : .zero
    }

    /// `velocity` with its length capped at `maxFlickSpeed × diameter`.
    func capped(_ velocity: Vector2, diameter: Double) -> Vector2 {
        let limit = configuration.maxFlickSpeed * diameter
        let speed = velocity.length
        guard speed.isFinite else { return .zero }
        return speed > limit ? velocity * (limit / speed) : velocity
    }

    /// Each step: the dragged body's velocity from an implicit critically damped spring toward
    /// finger + grab offset: v' = (v − h ω² (x − target)) / (1 + 2 h ω + h² ω²).
    mutating func driveDraggedBody() {
        guard case .bubble(let drag) = gesture, drag.isDragging,
              let index = indexByID[drag.id], let body = motions[index].body else { return }
        let h = configuration.physics.timeStep
        let omega = 2 * 3.141592653589793 * configuration.dragFrequency
        let target = drag.finger + drag.grabOffset
        let v = world.velocity(of: body), x = world.position(of: body)
        let next = (v - (x - target) * (h * omega * omega)) / (1 + 2 * h * omega + h * h * omega * omega)
        bounded(try world.setVelocity(capped(next, diameter: currentDiameter(motions[index])), of: body))
    }

    /// Folds the gesture into the state hash.
    var gestureHash: UInt64 {
        var hasher = StateHasher()
        switch gesture {
        case .idle: hasher.combine(UInt64(0))
        case .ignored: hasher.combine(UInt64(1))
        case .background(let drag):
            hasher.combine(UInt64(2))
            for value in [drag.down.point.x, drag.down.point.y, drag.down.time, drag.startAnchor.x, drag.startAnchor.y] {
                hasher.combine(value)
            }
        case .bubble(let drag):
            hasher.combine(UInt64(3) | UInt64(drag.isDragging ? 4 : 0))
            hasher.combine(UInt64(bitPattern: Int64(drag.id.rawValue)))
            for sample in drag.samples { hasher.combine(sample.point.x); hasher.combine(sample.point.y); hasher.combine(sample.time) }
            for value in [drag.grabOffset.x, drag.grabOffset.y, drag.finger.x, drag.finger.y] { hasher.combine(value) }
        }
        return hasher.value
    }

    /// The gesture in progress as a renderer shows it.
    var pointerSnapshot: PointerSnapshot? {
        switch gesture {
        case .idle: return nil
        case .ignored: return nil
        case .bubble(let drag):
            return PointerSnapshot(location: drag.finger, trail: drag.samples.map { $0.point },
                                   target: .bubble(drag.id), isDragging: drag.isDragging)
        case .background(let drag):
            return PointerSnapshot(location: drag.trail.last ?? drag.down.point, trail: drag.trail,
                                   target: .background, isDragging: true)
        }
    }
}
