import BubblePicker

/// A checkpoint: the session restores its own state in place, without writing or parsing text.
///
/// `checkpoint()` leaves the session exactly as `restore(snapshot())` would (same picker state,
/// same state hash, the same frames after it), but without the snapshot format's code: a module
/// that never reads saved text (the `<bubble-picker>` element's lean build) can still bound its
/// trap-recovery journal, which replays the checkpoint as a `restore` of `snapshot()`.
extension PlaygroundSession {
    /// Does in place what `restore(snapshot())` does: pointers down are cancelled (as a snapshot
    /// cancels them), the driver takes a copy of the picker at its last display time (focus
    /// cleared, reading order afresh, the display clock re-based as after a restore), and the
    /// next `scene()` draws at the restored interpolation. The catalogue counters are kept (a
    /// snapshot holds them unchanged). While recording, the journal gets the equivalent
    /// `restore` command, so a replayed journal reaches the same state.
    /// - Complexity: O(n) (the picker's copy and its event labels); O(n + contacts) more while
    ///   recording (the snapshot text for the journal).
    public mutating func checkpoint() {
        if isRecording { record(.restore(snapshot())) }
        lastFrameIsCurrent = false
        var copy = picker
        copy.pointerCancel()
        driver.restore(copy)
        fraction = driver.interpolation
        lastFrame = nil
    }
}
