import BubbleGeometry
import BubblePicker

/// One mutating call a front end made on a `PlaygroundSession`, as a value with a one-line text
/// form. Every mutating call goes through `PlaygroundSession.perform(_:)`; a recording session
/// keeps the commands (`commands`) and renders them as text on demand (`journalText`), so a
/// session played in the browser can be replayed natively, call for call, and must end with the
/// same state hash.
///
/// Text form: a word and its arguments, separated by single spaces; numbers are Swift's shortest
/// round-trip decimals, so the text is exact; `-` stands for an absent optional; texts (labels,
/// snapshots) are one word, `%`-escaped (`%25` `%20` `%0A` `%0D`) and prefixed with `=`:
/// `add standard 0 0`, `addMany 1000 small`, `bubble 0 64 0 1 0.5 0 - - =Rock%20Pop`,
/// `random 1000 7 20 80`, `update 3 - 90 - - - =Jazz`, `remove 3`, `removeTag 2`,
/// `removeAt 120.5 300 2.25`, `removeSelected`, `select 3`, `deselect 3`, `toggle 3`,
/// `selectTag 2`, `selectAll`, `deselectAll`, `down 120.5 300 2.25`, `move 130 310 2.26`,
/// `up 130 310 2.3`, `cancel`, `pdown 1 120.5 300 10.25`, `pmove 1 130 310 10.26`,
/// `pup 1 130 310 10.3`, `pcancel 1`, `frame 10.3`, `focus 3`, `focus -`, `moveFocus left`,
/// `activateFocused`, `removeFocused`, `resize 375 667`, `set fieldStrength 30000`,
/// `advance 0.016666666666666666`, `step`, `restore =…`.
public enum PlaygroundCommand: Equatable, Sendable {
    /// Adds one catalogue bubble of a kind, optionally selected and at the anchor.
    case add(PlaygroundBubbleKind, selected: Bool, atCenter: Bool)
    /// Adds many catalogue bubbles of a kind.
    case addMany(Int, PlaygroundBubbleKind)
    /// Adds one bubble by its parts.
    case addBubble(PlaygroundBubbleSpec)
    /// Adds `count` numbered bubbles of seeded random sizes in `minSize...maxSize` points.
    case addRandom(count: Int, seed: UInt64, minSize: Double, maxSize: Double)
    /// Changes a bubble's label, tag, size or colour in place.
    case update(BubbleID, PlaygroundBubbleUpdate)
    /// Removes a bubble (animated).
    case remove(BubbleID)
    /// Removes every bubble with a tag.
    case removeTag(Int)
    /// A long press on the legacy single pointer: removes the bubble under the point, ends the gesture.
    case removeAt(Vector2, time: Double)
    /// Removes every selected bubble.
    case removeSelected
    /// Selects a bubble.
    case select(BubbleID)
    /// Deselects a bubble.
    case deselect(BubbleID)
    /// Toggles a bubble.
    case toggle(BubbleID)
    /// Selects every bubble with a tag (as far as `maxSelected` allows).
    case selectTag(Int)
    /// Selects every bubble (as far as `maxSelected` allows).
    case selectAll
    /// Deselects every bubble.
    case deselectAll
    /// The legacy single pointer touches down: container points, simulated seconds.
    case pointerDown(Vector2, time: Double)
    /// The legacy single pointer moves.
    case pointerMove(Vector2, time: Double)
    /// The legacy single pointer lifts.
    case pointerUp(Vector2, time: Double)
    /// Every pointer's gesture is cancelled.
    case pointerCancel
    /// A pointer with an identity, through the driver: container points, display-clock seconds.
    case touch(PlaygroundTouchPhase, id: Int, Vector2, timestamp: Double)
    /// The system took pointer `id` (no tap, no flick).
    case touchCancel(id: Int)
    /// A display frame at a display-clock timestamp (`BubblePickerDriver.frame(at:)`).
    case frame(Double)
    /// Keyboard or accessibility focus moves to a bubble (nil: none).
    case focus(BubbleID?)
    /// Focus moves in a direction.
    case moveFocus(FocusDirection)
    /// The focused bubble toggles (as a tap).
    case activateFocused
    /// The focused bubble is long-pressed (removed, by default).
    case removeFocused
    /// Resizes the container.
    case resize(Size)
    /// Changes one setting (see `BubbleSetting` for the numbers).
    case set(BubbleSetting, Double)
    /// Advances the frame clock by seconds (whole steps run, the rest is carried).
    case advance(Double)
    /// Scrolls by points along the scroll axis (a wheel; `BubbleContainer.scroll(by:)`).
    case scroll(Double)
    /// Takes one fixed step.
    case step
    /// Replaces the session's state with a snapshot (`PlaygroundSession.snapshot()`).
    case restore(String)
}

/// The phases of a pointer with an identity.
public enum PlaygroundTouchPhase: String, Equatable, Sendable {
    /// The pointer touches down (`pdown`).
    case down = "pdown"
    /// The pointer moves (`pmove`).
    case move = "pmove"
    /// The pointer lifts (`pup`).
    case up = "pup"
}
