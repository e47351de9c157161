import BubblePhysics
import Testing
@testable import BubblePicker

/// Every change is reported: refusals, deselection by removal, content changes; and a bubble's
/// content and tag change in place.
@Suite struct CompleteEventsTests {
    @Test("a tap refused by maxSelected reports selectionRefused with its reason")
    func refusedTap() throws {
        var picker = makePicker { $0.maxSelected = 1 }
        let a = picker.addDefaultBubble(text: "a"), b = picker.addDefaultBubble(text: "b")
        picker.run(seconds: 2)
        picker.select(a)
        _ = picker.takeEvents()
        let centre = try #require(picker.center(of: b))
        picker.pointerDown(at: centre, time: picker.time)
        picker.pointerUp(at: centre, time: picker.time + 0.1)
        let events = picker.takeEvents().filter { $0.kind != .resumed }
        #expect(events == [BubbleEvent(kind: .selectionRefused, bubble: b, tag: nil, step: picker.stepCount, refusal: .limitReached)])
        #expect(events.first?.description == "\(picker.stepCount): selectionRefused #1 limitReached")
    }

    @Test("removing a selected bubble reports deselected at once, then removed when it is gone")
    func removalDeselects() throws {
        var picker = makePicker()
        let a = picker.addDefaultBubble(text: "a", tag: 3, selected: true)
        picker.addDefaultBubble(text: "b")
        picker.run(seconds: 1)
        _ = picker.takeEvents()
        picker.remove(a)
        #expect(picker.selectedBubbles.isEmpty)
        #expect(picker.takeEvents().map(\.kind) == [.deselected])
        picker.run(seconds: 0.5)
        #expect(picker.takeEvents().map(\.kind).filter { $0 != .paused } == [.removed])
        picker.addDefaultBubble(text: "c")  // an unselected removal reports no deselection
        let c = BubbleID(2)
        picker.run(seconds: 0.5)
        _ = picker.takeEvents()
        picker.remove(c)
        picker.run(seconds: 0.5)
        #expect(picker.takeEvents().map(\.kind).filter { $0 != .resumed && $0 != .paused } == [.removed])
    }

    @Test("update in place: same id, the size animates to the new diameter, contentChanged is reported")
    func updateInPlace() throws {
        var picker = makePicker()
        let id = picker.addDefaultBubble(text: "Jazz", tag: 1)
        picker.run(seconds: 2)
        _ = picker.takeEvents()
        let centre = try #require(picker.center(of: id))
        let updated = picker.update(id, content: DefaultBubble(text: "Free jazz", style: BubbleStyle(minSize: 120, maxSize: 150)))
        let retagged = picker.update(id, tag: 9)
        #expect(updated && retagged)
        #expect(picker.takeEvents().map(\.kind).filter { $0 != .resumed } == [.contentChanged, .contentChanged])
        var sizes: [Double] = []
        for _ in 0..<15 {
            picker.step()
            sizes.append(try #require(picker.snapshot(of: id)).diameter)
        }
        #expect(sizes.first! > 80 && sizes.first! < 120 && sizes.last == 120, "grows over selectionDuration: \(sizes)")
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(picker.bubble(id)?.text == "Free jazz" && picker.bubble(id)?.tag == 9 && picker.count == 1)
        #expect((try #require(picker.center(of: id)) - centre).length < 20, "it stays where it was")
        picker.remove(id)
        let leaving = picker.update(id, tag: 1)
        #expect(!leaving, "a leaving bubble is not updated")
    }

    @Test("a bubble added selected beyond the limit is added unselected and reports the refusal")
    func refusedOnAdd() {
        var picker = makePicker { $0.maxSelected = 1 }
        picker.addDefaultBubble(text: "a", selected: true)
        let b = picker.addDefaultBubble(text: "b", selected: true)
        #expect(picker.takeEvents().map(\.kind) == [.added, .selected, .added, .selectionRefused])
        #expect(picker.bubble(b)?.isSelected == false)
    }
}
