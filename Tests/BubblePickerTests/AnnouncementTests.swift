import BubblePhysics
import Testing
@testable import BubblePicker

/// Announcements are made when the state changes, into a log of their own: an app that drains
/// the picker's events (directly, through a copy, or through the driver) loses none.
@Suite struct AnnouncementTests {
    static func driver(_ labels: [String], maxSelected: Int? = nil) -> (Driver, [BubbleID]) {
        var driver = Driver(picker: makePicker { $0.maxSelected = maxSelected })
        let ids = labels.map { driver.picker.addDefaultBubble(text: $0) }
        return (driver, ids)
    }

    @Test("picker.deselectAll(), then the events drained through driver.picker: every change is still announced")
    func drainedThroughPicker() {
        var (driver, ids) = Self.driver(["Jazz", "Rock", "Pop"])
        driver.picker.select(ids[0])
        driver.picker.select(ids[1])
        _ = driver.takeAnnouncements()
        driver.picker.deselectAll()
        _ = driver.picker.takeEvents()
        #expect(driver.takeAnnouncements().map(\.text) == ["Jazz, not selected", "Rock, not selected"])
        #expect(driver.takeAnnouncements().isEmpty, "taken once")
    }

    @Test("a copy of the picker drained and put back, a refusal, a removal: announced with the labels of the moment")
    func drainedThroughCopy() {
        var (driver, ids) = Self.driver(["Jazz", "Rock"], maxSelected: 1)
        var picker = driver.picker
        picker.select(ids[0])
        picker.select(ids[1])  // refused
        picker.update(ids[0], content: DefaultBubble(text: "Bebop"))
        picker.remove(ids[0])
        for _ in 0..<60 { picker.step() }
        _ = picker.takeEvents()
        driver.picker = picker
        #expect(driver.takeAnnouncements().map(\.text) ==
                ["Jazz, selected", "Limit reached, 1 selected. Rock not selected", "Bebop, not selected", "Bebop, removed"])
        #expect(driver.takeEvents().isEmpty, "the events were taken through the copy")
    }

    @Test("taking announcements leaves the events, and taking events leaves the announcements")
    func independentQueues() {
        var (driver, ids) = Self.driver(["Jazz"])
        driver.activate(ids[0])
        #expect(driver.takeAnnouncements().map(\.kind) == [.selected])
        #expect(driver.takeEvents().map(\.kind) == [.added, .selected])
        driver.activate(ids[0])
        #expect(driver.takeEvents().map(\.kind) == [.deselected])
        #expect(driver.takeAnnouncements().map(\.kind) == [.deselected])
    }

    @Test("an app that never takes announcements keeps a bounded log: the newest maximumPendingEvents")
    func bounded() {
        var (driver, ids) = Self.driver(["Jazz"])
        let toggles = 2 * Picker.maximumPendingEvents + 7
        for _ in 0..<toggles { driver.picker.toggle(ids[0]) }
        #expect(driver.picker.announcementLog.count < 2 * Picker.maximumPendingEvents)
        let taken = driver.takeAnnouncements()
        #expect(taken.count == Picker.maximumPendingEvents && taken.last?.kind == .selected, "the last toggle selected")
    }
}
