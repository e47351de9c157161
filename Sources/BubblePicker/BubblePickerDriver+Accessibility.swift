import BubblePhysics

/// Accessibility as data (see `BubbleAccessibilityElement` for how VoiceOver and ARIA map onto
/// it), keyboard and switch focus, and the events with their announcements.
extension BubblePickerDriver {
    /// The live bubbles shown in the frame on screen, in spatial reading order (rows top to
    /// bottom, leading to trailing, with hysteresis: see `BubbleReadingOrder`). Updates the
    /// reading order: ask as often as the screen reader does (every frame is fine).
    /// - Complexity: O(n log n).
    public mutating func accessibilityElements() -> [BubbleAccessibilityElement] {
        let frame = currentFrame
        readingOrder.isRightToLeft = isRightToLeft
        let order = readingOrder.update(with: frame)
        var byID: [BubbleID: Int] = [:]
        byID.reserveCapacity(frame.bubbles.count)
        for (index, bubble) in frame.bubbles.enumerated() { byID[bubble.id] = index }
        let configuration = picker.configuration, selected = picker.selectedLiveCount
        var actions: [BubbleAccessibilityAction] = []
        switch configuration.longPressAction {
        case .remove: actions = [.remove]
        case .reportOnly: actions = [.longPress]
        case .disabled: break
        }
        return order.compactMap { id in
            guard let index = byID[id], let bubble = picker.bubble(id) else { return nil }
            let shown = frame.bubbles[index], diameter = shown.drawnDiameter
            return BubbleAccessibilityElement(
                id: id, label: bubble.content.accessibilityLabel,
                value: configuration.maxSelected.map { "\(selected) of \($0) selected" } ?? "",
                traits: bubble.isSelected ? [.button, .selected] : [.button],
                frame: Rect(x: shown.center.x - diameter / 2, y: shown.center.y - diameter / 2, width: diameter, height: diameter),
                center: shown.center, diameter: diameter, isSelected: bubble.isSelected, isFocused: id == focusedBubble,
                selectedCount: selected, maxSelected: configuration.maxSelected, actions: actions)
        }
    }

    /// The reading order of the last `accessibilityElements()` (or `moveFocus`) call.
    public var readingOrderIDs: [BubbleID] { readingOrder.order }

    /// Gives focus to a live bubble, or clears it with nil. Returns false (focus unchanged) for
    /// a bubble that is not live.
    @discardableResult
    public mutating func focus(_ id: BubbleID?) -> Bool {
        guard let id else {
            focusedBubble = nil
            return true
        }
        guard picker.contains(id) else { return false }
        focusedBubble = id
        return true
    }

    /// Moves focus and returns the focused bubble: `next` / `previous` in reading order (wrapping
    /// around), or the spatially nearest bubble in a direction, from the focused one's drawn
    /// centre: among bubbles ahead of it, the smallest distance along the direction plus twice
    /// the distance across it (ties: reading order). Without focus, the first bubble in reading
    /// order (the last for `previous`) takes it. Focus stays when nothing lies that way.
    /// - Complexity: O(n log n).
    @discardableResult
    public mutating func moveFocus(_ direction: FocusDirection) -> BubbleID? {
        dropFocusIfGone()
        readingOrder.isRightToLeft = isRightToLeft
        let frame = currentFrame
        let order = readingOrder.update(with: frame)
        guard !order.isEmpty else { return focusedBubble }
        guard let current = focusedBubble, let position = order.firstIndex(of: current) else {
            focusedBubble = direction == .previous ? order.last : order.first
            return focusedBubble
        }
        guard let vector = direction.vector else {
            let step = direction == .next ? 1 : order.count - 1
            focusedBubble = order[(position + step) % order.count]
            return focusedBubble
        }
        focusedBubble = Self.nearest(from: current, toward: vector, in: frame, order: order) ?? current
        return focusedBubble
    }

    /// The best bubble ahead of `current` in `vector`'s direction (see `moveFocus`).
    static func nearest(from current: BubbleID, toward vector: Vector2, in frame: BubbleFrame, order: [BubbleID]) -> BubbleID? {
        var centers: [BubbleID: Vector2] = [:]
        for bubble in frame.bubbles { centers[bubble.id] = bubble.center }
        guard let origin = centers[current] else { return nil }
        var best: BubbleID? = nil
        var bestScore = Double.infinity
        for id in order where id != current {
            guard let center = centers[id] else { continue }
            let offset = center - origin
            let along = offset.x * vector.x + offset.y * vector.y
            guard along > 1e-6 else { continue }
            let across = (offset.x * vector.y - offset.y * vector.x).magnitude
            let score = along + 2 * across
            if score < bestScore {
                best = id
                bestScore = score
            }
        }
        return best
    }

    /// Activates a bubble: the same toggle as a tap (a refusal by `maxSelected` reports
    /// `selectionRefused` and is announced). Returns true when its state changed.
    @discardableResult
    public mutating func activate(_ id: BubbleID) -> Bool { picker.toggle(id) }

    /// Activates the focused bubble (Enter, Space, a switch's select); false without focus.
    @discardableResult
    public mutating func activateFocused() -> Bool {
        dropFocusIfGone()
        guard let id = focusedBubble else { return false }
        return activate(id)
    }

    /// The long-press action on a bubble (`longPressAction`: remove by default), as VoiceOver's
    /// custom action or a context menu asks for it. Returns true when the bubble was removed.
    @discardableResult
    public mutating func longPress(_ id: BubbleID) -> Bool {
        let next = focusedBubble == id ? focusAfterRemoving(id) : focusedBubble
        let removed = picker.longPress(id)
        if removed { focusedBubble = next }
        return removed
    }

    /// The long-press action on the focused bubble (Delete, a switch's menu): removes it by
    /// default, and focus moves to the next bubble in reading order (the previous one after the
    /// last). Returns true when it was removed.
    @discardableResult
    public mutating func removeFocused() -> Bool {
        dropFocusIfGone()
        guard let id = focusedBubble else { return false }
        return longPress(id)
    }

    /// The bubble that takes focus when `id` leaves: the next in reading order, else the previous.
    mutating func focusAfterRemoving(_ id: BubbleID) -> BubbleID? {
        readingOrder.isRightToLeft = isRightToLeft
        let order = readingOrder.update(with: currentFrame)
        guard let position = order.firstIndex(of: id) else { return nil }
        if position + 1 < order.count { return order[position + 1] }
        return position > 0 ? order[position - 1] : nil
    }

    /// Clears focus on a bubble that is no longer live.
    mutating func dropFocusIfGone() {
        if let id = focusedBubble, !picker.contains(id) { focusedBubble = nil }
    }

    /// Returns the picker's events since the last call, oldest first, and forgets them: the same
    /// as `picker.takeEvents()`. Taking events never takes announcements.
    /// - Complexity: O(pending events).
    public mutating func takeEvents() -> [BubbleEvent] { picker.takeEvents() }

    /// Returns what to say to a screen-reader user about what changed since the last call
    /// (selected, deselected — also when a selected bubble is removed —, limit reached, removed),
    /// oldest first, and forgets it (at most `BubbleContainer.maximumPendingEvents`, the newest).
    /// Announcements are made when the picker's state changes, into a log of their own: events
    /// taken through `takeEvents()` or `picker.takeEvents()` are still announced, and taking
    /// announcements leaves the events.
    /// - Complexity: O(announcements).
    public mutating func takeAnnouncements() -> [BubbleAnnouncement] { picker.takeAnnouncements() }
}
