import BubblePhysics

/// One item as the app keeps it: its own identity, its content and an optional tag of its own
/// type. `BubbleItems.apply(_:)` makes the picker show a list of them.
public struct BubbleItem<ID: Hashable, Tag: Hashable, Content: BubbleLayoutProvider> {
    /// The app's identity for the item, unique within one `apply(_:)` list.
    public var id: ID
    /// What the bubble shows and how large it is (its layout provider).
    public var content: Content
    /// The app's grouping of the item, if any (`BubbleItems.items(withTag:)`, `select(tag:)`).
    public var tag: Tag?

    /// An item from its parts.
    public init(id: ID, content: Content, tag: Tag? = nil) {
        self.id = id
        self.content = content
        self.tag = tag
    }
}

extension BubbleItem: Equatable where Content: Equatable {}
extension BubbleItem: Hashable where Content: Hashable {}
extension BubbleItem: Sendable where ID: Sendable, Tag: Sendable, Content: Sendable {}

/// Why `BubbleItems.apply(_:)` refused a list (and changed nothing).
public enum BubbleItemsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two items share an identity: the item at `index` repeats the one at `firstIndex`.
    case duplicateID(index: Int, firstIndex: Int)

    /// One line naming the problem, e.g. `item 4 repeats the id of item 1`.
    public var description: String {
        switch self {
        case .duplicateID(let index, let firstIndex): return "item \(index) repeats the id of item \(firstIndex)"
        }
    }
}

/// A picker keyed by the app's own identities: a `BubblePickerDriver` plus the map between the
/// app's `ID`s and the picker's `BubbleID`s, and the app's tags of any `Hashable` type.
///
/// Say what the items are now with `apply(_:)`: items with new identities grow in, missing ones
/// shrink out, and the others change in place (content, size, tag — a new size animates as a
/// selection does), keeping their place, motion and selection. Read and set the selection as a
/// set of the app's identities. Everything else — the display clock, touches, accessibility,
/// announcements, settings — is the `driver`'s, with `BubbleID`s; `id(of:)` and `bubbleID(for:)`
/// translate (an event's bubble, an accessibility element, the focused bubble).
///
/// ```swift
/// var genres = BubbleItems<String, String, DefaultBubble>(driver: try BubblePickerDriver(configuration: configuration))
/// try genres.apply(catalog.map { BubbleItem(id: $0.slug, content: DefaultBubble(text: $0.name), tag: $0.family) })
/// genres.setSelection(user.favourites)                     // Set<String>
/// ... genres.driver.frame(at: link.timestamp) ...
/// save(genres.selection)                                  // Set<String>
/// ```
///
/// Bubbles the picker holds that no `apply` made (added through `driver.picker` directly) are
/// not items: `apply` leaves them alone. An item the user removed (the long-press action) is no
/// longer shown: it drops out of `ids`, `selection` and the rest, and the next `apply` that
/// still lists it brings it back; take the driver's `removed` events (with `id(of:)`) to update
/// the app's own list instead. The map is transient, like the driver's clock: it is not part of
/// the picker's saved state.
///
/// Deterministic like the picker: `apply` inserts in the list's order and removes in the
/// picker's; no dictionary is ever iterated.
public struct BubbleItems<ID: Hashable, Tag: Hashable, Content: BubbleLayoutProvider & Equatable> {
    /// The driver and its picker: the identity-based API underneath.
    public var driver: BubblePickerDriver<Content>
    /// The picker's bubble for each item the last `apply` listed.
    var bubbleByID: [ID: BubbleID] = [:]
    /// The app's identity for each of those bubbles.
    var idByBubble: [BubbleID: ID] = [:]
    /// The items' identities in the order of the last `apply`.
    var orderedIDs: [ID] = []
    /// Bubbles of items no longer listed or removed by the user, so their last events map back:
    /// kept while the picker holds them, and through one more `apply` after (`gone` marks those
    /// it no longer held at the last one).
    var departedIDs: [BubbleID: ID] = [:]
    var departed: [(bubble: BubbleID, gone: Bool)] = []
    /// The app's tags seen so far; the picker's `Int` tag of an item is its tag's index here.
    var tags: [Tag] = []
    var tagNumbers: [Tag: Int] = [:]

    /// Items on `driver`'s picker (none yet: its existing bubbles are not items).
    public init(driver: BubblePickerDriver<Content>) {
        self.driver = driver
    }

    /// Items on a new, empty picker.
    /// - Throws: `.invalidValue` naming the first setting out of range.
    public init(configuration: BubbleContainerConfiguration) throws(BubbleContainerError) {
        self.init(driver: try BubblePickerDriver(configuration: configuration))
    }

    /// The picker (`driver.picker`).
    public var picker: BubbleContainer<Content> {
        get { driver.picker }
        _modify { yield &driver.picker }
    }

    /// Makes the picker show `items`, in one call: an item whose identity is new is added (it
    /// grows in, unselected, in the list's order), one no longer listed is removed (it shrinks
    /// out; removing a selected one deselects it first), and one still listed keeps its bubble —
    /// its place, motion and selection — with its content and tag replaced when they differ (a
    /// new size animates over `selectionDuration`; each change reports `contentChanged`). An
    /// item the user removed comes back as a new bubble. Nothing changes when the list repeats
    /// an identity.
    /// - Throws: `.duplicateID` for two items with one identity.
    /// - Complexity: O(n + m) for n bubbles held and m items (amortised dictionary access).
    public mutating func apply(_ items: [BubbleItem<ID, Tag, Content>]) throws(BubbleItemsError) {
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let first = positions.updateValue(index, forKey: item.id) { throw .duplicateID(index: index, firstIndex: first) }
        }
        removeUnlisted(positions)
        var nextBubbleByID: [ID: BubbleID] = [:], nextIDByBubble: [BubbleID: ID] = [:]
        nextBubbleByID.reserveCapacity(items.count)
        nextIDByBubble.reserveCapacity(items.count)
        for item in items {
            let tag = item.tag.map { tagNumber($0) }
            let bubble: BubbleID
            if let existing = liveBubble(for: item.id), let current = driver.picker.bubble(existing) {
                bubble = existing
                if current.content != item.content { driver.picker.update(existing, content: item.content) }
                if current.tag != tag { driver.picker.update(existing, tag: tag) }
            } else {
                bubble = driver.picker.add(content: item.content, tag: tag)
            }
            nextBubbleByID[item.id] = bubble
            nextIDByBubble[bubble] = item.id
        }
        keepDeparted(listed: nextIDByBubble)
        bubbleByID = nextBubbleByID
        idByBubble = nextIDByBubble
        orderedIDs = items.map(\.id)
    }

    /// Moves the bubbles of the last list that `listed` no longer holds into `departedIDs`, and
    /// forgets departed bubbles already gone at the last `apply`.
    /// - Complexity: O(m + departed).
    mutating func keepDeparted(listed: [BubbleID: ID]) {
        var kept: [(bubble: BubbleID, gone: Bool)] = []
        for entry in departed {
            let held = driver.picker.indexByID[entry.bubble] != nil
            if entry.gone && !held { departedIDs[entry.bubble] = nil } else { kept.append((entry.bubble, !held)) }
        }
        for id in orderedIDs {
            guard let bubble = bubbleByID[id], listed[bubble] == nil, departedIDs[bubble] == nil else { continue }
            departedIDs[bubble] = id
            kept.append((bubble, driver.picker.indexByID[bubble] == nil))
        }
        departed = kept
    }

    /// Rebuilds the map after the driver's picker was restored or replaced (the map is transient,
    /// not part of the saved state): `identify` names the item each live bubble shows, or nil
    /// for a bubble that is not an item; it is called once per bubble, in insertion order, and
    /// a bubble naming an identity already taken is not an item. Call `apply(_:)` next with the
    /// app's list: it keeps these bubbles (their place, motion and selection) and sets their tags.
    /// - Complexity: O(n) plus `identify`'s cost.
    public mutating func adopt(_ identify: (Bubble<Content>) -> ID?) {
        bubbleByID = [:]
        idByBubble = [:]
        orderedIDs = []
        departedIDs = [:]
        departed = []
        for bubble in driver.picker.bubbles {
            guard let id = identify(bubble), bubbleByID[id] == nil else { continue }
            bubbleByID[id] = bubble.id
            idByBubble[bubble.id] = id
            orderedIDs.append(id)
        }
    }

    /// Removes, in the picker's order, the live bubbles of items not in `positions`.
    mutating func removeUnlisted(_ positions: [ID: Int]) {
        guard !idByBubble.isEmpty else { return }
        let map = idByBubble
        driver.picker.remove { bubble in map[bubble.id].map { positions[$0] == nil } ?? false }
    }

    /// The picker's `Int` tag for the app's `tag` (its index among the tags seen so far).
    mutating func tagNumber(_ tag: Tag) -> Int {
        if let number = tagNumbers[tag] { return number }
        tags.append(tag)
        tagNumbers[tag] = tags.count - 1
        return tags.count - 1
    }

    /// The bubble of item `id` while it is live (not removed by the user, not leaving).
    func liveBubble(for id: ID) -> BubbleID? {
        guard let bubble = bubbleByID[id], driver.picker.contains(bubble) else { return nil }
        return bubble
    }
}

extension BubbleItems: Sendable where ID: Sendable, Tag: Sendable, Content: Sendable {}
