import BubbleGeometry
import BubblePhysics
import BubblePicker

/// Named calls, each one command through `perform(_:)`.
extension PlaygroundSession {
    /// Performs a command that cannot be refused and returns its number.
    mutating func run(_ command: PlaygroundCommand) -> Double {
        do { return try perform(command) } catch { return -1 }
    }

    /// Adds one catalogue bubble of `kind` (the same bubbles on every run). Returns its identity.
    @discardableResult
    public mutating func add(_ kind: PlaygroundBubbleKind, selected: Bool = false, atCenter: Bool = false) -> BubbleID {
        BubbleID(Int(run(.add(kind, selected: selected, atCenter: atCenter))))
    }

    /// Adds `count` catalogue bubbles of `kind` (at most 100,000 at once). Returns how many.
    @discardableResult
    public mutating func addMany(_ count: Int, kind: PlaygroundBubbleKind = .small) -> Int { Int(run(.addMany(count, kind))) }

    /// Adds a bubble by its parts. Returns its identity.
    /// - Throws: `.invalidArgument` naming a size, colour or place out of range (nothing is added).
    @discardableResult
    public mutating func add(_ spec: PlaygroundBubbleSpec) throws(PlaygroundError) -> BubbleID {
        BubbleID(Int(try perform(.addBubble(spec))))
    }

    /// Adds `count` numbered bubbles of seeded random sizes (the "+1,000" button). Returns how many.
    /// - Throws: `.invalidArgument` for a count beyond 0...100,000 or sizes out of `BubbleStyle.sizeRange`.
    @discardableResult
    public mutating func addRandom(_ count: Int, seed: UInt64, minSize: Double, maxSize: Double) throws(PlaygroundError) -> Int {
        Int(try perform(.addRandom(count: count, seed: seed, minSize: minSize, maxSize: maxSize)))
    }

    /// Changes a bubble's label, tag, size or colour in place (same identity; size animates).
    /// Returns false when it is not there.
    /// - Throws: `.invalidArgument` naming a size or colour out of range.
    @discardableResult
    public mutating func update(_ id: BubbleID, _ update: PlaygroundBubbleUpdate) throws(PlaygroundError) -> Bool {
        try perform(.update(id, update)) == 1
    }

    /// Removes a bubble (it shrinks out). Returns false when it is not there.
    @discardableResult
    public mutating func remove(_ id: BubbleID) -> Bool { run(.remove(id)) == 1 }

    /// Removes every bubble with `tag`. Returns how many.
    @discardableResult
    public mutating func remove(tag: Int) -> Int { Int(run(.removeTag(tag))) }

    /// A long press of the legacy single pointer at `point`: removes the bubble there, if any,
    /// and ends the gesture. Returns the removed bubble.
    @discardableResult
    public mutating func removeBubble(at point: Vector2, time: Double) -> BubbleID? {
        let id = run(.removeAt(point, time: time))
        return id < 0 ? nil : BubbleID(Int(id))
    }

    /// Removes every selected bubble. Returns how many.
    @discardableResult
    public mutating func removeSelected() -> Int { Int(run(.removeSelected)) }

    /// Selects a bubble; true when it changed.
    @discardableResult
    public mutating func select(_ id: BubbleID) -> Bool { run(.select(id)) == 1 }

    /// Deselects a bubble; true when it changed.
    @discardableResult
    public mutating func deselect(_ id: BubbleID) -> Bool { run(.deselect(id)) == 1 }

    /// Toggles a bubble; true when it changed.
    @discardableResult
    public mutating func toggle(_ id: BubbleID) -> Bool { run(.toggle(id)) == 1 }

    /// Selects every bubble with `tag` (as far as `maxSelected` allows); returns how many changed.
    @discardableResult
    public mutating func select(tag: Int) -> Int { Int(run(.selectTag(tag))) }

    /// Selects every bubble (as far as `maxSelected` allows); returns how many changed.
    @discardableResult
    public mutating func selectAll() -> Int { Int(run(.selectAll)) }

    /// Deselects every bubble; returns how many changed.
    @discardableResult
    public mutating func deselectAll() -> Int { Int(run(.deselectAll)) }
}

/// Time, pointers, focus, size and settings.
extension PlaygroundSession {
    /// A display frame at `timestamp` (display-clock seconds): runs the steps due and sets the
    /// fraction `scene()` draws at. See `BubblePickerDriver.frame(at:)`.
    @discardableResult
    public mutating func frame(at timestamp: Double) -> DisplayFrame {
        _ = run(.frame(timestamp))
        return lastFrame ?? DisplayFrame(frame: driver.currentFrame, stepsRun: 0, interpolation: fraction,
                                         needsDisplayLink: driver.needsDisplayLink, focusedBubble: driver.focusedBubble)
    }

    /// Advances the picker's own clock by `seconds` (legacy; pages use `frame(at:)`); returns the fraction.
    @discardableResult
    public mutating func advance(by seconds: Double) -> Double { run(.advance(seconds)) }

    /// Scrolls by `delta` points along the scroll axis (a wheel); returns 1 when the view moved
    /// (by half of `delta`, or half a point), 0 when there was nothing to scroll that way (so the
    /// page may scroll instead).
    @discardableResult
    public mutating func scroll(by delta: Double) -> Double { run(.scroll(delta)) }

    /// Takes one fixed step (the next frame is drawn at the new state).
    public mutating func step() { _ = run(.step) }

    /// Pointer `id` goes down, moves or lifts at container `point`, display-clock `timestamp`.
    public mutating func pointer(_ phase: PlaygroundTouchPhase, id: Int, at point: Vector2, timestamp: Double) {
        _ = run(.touch(phase, id: id, point, timestamp: timestamp))
    }

    /// The system took pointer `id`: no tap, no flick.
    public mutating func pointerCancel(id: Int) { _ = run(.touchCancel(id: id)) }

    /// The legacy single pointer touches down at `point` at simulated `time`.
    public mutating func pointerDown(at point: Vector2, time: Double) { _ = run(.pointerDown(point, time: time)) }

    /// The legacy single pointer moves.
    public mutating func pointerMove(to point: Vector2, time: Double) { _ = run(.pointerMove(point, time: time)) }

    /// The legacy single pointer lifts: a tap toggles, a drag flicks.
    public mutating func pointerUp(at point: Vector2, time: Double) { _ = run(.pointerUp(point, time: time)) }

    /// Every gesture is cancelled (no tap, no flick).
    public mutating func pointerCancel() { _ = run(.pointerCancel) }

    /// Moves focus to `id` (nil clears it); returns the focused bubble.
    @discardableResult
    public mutating func focus(_ id: BubbleID?) -> BubbleID? {
        let focused = run(.focus(id))
        return focused < 0 ? nil : BubbleID(Int(focused))
    }

    /// Moves focus in `direction`; returns the focused bubble.
    @discardableResult
    public mutating func moveFocus(_ direction: FocusDirection) -> BubbleID? {
        let focused = run(.moveFocus(direction))
        return focused < 0 ? nil : BubbleID(Int(focused))
    }

    /// Toggles the focused bubble (as a tap); false when none is focused.
    @discardableResult
    public mutating func activateFocused() -> Bool { run(.activateFocused) == 1 }

    /// Long-presses the focused bubble (removes it by default); false when none is focused.
    @discardableResult
    public mutating func removeFocused() -> Bool { run(.removeFocused) == 1 }

    /// Resizes the container (the window resized, or the phone rotated).
    /// - Throws: `.container` for a side out of range (nothing changes).
    public mutating func resize(to size: Size) throws(PlaygroundError) { _ = try perform(.resize(size)) }

    /// Changes one setting live (see `BubbleSetting` for the numbers).
    /// - Throws: `.invalidSetting` or `.container` (nothing changes).
    public mutating func set(_ setting: BubbleSetting, _ value: Double) throws(PlaygroundError) { _ = try perform(.set(setting, value)) }

    /// A setting's current value as one number.
    public func value(of setting: BubbleSetting) -> Double { setting.number(in: picker.configuration) }

    /// Replaces the state with a snapshot `snapshot()` wrote.
    /// - Throws: `.snapshot` naming the line and the problem (nothing changes).
    public mutating func restore(_ snapshot: String) throws(PlaygroundError) { _ = try perform(.restore(snapshot)) }
}
