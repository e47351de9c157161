/// A bubble's identity inside one container: a sequential integer handed out by
/// `BubbleContainer.makeBubble(_:tag:selected:)` (0, 1, 2, … in call order, so it is deterministic).
public struct BubbleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw number. Never reused by the container that issued it.
    public let rawValue: Int

    /// An identity from its number. Containers accept identities in `BubbleID.range`.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// The identities a container accepts: 0 … 2^30, the same on every platform (32-bit
    /// WebAssembly included). The counter behind `makeBubble` starts at 0 and steps past any
    /// added identity; it stops at 2^30 + 1, an identity `add` refuses.
    public static var range: SettingRange<Int> { SettingRange("bubble id", 0...(1 << 30)) }

    /// Orders identities by number (creation order for identities the container issued).
    public static func < (a: BubbleID, b: BubbleID) -> Bool { a.rawValue < b.rawValue }

    /// `#N`.
    public var description: String { "#\(rawValue)" }
}

/// Why a container refused a call: a typed error (`throws(BubbleContainerError)`), never a trap.
public enum BubbleContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A bubble with this identity is already in the container (also while it shrinks away).
    case duplicateBubble(BubbleID)
    /// A value is out of range: the field, the value and the accepted range.
    case invalidValue(InvalidValue)

    /// One line naming the problem, e.g. `duplicate bubble #3` or `fieldStrength -1 must be in 0...10000000`.
    public var description: String {
        switch self {
        case .duplicateBubble(let id): return "duplicate bubble \(id)"
        case .invalidValue(let error): return error.description
        }
    }
}
