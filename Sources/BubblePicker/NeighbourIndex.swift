/// A sorted-cell index of points for "who is within `reach` of here" queries, built once for a
/// batch of selections (selecting 20,000 bubbles at once must not cost 20,000 full scans).
///
/// Points are bucketed into square cells as wide as the largest reach and sorted by
/// (row, column, index), so a query looks at the 3 × 3 cells around a point with binary searches
/// and returns candidates in ascending index order: the same order, hence the same
/// floating-point sums, as a linear scan. Cells are computed from clamped coordinates, so
/// far-flung points cannot overflow.
struct NeighbourIndex {
    private struct Entry {
        var row: Int
        var column: Int
        var index: Int
    }

    private let cellSize: Double
    private var entries: [Entry] = []

    /// Indexes `points` (nil entries are skipped) for queries up to `reach`.
    /// - Complexity: O(n log n).
    init(points: [Vector2?], reach: Double) {
        cellSize = reach > 0 && reach.isFinite ? reach : 1
        for (index, point) in points.enumerated() {
            guard let point else { continue }
            entries.append(Entry(row: cell(point.y), column: cell(point.x), index: index))
        }
        // By (row, column, index): the entries are in index order and the sort is stable.
        let order = KeyedOrder.ascending(entries.map { Double($0.row) }, entries.map { Double($0.column) })
        entries = order.map { entries[$0] }
    }

    /// Indices of the points in the 3 × 3 cells around `point`, ascending: a superset of the
    /// points within `reach` (the reach given at construction, or less) — or, where more than
    /// `limit` points crowd those cells (a pile), the first `limit` of them in cell order.
    /// - Complexity: O(log n + min(candidates, limit)).
    func candidates(near point: Vector2, limit: Int) -> [Int] {
        let row = cell(point.y), column = cell(point.x)
        var result: [Int] = []
        for r in (row - 1)...(row + 1) {
            var position = firstEntry(atOrAfter: r, column - 1)
            while position < entries.count && entries[position].row == r && entries[position].column <= column + 1
                    && result.count < limit {
                result.append(entries[position].index)
                position += 1
            }
        }
        return KeyedOrder.ascending(result.map { Double($0) }).map { result[$0] }
    }

    /// The cell of a coordinate, clamped to ±2^28 cells (fits a 32-bit `Int`, with room for ±1).
    private func cell(_ value: Double) -> Int {
        let scaled = value / cellSize
        let limit = 268_435_456.0
        if !(scaled > -limit) { return -268_435_456 }
        if scaled > limit { return 268_435_456 }
        let truncated = Int(scaled)
        return Double(truncated) > scaled ? truncated - 1 : truncated  // floor
    }

    /// The first entry at or after (row, column) in sort order (binary search).
    private func firstEntry(atOrAfter row: Int, _ column: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let entry = entries[middle]
            if (entry.row, entry.column) < (row, column) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
