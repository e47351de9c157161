import BubblePhysics
import Testing
@testable import BubblePicker

/// Accessibility as data: elements, a reading order that holds still while bubbles settle,
/// focus movement, activation, removal and announcements.
@Suite struct AccessibilityTests {
    /// Most reading-order changes per second while 20 bubbles settle after their fly-in (from
    /// 1 s after they were added until they rest).
    static let orderChangesPerSecond = 2.0

    /// Counts the steps at which the reading order changed, from `from` seconds to rest.
    static func orderChanges(seed: UInt64, from start: Double) -> (changes: Int, seconds: Double) {
        var driver = Driver(picker: makePicker(seed: seed))
        for index in 0..<20 { driver.picker.addDefaultBubble(text: "Genre \(index)") }
        var previous: [BubbleID] = []
        var changes = 0, steps = 0
        let dt = driver.picker.configuration.physics.timeStep
        while !driver.picker.isAtRest && driver.picker.time < 10 {
            driver.picker.step()
            let order = driver.accessibilityElements().map(\.id)
            guard driver.picker.time >= start else { continue }
            if !previous.isEmpty && order != previous { changes += 1 }
            previous = order
            steps += 1
        }
        return (changes, Double(steps) * dt)
    }

    @Test("the reading order holds still while bubbles settle: at most 2 changes per second (four seeds)")
    func orderStability() {
        for seed: UInt64 in [1, 2, 3, 7] {
            let (changes, seconds) = Self.orderChanges(seed: seed, from: 1)
            let rate = Double(changes) / seconds
            print("seed \(seed): \(changes) order changes in \(seconds) s of settling (\(rate) per second)")
            #expect(rate <= Self.orderChangesPerSecond, "seed \(seed): \(changes) changes in \(seconds) s")
        }
    }

    @Test("jitter of ±3 pt on a settled layout never changes the order")
    func jitter() throws {
        var picker = makePicker(seed: 5)
        for index in 0..<20 { picker.addDefaultBubble(text: "\(index)") }
        picker.run(seconds: 6)
        var order = BubbleReadingOrder()
        let frame = picker.frame()
        let settled = order.update(with: frame)
        var random = SplitMix64(seed: 9)
        for _ in 0..<500 {
            var shaken = frame
            for index in shaken.bubbles.indices {
                shaken.bubbles[index].center = frame.bubbles[index].center + Vector2(random.next(in: -3, 3), random.next(in: -3, 3))
            }
            #expect(order.update(with: shaken) == settled)
        }
    }

    /// A still 3 × 3 grid (no field), ids 0…8 row by row, 100 pt apart, rows slightly uneven.
    static func grid(rightToLeft: Bool = false) -> Driver {
        var driver = Driver(picker: makePicker { $0.fieldStrength = 0 })
        driver.isRightToLeft = rightToLeft
        for row in 0..<3 {
            for column in 0..<3 {
                let wobble = Double((row + column) % 2) * 12  // a row need not be a straight line
                driver.picker.add(content: DefaultBubble(text: "R\(row)C\(column)"), at: Vector2(90 + 100 * Double(column), 150 + 110 * Double(row) + wobble))
            }
        }
        return driver
    }

    @Test("elements: reading order row by row, labels, values, traits, drawn frames, actions")
    func elements() throws {
        var driver = Self.grid()
        driver.picker.setConfigurationForTest { $0.maxSelected = 2 }
        driver.picker.select(BubbleID(4))
        let elements = driver.accessibilityElements()
        #expect(elements.map(\.id.rawValue) == Array(0..<9))
        let centre = elements[4]
        #expect(centre.label == "R1C1" && centre.isSelected && centre.traits == [.button, .selected])
        #expect(centre.value == "1 of 2 selected" && elements[0].value == "1 of 2 selected" && elements[0].traits == [.button])
        #expect(centre.actions == [.remove])
        #expect(elements[0].frame == Rect(x: 50, y: 110, width: 80, height: 80))
        var rtl = Self.grid(rightToLeft: true)
        let rtlOrder = rtl.accessibilityElements().map(\.id.rawValue)
        #expect(rtlOrder == [2, 1, 0, 5, 4, 3, 8, 7, 6])
    }

    @Test("focus moves to the spatially nearest bubble in four directions, and in reading order")
    func focusMovement() throws {
        var driver = Self.grid()
        let first = driver.moveFocus(.right)
        #expect(first == BubbleID(0), "without focus, the first in reading order")
        let path: [(FocusDirection, Int)] = [(.right, 1), (.right, 2), (.right, 2), (.down, 5), (.left, 4), (.down, 7),
                                             (.left, 6), (.up, 3), (.up, 0), (.up, 0), (.previous, 8), (.next, 0), (.next, 1)]
        for (direction, expected) in path {
            let focused = driver.moveFocus(direction)
            #expect(focused == BubbleID(expected), "\(direction)")
        }
        let unknown = driver.focus(BubbleID(42))
        #expect(!unknown && driver.focusedBubble == BubbleID(1))
    }

    @Test("activate toggles like a tap; a refusal, a selection, a removal are announced with the label")
    func activationAndAnnouncements() throws {
        var driver = Self.grid()
        driver.picker.setConfigurationForTest { $0.maxSelected = 1 }
        _ = driver.takeAnnouncements()
        _ = driver.takeEvents()
        driver.focus(BubbleID(0))
        let selected = driver.activateFocused()
        driver.focus(BubbleID(1))
        let refused = driver.activateFocused()
        #expect(selected && !refused, "refused: the limit is 1")
        let announced = driver.takeAnnouncements().map(\.text)
        #expect(announced == ["R0C0, selected", "Limit reached, 1 selected. R0C1 not selected"])
        driver.focus(BubbleID(0))
        let removed = driver.removeFocused()
        #expect(removed && driver.focusedBubble == BubbleID(1), "focus moves on to the next in reading order")
        for _ in 0..<20 { driver.picker.step() }
        let afterRemoval = driver.takeAnnouncements().map(\.text)
        #expect(afterRemoval == ["R0C0, not selected", "R0C0, removed"])
        let events = driver.takeEvents().map(\.kind)
        #expect(events == [.selected, .selectionRefused, .longPressed, .deselected, .removed])
    }
}

extension BubbleContainer {
    /// Changes settings in a test (they are valid).
    mutating func setConfigurationForTest(_ change: (inout BubbleContainerConfiguration) -> Void) {
        var configuration = self.configuration
        change(&configuration)
        try! setConfiguration(configuration)
    }
}
