import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct SelectionTests {
    func populated(_ adjust: (inout BubbleContainerConfiguration) -> Void = { _ in }) -> (Picker, [BubbleID]) {
        var picker = makePicker(adjust)
        let ids = (0..<9).map { picker.addDefaultBubble(text: "b\($0)", tag: $0 % 3) }
        picker.run(seconds: 2)
        _ = picker.takeEvents()
        return (picker, ids)
    }

    @Test func programmaticSelectionGrowsTheBodyOverTimeAndFiresOnce() {
        var (picker, ids) = populated()
        let body = picker.motions[4].body!
        let r3 = picker.select(ids[4])
        #expect(r3)
        let r4 = picker.select(ids[4])
        #expect(!r4)
        let r5 = picker.takeEvents()
        #expect(r5 == [BubbleEvent(kind: .selected, bubble: ids[4], tag: 1, step: picker.stepCount)])
        #expect(picker.world.body(body).density == 1.5)
        var radii: [Double] = []
        for _ in 0..<20 {
            picker.step()
            radii.append(picker.world.radius(of: body))
        }
        for index in radii.indices.dropFirst() { #expect(radii[index] >= radii[index - 1]) }
        #expect(radii[0] > 40 && radii[0] < 41)
        #expect(radii[6] > 45 && radii[6] < 50)  // halfway through 0.2 s
        #expect(abs(radii[19] - 53.2) < 1e-9)
        let r6 = picker.takeEvents()
        #expect(r6.isEmpty)
        #expect(picker.selectedBubbles.map(\.id) == [ids[4]])
    }

    @Test func selectingPushesNeighboursAway() {
        var (picker, ids) = populated()
        let centre = picker.center(of: ids[4])!
        let before = ids.map { picker.world.velocity(of: picker.motion($0)!.body!) }
        picker.select(ids[4])
        var pushed = 0
        for (index, id) in ids.enumerated() where id != ids[4] {
            let body = picker.motion(id)!.body!
            let change = picker.world.velocity(of: body) - before[index]
            let away = picker.world.position(of: body) - centre
            if change.lengthSquared > 0 {
                pushed += 1
                #expect(change.dot(away) > 0)
                #expect(change.length <= picker.configuration.selectionPushSpeed)
            }
        }
        #expect(pushed >= 2)
    }

    @Test func tagAndPredicateFormsSelectExactlyTheMatches() {
        var (picker, ids) = populated()
        let r7 = picker.select(tag: 2)
        #expect(r7 == 3)
        #expect(picker.selectedBubbles.map(\.id) == [ids[2], ids[5], ids[8]])
        #expect(picker.select { $0.text == "b0" } == 1)
        let r8 = picker.deselect(tag: 2)
        #expect(r8 == 3)
        #expect(picker.selectedBubbles.map(\.id) == [ids[0]])
        #expect(picker.unselectedBubbles.count == 8)
        let r9 = picker.toggle(tag: 0)
        #expect(r9 == 3)
        #expect(picker.selectedBubbles.map(\.id) == [ids[3], ids[6]])
        let r10 = picker.deselectAll()
        #expect(r10 == 2)
        #expect(picker.selectedBubbles.isEmpty)
    }

    @Test func toggleReportsDeselectionsBeforeSelections() {
        var (picker, ids) = populated()
        picker.select(ids[1])
        picker.select(ids[3])
        _ = picker.takeEvents()
        picker.toggle { $0.id.rawValue < 5 }
        let events = picker.takeEvents()
        #expect(events.map(\.kind) == [.deselected, .deselected, .selected, .selected, .selected])
        #expect(events.map(\.bubble) == [ids[1], ids[3], ids[0], ids[2], ids[4]])
    }

    @Test func maxSelectedRefuses() {
        var (picker, ids) = populated { $0.maxSelected = 2 }
        let r11 = picker.select(ids[0])
        #expect(r11)
        let r12 = picker.select(ids[1])
        #expect(r12)
        let r13 = picker.select(ids[2])
        #expect(!r13)
        let r14 = picker.select(tag: 2)
        #expect(r14 == 0)
        #expect(picker.selectedBubbles.map(\.id) == [ids[0], ids[1]])
        let r15 = picker.takeEvents()
        #expect(r15.prefix(3).map(\.kind) == [.selected, .selected, .selectionRefused] && r15[2].bubble == ids[2])
        let refused = picker.bubbles(withTag: 2).filter { !$0.isSelected }.map(\.id)
        #expect(r15.dropFirst(3).map(\.bubble) == refused && r15.dropFirst(2).allSatisfy { $0.kind == .selectionRefused && $0.refusal == .limitReached })
    }

    @Test func maxSelectedDeselectsTheOldest() {
        var (picker, ids) = populated {
            $0.maxSelected = 2
            $0.maxSelectedPolicy = .deselectOldest
        }
        picker.select(ids[5])
        picker.select(ids[1])
        _ = picker.takeEvents()
        let r16 = picker.select(ids[0])
        #expect(r16)
        #expect(picker.selectedBubbles.map(\.id) == [ids[0], ids[1]])
        let r17 = picker.takeEvents()
        #expect(r17.map(\.kind) == [.deselected, .selected])
        let r18 = picker.select(tag: 2)
        #expect(r18 == 2)  // 2, 5, 8: the last two win
        #expect(picker.selectedBubbles.map(\.id) == [ids[5], ids[8]])
        let events = picker.takeEvents()
        #expect(events.map(\.kind) == [.deselected, .deselected, .selected, .selected, .selectionRefused])
        #expect(events.last?.bubble == ids[2] && events.last?.refusal == .limitReached)  // the first match makes no room
    }

    @Test func addingSelectedHonoursMaxSelected() {
        var picker = makePicker { $0.maxSelected = 1 }
        let a = picker.addDefaultBubble(text: "a", selected: true)
        let b = picker.addDefaultBubble(text: "b", selected: true)
        #expect(picker.selectedBubbles.map(\.id) == [a])
        #expect(picker.bubble(b)?.isSelected == false)
        #expect(picker.snapshot(of: a)?.diameter == 80 * 1.33)
    }

    @Test func defaultBubbleAppearanceFollowsSelection() {
        var (picker, ids) = populated()
        #expect(picker.snapshot(of: ids[0])?.appearance.showsLabel == true)
        #expect(picker.snapshot(of: ids[0])?.appearance.imageAlpha == 0.33)
        picker.select(ids[0])
        #expect(picker.snapshot(of: ids[0])?.appearance.showsLabel == true)  // never blank
        #expect(picker.snapshot(of: ids[0])?.appearance.imageAlpha == 1)
        #expect(picker.snapshot(of: ids[0])?.appearance.text == "b0")
        let ue = DefaultBubble(text: "b", style: .ueBubblePicker)
        #expect(!ue.appearance(selected: true).showsLabel && ue.appearance(selected: false).showsLabel)
    }

    @Test func unknownIdentitiesChangeNothing() {
        var (picker, _) = populated()
        let hash = picker.stateHash()
        let r19 = picker.select(BubbleID(99))
        #expect(!r19)
        let r20 = picker.deselect(BubbleID(99))
        #expect(!r20)
        let r21 = picker.toggle(BubbleID(99))
        #expect(!r21)
        #expect(picker.stateHash() == hash)
        let r22 = picker.takeEvents()
        #expect(r22.isEmpty)
    }
}
