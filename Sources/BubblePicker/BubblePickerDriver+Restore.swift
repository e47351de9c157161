import BubblePhysics

/// Saving and restoring through the driver, one call each way.
///
/// A saved state holds the picker (`BubbleContainer.savedState(content:)`), not the driver: the
/// display clock, the pointers' clock offsets, focus and reading order are transient. What a
/// restore must supply is the display timestamp the saved state stands for: a fresh driver has
/// no display time, so its first `frame(at:)` could only re-base the clock and run no step — the
/// frame's steps would be lost, and the restored run would lag the saved one by a frame. The
/// calls here re-base the display clock at once, so the first frame after a restore runs
/// exactly the steps the uninterrupted run would have run:
///
/// - `BubblePickerDriver(restoring:at:content:)`: a new driver whose picker's state stands for
///   display time `displayTimestamp` (the display link's clock now, e.g. `CACurrentMediaTime()`
///   or `performance.now() / 1000`; in the same process, the timestamp of the last frame drawn
///   before saving continues that run bit for bit).
/// - `restore(from:content:)`: an existing driver takes the saved picker at its own last display
///   time, so its next `frame(at:)` steps on from there.
///
/// The restored picker has no pointers down: a state saved mid-drag restores with the bubble
/// released (keeping its velocity, rejoining the field) and a dragged anchor springing back,
/// exactly as if `pointerCancel()` had run when it was saved. Fingers still on the glass after a
/// restore are new pointers to the driver; send their next `pointerDown`. Focus is cleared and
/// the reading order starts afresh; `isRightToLeft` is kept by `restore(from:content:)`.
///
/// To restore into a container of another size (a rotation since saving), resize after the
/// restore: `driver.picker.resize(to:)` re-spreads the bubbles and keeps them inside.
extension BubblePickerDriver {
    /// A driver around the picker saved in `text`, its state standing for display time
    /// `displayTimestamp` (seconds on the clock later `frame(at:)` calls use). The next
    /// `frame(at: t)` runs the steps `t - displayTimestamp` holds, as the saved run would have.
    /// - Parameters:
    ///   - text: what `savedState(content:)` (of the driver or the picker) wrote, either version.
    ///   - displayTimestamp: the display time the saved state stands for; non-finite: none (the
    ///     first frame then only re-bases the clock).
    ///   - decode: the app's content decoder (nil refuses the text, naming the bubble).
    /// - Throws: `SavedStateError` naming the line and the problem.
    /// - Complexity: O(n + contacts).
    public init(restoring text: String, at displayTimestamp: Double,
                content decode: (String) -> Content?) throws(SavedStateError) {
        self.init(picker: try BubbleContainer(savedState: text, content: decode))
        if displayTimestamp.isFinite { rebaseRestored(to: displayTimestamp) }
    }

    /// Replaces the picker with the one saved in `text`, its state standing for this driver's
    /// last display time (`displayTime`): the next `frame(at:)` steps on from there (a driver
    /// that has drawn no frame yet re-bases its clock at its first, as a new one does). Pointers
    /// down are forgotten (the old picker's gestures end with it), focus is cleared; nothing
    /// changes when the text is refused.
    /// - Throws: `SavedStateError` naming the line and the problem.
    /// - Complexity: O(n + contacts).
    public mutating func restore(from text: String, content decode: (String) -> Content?) throws(SavedStateError) {
        restore(try BubbleContainer(savedState: text, content: decode))
    }

    /// Replaces the picker with `restored` (a picker restored by the app, e.g. through
    /// `Codable`), its state standing for this driver's last display time, as
    /// `restore(from:content:)` does.
    /// - Complexity: O(n) (the picker's event labels).
    public mutating func restore(_ restored: BubbleContainer<Content>) {
        var fresh = BubblePickerDriver(picker: restored)
        fresh.isRightToLeft = isRightToLeft
        if let displayTime { fresh.rebaseRestored(to: displayTime) }
        self = fresh
    }

    /// The picker's state as text (`BubbleContainer.savedState(content:)`: pointers cancelled,
    /// the driver's transient state left out). Restore it with `init(restoring:at:content:)` or
    /// `restore(from:content:)`.
    /// - Complexity: O(n + contacts).
    public func savedState(content encode: (Content) -> String) -> String {
        picker.savedState(content: encode)
    }

    /// Makes `timestamp` the display time of the restored state, and the frame on screen the
    /// one its carried time interpolates to (what the saved run showed).
    mutating func rebaseRestored(to timestamp: Double) {
        rebase(to: timestamp)
        interpolation = picker.clock.fraction(of: picker.configuration.physics.timeStep)
    }
}

extension BubblePickerDriver where Content == DefaultBubble {
    /// A driver around the stock-bubble picker saved in `text` (see
    /// `init(restoring:at:content:)`).
    /// - Throws: `SavedStateError` naming the line and the problem.
    /// - Complexity: O(n + contacts).
    public init(restoring text: String, at displayTimestamp: Double) throws(SavedStateError) {
        try self.init(restoring: text, at: displayTimestamp, content: { DefaultBubble(savedText: $0) })
    }

    /// Replaces the picker with the stock-bubble picker saved in `text` (see
    /// `restore(from:content:)`).
    /// - Throws: `SavedStateError` naming the line and the problem.
    /// - Complexity: O(n + contacts).
    public mutating func restore(from text: String) throws(SavedStateError) {
        try restore(from: text, content: { DefaultBubble(savedText: $0) })
    }

    /// The picker's state as text, stock bubbles' content included (see `savedState(content:)`).
    /// - Complexity: O(n + contacts).
    public func savedState() -> String { picker.savedState() }
}
