// The browser module's exports for `BubbleEngine` (engine.js): bubbles by their parts, pointers
// with identities on the display clock, frames, accessibility, focus, snapshots (what the page
// reads back as records: RecordExports.swift).
// Thin wrappers over `PlaygroundSession`; the same codes as SessionExports.swift. "Absent"
// optional numbers are NaN (size, colour, place, tag of an update); a label's bytes are in the
// input buffer (`bp_input`), its length passed (-1: no new label, for `bp_update`).
import BubbleGeometry
import BubblePicker
import BubbleWeb

/// A whole number within 32 bits from a Double (a tag), or nil with the reason as text.
func wholeArgument(_ name: String, _ value: Double) -> Int? {
    if let whole = BubbleSetting.whole(value) { return whole }
    _ = fail("invalid \(name) \(value.description): a whole number within ±2147483647")
    return nil
}

/// A colour from three components, nil when `red` is NaN (absent).
func color(_ red: Double, _ green: Double, _ blue: Double) -> BubbleColor? {
    red.isNaN ? nil : BubbleColor(red: red, green: green, blue: blue)
}

/// Adds a bubble by its parts: the label is the input buffer's first `labelLength` bytes; `tag`
/// whole; `size` points (NaN: stock); colour components 0...1 (NaN red: palette); `x`, `y` a
/// place (NaN: spawned). Returns its id, or -2 with the reason as text.
@_expose(wasm, "bp_add_bubble") @_cdecl("bp_add_bubble")
func bp_add_bubble(_ labelLength: Int32, _ tag: Double, _ size: Double, _ selected: Int32,
                   _ red: Double, _ green: Double, _ blue: Double, _ x: Double, _ y: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard let label = inputTexts([labelLength])?.first, let tag = wholeArgument("tag", tag) else { return -2 }
    let at: Vector2? = x.isNaN && y.isNaN ? nil : Vector2(x, y)
    let spec = PlaygroundBubbleSpec(label: label, tag: tag, size: size.isNaN ? nil : size, selected: selected == 1,
                                    color: color(red, green, blue), at: at)
    do { return Int32(truncatingIfNeeded: try session!.add(spec).rawValue) } catch { return fail(error.description, -2) }
}

/// Adds `count` numbered bubbles of sizes uniform in `minSize...maxSize` points, from `seed`
/// (a whole number in 0...2^53), and writes their ids as numbers. Returns how many, or -2 with
/// the reason as text.
@_expose(wasm, "bp_add_random") @_cdecl("bp_add_random")
func bp_add_random(_ count: Int32, _ seed: Double, _ minSize: Double, _ maxSize: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard seed >= 0, seed <= 9_007_199_254_740_992, seed == seed.rounded(.towardZero) else {
        return fail("invalid seed \(seed.description): a whole number in 0...9007199254740992", -2)
    }
    do { _ = try session!.addRandom(Int(count), seed: UInt64(seed), minSize: minSize, maxSize: maxSize) } catch {
        return fail(error.description, -2)
    }
    let ids = session!.lastAddedIDs
    numbers.write(ids.map { Double($0.rawValue) })
    return Int32(ids.count)
}

/// Changes bubble `id` in place: a new label (`labelLength` bytes of input; -1 none), tag (NaN
/// none), size (NaN none), colour (NaN red none). Returns 1, 0 when it is not there, or -2.
@_expose(wasm, "bp_update") @_cdecl("bp_update")
func bp_update(_ labelLength: Int32, _ id: Int32, _ tag: Double, _ size: Double,
               _ red: Double, _ green: Double, _ blue: Double) -> Int32 {
    guard session != nil else { return -1 }
    var label: String? = nil
    if labelLength != -1 {
        guard let text = inputTexts([labelLength])?.first else { return -2 }
        label = text
    }
    var newTag: Int? = nil
    if !tag.isNaN {
        guard let whole = wholeArgument("tag", tag) else { return -2 }
        newTag = whole
    }
    let update = PlaygroundBubbleUpdate(label: label, tag: newTag, size: size.isNaN ? nil : size, color: color(red, green, blue))
    do { return try session!.update(BubbleID(Int(id)), update) ? 1 : 0 } catch { return fail(error.description, -2) }
}

/// Removes every bubble with `tag`; returns how many (-2: not a whole number).
@_expose(wasm, "bp_remove_tag") @_cdecl("bp_remove_tag")
func bp_remove_tag(_ tag: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard let tag = wholeArgument("tag", tag) else { return -2 }
    return Int32(truncatingIfNeeded: session!.remove(tag: tag))
}

/// Selects every bubble with `tag`; returns how many changed (-2: not a whole number).
@_expose(wasm, "bp_select_tag") @_cdecl("bp_select_tag")
func bp_select_tag(_ tag: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard let tag = wholeArgument("tag", tag) else { return -2 }
    return Int32(truncatingIfNeeded: session!.select(tag: tag))
}

/// Pointer `id` (0 or more): `phase` 0 down, 1 move, 2 up, 3 cancel, at container (x, y) and
/// display-clock `timestamp` seconds. Returns 0, or 2 for a negative id or unknown phase.
@_expose(wasm, "bp_touch") @_cdecl("bp_touch")
func bp_touch(_ phase: Int32, _ id: Int32, _ x: Double, _ y: Double, _ timestamp: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard id >= 0 else { return invalidArguments("invalid pointer id \(id): must be 0 or more") }
    switch phase {
    case 0: session!.pointer(.down, id: Int(id), at: Vector2(x, y), timestamp: timestamp)
    case 1: session!.pointer(.move, id: Int(id), at: Vector2(x, y), timestamp: timestamp)
    case 2: session!.pointer(.up, id: Int(id), at: Vector2(x, y), timestamp: timestamp)
    case 3: session!.pointerCancel(id: Int(id))
    default: return invalidArguments("unknown pointer phase \(phase): 0 down, 1 move, 2 up, 3 cancel")
    }
    return 0
}

/// Scrolls by `delta` points along the scroll axis (a wheel's delta); returns 1 when the view
/// moved (by half of `delta`, or half a point), 0 when there was nothing to scroll that way (let
/// the page scroll).
@_expose(wasm, "bp_scroll") @_cdecl("bp_scroll")
func bp_scroll(_ delta: Double) -> Int32 {
    guard session != nil else { return -1 }
    return session!.scroll(by: delta) == 1 ? 1 : 0
}

/// A display frame at `timestamp` (display-clock seconds). Writes 4 numbers: steps run,
/// interpolation, needs display link (0/1), focused id (-1 none); returns 4.
@_expose(wasm, "bp_frame") @_cdecl("bp_frame")
func bp_frame(_ timestamp: Double) -> Int32 {
    guard session != nil else { return -1 }
    let frame = session!.frame(at: timestamp)
    numbers.write([Double(frame.stepsRun), frame.interpolation, frame.needsDisplayLink ? 1 : 0,
                   Double(frame.focusedBubble?.rawValue ?? -1)])
    return 4
}

/// Focuses bubble `id` (-1 clears focus); returns the focused id or -1.
@_expose(wasm, "bp_focus") @_cdecl("bp_focus")
func bp_focus(_ id: Int32) -> Int32 {
    guard session != nil else { return -1 }
    return Int32(truncatingIfNeeded: session!.focus(id < 0 ? nil : BubbleID(Int(id)))?.rawValue ?? -1)
}

/// Moves focus: 0 up, 1 down, 2 left, 3 right, 4 next, 5 previous. Returns the focused id, -1
/// none, -2 unknown direction.
@_expose(wasm, "bp_move_focus") @_cdecl("bp_move_focus")
func bp_move_focus(_ direction: Int32) -> Int32 {
    guard session != nil else { return -1 }
    let directions: [FocusDirection] = [.up, .down, .left, .right, .next, .previous]
    guard direction >= 0, Int(direction) < directions.count else { return fail("unknown direction \(direction): 0...5", -2) }
    return Int32(truncatingIfNeeded: session!.moveFocus(directions[Int(direction)])?.rawValue ?? -1)
}

/// Toggles the focused bubble; 1 when there was one.
@_expose(wasm, "bp_activate_focused") @_cdecl("bp_activate_focused")
func bp_activate_focused() -> Int32 { session == nil ? -1 : (session!.activateFocused() ? 1 : 0) }

/// Long-presses the focused bubble (removes it by default); 1 when there was one.
@_expose(wasm, "bp_remove_focused") @_cdecl("bp_remove_focused")
func bp_remove_focused() -> Int32 { session == nil ? -1 : (session!.removeFocused() ? 1 : 0) }

/// Writes the session's snapshot as text; returns its length.
@_expose(wasm, "bp_snapshot") @_cdecl("bp_snapshot")
func bp_snapshot() -> Int32 {
    withSession(else: -1) { session in
        text.write(session.snapshot())
        return Int32(text.count)
    }
}

/// Restores the session's own state in place, exactly as `bp_restore` of its `bp_snapshot`
/// would (`PlaygroundSession.checkpoint()`), without the snapshot text. Writes one number, the
/// display time the state stands for (the driver's; NaN: none yet): a fresh session continues
/// the same after `bp_frame` at that time, then `bp_restore` of the snapshot. Returns 1.
@_expose(wasm, "bp_checkpoint") @_cdecl("bp_checkpoint")
func bp_checkpoint() -> Int32 {
    guard session != nil else { return -1 }
    session!.checkpoint()
    numbers.write([session!.driver.displayTime ?? .nan])
    return 1
}

#if !ELEMENT_WITHOUT_RESTORE
/// Restores the snapshot in the input buffer's first `length` bytes. Returns 0, 1 with the
/// reason as text (nothing changed), or 2 for a bad length. Left out of the element's lean
/// module (`-D ELEMENT_WITHOUT_RESTORE`): the snapshot reader is most of its code.
@_expose(wasm, "bp_restore") @_cdecl("bp_restore")
func bp_restore(_ length: Int32) -> Int32 {
    guard session != nil else { return -1 }
    guard let snapshot = inputTexts([length])?.first else { return 2 }
    do { try session!.restore(snapshot) } catch { return fail(error.description) }
    return 0
}
#endif
