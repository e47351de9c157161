// The browser module's exports for the scenario player: thin wrappers over `ScenarioPlayer`.
// Every export returns -1 (or 0 for hashes) before `bp_player_load`.
import BubblePicker
import BubbleWeb

/// The scenario player (nil until `bp_player_load` succeeds).
nonisolated(unsafe) var player: ScenarioPlayer? = nil

/// Loads a scenario into the player: the input buffer holds the name (`nameLength` bytes), the
/// JSON (`jsonLength`) and the golden hash lines (`goldenLength`; 0 for none), in that order.
/// Returns 0, 1 with the reason as text, or 2 for lengths that are negative or run past the input
/// (the player is then unchanged).
@_expose(wasm, "bp_player_load") @_cdecl("bp_player_load")
func bp_player_load(_ nameLength: Int32, _ jsonLength: Int32, _ goldenLength: Int32) -> Int32 {
    guard let texts = inputTexts([nameLength, jsonLength, goldenLength]) else { return 2 }
    let name = texts[0], json = texts[1], golden = texts[2]
    do {
        player = try ScenarioPlayer(json: json, name: name, golden: golden)
        return 0
    } catch {
        player = nil
        return fail(error.description)
    }
}

/// Moves to `step` (replaying from the start when going back); returns the step reached.
@_expose(wasm, "bp_player_seek") @_cdecl("bp_player_seek")
func bp_player_seek(_ step: Int32) -> Int32 {
    guard player != nil else { return -1 }
    return Int32(truncatingIfNeeded: player!.seek(to: Int(step)))
}

/// One step forward; 1 when it stepped (0 at the end or after a failure).
@_expose(wasm, "bp_player_step") @_cdecl("bp_player_step")
func bp_player_step() -> Int32 {
    guard player != nil else { return -1 }
    return player!.stepForward() ? 1 : 0
}

/// Plays on by `seconds`; returns the interpolation fraction.
@_expose(wasm, "bp_player_advance") @_cdecl("bp_player_advance")
func bp_player_advance(_ seconds: Double) -> Double { player?.advance(by: seconds) ?? .nan }

/// Steps taken.
@_expose(wasm, "bp_player_position") @_cdecl("bp_player_position")
func bp_player_position() -> Int32 { Int32(truncatingIfNeeded: player?.step ?? -1) }

/// The scenario's length in steps.
@_expose(wasm, "bp_player_steps") @_cdecl("bp_player_steps")
func bp_player_steps() -> Int32 { Int32(truncatingIfNeeded: player?.steps ?? -1) }

/// Live bubbles in the replayed container.
@_expose(wasm, "bp_player_count") @_cdecl("bp_player_count")
func bp_player_count() -> Int32 { Int32(truncatingIfNeeded: player?.container.count ?? -1) }

/// The replay's state hash now.
@_expose(wasm, "bp_player_hash") @_cdecl("bp_player_hash")
func bp_player_hash() -> UInt64 { player?.hash ?? 0 }

/// The golden's hash for this step (0 when unknown).
@_expose(wasm, "bp_player_golden") @_cdecl("bp_player_golden")
func bp_player_golden() -> UInt64 { player?.goldenHash ?? 0 }

/// 1 when the hash now equals the golden's, 0 when it differs, -1 without a golden.
@_expose(wasm, "bp_player_match") @_cdecl("bp_player_match")
func bp_player_match() -> Int32 {
    guard let matches = player?.matchesGolden else { return -1 }
    return matches ? 1 : 0
}

/// Writes the timeline markers as numbers (step, kind, count per marker); returns the count of numbers.
@_expose(wasm, "bp_player_markers") @_cdecl("bp_player_markers")
func bp_player_markers() -> Int32 {
    guard let player else { return -1 }
    var values: [Double] = []
    for marker in player.markers { values += [Double(marker.step), Double(marker.kind.rawValue), Double(marker.count)] }
    numbers.write(values)
    return Int32(values.count)
}

/// Encodes the player's scene (at the last fraction); returns the count of numbers.
@_expose(wasm, "bp_player_scene") @_cdecl("bp_player_scene")
func bp_player_scene() -> Int32 {
    guard player != nil else { return -1 }
    return publish(player!.scene())
}

/// Writes why the replay stopped early as text; returns its length (0: it did not).
@_expose(wasm, "bp_player_failure") @_cdecl("bp_player_failure")
func bp_player_failure() -> Int32 {
    guard let failure = player?.failure else { return 0 }
    text.write(failure.description)
    return Int32(text.count)
}
