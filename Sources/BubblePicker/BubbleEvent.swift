/// Something the container reports, in the order it happened. Within one call, deselections
/// come before selections, and refusals come last; removing a selected bubble reports
/// `deselected` at once and `removed` once, when the shrink-out ends and the bubble is gone.
/// Container events (`overfull`, `fits`, `paused`, `resumed`) have no bubble.
public struct BubbleEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A bubble was added (reported at once, also while it waits for the container to have an area).
        case added
        /// A removed bubble's shrink-out ended and it is gone.
        case removed
        /// A bubble became selected (by a tap, from code, or added selected).
        case selected
        /// A bubble became unselected (by a tap, from code, evicted by `maxSelected`, or removed
        /// while selected: reported when the removal begins, before its `removed`).
        case deselected
        /// A selection was refused (by a tap, from code, or a bubble added selected); `refusal`
        /// says why. The bubble stays unselected.
        case selectionRefused
        /// A bubble's content or tag was replaced in place (`update(_:content:)`,
        /// `update(_:tag:)`); the event carries the new tag.
        case contentChanged
        /// A pointer rested on a bubble for `longPressDuration`; `longPressAction` follows (a
        /// removal reports its own events).
        case longPressed
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
    /// Why a selection was refused (`selectionRefused` only; nil otherwise).
    public var refusal: SelectionRefusal?

    /// An event from its parts.
    public init(kind: Kind, bubble: BubbleID?, tag: Int?, step: Int, refusal: SelectionRefusal? = nil) {
        self.kind = kind
        self.bubble = bubble
        self.tag = tag
        self.step = step
        self.refusal = refusal
    }

    /// `step: kind #id`, e.g. `60: selected #1`, `step: kind` for container events, and the
    /// reason after a refusal: `61: selectionRefused #4 limitReached`.
    public var description: String {
        "\(step): \(kind.rawValue)" + (bubble.map { " \($0)" } ?? "") + (refusal.map { " " + $0.rawValue } ?? "")
    }
}

/// Why a selection was refused.
public enum SelectionRefusal: String, Hashable, Sendable, CaseIterable {
    /// `maxSelected` bubbles are selected and `maxSelectedPolicy` is `.refuse` (or the limit is 0).
    case limitReached
}
