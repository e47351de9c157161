import BubblePhysics

/// Why a saved picker state was refused (`BubbleContainer.init(savedState:content:)`): a typed
/// error naming the line and what is wrong with it, never a trap.
public enum SavedStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a saved picker state (its first line, excerpted, is not
    /// `bubblepicker-state N`).
    case notSavedState(firstLine: String)
    /// A saved picker state of a version this code does not read.
    case unsupportedVersion(Int)
    /// The text ends at `line` where `expected` (a line's key) should follow.
    case truncated(line: Int, expected: String)
    /// A value on `line` is malformed, out of range or inconsistent with the rest.
    case invalid(line: Int, InvalidValue)
    /// The app's content decoder returned nil for the content of `bubble` on `line`.
    case content(line: Int, bubble: BubbleID)
    /// Every line reads well but the text is not what was saved (edited or corrupted): its
    /// checksum on `line` does not match.
    case checksumMismatch(line: Int)

    /// One line naming the problem, e.g. `saved state line 7: fieldStrength -1 must be in 0...10000000`.
    public var description: String {
        switch self {
        case .notSavedState(let first): return "not a saved picker state (first line \"\(first)\")"
        case .unsupportedVersion(let version):
            return "saved picker state version \(version) is not supported (this code reads versions 1...\(SavedStateFormat.version))"
        case .truncated(let line, let expected): return "saved state line \(line): ends early, expected '\(expected)'"
        case .invalid(let line, let error): return "saved state line \(line): \(error)"
        case .content(let line, let bubble): return "saved state line \(line): the content of bubble \(bubble) could not be decoded"
        case .checksumMismatch(let line): return "saved state line \(line): checksum does not match the text (edited or corrupted)"
        }
    }
}

/// Constants of the saved-state text format.
enum SavedStateFormat {
    /// The format version written. Versions 1 (positional) and 2 (named fields) are read.
    static let version = 2
    /// The line keys version 2 writes (a reader skips lines with other keys: a later version's).
    static let keys: [Substring] = [
        "configuration.container", "configuration.animations", "configuration.selection", "configuration.cycling",
        "configuration.gestures", "configuration.fit", "configuration.physics", "picker.clock", "picker.ids", "picker.random", "picker.anchor",
        "picker.previousAnchor", "picker.spreadReference", "picker.rest", "picker.fit", "picker.events", "event", "picker.bubbles",
        "bubble", "content", "world.field", "world.clock", "world.slots", "slot", "world.freeSlots", "world.colours",
        "colour", "world.overflow", "world.walls", "world.state", "checksum",
    ]
    /// The largest value a restored counter may hold (2^30): every counter a step or a call
    /// increments then has over a billion increments of headroom before `Int.max` of a 32-bit
    /// platform (WebAssembly), so a restored picker never traps on one.
    static let counterLimit = World.restoredCounterLimit
    /// The first line's word.
    static let magic = "bubblepicker-state"

    /// FNV-1a, 64 bits, over bytes (the UTF-8 of the text before the checksum line).
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
