import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct AddingTests {
    @Test func identitiesAreSequentialAndDuplicatesThrow() throws {
        var picker = makePicker()
        let first = picker.makeBubble(DefaultBubble(text: "a"))
        let second = picker.makeBubble(DefaultBubble(text: "b"), tag: 4)
        #expect(first.id == BubbleID(0) && second.id == BubbleID(1))
        try picker.add(first)
        try picker.add(second)
        #expect(throws: BubbleContainerError.duplicateBubble(first.id)) { try picker.add(first) }
        // Still a duplicate while it shrinks out.
        picker.remove(first.id)
        #expect(throws: BubbleContainerError.duplicateBubble(first.id)) { try picker.add(first) }
        #expect(picker.bubbles.map { $0.id } == [second.id])
        let r2 = picker.takeEvents()
        #expect(r2.map(\.kind) == [.added, .added])
    }

    @Test func handMadeIdentityAdvancesTheCounter() throws {
        var picker = makePicker()
        try picker.add(Bubble(id: BubbleID(10), content: DefaultBubble()))
        #expect(picker.makeBubble(DefaultBubble()).id == BubbleID(11))
    }

    @Test func spawnCornersAlternateAndNeverRepeat() {
        for seed in UInt64(1)...5 {
            var picker = makePicker(seed: seed)
            var corners: [Int] = []
            for _ in 0..<12 {
                let id = picker.addDefaultBubble(text: "x")
                let centre = picker.center(of: id) ?? .zero
                corners.append((centre.x < 187.5 ? 0 : 1) + (centre.y < 333.5 ? 0 : 2))
                #expect(centre.x < 41 || centre.x > 334)
                #expect(centre.y < 41 || centre.y > 626)
            }
            for index in corners.indices.dropFirst() { #expect(corners[index] != corners[index - 1]) }
            #expect(Set(corners).count >= 3)
        }
    }

    @Test func atCenterSpawnsAtTheAnchorAndGrowsIn() {
        var picker = makePicker { $0.anchor = Vector2(0.25, 0.5) }
        let id = picker.addDefaultBubble(text: "x", atCenter: true)
        let start = picker.center(of: id) ?? .zero
        #expect((start - Vector2(93.75, 333.5)).length < 1)
        #expect(picker.snapshot(of: id)?.scale == PickerConstants.minimumScale)
        #expect(picker.snapshot(of: id)?.phase == .growingIn)
        var scales: [Double] = []
        for _ in 0..<15 {
            picker.step()
            scales.append(picker.snapshot(of: id)?.scale ?? 0)
        }
        for index in scales.indices.dropFirst() { #expect(scales[index] >= scales[index - 1]) }
        #expect(scales[6] > 0.3 && scales[6] < 0.9)  // mid-way through 0.25 s
        #expect(scales.last == 1)
        #expect(picker.snapshot(of: id)?.phase == .present)
        #expect(abs(picker.world.radius(of: picker.motions[0].body!) - 40) < 1e-9)
    }

    @Test func unanimatedAddAppearsAtFullSize() {
        var picker = makePicker()
        let id = picker.addDefaultBubble(text: "x", animated: false)
        #expect(picker.snapshot(of: id)?.scale == 1)
        #expect(picker.snapshot(of: id)?.diameter == 80)
    }

    @Test func zeroSizeContainerKeepsBubblesWaitingUntilItHasASize() throws {
        var picker = makePicker(width: 0, height: 0)
        let ids = (0..<3).map { picker.addDefaultBubble(text: "\($0)") }
        picker.run(seconds: 1)
        #expect(picker.bubbles.map { $0.id } == ids)
        #expect(picker.frame().bubbles.allSatisfy { $0.phase == .waiting && $0.scale == 0 })
        #expect(picker.world.bodyCount == 0)
        try picker.resize(to: Size(width: 300, height: 400))
        #expect(picker.world.bodyCount == 3)
        picker.run(seconds: 2)
        #expect(picker.frame().bubbles.allSatisfy { $0.phase == .present && $0.scale == 1 })
        #expect(picker.countOutside() == 0)
    }

    @Test func providerDiametersAreSanitised() throws {
        struct Broken: BubbleLayoutProvider {
            func diameter(selected: Bool) -> Double { selected ? 1e9 : .nan }
        }
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        configuration.fitPolicy = .none  // the provider's diameter as drawn, unscaled
        var picker = try BubbleContainer<Broken>(configuration: configuration)
        let id = picker.add(content: Broken(), animated: false)
        picker.select(id)
        picker.run(seconds: 1)
        #expect(picker.world.nonFiniteCount == 0)
        #expect(picker.snapshot(of: id)?.diameter == BubbleContainer<Broken>.maximumDiameter)
        #expect(picker.snapshot(of: id)?.center == Vector2(187.5, 333.5))  // too big: held at the middle
    }
}
