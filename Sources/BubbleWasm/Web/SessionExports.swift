// The browser modules' C-ABI exports for the live picker: thin wrappers over `PlaygroundSession`
// (module BubbleWeb, unit-tested natively), so the page runs exactly the code the tests run.
// Web/ holds what the <bubble-picker> element calls and is linked into both modules (the
// element's bubblepicker-web.wasm and the playground's bubblepicker-playground.wasm);
// ../PlaygroundExports/ holds what only the playground calls (the scenario player, bubble kinds,
// the one-finger pointer, stepping by hand), linked into the playground's module alone.
// Numbers cross as i32/f64, hashes as i64 (a BigInt in JS), text through the shared buffers.
// Every export is a no-op returning -1 (or NaN) before `bp_create`.
//
// No argument can trap the module: every length, size, index and code is checked here, in 64-bit
// arithmetic where a sum could pass Int32 (Int is 32 bits on wasm32), and every number goes to
// BubbleWeb, whose API takes any Double (NaN and infinities included) without trapping. Codes:
//   status exports (bp_create, bp_create_scenario, bp_resize, bp_set, bp_player_load):
//     0 done, 1 refused (the reason as text), 2 invalid arguments (the reason as text),
//     -1 no session yet;
//   exports returning an id, a count or a step: that value (0 or more), -1 none or no session yet,
//     -2 invalid arguments (the reason as text);
//   bp_input: the buffer's address, or 0 (null) for a negative size or one above 64 MiB.
import BubbleGeometry
import BubblePicker
import BubbleScene
import BubbleWeb

/// The module's state: one live session and the shared buffers (the playground's module also has
/// a scenario player, PlaygroundExports/PlayerExports.swift). The page
/// is single-threaded and calls in one at a time, so plain globals are safe here.
nonisolated(unsafe) var session: PlaygroundSession? = nil
nonisolated(unsafe) var encoder = SceneEncoder()
nonisolated(unsafe) var input = SharedBuffer()
nonisolated(unsafe) var numbers = SharedBuffer()
nonisolated(unsafe) var strings = SharedBuffer()
nonisolated(unsafe) var text = SharedBuffer()

/// `body` run on the live session in place, or `absent` when there is none. A read through
/// `session!` of a method the compiler can't see into copies the whole session first (its
/// callee might change the global); an inout access lends it instead.
@inline(__always)
func withSession<Result>(else absent: Result, _ body: (inout PlaygroundSession) -> Result) -> Result {
    guard session != nil else { return absent }
    return body(&session!)
}

// MARK: Buffers

/// Address of an input buffer of `bytes` bytes (the page writes UTF-8 there, then names the
/// lengths of the texts in it), or 0 (null) for a negative size or one above 64 MiB.
@_expose(wasm, "bp_input") @_cdecl("bp_input")
func bp_input(_ bytes: Int32) -> UnsafeMutableRawPointer? { input.reserve(Int64(bytes), limit: SharedBuffer.maximumInput) }

/// Address of the last numbers output (Float64s).
@_expose(wasm, "bp_numbers") @_cdecl("bp_numbers")
func bp_numbers() -> UnsafeMutableRawPointer? { numbers.base }

/// Address of the last scene's string table.
@_expose(wasm, "bp_strings") @_cdecl("bp_strings")
func bp_strings() -> UnsafeMutableRawPointer? { strings.base }

/// Byte length of the last scene's string table.
@_expose(wasm, "bp_strings_length") @_cdecl("bp_strings_length")
func bp_strings_length() -> Int32 { Int32(strings.count) }

/// Address of the last text output (an error message, the journal, events).
@_expose(wasm, "bp_text") @_cdecl("bp_text")
func bp_text() -> UnsafeMutableRawPointer? { text.base }

/// Byte length of the last text output.
@_expose(wasm, "bp_text_length") @_cdecl("bp_text_length")
func bp_text_length() -> Int32 { Int32(text.count) }

/// Writes `message` as the text output and returns `code`.
func fail(_ message: String, _ code: Int32 = 1) -> Int32 {
    text.write(message)
    return code
}

/// Status code 2: invalid arguments, with the reason as text.
func invalidArguments(_ message: String) -> Int32 { fail(message, 2) }

/// The input buffer's texts of these byte lengths, or nil (with the reason as text) when a length
/// is negative or they run past what `bp_input` reserved.
func inputTexts(_ lengths: [Int32]) -> [String]? {
    if let texts = input.texts(lengths) { return texts }
    let named = lengths.map { String($0) }.joined(separator: ", ")
    _ = fail("invalid lengths \(named): each must be 0 or more, together at most the \(input.count) bytes bp_input reserved")
    return nil
}

/// The encoder's string-table generation the strings buffer holds.
nonisolated(unsafe) var publishedGeneration = -1

/// Encodes a scene into the numbers and strings buffers; returns the count of numbers. The
/// strings buffer keeps the encoder's whole table; only the bytes added since the last scene are
/// copied (all of it after the table started afresh).
func publish(_ scene: DrawList) -> Int32 {
    encoder.encode(scene)
    numbers.write(encoder.numbers)
    let table = encoder.strings
    if encoder.generation != publishedGeneration || strings.count > table.count {
        strings.write(table)
        publishedGeneration = encoder.generation
    } else if table.count > strings.count {
        strings.append(table[strings.count...])
    }
    return Int32(encoder.numbers.count)
}

// MARK: Making a session

/// A live session of `width` × `height` points with a seed; `recording` 1 keeps a journal.
/// Returns 0, or 1 with the reason as text.
@_expose(wasm, "bp_create") @_cdecl("bp_create")
func bp_create(_ width: Double, _ height: Double, _ seed: Double, _ recording: Int32) -> Int32 {
    guard seed >= 0, seed <= 9_007_199_254_740_992, seed == seed.rounded(.towardZero) else {
        return invalidArguments("invalid seed \(seed): a whole number in 0...9007199254740992")
    }
    do {
        session = try PlaygroundSession(size: Size(width: width, height: height), seed: UInt64(seed), recording: recording == 1)
        return 0
    } catch {
        return fail(error.description)
    }
}

// MARK: Bubbles

/// Removes a bubble (animated). Returns 1 when it was there.
@_expose(wasm, "bp_remove") @_cdecl("bp_remove")
func bp_remove(_ id: Int32) -> Int32 { session == nil ? -1 : (session!.remove(BubbleID(Int(id))) ? 1 : 0) }

/// Removes every selected bubble; returns how many.
@_expose(wasm, "bp_remove_selected") @_cdecl("bp_remove_selected")
func bp_remove_selected() -> Int32 { session == nil ? -1 : Int32(truncatingIfNeeded: session!.removeSelected()) }

/// Selects a bubble; 1 when it changed.
@_expose(wasm, "bp_select") @_cdecl("bp_select")
func bp_select(_ id: Int32) -> Int32 { session == nil ? -1 : (session!.select(BubbleID(Int(id))) ? 1 : 0) }

/// Deselects a bubble; 1 when it changed.
@_expose(wasm, "bp_deselect") @_cdecl("bp_deselect")
func bp_deselect(_ id: Int32) -> Int32 { session == nil ? -1 : (session!.deselect(BubbleID(Int(id))) ? 1 : 0) }

/// Toggles a bubble; 1 when it changed.
@_expose(wasm, "bp_toggle") @_cdecl("bp_toggle")
func bp_toggle(_ id: Int32) -> Int32 { session == nil ? -1 : (session!.toggle(BubbleID(Int(id))) ? 1 : 0) }

/// Selects every bubble; returns how many changed.
@_expose(wasm, "bp_select_all") @_cdecl("bp_select_all")
func bp_select_all() -> Int32 { session == nil ? -1 : Int32(truncatingIfNeeded: session!.selectAll()) }

/// Deselects every bubble; returns how many changed.
@_expose(wasm, "bp_deselect_all") @_cdecl("bp_deselect_all")
func bp_deselect_all() -> Int32 { session == nil ? -1 : Int32(truncatingIfNeeded: session!.deselectAll()) }

// MARK: Size, settings

/// Resizes the container. Returns 0, or 1 with the reason as text.
@_expose(wasm, "bp_resize") @_cdecl("bp_resize")
func bp_resize(_ width: Double, _ height: Double) -> Int32 {
    guard session != nil else { return -1 }
    do { try session!.resize(to: Size(width: width, height: height)) } catch { return fail(error.description) }
    return 0
}

/// Changes a setting: `code` is its index in `bp_settings`' list (`BubbleSetting.allCases`),
/// `value` its one number. Returns 0, 1 with the reason as text, or 2 for an unknown code.
@_expose(wasm, "bp_set") @_cdecl("bp_set")
func bp_set(_ code: Int32, _ value: Double) -> Int32 {
    guard session != nil else { return -1 }
    guard let setting = setting(code) else { return invalidArguments("unknown setting \(code): 0...\(BubbleSetting.allCases.count - 1)") }
    do { try session!.set(setting, value) } catch { return fail(error.description) }
    return 0
}

/// A setting's value as one number (NaN for an unknown code or before `bp_create`).
@_expose(wasm, "bp_get") @_cdecl("bp_get")
func bp_get(_ code: Int32) -> Double {
    guard session != nil, let setting = setting(code) else { return .nan }
    return session!.value(of: setting)
}

/// The setting with this code, or nil.
func setting(_ code: Int32) -> BubbleSetting? {
    code >= 0 && Int(code) < BubbleSetting.allCases.count ? BubbleSetting.allCases[Int(code)] : nil
}

// MARK: Scene, hash

/// Encodes the live scene (at the last fraction); returns the count of numbers.
@_expose(wasm, "bp_scene") @_cdecl("bp_scene")
func bp_scene() -> Int32 {
    guard session != nil else { return -1 }
    return publish(session!.scene())
}

/// The live picker's exact-state hash.
@_expose(wasm, "bp_hash") @_cdecl("bp_hash")
func bp_hash() -> UInt64 { withSession(else: 0) { $0.stateHash() } }

