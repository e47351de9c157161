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

/// A container size in points (UIKit-like units). Zero width or height is legal: bubbles added
/// then wait until the container has an area.
public struct PickerSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in points. Typical: 375 (an iPhone in portrait).
    public var width: Double
    /// Height in points. Typical: 667.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = PickerSize(width: 0, height: 0)

    /// True when both sides are positive.
    public var hasArea: Bool { width > 0 && height > 0 }
    /// True when both sides are finite and not negative.
    public var isValid: Bool { width.isFinite && height.isFinite && width >= 0 && height >= 0 }

    public var description: String { "\(width) x \(height)" }
}
