/// Something the container reports, in the order it happened. Within one call, deselections
/// come before selections; `removed` is reported once, when the shrink-out ends and the
/// bubble is gone. Container events (`overfull`, `fits`, `paused`, `resumed`) have no bubble.
public struct BubbleEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A bubble was added (reported at once, also while it waits for the container to have an area).
        case added
        /// A removed bubble's shrink-out ended and it is gone.
        case removed
        /// A bubble became selected (by a tap, from code, or added selected).
        case selected
        /// A bubble became unselected (by a tap, from code, or evicted by `maxSelected`).
        case deselected
        /// The bubbles' area passed `BubbleContainer.overfullFraction` of the container's: they
        /// cannot all lie without overlapping (see `BubbleContainer.fillFraction`).
        case overfull
        /// The bubbles fit again after `overfull`.
        case fits
        /// Nothing moves and nothing animates: steps cost nothing until the next input (an app
        /// may stop its display link, like UIKit Dynamics' `dynamicAnimatorDidPause`).
        case paused
        /// Input woke a paused container (`dynamicAnimatorWillResume`).
        case resumed
    }

    /// What happened.
    public var kind: Kind
    /// The bubble it happened to; nil for container events.
    public var bubble: BubbleID?
    /// The bubble's tag when the event happened.
    public var tag: Int?
    /// The container's step count when it happened (0 before the first step).
    public var step: Int

    /// An event from its parts.
    public init(kind: Kind, bubble: BubbleID?, tag: Int?, step: Int) {
        self.kind = kind
        self.bubble = bubble
        self.tag = tag
        self.step = step
    }

    /// `step: kind #id`, e.g. `60: selected #1`, or `step: kind` for container events.
    public var description: String { "\(step): \(kind.rawValue)" + (bubble.map { " \($0)" } ?? "") }
}
