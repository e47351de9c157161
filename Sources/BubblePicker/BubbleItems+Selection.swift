import BubblePhysics

/// The items by the app's identities: queries, selection as a set, tags, motion.
extension BubbleItems {
    /// The identities of the items shown, in the order of the last `apply(_:)` (items the user
    /// removed since are left out).
    /// - Complexity: O(m) for m items.
    public var ids: [ID] { orderedIDs.filter { liveBubble(for: $0) != nil } }

    /// The item shown with identity `id`: its content and tag now, or nil when none is shown.
    /// - Complexity: O(1).
    public func item(_ id: ID) -> BubbleItem<ID, Tag, Content>? {
        guard let bubble = liveBubble(for: id), let shown = driver.picker.bubble(bubble) else { return nil }
        return BubbleItem(id: id, content: shown.content, tag: shown.tag.flatMap { tag(ofPickerTag: $0) })
    }

    /// The items shown, in the order of the last `apply(_:)`.
    /// - Complexity: O(m).
    public var items: [BubbleItem<ID, Tag, Content>] { orderedIDs.compactMap { item($0) } }

    /// The picker's bubble showing item `id`, or nil when none is shown.
    /// - Complexity: O(1).
    public func bubbleID(for id: ID) -> BubbleID? { liveBubble(for: id) }

    /// The app's identity of an item's bubble — also while it leaves (removed by `apply` or by
    /// the user) and through the next `apply` after it is gone, so its `deselected` and
    /// `removed` events map back; nil for a bubble that is not an item.
    /// - Complexity: O(1).
    public func id(of bubble: BubbleID) -> ID? { idByBubble[bubble] ?? departedIDs[bubble] }

    /// The app's tag behind a picker `Int` tag (`BubbleEvent.tag`, `Bubble.tag` of an item).
    /// - Complexity: O(1).
    public func tag(ofPickerTag number: Int) -> Tag? { tags.indices.contains(number) ? tags[number] : nil }

    /// The identities of the items shown with tag `tag`, in the order of the last `apply(_:)`.
    /// - Complexity: O(m).
    public func items(withTag tag: Tag) -> [ID] {
        guard let number = tagNumbers[tag] else { return [] }
        return orderedIDs.filter { id in liveBubble(for: id).flatMap { driver.picker.bubble($0)?.tag } == number }
    }

    /// The selected items' identities. Setting it is `setSelection(_:)`.
    /// - Complexity: O(n) for n bubbles held.
    public var selection: Set<ID> {
        var result = Set<ID>()
        for bubble in driver.picker.selectedBubbles {
            if let id = idByBubble[bubble.id] { result.insert(id) }
        }
        return result
    }

    /// Makes exactly the items in `ids` selected (identities not shown are ignored): the
    /// others are deselected first, then these are selected in the picker's order, as one
    /// change (`maxSelected` applies: with `.refuse` the earliest win and the rest report
    /// `selectionRefused`). Bubbles that are not items keep their selection. Returns how many
    /// changed.
    /// - Complexity: O(n) plus the selection's cost.
    @discardableResult
    public mutating func setSelection(_ ids: Set<ID>) -> Int {
        let map = idByBubble
        let deselected = driver.picker.deselect { bubble in map[bubble.id].map { !ids.contains($0) } ?? false }
        return deselected + driver.picker.select { bubble in map[bubble.id].map { ids.contains($0) } ?? false }
    }

    /// Whether item `id` is shown and selected.
    /// - Complexity: O(1).
    public func isSelected(_ id: ID) -> Bool {
        liveBubble(for: id).flatMap { driver.picker.bubble($0)?.isSelected } ?? false
    }

    /// Selects item `id`; true when it became selected (see `BubbleContainer.select(_:)`).
    @discardableResult
    public mutating func select(_ id: ID) -> Bool { liveBubble(for: id).map { driver.picker.select($0) } ?? false }

    /// Deselects item `id`; true when it became unselected.
    @discardableResult
    public mutating func deselect(_ id: ID) -> Bool { liveBubble(for: id).map { driver.picker.deselect($0) } ?? false }

    /// Toggles item `id`, as a tap does; true when its state changed.
    @discardableResult
    public mutating func toggle(_ id: ID) -> Bool { liveBubble(for: id).map { driver.picker.toggle($0) } ?? false }

    /// Selects the items with tag `tag`; returns how many changed.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func select(tag: Tag) -> Int { tagNumbers[tag].map { driver.picker.select(tag: $0) } ?? 0 }

    /// Deselects the items with tag `tag`; returns how many changed.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func deselect(tag: Tag) -> Int { tagNumbers[tag].map { driver.picker.deselect(tag: $0) } ?? 0 }

    /// The velocity of item `id`'s bubble, points per second (nil when none is shown, or while
    /// it waits for the container to have an area).
    /// - Complexity: O(1).
    public func velocity(of id: ID) -> Vector2? { liveBubble(for: id).flatMap { driver.picker.velocity(of: $0) } }

    /// The item with keyboard or accessibility focus, if it is an item.
    public var focusedItem: ID? { driver.focusedBubble.flatMap { id(of: $0) } }

    /// Gives focus to item `id`'s bubble; false (focus unchanged) when none is shown.
    @discardableResult
    public mutating func focus(_ id: ID) -> Bool { liveBubble(for: id).map { driver.focus($0) } ?? false }
}
