/// A spatial reading order for moving bubbles: rows from top to bottom, each row leading to
/// trailing (left to right, or right to left), stable against small motion.
///
/// Two bubbles are ordered by where they are relative to each other: one whose centre is more
/// than `rowSpacing` of their mean drawn diameter above the other comes first (an earlier
/// row); of two within `sameRow` of it vertically, the one more than `columnSpacing` of it
/// toward the leading side comes first (the same row). Between those thresholds the pair is
/// ambiguous and keeps the order it had. The first order is made row by row; every update
/// then moves a bubble forward only past bubbles it is clearly before (an insertion sort of the
/// last order), so jitter, settling and slow drift change nothing until two bubbles clearly
/// changed rows or columns relative to each other.
///
/// `BubblePickerDriver` keeps one and updates it whenever accessibility elements are asked for.
public struct BubbleReadingOrder: Sendable {
    /// Vertical offset, in mean drawn diameters, beyond which the upper bubble of a pair is in an
    /// earlier row (adjacent rows of packed circles are 0.87 diameters apart).
    public static var rowSpacing: Double { 0.6 }
    /// Vertical offset, in mean drawn diameters, within which a pair shares a row.
    public static var sameRow: Double { 0.3 }
    /// Horizontal offset, in mean drawn diameters, beyond which the leading bubble of a pair in
    /// one row comes first.
    public static var columnSpacing: Double { 0.3 }

    /// True for right-to-left layouts: rows run right to left.
    public var isRightToLeft: Bool
    /// The order after the last update.
    public private(set) var order: [BubbleID] = []

    /// An order with no bubbles yet.
    public init(isRightToLeft: Bool = false) {
        self.isRightToLeft = isRightToLeft
    }

    /// Updates the order from a frame and returns the reading order of its live, shown bubbles
    /// (not waiting, not shrinking out).
    /// - Complexity: O(n log n) plus O(n × moves): linear when little changed.
    @discardableResult
    public mutating func update(with frame: BubbleFrame) -> [BubbleID] {
        var entries: [BubbleID: Entry] = [:]
        entries.reserveCapacity(frame.bubbles.count)
        var shown: [BubbleID] = []
        for bubble in frame.bubbles where bubble.phase != .removing && bubble.phase != .waiting {
            entries[bubble.id] = Entry(center: bubble.center, diameter: bubble.drawnDiameter)
            shown.append(bubble.id)
        }
        var start = order.filter { entries[$0] != nil }
        if start.isEmpty {
            start = Self.rows(shown.map { ($0, entries[$0]!) }, rightToLeft: isRightToLeft)
        } else {
            var known = Set(start)
            for id in shown where known.insert(id).inserted { start.append(id) }  // newcomers enter at the end
        }
        order = insertionSorted(start, entries)
        return order
    }

    struct Entry {
        var center: Vector2
        var diameter: Double
    }

    /// `ids` with each moved forward past the bubbles it is clearly before.
    func insertionSorted(_ ids: [BubbleID], _ entries: [BubbleID: Entry]) -> [BubbleID] {
        var result: [BubbleID] = []
        result.reserveCapacity(ids.count)
        for id in ids {
            guard let entry = entries[id] else { continue }
            var position = result.count
            while position > 0, let other = entries[result[position - 1]], clearlyBefore(entry, other) { position -= 1 }
            result.insert(id, at: position)
        }
        return result
    }

    /// True when `a` clearly reads before `b`: an earlier row, or the same row and leading.
    func clearlyBefore(_ a: Entry, _ b: Entry) -> Bool {
        let size = (a.diameter + b.diameter) * 0.5
        let dy = b.center.y - a.center.y
        if dy > Self.rowSpacing * size { return true }
        guard dy.magnitude < Self.sameRow * size else { return false }
        let dx = isRightToLeft ? a.center.x - b.center.x : b.center.x - a.center.x
        return dx > Self.columnSpacing * size
    }

    /// The first order: rows from the top (a row takes the centres within the mean of `sameRow`
    /// and `rowSpacing` of its first bubble's diameter below it, so no pair starts at the threshold
    /// where the next update would reorder it), each leading to trailing.
    static func rows(_ entries: [(BubbleID, Entry)], rightToLeft: Bool) -> [BubbleID] {
        let byHeight = entries.sorted { ($0.1.center.y, $0.0.rawValue) < ($1.1.center.y, $1.0.rawValue) }
        var result: [BubbleID] = []
        result.reserveCapacity(entries.count)
        var start = 0
        while start < byHeight.count {
            let limit = byHeight[start].1.center.y + (rowSpacing + sameRow) * 0.5 * byHeight[start].1.diameter
            var end = start + 1
            while end < byHeight.count && byHeight[end].1.center.y <= limit { end += 1 }
            let row = byHeight[start..<end].sorted {
                $0.1.center.x != $1.1.center.x ? (($0.1.center.x < $1.1.center.x) != rightToLeft) : $0.0 < $1.0
            }
            result.append(contentsOf: row.map { $0.0 })
            start = end
        }
        return result
    }
}
