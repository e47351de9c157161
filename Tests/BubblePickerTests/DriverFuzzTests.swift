import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// A seeded random session through the driver and the new picker calls: several pointers with
/// jittered, stale and repeated timestamps, frames with gaps, updates, long presses, focus and
/// activation, saving and restoring mid-way. Nothing traps, nothing goes non-finite, the
/// bookkeeping stays consistent, and a restored copy keeps the original's hashes.
@Suite struct DriverFuzzTests {
    static func operate(_ driver: inout Driver, _ random: inout SplitMix64, clock: inout Double) {
        let live = driver.picker.bubbles
        let id = live.isEmpty ? BubbleID(random.next(below: 40)) : live[random.next(below: live.count)].id
        let point = Vector2(random.next(in: -40, 415), random.next(in: -40, 707))
        let finger = random.next(below: 4)
        let stamp = clock + random.next(in: -0.05, 0.02)  // sometimes stale
        clock += random.nextUnit() * 0.03
        let full = driver.picker.count >= 30  // a bounded crowd keeps the long run short
        switch random.next(below: 18) {
        case 0 where !full, 1 where !full:
            driver.picker.addDefaultBubble(text: "b", tag: random.next(below: 3), selected: random.next(below: 3) == 0)
        case 2 where !full: _ = driver.picker.add(content: DefaultBubble(text: "p"), at: point)
        case 3: driver.pointerDown(id: finger, at: random.next(below: 2) == 0 ? (driver.drawnCenter(of: id) ?? point) : point, timestamp: stamp)
        case 4, 5: driver.pointerMove(id: finger, at: point, timestamp: stamp)
        case 6: driver.pointerUp(id: finger, at: point, timestamp: stamp)
        case 7: driver.pointerCancel(id: finger)
        case 8: driver.picker.update(id, content: DefaultBubble(text: "u", style: BubbleStyle(minSize: random.next(in: 20, 140), maxSize: 150)))
        case 9: driver.picker.update(id, tag: random.next(below: 2) == 0 ? nil : random.next(below: 5))
        case 10: driver.longPress(id)
        case 11: driver.moveFocus(FocusDirection.allCases[random.next(below: FocusDirection.allCases.count)])
        case 12: driver.activateFocused()
        case 13: driver.picker.remove(id)
        case 14:
            var configuration = driver.picker.configuration
            configuration.maxSelected = random.next(below: 2) == 0 ? nil : random.next(below: 4)
            configuration.longPressAction = LongPressAction.allCases[random.next(below: 3)]
            try? driver.picker.setConfiguration(configuration)
        default:
            clock += random.nextUnit() < 0.1 ? random.next(in: 0.2, 2) : 0  // a stall or a stopped link
            _ = driver.frame(at: clock)
        }
    }

    @Test("400 random driver operations (10,000 in the long tests): invariants hold; a mid-way restore keeps the hashes", arguments: [UInt64(5), 6])
    func randomSession(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var driver = Driver(picker: makePicker(seed: seed) { $0.maxSelected = 3 })
        var clock = 500.0
        let operations = TestSize.pick(400, long: 10_000)
        for index in 0..<operations {
            Self.operate(&driver, &random, clock: &clock)
            let picker = driver.picker
            #expect(picker.world.nonFiniteCount == 0 && picker.frame().bubbles.allSatisfy { $0.center.isFinite && $0.scale.isFinite })
            #expect(picker.selectedBubbles.count == picker.selectedLiveCount && picker.bubbles.count == picker.count)
            #expect(picker.pointerIDs.count <= Picker.maximumPointers)
            if index % 200 == 150 {
                let restored = try Picker(savedState: picker.savedState())
                var cancelled = picker
                cancelled.pointerCancel()  // a saved state holds no pointers
                if let limit = cancelled.configuration.maxSelected, cancelled.selectedLiveCount > limit {
                    // The limit was lowered after selecting: the restore trims the selection (documented).
                    #expect(restored.selectedLiveCount == limit, "seed \(seed), operation \(index): trimmed to the limit")
                } else {
                    SavedStateTests.expectSameFuture(cancelled, restored, steps: 30, "seed \(seed), operation \(index)")
                }
            }
        }
        _ = driver.takeAnnouncements()
        let events = driver.takeEvents()
        #expect(!events.isEmpty && driver.takeEvents().isEmpty, "taking announcements leaves the events to takeEvents, once")
    }
}
