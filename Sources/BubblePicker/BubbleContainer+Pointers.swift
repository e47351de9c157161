import BubblePhysics

/// Pointers (fingers, a mouse, a pen) in container points with times in seconds (simulated time
/// from the caller; the container reads no clock). Each pointer has an identity the caller
/// chooses (any `Int` unique among the pointers down: a counter per `UITouch`, a DOM
/// `pointerId`); calls without one use pointer 0, so one-finger code needs no identities. The
/// four calls have one verb form everywhere (here, in the scenario format and in the playground):
/// `pointerDown`, `pointerMove`, `pointerUp`, `pointerCancel`. `BubblePickerDriver` maps a
/// display clock's touch timestamps onto these times.
///
/// - Tap: down and up on the same bubble within `tapMaxDistance` (10 pt) and `tapMaxDuration`
///   (0.3 s) toggles it, exactly like `toggle(_:)`.
/// - Long press: a pointer resting on a bubble for `longPressDuration` (0.55 s of simulated
///   time, checked at every step) without moving beyond `tapMaxDistance` reports `longPressed`
///   and performs `longPressAction` (remove by default, which ends the gesture).
/// - Drag on a bubble (moved beyond `tapMaxDistance`): the bubble stays dynamic, leaves the
///   field and its resistance, and follows the finger (keeping the grab offset): each step it
///   moves with the finger's own motion over that step, weighing `PickerConstants.dragMassRatio`
///   (30) times its mass so neighbours give way, and a critically damped spring of
///   `dragFrequency` (8 Hz), integrated implicitly, takes up what neighbours and borders held
///   back; its speed is capped at the flick speed, so it cannot launch neighbours. In free
///   space it ends each step on the finger's latest point, so the frame drawn (interpolated) is
///   about one step behind.
///   Solid borders hold it. Several pointers drag several bubbles at once; a pointer that goes
///   down on a bubble another pointer holds does nothing.
/// - Release: the bubble rejoins the field with the finger's velocity, as UIKit's pan reports
///   it: the mean velocity over the last `flickWindow` (0.08 s) of the finger's motion (from the
///   oldest sample that recent to the last moving one; the newest earlier sample when none is
///   that recent; samples at the last one's time are looked past), capped at `maxFlickSpeed`
///   diameters per second. A finger that rested before lifting has stopped: an up at the last
///   point within `PickerConstants.liftLatency` of the last move keeps the whole speed, which
///   then fades linearly to nothing over the next `flickWindow` / 2 of stillness (a rest of
///   `liftLatency + flickWindow / 2` or more throws nothing). An up at another point is the last
///   move.
/// - Drag on the background (when `backgroundScrollEnabled`): the anchor target moves with the
///   finger (start anchor + translation / size, may leave 0...1 but is held within
///   `BubbleContainerConfiguration.anchorRange`); the anchor follows it smoothly
///   (`anchorSmoothing` per step). On release the target is clamped into 0...1, becomes
///   `configuration.anchor`, and the anchor springs back to it. Only the first pointer on the
///   background moves the anchor; a second one does nothing, so two fingers never fight.
///
/// Every finite coordinate and time is accepted (a huge one simply moves far); non-finite ones
/// are ignored, and so is a `pointerDown` for a pointer already down or beyond
/// `maximumPointers`, and a move, up or cancel for a pointer that is not down.
extension BubbleContainer {
    /// Most pointers down at once; further `pointerDown`s are ignored until one lifts.
    public static var maximumPointers: Int { 16 }

    /// A pointer touches down at `point` (points) at `time` (simulated seconds): on a bubble it
    /// starts a tap, long press or drag, on the background a background drag (or nothing when
    /// `backgroundScrollEnabled` is off, or another pointer already drags the background).
    /// Wakes a resting picker, except for a touch that does nothing.
    /// - Parameters:
    ///   - id: the pointer's identity, unique among the pointers down (default 0).
    ///   - point: where it touches, container points.
    ///   - time: when, simulated seconds (any time base the pointer's later samples share).
    ///   - interpolation: the fraction the frame on screen was drawn at (see
    ///     `frame(interpolation:)`), so the touch hits the bubble drawn under it; 1 (the
    ///     default) hit-tests the state after the last step.
    /// - Complexity: O(n) (the hit test) + O(pointers).
    public mutating func pointerDown(id: Int = 0, at point: Vector2, time: Double, interpolation: Double = 1) {
        guard point.isFinite, time.isFinite, pointerIndex(id) == nil, pointers.count < Self.maximumPointers else { return }
        let sample = PointerSample(point: contentPoint(point), time: time)
        var gesture = GestureState.ignored
        if let index = hitIndex(sample.point, interpolation: interpolation) {
            let id = allBubbles[index].id
            if !isHeld(id) {
                gesture = .bubble(BubbleGesture(id: id, down: sample, samples: [sample], isDragging: false,
                                                grabOffset: .zero, finger: sample.point, pressStart: self.time))
            }
        } else if !pointers.contains(where: { $0.gesture.isBackground }) {
            gesture = backgroundGesture(PointerSample(point: point, time: time))  // view points
        }
        pointers.append(ActivePointer(id: id, gesture: gesture))
        if gesture != .ignored { wake() }
    }

    /// Pointer `id` moved to `point` at `time`: drags its bubble (once beyond `tapMaxDistance`)
    /// or moves the anchor target. Ignored when that pointer is not down.
    /// - Complexity: O(pointers).
    public mutating func pointerMove(id: Int = 0, at point: Vector2, time: Double) {
        guard point.isFinite, time.isFinite, let index = pointerIndex(id) else { return }
        switch pointers[index].gesture {
        case .bubble(var drag):
            wake()
            if let scrolling = scrollInstead(of: drag, finger: point, time: time) {  // see BubbleContainer+Scroll
                pointers[index].gesture = scrolling
                return
            }
            let point = contentPoint(point)
            appendSample(PointerSample(point: point, time: time), into: &drag)
            if !drag.isDragging && (point - drag.down.point).length > configuration.tapMaxDistance {
                beginDrag(&drag)
            }
            pointers[index].gesture = .bubble(drag)
        case .background(var drag):
            wake()
            moveBackground(&drag, finger: point, time: time)
            drag.trail.append(point)
            if drag.trail.count > PickerConstants.sampleLimit { drag.trail.removeFirst() }
            pointers[index].gesture = .background(drag)
        case .ignored:
            break
        }
    }

    /// Pointer `id` lifted at `point` at `time`: ends a tap (toggling the bubble), a drag
    /// (flicking the bubble with the finger's velocity) or a background drag (the anchor springs
    /// back inside). Ignored when that pointer is not down.
    /// - Complexity: O(pointers), plus a selection's cost for a tap.
    public mutating func pointerUp(id: Int = 0, at point: Vector2, time: Double) {
        guard point.isFinite, time.isFinite, let index = pointerIndex(id) else { return }
        let ending = pointers.remove(at: index).gesture
        switch ending {
        case .bubble(var drag):
            wake()
            let point = contentPoint(point)
            if drag.samples.last?.point != point {
                appendSample(PointerSample(point: point, time: time), into: &drag)
            }
            if drag.isDragging {
                release(drag, liftTime: time)
            } else if !drag.longPressed && (point - drag.down.point).length <= configuration.tapMaxDistance
                        && time - drag.down.time <= configuration.tapMaxDuration {
                toggle(drag.id)
            }
        case .background(var drag):
            wake()
            moveBackground(&drag, finger: point, time: time)
            endBackground(drag, flick: true)
        case .ignored:
            break
        }
    }

    /// Ends pointer `id`'s gesture without a tap or a flick (a dragged bubble keeps its current
    /// velocity; a dragged anchor springs back inside 0...1): the system took the touch.
    /// - Complexity: O(pointers).
    public mutating func pointerCancel(id: Int) {
        guard let index = pointerIndex(id) else { return }
        let ending = pointers.remove(at: index).gesture
        switch ending {
        case .bubble(let drag):
            wake()
            releaseWithoutFlick(drag)
        case .background(let drag):
            wake()
            endBackground(drag, flick: false)
        case .ignored:
            break
        }
    }

    /// Ends every pointer's gesture without a tap or a flick (`pointerCancel(id:)` for each).
    /// - Complexity: O(pointers²).
    public mutating func pointerCancel() {
        while let pointer = pointers.first { pointerCancel(id: pointer.id) }
    }

    /// The finger moved (pointer 0): `pointerMove(id:at:time:)`.
    @available(*, deprecated, renamed: "pointerMove(at:time:)", message: "one verb form: pointerDown, pointerMove, pointerUp, pointerCancel")
    public mutating func pointerMoved(at point: Vector2, time: Double) { pointerMove(at: point, time: time) }

    /// Every gesture ends: `pointerCancel()`.
    @available(*, deprecated, renamed: "pointerCancel()", message: "one verb form: pointerDown, pointerMove, pointerUp, pointerCancel")
    public mutating func pointerCancelled() { pointerCancel() }

    /// The bubble being dragged by the first pointer that drags one, if any.
    public var draggedBubble: BubbleID? { draggedBubbles.first }

    /// Every bubble being dragged, in the order their pointers went down.
    /// - Complexity: O(pointers).
    public var draggedBubbles: [BubbleID] {
        pointers.compactMap { pointer in
            if case .bubble(let drag) = pointer.gesture, drag.isDragging { return drag.id }
            return nil
        }
    }

    /// True while any pointer is down.
    public var isPointerDown: Bool { !pointers.isEmpty }

    /// The identities of the pointers down, in the order they went down.
    public var pointerIDs: [Int] { pointers.map { $0.id } }

    func pointerIndex(_ id: Int) -> Int? { pointers.firstIndex { $0.id == id } }

    /// True when a pointer holds this bubble (tap, long press or drag).
    func isHeld(_ id: BubbleID) -> Bool {
        pointers.contains { if case .bubble(let drag) = $0.gesture { return drag.id == id } else { return false } }
    }

    func isDragged(_ id: BubbleID) -> Bool {
        pointers.contains { if case .bubble(let drag) = $0.gesture { return drag.isDragging && drag.id == id } else { return false } }
    }

    /// The released anchor target: clamped into 0...1, it becomes `configuration.anchor`.
    mutating func settleAnchorTarget() {
        anchorTarget = Vector2(BubbleContainer.unitClamp(anchorTarget.x), BubbleContainer.unitClamp(anchorTarget.y))
        configuration.anchor = anchorTarget
    }
}

extension GestureState {
    var isBackground: Bool {
        if case .background = self { return true }
        return false
    }
}
