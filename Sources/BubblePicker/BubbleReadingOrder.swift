/// A spatial reading order for moving bubbles: rows from top to bottom, each row leading to
/// trailing (left to right, or right to left), stable against small motion.
///
/// Each bubble has a position key that follows its drawn centre only once the centre has moved
/// more than `hysteresis` of its drawn diameter away from the key on that axis; the order is
/// computed from the keys, so jitter, settling and slow drift change nothing until a bubble has
/// clearly changed row or column. Rows: the keys sorted top to bottom, a row taking every key
/// within `rowBand` of its first bubble's diameter below that bubble's key.
///
/// `BubblePickerDriver` keeps one and updates it whenever accessibility elements are asked for.
public struct BubbleReadingOrder: Sendable {
    /// How far a bubble's drawn centre moves from its key, in its drawn diameters per axis,
    /// before the key follows.
    public static var hysteresis: Double { 0.35 }
    /// How far below a row's first bubble (in that bubble's diameters) a bubble still joins its row.
    public static var rowBand: Double { 0.5 }

    /// True for right-to-left layouts: rows run right to left.
    public var isRightToLeft: Bool
    /// The order after the last update.
    public private(set) var order: [BubbleID] = []
    var keys: [BubbleID: Vector2] = [:]

    /// An order with no bubbles yet.
    public init(isRightToLeft: Bool = false) {
        self.isRightToLeft = isRightToLeft
    }

    /// Updates the keys from a frame and returns the reading order of its live, shown bubbles
    /// (not waiting, not shrinking out).
    /// - Complexity: O(n log n).
    @discardableResult
    public mutating func update(with frame: BubbleFrame) -> [BubbleID] {
        var entries: [Entry] = []
        entries.reserveCapacity(frame.bubbles.count)
        var next: [BubbleID: Vector2] = [:]
        next.reserveCapacity(frame.bubbles.count)
        for bubble in frame.bubbles where bubble.phase != .removing && bubble.phase != .waiting {
            let reach = Self.hysteresis * bubble.drawnDiameter
            var key = keys[bubble.id] ?? bubble.center
            if !((bubble.center.x - key.x).magnitude <= reach) { key.x = bubble.center.x }
            if !((bubble.center.y - key.y).magnitude <= reach) { key.y = bubble.center.y }
            next[bubble.id] = key
            entries.append(Entry(id: bubble.id, key: key, diameter: bubble.drawnDiameter))
        }
        keys = next
        order = Self.rows(entries, rightToLeft: isRightToLeft)
        return order
    }

    struct Entry {
        var id: BubbleID
        var key: Vector2
        var diameter: Double
    }

    /// Groups keys into rows from the top and orders each row leading to trailing.
    static func rows(_ entries: [Entry], rightToLeft: Bool) -> [BubbleID] {
        let byHeight = entries.sorted { ($0.key.y, $0.key.x, $0.id.rawValue) < ($1.key.y, $1.key.x, $1.id.rawValue) }
        var result: [BubbleID] = []
        result.reserveCapacity(entries.count)
        var start = 0
        while start < byHeight.count {
            let limit = byHeight[start].key.y + rowBand * byHeight[start].diameter
            var end = start + 1
            while end < byHeight.count && byHeight[end].key.y <= limit { end += 1 }
            let row = byHeight[start..<end].sorted {
                $0.key.x != $1.key.x ? (($0.key.x < $1.key.x) != rightToLeft) : $0.id < $1.id
            }
            result.append(contentsOf: row.map { $0.id })
            start = end
        }
        return result
    }
}
