/// One bubble as assistive technology sees it: what VoiceOver's `UIAccessibilityElement` or a web
/// page's ARIA `option` needs, in container points. English `value` text is provided; an app
/// that localises builds its own from `selectedCount`, `maxSelected` and `isSelected`.
///
/// VoiceOver: one `UIAccessibilityElement` per element, in the order given
/// (`accessibilityElements` of the picker view), with `accessibilityLabel` = `label`,
/// `accessibilityValue` = `value`, traits `.button` plus `.selected` when `isSelected`,
/// `accessibilityFrameInContainerSpace` = `frame` mapped through the view's drawing transform,
/// `accessibilityActivate()` calling `BubblePickerDriver.activate(_:)`, and a custom action per
/// `actions` entry (`.remove`: "Remove", `.longPress`: the app's name for it) calling
/// `BubblePickerDriver.longPress(_:)`. Post `UIAccessibility.Notification.layoutChanged` when
/// the order changes, and `.announcement` with each `BubbleAnnouncement.text`.
///
/// The web: the picker is a `role="listbox"` with `aria-multiselectable="true"` and
/// `aria-activedescendant` set to the focused bubble; each element is a `role="option"` with
/// `aria-selected` = `isSelected`, its name = `label`, `aria-setsize` / `aria-posinset` from the
/// reading order, placed over `frame`; arrow keys call `moveFocus`, Enter or Space
/// `activateFocused()`, Delete `removeFocused()`; announcements go to an `aria-live="polite"`
/// region.
public struct BubbleAccessibilityElement: Hashable, Sendable {
    /// The bubble.
    public var id: BubbleID
    /// Its content's `accessibilityLabel`.
    public var label: String
    /// "2 of 3 selected" while `maxSelected` is set, "" otherwise (selection is a trait).
    public var value: String
    /// Button, plus selected when selected.
    public var traits: BubbleAccessibilityTraits
    /// The drawn circle's bounding square, container points.
    public var frame: Rect
    /// The drawn centre, container points.
    public var center: Vector2
    /// The drawn diameter (`diameter × scale`), points.
    public var diameter: Double
    /// Whether the bubble is selected.
    public var isSelected: Bool
    /// Whether it has keyboard or accessibility focus.
    public var isFocused: Bool
    /// Live selected bubbles in the picker.
    public var selectedCount: Int
    /// The picker's `maxSelected`.
    public var maxSelected: Int?
    /// Actions besides activation (which toggles, like a tap).
    public var actions: [BubbleAccessibilityAction]

    /// An element from its parts.
    public init(id: BubbleID, label: String, value: String, traits: BubbleAccessibilityTraits, frame: Rect,
                center: Vector2, diameter: Double, isSelected: Bool, isFocused: Bool, selectedCount: Int,
                maxSelected: Int?, actions: [BubbleAccessibilityAction]) {
        self.id = id
        self.label = label
        self.value = value
        self.traits = traits
        self.frame = frame
        self.center = center
        self.diameter = diameter
        self.isSelected = isSelected
        self.isFocused = isFocused
        self.selectedCount = selectedCount
        self.maxSelected = maxSelected
        self.actions = actions
    }
}

/// The traits of a bubble's accessibility element.
public struct BubbleAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// A raw value's traits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Activating it does something (toggles the selection): UIKit `.button`, ARIA `option`.
    public static let button = BubbleAccessibilityTraits(rawValue: 1)
    /// It is selected: UIKit `.selected`, ARIA `aria-selected="true"`.
    public static let selected = BubbleAccessibilityTraits(rawValue: 2)
}

/// A bubble's action besides activation.
public enum BubbleAccessibilityAction: String, Hashable, Sendable {
    /// The long press removes it (`LongPressAction.remove`): offer "Remove".
    case remove
    /// The long press reports `longPressed` for the app to act on (`LongPressAction.reportOnly`).
    case longPress
}

/// A direction to move keyboard or switch focus in.
public enum FocusDirection: String, Hashable, Sendable, CaseIterable {
    /// The nearest bubble above (screen up).
    case up
    /// The nearest bubble below.
    case down
    /// The nearest bubble to the left.
    case left
    /// The nearest bubble to the right.
    case right
    /// The next bubble in reading order (Tab, switch scanning).
    case next
    /// The previous bubble in reading order (Shift-Tab).
    case previous

    /// The unit vector of a spatial direction (y grows downward); nil for `next` and `previous`.
    var vector: Vector2? {
        switch self {
        case .up: return Vector2(0, -1)
        case .down: return Vector2(0, 1)
        case .left: return Vector2(-1, 0)
        case .right: return Vector2(1, 0)
        case .next, .previous: return nil
        }
    }
}

/// Something to say to a screen-reader user, made from the picker's events: a selection, a
/// deselection (also when a selected bubble is removed), a refused selection, a removal. `text`
/// is English; localise from `kind`, `label` and `maxSelected`.
public struct BubbleAnnouncement: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The bubble became selected.
        case selected
        /// The bubble became unselected.
        case deselected
        /// The bubble's selection was refused: `maxSelected` bubbles are selected.
        case limitReached
        /// The bubble is gone.
        case removed
    }

    /// What happened.
    public var kind: Kind
    /// The bubble.
    public var bubble: BubbleID
    /// Its accessibility label when it happened.
    public var label: String
    /// The picker's `maxSelected` when the announcement was made.
    public var maxSelected: Int?

    /// An announcement from its parts.
    public init(kind: Kind, bubble: BubbleID, label: String, maxSelected: Int?) {
        self.kind = kind
        self.bubble = bubble
        self.label = label
        self.maxSelected = maxSelected
    }

    /// English text: "Jazz, selected", "Jazz, not selected", "Limit reached, 3 selected. Jazz
    /// not selected", "Jazz, removed".
    public var text: String {
        let name = label.isEmpty ? "Bubble" : label
        switch kind {
        case .selected: return name + ", selected"
        case .deselected: return name + ", not selected"
        case .limitReached: return "Limit reached" + (maxSelected.map { ", \($0) selected" } ?? "") + ". \(name) not selected"
        case .removed: return name + ", removed"
        }
    }

    /// The announcement of an event, if it has one.
    static func make(_ event: BubbleEvent, label: String?, maxSelected: Int?) -> BubbleAnnouncement? {
        guard let bubble = event.bubble else { return nil }
        let kind: Kind
        switch event.kind {
        case .selected: kind = .selected
        case .deselected: kind = .deselected
        case .selectionRefused: kind = .limitReached
        case .removed: kind = .removed
        case .added, .overfull, .fits, .paused, .resumed, .contentChanged, .longPressed: return nil
        }
        return BubbleAnnouncement(kind: kind, bubble: bubble, label: label ?? "", maxSelected: maxSelected)
    }
}
