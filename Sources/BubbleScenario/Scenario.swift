import BubblePhysics
import BubblePicker

/// A scenario: a container set up from JSON, the bubbles it starts with, and a timeline of what
/// happens to it, step by step. Decoded and fully validated by `Scenario(json:)`; every value in
/// it is in range, so running it cannot trap.
public struct Scenario: Sendable {
    /// Version of the JSON format this code reads.
    public static let formatVersion = 1
    /// Most bubbles a scenario may create (initial list, crowd and adds together).
    public static let maximumBubbles = 100_000
    /// Most steps a scenario may run.
    public static let maximumSteps = 1_000_000
    /// Most timeline events after expanding repeats, drags and taps.
    public static let maximumEvents = 1_000_000
    /// Pointer coordinates (`x`, `y`, `from`, `to`, `by`) of timeline events, points.
    public static var pointerRange: SettingRange<Double> { SettingRange("pointer", -1_000_000...1_000_000) }

    /// The file's base name without `.json` (names the golden trace).
    public var name: String
    /// One line: what the scenario shows.
    public var description: String
    /// Seed of every random choice (container spawn points, crowd sizes).
    public var seed: UInt64
    /// Steps to run.
    public var steps: Int
    /// Golden trace: positions every `traceEvery` steps, of at most `traceBubbles` bubbles.
    public var traceEvery: Int
    /// How many bubbles (the first, in id order) each golden sample records.
    public var traceBubbles: Int
    /// Whether the golden trace also records the container's events after every step
    /// (`"trace": {"events": true}`; off by default, so existing traces have none).
    public var traceEvents: Bool = false
    /// The container's configuration at the start (seed included).
    public var configuration: BubbleContainerConfiguration
    /// The bubbles added before the first step, in order (the crowd's after the listed ones).
    public var bubbles: [BubbleSpec]
    /// Events sorted by step; events at the same step keep their file order.
    public var timeline: [TimelineEvent]
    /// FNV-1a hash of the scenario's canonical (compact) JSON, 16 hex digits.
    public var sourceHash: String
}

/// One bubble to add: content, tag, state and how it appears.
public struct BubbleSpec: Sendable, Equatable {
    /// Label text ("" for none).
    public var text: String
    /// Image asset name, if any.
    public var imageName: String?
    /// Tag, if any.
    public var tag: Int?
    /// Added already selected.
    public var selected: Bool
    /// Appears at the attraction point (else at a seeded spawn corner).
    public var atCenter: Bool
    /// Grows in (else appears at full size).
    public var animated: Bool
    /// Sizes, colours and label of the default bubble.
    public var style: BubbleStyle
}

/// One timeline event: when, where it came from in the file, and what.
public struct TimelineEvent: Sendable, Equatable {
    /// Steps taken when it happens (it happens before the next step).
    public var at: Int
    /// Its field path in the file, e.g. `timeline[3]`, for run-time errors.
    public var path: String
    /// What it does.
    public var action: TimelineAction
    /// The pointer of a pointer event (`pointer` in the file, default 0); nil for a
    /// `pointerCancel` without one, which cancels every pointer.
    public var pointer: Int? = 0
}

/// What a timeline event does.
public enum TimelineAction: Sendable, Equatable {
    /// Adds a bubble.
    case add(BubbleSpec)
    /// Removes the targets (animated).
    case remove(BubbleTarget)
    /// Selects the targets.
    case select(BubbleTarget)
    /// Deselects the targets.
    case deselect(BubbleTarget)
    /// Toggles the targets.
    case toggle(BubbleTarget)
    /// A finger touches down.
    case pointerDown(PointerPosition)
    /// The finger moves.
    case pointerMove(PointerPosition)
    /// The finger lifts.
    case pointerUp(PointerPosition)
    /// The gesture is cancelled.
    case pointerCancel
    /// A new anchor, as a fraction of the container size.
    case moveAnchor(Vector2)
    /// Resizes the container, points.
    case resize(Size)
    /// Changes settings: the `settings` object's fields, decoded at load time, applied over the
    /// configuration in force when the event fires.
    case set([SettingChange])
    /// Changes a bubble in place (same identity): the bubble with this id, and what changes.
    case update(Int, BubbleUpdate)
}

/// What an `update` event changes in a stock bubble; nil fields stay as they are. The content
/// changes through `BubbleContainer.update(_:content:)` (its size animates), the tag through
/// `BubbleContainer.update(_:tag:)`.
public struct BubbleUpdate: Sendable, Equatable {
    /// New label text.
    public var text: String?
    /// New image asset name.
    public var imageName: String?
    /// New tag.
    public var tag: Int?
    /// New unselected diameter, points.
    public var minSize: Double?
    /// New selected diameter, points (with `minSize` alone: the old ratio kept).
    public var maxSize: Double?

    /// An update from its parts.
    public init(text: String? = nil, imageName: String? = nil, tag: Int? = nil, minSize: Double? = nil, maxSize: Double? = nil) {
        self.text = text
        self.imageName = imageName
        self.tag = tag
        self.minSize = minSize
        self.maxSize = maxSize
    }

    /// True when it changes the content (anything but the tag).
    public var changesContent: Bool { text != nil || imageName != nil || minSize != nil || maxSize != nil }

    /// `content` with this update's changes.
    public func applied(to content: DefaultBubble) -> DefaultBubble {
        var content = content
        if let text { content.data.text = text }
        if let imageName { content.data.imageName = imageName }
        if let minSize {
            let ratio = content.style.maxSize / content.style.minSize
            content.style.minSize = minSize
            content.style.maxSize = maxSize ?? minSize * ratio
        } else if let maxSize {
            content.style.maxSize = maxSize
        }
        return content
    }
}

/// Where a pointer event happens: a point, or resolved when it fires.
public enum PointerPosition: Sendable, Equatable {
    /// A point in container coordinates.
    case point(Vector2)
    /// The centre of the bubble with this id (a tap or drag "on bubble N"); `field` is the
    /// event's field that named it (`id` or `from.id`), for errors.
    case bubble(id: Int, field: String)
    /// The last pointer-down position plus an offset (the later samples of a drag from a bubble).
    case fromDown(Vector2)
}

/// Which bubbles a remove/select/deselect/toggle event is about.
public enum BubbleTarget: Sendable, Equatable {
    /// One bubble by id (ids are 0, 1, 2, ... in the order bubbles are made).
    case id(Int)
    /// Every bubble with this tag.
    case tag(Int)
    /// Every bubble whose tag is one of these (the predicate "tag in [...]").
    case tags([Int])
    /// Every bubble.
    case all
    /// Every selected bubble, or every unselected one.
    case selected(Bool)

    /// True for targets that must match at least one bubble when the event fires.
    public var mustMatch: Bool {
        switch self {
        case .id, .tag, .tags: return true
        case .all, .selected: return false
        }
    }

    /// The JSON field the target was given by, for error paths.
    public var field: String {
        switch self {
        case .id: return "id"
        case .tag: return "tag"
        case .tags: return "tags"
        case .all: return "all"
        case .selected: return "where"
        }
    }

    /// True when `bubble` is a target.
    public func matches<Content>(_ bubble: Bubble<Content>) -> Bool {
        switch self {
        case .id(let id): return bubble.id.rawValue == id
        case .tag(let tag): return bubble.tag == tag
        case .tags(let tags): return bubble.tag.map { tags.contains($0) } ?? false
        case .all: return true
        case .selected(let selected): return bubble.isSelected == selected
        }
    }

    /// The target's value as written, for "(got ...)".
    public var excerpt: String {
        switch self {
        case .id(let id): return String(id)
        case .tag(let tag): return String(tag)
        case .tags(let tags): return "[" + tags.map { String($0) }.joined(separator: ",") + "]"
        case .all: return "true"
        case .selected(let selected): return selected ? "\"selected\"" : "\"unselected\""
        }
    }
}
