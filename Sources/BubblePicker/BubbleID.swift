import BubblePhysics

/// A bubble's identity inside one container: a sequential integer handed out by
/// `BubbleContainer.makeBubble(_:tag:selected:)` (0, 1, 2, … in call order, so it is deterministic).
public struct BubbleID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw number. Never reused by the container that issued it.
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: BubbleID, b: BubbleID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// Errors the container reports instead of crashing.
public enum BubbleContainerError: Error, Hashable, Sendable {
    /// A bubble with this identity is already in the container (also while it shrinks away).
    case duplicateBubble(BubbleID)
    /// A configuration value is out of range; the text names the field and why.
    case invalidConfiguration(String)
}
