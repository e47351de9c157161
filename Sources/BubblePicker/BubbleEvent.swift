/// Something the container reports, in the order it happened. Within one call, deselections
/// come before selections; `removed` is reported once, when the shrink-out ends and the
/// bubble is gone.
public struct BubbleEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case added, removed, selected, deselected
    }

    public var kind: Kind
    public var bubble: BubbleID
    /// The bubble's tag when the event happened.
    public var tag: Int?
    /// The container's step count when it happened (0 before the first step).
    public var step: Int

    public init(kind: Kind, bubble: BubbleID, tag: Int?, step: Int) {
        self.kind = kind
        self.bubble = bubble
        self.tag = tag
        self.step = step
    }

    public var description: String { "\(step): \(kind.rawValue) \(bubble)" }
}
