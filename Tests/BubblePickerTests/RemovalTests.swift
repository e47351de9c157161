import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct RemovalTests {
    func populated() -> (Picker, [BubbleID]) {
        var picker = makePicker()
        let ids = (0..<9).map { picker.addDefaultBubble(text: "b\($0)", tag: $0 % 3) }
        picker.run(seconds: 1)
        _ = picker.takeEvents()
        return (picker, ids)
    }

    @Test func removeByTagRemovesExactlyTheTagged() {
        var (picker, ids) = populated()
        let r23 = picker.remove(tag: 1)
        #expect(r23 == 3)
        #expect(picker.bubbles.map(\.id) == ids.filter { $0.rawValue % 3 != 1 })
        #expect(picker.bubbles(withTag: 1).isEmpty)
        let r24 = picker.remove(tag: 1)
        #expect(r24 == 0)
    }

    @Test func removeByPredicateRemovesExactlyTheMatches() {
        var (picker, ids) = populated()
        #expect(picker.remove { $0.text == "b4" || $0.text == "b7" } == 2)
        #expect(picker.bubbles.map(\.id) == ids.filter { $0 != ids[4] && $0 != ids[7] })
        let r25 = picker.remove(ids[0])
        #expect(r25)
        let r26 = picker.remove(ids[0])
        #expect(!r26)
        let r27 = picker.remove(BubbleID(999))
        #expect(!r27)
    }

    @Test func removalShrinksStopsCollidingAndIsReportedOnce() {
        var (picker, ids) = populated()
        let body = picker.motions[2].body!
        picker.remove(ids[2])
        #expect(!picker.world.body(body).collides)
        #expect(picker.frame().bubbles.contains { $0.id == ids[2] && $0.phase == .removing })
        var scales: [Double] = []
        var removedEvents: [BubbleEvent] = []
        for _ in 0..<30 {
            picker.step()
            if let snapshot = picker.snapshot(of: ids[2]) { scales.append(snapshot.scale) }
            removedEvents += picker.takeEvents()
        }
        for index in scales.indices.dropFirst() { #expect(scales[index] <= scales[index - 1]) }
        #expect(scales.count == 14)  // 0.25 s at 60 Hz, gone at the end of the 15th step
        #expect(removedEvents.map(\.kind) == [.removed])
        #expect(removedEvents.first?.bubble == ids[2])
        #expect(!picker.world.contains(body))
        #expect(picker.frame().bubbles.count == 8)
    }

    @Test func removingTheDraggedBubbleEndsTheDrag() {
        var (picker, ids) = populated()
        let centre = picker.center(of: ids[0])!
        picker.pointerDown(at: centre, time: 0)
        picker.pointerMove(at: centre + Vector2(30, 0), time: 0.05)
        #expect(picker.draggedBubble == ids[0])
        picker.remove(ids[0])
        #expect(picker.draggedBubble == nil)
        picker.pointerMove(at: centre + Vector2(60, 0), time: 0.1)
        picker.pointerUp(at: centre + Vector2(90, 0), time: 0.15)
        #expect(!picker.isPointerDown)
        picker.run(seconds: 1)
        let r28 = picker.takeEvents()
        #expect(r28.map(\.kind) == [.removed])
        // A new gesture works again.
        let other = picker.center(of: ids[1])!
        picker.pointerDown(at: other, time: 2)
        picker.pointerUp(at: other, time: 2.1)
        #expect(picker.bubble(ids[1])?.isSelected == true)
    }

    @Test func cyclingRemovesTheOldest() {
        var picker = makePicker { $0.maxBubbles = 3 }
        let ids = (0..<5).map { picker.addDefaultBubble(text: "\($0)") }
        #expect(picker.bubbles.map(\.id) == Array(ids.suffix(3)))
        picker.run(seconds: 1)
        let events = picker.takeEvents()
        #expect(events.filter { $0.kind == .removed }.map(\.bubble) == [ids[0], ids[1]])
        #expect(events.filter { $0.kind == .added }.count == 5)
        #expect(picker.frame().bubbles.map(\.id) == Array(ids.suffix(3)))
    }

    @Test func loweringMaxBubblesRemovesTheSurplus() throws {
        var picker = makePicker()
        let ids = (0..<5).map { picker.addDefaultBubble(text: "\($0)") }
        var configuration = picker.configuration
        configuration.maxBubbles = 2
        try picker.setConfiguration(configuration)
        #expect(picker.bubbles.map(\.id) == Array(ids.suffix(2)))
    }
}
