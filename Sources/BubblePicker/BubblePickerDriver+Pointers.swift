import BubblePhysics

/// Touches with display-clock timestamps (see `BubblePickerDriver`'s "Touch time"). Points are
/// container points (invert your view's drawing transform); `id` is any `Int` unique among the
/// pointers down (UIKit: a number you give each `UITouch` in `touchesBegan`; the web:
/// `PointerEvent.pointerId`). Non-finite values, unknown pointers and a second down for a
/// pointer already down are ignored.
extension BubblePickerDriver {
    /// A pointer touches down at `point` at display time `timestamp` (seconds): a tap, long
    /// press or drag on the bubble drawn under it, or a background drag.
    /// - Complexity: O(n) (the hit test).
    public mutating func pointerDown(id: Int, at point: Vector2, timestamp: Double) {
        guard point.isFinite, timestamp.isFinite, touchIndex(id) == nil else { return }
        let offset = offset(forDownAt: timestamp)
        let time = timestamp + offset
        picker.pointerDown(id: id, at: point, time: time, interpolation: interpolation)
        guard picker.pointerIndex(id) != nil else { return }
        touches.append(TouchRecord(id: id, offset: offset, lastTimestamp: timestamp, lastTime: time, lastPoint: point))
    }

    /// Pointer `id` moved to `point` at display time `timestamp`. Pass every coalesced sample,
    /// oldest first. A sample older than the pointer's last is ignored (stale or out of order),
    /// and so is one repeating the last exactly.
    /// - Complexity: O(pointers).
    public mutating func pointerMove(id: Int, at point: Vector2, timestamp: Double) {
        guard point.isFinite, timestamp.isFinite, let index = touchIndex(id) else { return }
        let touch = touches[index]
        guard timestamp >= touch.lastTimestamp, timestamp != touch.lastTimestamp || point != touch.lastPoint else { return }
        let time = Self.later(timestamp + touch.offset, touch.lastTime)
        picker.pointerMove(id: id, at: point, time: time)
        touches[index].lastTimestamp = timestamp
        touches[index].lastTime = time
        touches[index].lastPoint = point
    }

    /// Pointer `id` lifted at `point` at display time `timestamp` (UIKit's `touchesEnded`, which
    /// may come a few frames after the last move, at the same point). An up earlier than the
    /// last sample counts as at the last sample's time; a non-finite point or time as the last
    /// sample's: the gesture always ends.
    /// - Complexity: O(pointers), plus a selection's cost for a tap.
    public mutating func pointerUp(id: Int, at point: Vector2, timestamp: Double) {
        guard let index = touchIndex(id) else { return }
        let touch = touches.remove(at: index)
        let stamp = timestamp.isFinite ? timestamp : touch.lastTimestamp
        let time = Self.later(stamp + touch.offset, touch.lastTime)
        picker.pointerUp(id: id, at: point.isFinite ? point : touch.lastPoint, time: time)
    }

    /// The system took pointer `id` (UIKit's `touchesCancelled`): no tap, no flick.
    /// - Complexity: O(pointers).
    public mutating func pointerCancel(id: Int) {
        guard let index = touchIndex(id) else { return }
        touches.remove(at: index)
        picker.pointerCancel(id: id)
    }

    /// Cancels every pointer (the view lost its window, an alert took the screen).
    /// - Complexity: O(pointers²).
    public mutating func pointerCancel() {
        touches.removeAll()
        picker.pointerCancel()
    }

    /// The live bubble drawn under `point` in the frame on screen, if any.
    /// - Complexity: O(n).
    public func bubble(at point: Vector2) -> Bubble<Content>? { picker.bubble(at: point, interpolation: interpolation) }

    func touchIndex(_ id: Int) -> Int? { touches.firstIndex { $0.id == id } }

    /// The larger of two times (a NaN, impossible here, gives the second).
    static func later(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
}
