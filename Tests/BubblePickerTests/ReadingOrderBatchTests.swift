import BubblePhysics
import Testing
@testable import BubblePicker

/// Focus and reading order after a large batch: O(n log n), and still the right order.
@Suite struct ReadingOrderBatchTests {
    /// A driver with a row of 20 bubbles holding focus, then `batch` more on a jittered grid
    /// below them (100 pt apart, ±10 pt across, ±5 pt down), one frame later. Returns the expected reading order.
    static func batchDriver(batch: Int, rightToLeft: Bool = false) -> (Driver, [BubbleID], grid: [BubbleID]) {
        var driver = Driver(picker: makePicker(width: 22_000, height: 22_000))
        driver.isRightToLeft = rightToLeft
        var placed: [(id: BubbleID, row: Int, x: Double)] = []
        for k in 0..<20 {
            let x = 50 + Double(k) * 100
            placed.append((driver.picker.add(content: DefaultBubble(text: "s\(k)"), at: Vector2(x, 50))!, 0, x))
        }
        _ = driver.frame(at: 100)
        driver.moveFocus(.next)
        let side = Int(Double(batch).squareRoot().rounded(.up))
        var grid = [BubbleID](repeating: BubbleID(0), count: batch)
        for k in 0..<batch {
            let p = (k * 7919) % batch  // shuffled: creation order is not reading order
            let x = 50 + Double(p % side) * 100 + Double((k * 7919) % 21) - 10
            let y = 150 + Double(p / side) * 100 + Double((k * 104_729) % 11) - 5
            grid[p] = driver.picker.add(content: DefaultBubble(text: "b\(k)"), at: Vector2(x, y))!
            placed.append((grid[p], 1 + p / side, x))
        }
        _ = driver.frame(at: 100.001)
        let expected = placed.sorted { $0.row != $1.row ? $0.row < $1.row : (($0.x < $1.x) != rightToLeft) }.map(\.id)
        return (driver, expected, grid)
    }

    @Test("40,000 bubbles added at once (5,000 right to left): the first focus move finds them in rows, leading to trailing",
          arguments: [false, true])
    func largeBatch(rightToLeft: Bool) throws {
        var (driver, expected, grid) = Self.batchDriver(batch: rightToLeft ? 5_000 : 40_000, rightToLeft: rightToLeft)
        let first = driver.focusedBubble
        let moved = driver.moveFocus(.next)
        #expect(driver.readingOrderIDs == expected, "the batch read row by row")
        #expect(first == expected[0] && moved == expected[1], "focus moved from the first bubble to the next")
        #expect(driver.moveFocus(.down) == grid[rightToLeft ? 18 : 1], "down: the grid bubble under the second of the row")
    }

    @Test("a small batch keeps the settled order and sorts the newcomers in")
    func smallBatch() {
        var (driver, expected, _) = Self.batchDriver(batch: 30)
        driver.moveFocus(.next)
        #expect(driver.readingOrderIDs == expected)
    }

    @Test("a move budget spent mid-sort makes the order afresh: every bubble once, rows in order")
    func budget() {
        var order = BubbleReadingOrder()
        let (driver, expected, _) = Self.batchDriver(batch: 5_000)
        let frame = driver.currentFrame
        order.update(with: frame)
        #expect(order.order == expected)
        // Reverse the order: an update would need ~n²/2 moves; it makes the order afresh.
        order.setOrderForTest(expected.reversed())
        #expect(order.update(with: frame) == expected)
    }
}

extension BubbleReadingOrder {
    mutating func setOrderForTest(_ ids: [BubbleID]) {
        self = BubbleReadingOrder(isRightToLeft: isRightToLeft)
        order = ids
    }
}
