import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// A seeded random session through the driver and the new picker calls: several pointers with
/// jittered, stale and repeated timestamps, frames with gaps, updates, long presses, focus and
/// activation, saving and restoring mid-way, touches stamped on another clock (1.7e9 s ahead:
/// epoch time; 1e9 s behind) and display clocks that jump back. Nothing traps, nothing goes
/// non-finite, the bookkeeping stays consistent, a restored copy keeps the original's hashes,
/// and the clock never freezes.
@Suite struct DriverFuzzTests {
    /// Frames that asked for the display link, came at least a step after the last frame and
    /// ran no step: `frozen` counts the runs of `FreezeWatch.limit` or more in a row.
    struct FreezeWatch {
        static let limit = 5
        var lastFrame: Double? = nil
        var idleRun = 0
        var frozen = 0

        mutating func frame(_ driver: inout Driver, at timestamp: Double) {
            let wanted = driver.needsDisplayLink
            let stepped = driver.frame(at: timestamp).stepsRun > 0
            let due = lastFrame.map { timestamp - $0 >= driver.picker.configuration.physics.timeStep } ?? false
            lastFrame = timestamp
            if wanted && due && !stepped {
                idleRun += 1
                if idleRun == Self.limit { frozen += 1 }
            } else if stepped {
                idleRun = 0
            }
        }
    }

    static func operate(_ driver: inout Driver, _ random: inout SplitMix64, clock: inout Double) {
        var watch = FreezeWatch()
        operate(&driver, &random, clock: &clock, watch: &watch)
    }

    static func operate(_ driver: inout Driver, _ random: inout SplitMix64, clock: inout Double, watch: inout FreezeWatch) {
        let live = driver.picker.bubbles
        let id = live.isEmpty ? BubbleID(random.next(below: 40)) : live[random.next(below: live.count)].id
        let point = Vector2(random.next(in: -40, 415), random.next(in: -40, 707))
        let finger = random.next(below: 4)
        var stamp = clock + random.next(in: -0.05, 0.02)  // sometimes stale
        switch random.next(below: 40) {
        case 0: stamp += 1.7e9  // an adapter mixing epoch time
        case 1: stamp -= 1e9  // a touch clock far behind the display's
        default: break
        }
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
            if random.next(below: 100) == 0 { clock -= 1000 }  // the display clock jumped back
            watch.frame(&driver, at: clock)
        }
    }

    @Test("400 random driver operations (10,000 in the long tests): invariants hold; a mid-way restore keeps the hashes", arguments: [UInt64(5), 6])
    func randomSession(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var driver = Driver(picker: makePicker(seed: seed) { $0.maxSelected = 3 })
        var clock = 500.0
        let operations = TestSize.pick(400, long: 10_000)
        var watch = FreezeWatch()
        for index in 0..<operations {
            Self.operate(&driver, &random, clock: &clock, watch: &watch)
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
        #expect(watch.frozen == 0, "seed \(seed): \(watch.frozen) frozen sequences")
        _ = driver.takeAnnouncements()
        let events = driver.takeEvents()
        #expect(!events.isEmpty && driver.takeEvents().isEmpty, "taking announcements leaves the events to takeEvents, once")
    }
}
