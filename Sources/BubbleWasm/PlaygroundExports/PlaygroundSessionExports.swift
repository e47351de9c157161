// The playground's own exports over the live picker, linked only into the playground's module
// (bubblepicker-playground.wasm): a session set up from a scenario, bubbles by kind, the
// one-finger pointer on the simulated clock, stepping by hand, the state readout and the events
// as text lines, the journal. Same codes as ../Web/SessionExports.swift, whose globals they share.
import BubbleGeometry
import BubblePicker
import BubbleScenario
import BubbleWeb

/// A live session set up like a scenario: the input buffer holds the name (`nameLength` bytes)
/// then the JSON (`jsonLength` bytes). Returns 0, or 1 with the reason as text.
@_expose(wasm, "bp_create_scenario") @_cdecl("bp_create_scenario")
func bp_create_scenario(_ nameLength: Int32, _ jsonLength: Int32, _ recording: Int32) -> Int32 {
    guard let texts = inputTexts([nameLength, jsonLength]) else { return 2 }
    let name = texts[0], json = texts[1]
    let scenario: Scenario
    do { scenario = try Scenario(json: json, name: name) } catch { return fail(error.description) }
    do { session = try PlaygroundSession(scenario: scenario, recording: recording == 1) } catch { return fail(error.description) }
    return 0
}

/// Adds a bubble: kind 0 standard, 1 badge, 2 small. Returns its id (-2: unknown kind).
@_expose(wasm, "bp_add") @_cdecl("bp_add")
func bp_add(_ kind: Int32, _ selected: Int32, _ atCenter: Int32) -> Int32 {
    guard session != nil else { return -1 }
    guard let kind = bubbleKind(kind) else { return -2 }
    return Int32(truncatingIfNeeded: session!.add(kind, selected: selected == 1, atCenter: atCenter == 1).rawValue)
}

/// Adds `count` bubbles of a kind (at most 100,000 at once). Returns how many (-2: a negative
/// count or an unknown kind).
@_expose(wasm, "bp_add_many") @_cdecl("bp_add_many")
func bp_add_many(_ count: Int32, _ kind: Int32) -> Int32 {
    guard session != nil else { return -1 }
    guard let kind = bubbleKind(kind) else { return -2 }
    guard count >= 0 else { return fail("invalid count \(count): must be 0 or more", -2) }
    return Int32(truncatingIfNeeded: session!.addMany(Int(count), kind: kind))
}

/// The kind for a code (0 standard, 1 badge, 2 small), or nil with the reason as text.
func bubbleKind(_ code: Int32) -> PlaygroundBubbleKind? {
    switch code {
    case 0: return .standard
    case 1: return .badge
    case 2: return .small
    default:
        _ = fail("unknown bubble kind \(code): 0 standard, 1 badge, 2 small")
        return nil
    }
}

/// A long press: removes the bubble at the point; returns its id or -1.
@_expose(wasm, "bp_remove_at") @_cdecl("bp_remove_at")
func bp_remove_at(_ x: Double, _ y: Double, _ time: Double) -> Int32 {
    guard session != nil else { return -1 }
    return Int32(truncatingIfNeeded: session!.removeBubble(at: Vector2(x, y), time: time)?.rawValue ?? -1)
}

/// A finger down at container point (x, y) at simulated time `time`.
@_expose(wasm, "bp_pointer_down") @_cdecl("bp_pointer_down")
func bp_pointer_down(_ x: Double, _ y: Double, _ time: Double) { session?.pointerDown(at: Vector2(x, y), time: time) }

/// The finger moved.
@_expose(wasm, "bp_pointer_move") @_cdecl("bp_pointer_move")
func bp_pointer_move(_ x: Double, _ y: Double, _ time: Double) { session?.pointerMove(to: Vector2(x, y), time: time) }

/// The finger lifted.
@_expose(wasm, "bp_pointer_up") @_cdecl("bp_pointer_up")
func bp_pointer_up(_ x: Double, _ y: Double, _ time: Double) { session?.pointerUp(at: Vector2(x, y), time: time) }

/// The gesture was cancelled.
@_expose(wasm, "bp_pointer_cancel") @_cdecl("bp_pointer_cancel")
func bp_pointer_cancel() { session?.pointerCancel() }

/// Advances by `seconds`; returns the interpolation fraction.
@_expose(wasm, "bp_advance") @_cdecl("bp_advance")
func bp_advance(_ seconds: Double) -> Double { session?.advance(by: seconds) ?? .nan }

/// Steps run by the last `bp_advance` (the page times the call and divides).
@_expose(wasm, "bp_last_steps") @_cdecl("bp_last_steps")
func bp_last_steps() -> Int32 { Int32(truncatingIfNeeded: session?.lastAdvanceSteps ?? 0) }

/// One fixed step.
@_expose(wasm, "bp_step") @_cdecl("bp_step")
func bp_step() { session?.step() }

/// The simulated time the display shows (for pointer event times).
@_expose(wasm, "bp_now") @_cdecl("bp_now")
func bp_now() -> Double { session?.now ?? .nan }

/// Writes the state readout (`PlaygroundState.numbers`); returns the count of numbers.
@_expose(wasm, "bp_state") @_cdecl("bp_state")
func bp_state() -> Int32 {
    guard let session else { return -1 }
    let values = session.state.numbers
    numbers.write(values)
    return Int32(values.count)
}

/// Writes the events since the last call, one per line (`selected #3`), as text; returns its length.
@_expose(wasm, "bp_events") @_cdecl("bp_events")
func bp_events() -> Int32 {
    guard session != nil else { return -1 }
    text.write(session!.takeEvents().map { $0.description }.joined(separator: "\n"))
    return Int32(text.count)
}

/// Writes the journal as text; returns its byte length. (Playground only: the element never
/// records a journal, so its module leaves the journal's text format out.)
@_expose(wasm, "bp_journal") @_cdecl("bp_journal")
func bp_journal() -> Int32 {
    guard let session else { return -1 }
    text.write(session.journalText)
    return Int32(text.count)
}
