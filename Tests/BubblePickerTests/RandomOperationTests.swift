import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct RandomOperationTests {
    /// One random operation from the public API.
    func operate(_ picker: inout Picker, _ random: inout SplitMix64, time: inout Double) {
        let live = picker.bubbles
        let someID = live.isEmpty ? BubbleID(random.next(below: 50)) : live[random.next(below: live.count)].id
        let tag = random.next(below: 4)
        let point = Vector2(random.next(in: -50, 425), random.next(in: -50, 717))
        time += random.nextUnit() * 0.1
        switch random.next(below: 16) {
        case 0, 1: picker.addDefaultBubble(text: "t\(tag)", tag: tag, selected: random.next(below: 4) == 0,
                                           atCenter: random.next(below: 2) == 0, animated: random.next(below: 5) > 0)
        case 2: picker.remove(someID)
        case 3: picker.remove(tag: tag)
        case 4: picker.toggle(someID)
        case 5: picker.select(where: { $0.tag == tag })
        case 6: picker.toggle(tag: tag)
        case 7: picker.pointerDown(at: random.next(below: 2) == 0 ? (picker.center(of: someID) ?? point) : point, time: time)
        case 8: picker.pointerMove(at: point, time: time)
        case 9: picker.pointerUp(at: point, time: time)
        case 10:
            let sizes = [Size(width: 375, height: 667), Size(width: 667, height: 375), .zero,
                         Size(width: 120, height: 90)]
            try? picker.resize(to: sizes[random.next(below: sizes.count)])
        case 11:
            var configuration = picker.configuration
            configuration.maxBubbles = random.next(below: 3) == 0 ? nil : 1 + random.next(below: 30)
            configuration.maxSelected = random.next(below: 2) == 0 ? nil : random.next(below: 5)
            configuration.maxSelectedPolicy = random.next(below: 2) == 0 ? .refuse : .deselectOldest
            configuration.horizontalScroll = random.next(below: 4) == 0
            configuration.verticalScroll = random.next(below: 4) == 0
            try? picker.setConfiguration(configuration)
        case 12: try? picker.setAnchor(Vector2(random.next(in: -0.5, 1.5), random.next(in: -0.5, 1.5)))
        default: picker.run(seconds: random.nextUnit() * 0.5)
        }
    }

    func checkConsistency(_ picker: Picker) {
        let all = picker.bubbles
        let selected = picker.selectedBubbles.map(\.id), unselected = picker.unselectedBubbles.map(\.id)
        #expect(all.count == picker.count)
        #expect(selected.count + unselected.count == all.count)
        #expect(all.filter(\.isSelected).map(\.id) == selected)
        var tagged = 0
        for tag in 0..<4 { tagged += picker.bubbles(withTag: tag).count }
        #expect(tagged == all.count)
        for bubble in all { #expect(picker.bubble(bubble.id)?.isSelected == bubble.isSelected) }
        let frameIDs = picker.frame().bubbles.filter { $0.phase != .removing }.map(\.id)
        #expect(frameIDs == all.map(\.id))
        if let limit = picker.configuration.maxBubbles { #expect(all.count <= limit) }
        #expect(picker.world.nonFiniteCount == 0)
        // The bookkeeping runs alongside the bubbles, with the selection copied into it.
        #expect(picker.motions.count == picker.allBubbles.count)
        #expect(zip(picker.allBubbles, picker.motions).allSatisfy { $0.isSelected == $1.isSelected })
        let borders = picker.world.container.solidBorders, rect = picker.world.container.rect  // the content's
        if picker.configuration.size.hasArea && borders == .all {
            for motion in picker.motions {
                guard let body = motion.body else { continue }
                let state = picker.world.body(body)
                guard 2 * state.radius <= min(rect.width, rect.height) else { continue }  // held at the middle
                let p = state.position, r = state.radius - 1e-6
                #expect(p.x >= rect.minX + r && p.y >= rect.minY + r && p.x <= rect.maxX - r && p.y <= rect.maxY - r)
            }
        }
        #expect(picker.frame().bubbles.allSatisfy { $0.center.isFinite && $0.diameter.isFinite && $0.scale.isFinite })
    }

    @Test("random operations (300; 1,000 long) keep every invariant", arguments: [UInt64(1), 2, 3])
    func thousandRandomOperationsKeepEveryInvariant(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var picker = makePicker(seed: seed)
        var time = 0.0
        for _ in 0..<TestSize.pick(300, long: 1000) {
            let before = picker.bubbles.count
            operate(&picker, &random, time: &time)
            picker.step()
            checkConsistency(picker)
            _ = before
        }
        let removed = picker.events.filter { $0.kind == .removed }.map(\.bubble)
        #expect(Set(removed).count == removed.count)  // each removal reported once
    }
}
