/// A spatial reading order for moving bubbles: rows from top to bottom, each row leading to
/// trailing (left to right, or right to left), stable against small motion.
///
/// Two bubbles are ordered by where they are relative to each other: one whose centre is more
/// than `rowSpacing` of their mean drawn diameter above the other comes first (an earlier
/// row); of two within `sameRow` of it vertically, the one more than `columnSpacing` of it
/// toward the leading side comes first (the same row). Between those thresholds the pair is
/// ambiguous and keeps the order it had. The first order is made row by row and sorted by these
/// thresholds until nothing moves; every later update moves a bubble forward only past bubbles
/// it is clearly before by a further `hysteresis` of their mean diameter (an insertion sort of
/// the last order), so jitter, settling and slow drift change nothing until two bubbles clearly
/// changed rows or columns relative to each other: jitter smaller than `hysteresis` × the
/// diameter never changes a settled order.
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
    /// How much further than the thresholds above, in mean drawn diameters, a pair must be for an
    /// update to swap it.
    public static var hysteresis: Double { 0.1 }

    /// True for right-to-left layouts: rows run right to left.
    public var isRightToLeft: Bool
    /// The order after the last update.
    public internal(set) var order: [BubbleID] = []

    /// An order with no bubbles yet.
    public init(isRightToLeft: Bool = false) {
        self.isRightToLeft = isRightToLeft
    }

    /// Updates the order from a frame and returns the reading order of its live, shown bubbles
    /// (not waiting, not shrinking out). Newcomers enter at the end and move forward; when that
    /// would take more than `moveBudget(for:)` moves in all (a large batch, a shuffle), the
    /// order is made afresh as the first one is.
    /// - Complexity: O(n log n): linear when little changed.
    @discardableResult
    public mutating func update(with frame: BubbleFrame) -> [BubbleID] {
        var ids: [BubbleID] = [], entries: [Entry] = [], slotByID: [BubbleID: Int] = [:]
        slotByID.reserveCapacity(frame.bubbles.count)
        for bubble in frame.bubbles where bubble.phase != .removing && bubble.phase != .waiting {
            slotByID[bubble.id] = ids.count
            ids.append(bubble.id)
            entries.append(Entry(center: bubble.center, diameter: bubble.drawnDiameter))
        }
        var start = order.compactMap { slotByID[$0] }
        if !start.isEmpty {
            var known = [Bool](repeating: false, count: ids.count)
            for slot in start { known[slot] = true }
            for slot in ids.indices where !known[slot] { start.append(slot) }  // newcomers enter at the end
            var moves = Self.moveBudget(for: start.count)
            if let sorted = insertionSorted(start, entries, margin: Self.hysteresis, moves: &moves) {
                order = sorted.map { ids[$0] }
                return order
            }
        }
        order = firstOrder(ids, entries).map { ids[$0] }
        return order
    }

    /// Most moves one update's insertion sort makes before the order is made afresh: linear in
    /// the bubbles shown.
    static func moveBudget(for count: Int) -> Int { 8 * count + 1024 }

    /// The order made afresh, as slots of `ids`: row by row, then sorted by the thresholds until
    /// nothing moves (a pass can expose a further clear pair) or the move budget is spent.
    /// - Complexity: O(n log n).
    func firstOrder(_ ids: [BubbleID], _ entries: [Entry]) -> [Int] {
        var start = Self.rows(ids, entries, rightToLeft: isRightToLeft)
        var moves = Self.moveBudget(for: start.count)
        for _ in 0..<max(start.count, 1) {
            guard let sorted = insertionSorted(start, entries, margin: 0, moves: &moves), sorted != start else { break }
            start = sorted
        }
        return start
    }

    struct Entry {
        var center: Vector2
        var diameter: Double
    }

    /// `slots` (indices into `entries`) with each moved forward past the bubbles it is clearly
    /// before by `margin` diameters, or nil once more than `moves` moves were made (each move
    /// spends one).
    func insertionSorted(_ slots: [Int], _ entries: [Entry], margin: Double, moves: inout Int) -> [Int]? {
        var result: [Int] = []
        result.reserveCapacity(slots.count)
        for slot in slots {
            let entry = entries[slot]
            var position = result.count
            while position > 0, clearlyBefore(entry, entries[result[position - 1]], margin: margin) {
                position -= 1
                moves -= 1
                if moves < 0 { return nil }
            }
            result.insert(slot, at: position)
        }
        return result
    }

    /// True when `a` clearly reads before `b`, every threshold `margin` diameters stricter: an
    /// earlier row, or the same row and leading.
    func clearlyBefore(_ a: Entry, _ b: Entry, margin: Double) -> Bool {
        let size = (a.diameter + b.diameter) * 0.5
        let dy = b.center.y - a.center.y
        if dy > (Self.rowSpacing + margin) * size { return true }
        guard dy.magnitude < (Self.sameRow - margin) * size else { return false }
        let dx = isRightToLeft ? a.center.x - b.center.x : b.center.x - a.center.x
        return dx > (Self.columnSpacing + margin) * size
    }

    /// The first order, as slots of `ids`: rows from the top (a row takes the centres within
    /// `rowSpacing` of its first bubble's diameter below it), each leading to trailing; ties by
    /// identity.
    static func rows(_ ids: [BubbleID], _ entries: [Entry], rightToLeft: Bool) -> [Int] {
        let byHeight = KeyedOrder.ascending(entries.map { $0.center.y }, ids.map { Double($0.rawValue) })
        var result: [Int] = []
        result.reserveCapacity(ids.count)
        var start = 0
        while start < byHeight.count {
            let first = entries[byHeight[start]]
            let limit = first.center.y + rowSpacing * first.diameter
            var end = start + 1
            while end < byHeight.count && entries[byHeight[end]].center.y <= limit { end += 1 }
            let row = Array(byHeight[start..<end])  // leading to trailing: x ascending (descending right to left)
            let order = KeyedOrder.ascending(row.map { rightToLeft ? -entries[$0].center.x : entries[$0].center.x },
                                             row.map { Double(ids[$0].rawValue) })
            result += order.map { row[$0] }
            start = end
        }
        return result
    }
}
