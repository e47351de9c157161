import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct ContainerTests {
    @Test func scrollFlagsOpenBorders() throws {
        #expect(BubbleContainerConfiguration().solidBorders == .all)
        var picker = makePicker { $0.horizontalScroll = true }
        #expect(picker.world.container.solidBorders == .vertical)
        var configuration = picker.configuration
        configuration.horizontalScroll = false
        configuration.verticalScroll = true
        try picker.setConfiguration(configuration)  // takes effect at once
        #expect(picker.world.container.solidBorders == .horizontal)
    }

    @Test func resizeKeepsEveryBubbleInsideAndTheAnchorFollows() throws {
        var picker = makePicker()
        for index in 0..<20 { picker.addDefaultBubble(text: "\(index)") }
        picker.run(seconds: 3)
        let before = picker.center(of: BubbleID(0))!
        try picker.resize(to: Size(width: 667, height: 375))
        #expect(picker.anchorPoint == Vector2(333.5, 187.5))
        #expect(picker.countOutside() == 0)
        let after = picker.center(of: BubbleID(0))!
        #expect(abs(after.x - min(max(before.x * 667 / 375, 40), 627)) < 1e-9)
        for _ in 0..<180 {
            picker.step()
            #expect(picker.countOutside() == 0)
        }
        #expect(picker.world.overlapStatistics().largest < 0.01)
        try picker.resize(to: Size(width: 200, height: 200))  // too small for 20: crowded, still inside
        for _ in 0..<120 {
            picker.step()
            #expect(picker.countOutside(tolerance: 1e-6) == 0)
        }
        #expect(picker.world.nonFiniteCount == 0)
    }

    @Test func invalidConfigurationThrowsAndChangesNothing() {
        var picker = makePicker()
        var configuration = picker.configuration
        configuration.densitySelected = -1
        #expect(throws: BubbleContainerError.self) { try picker.setConfiguration(configuration) }
        #expect(throws: BubbleContainerError.self) { try picker.resize(to: Size(width: .nan, height: 1)) }
        #expect(throws: BubbleContainerError.self) { try picker.setAnchor(Vector2(.infinity, 0)) }
        #expect(picker.configuration == makePicker().configuration)
    }

    @Test func settingsChangeMidRun() throws {
        var picker = makePicker()
        let id = picker.addDefaultBubble(text: "a", selected: true)
        picker.run(seconds: 1)
        var configuration = picker.configuration
        configuration.densitySelected = 3
        configuration.resistance = 2
        configuration.fieldLaw = .radialGravity
        configuration.fieldStrength = 500
        try picker.setConfiguration(configuration)
        let body = picker.world.body(picker.motion(id)!.body!)
        #expect(body.density == 3 && body.resistance == 2)
        #expect(picker.world.field.law == .radialGravity && picker.world.field.strength == 500)
        try picker.setAnchor(Vector2(0.2, 0.8))
        #expect(picker.world.field.point == Vector2(75, 533.6))
        picker.run(seconds: 4)
        #expect((picker.center(of: id)! - Vector2(75, 533.6)).length < 5)
    }

    @Test func copiesAreSnapshotsAndRunsAreDeterministic() {
        func scripted() -> Picker {
            var picker = makePicker(seed: 42)
            for index in 0..<10 { picker.addDefaultBubble(text: "\(index)", tag: index % 2, atCenter: index % 3 == 0) }
            picker.run(seconds: 1)
            picker.select(tag: 1)
            picker.pointerDown(at: picker.anchorPoint, time: 1)
            picker.pointerMove(at: picker.anchorPoint + Vector2(50, 50), time: 1.1)
            picker.run(seconds: 0.5)
            picker.pointerUp(at: picker.anchorPoint + Vector2(80, 50), time: 1.6)
            picker.remove(tag: 0)
            picker.run(seconds: 1)
            return picker
        }
        let a = scripted(), b = scripted()
        #expect(a.stateHash() == b.stateHash())
        #expect(a.frame() == b.frame())
        #expect(a.events == b.events)
        var copy = a
        copy.step()
        #expect(copy.stateHash() != a.stateHash())
        var again = a
        again.step()
        #expect(copy.stateHash() == again.stateHash())
    }

    @Test func advanceRunsWholeStepsAndReturnsTheLeftover() {
        var picker = makePicker()
        picker.addDefaultBubble(text: "a")
        let leftover = picker.advance(by: 2.5 / 60)
        #expect(picker.stepCount == 2)
        #expect(abs(leftover - 0.5) < 1e-9)
        picker.advance(by: .nan)
        picker.advance(by: -1)
        #expect(picker.stepCount == 2)
        picker.advance(by: 1)  // capped at maxStepsPerAdvance (8)
        #expect(picker.stepCount == 10)
    }

    @Test func frameListsBubblesInInsertionOrder() {
        var picker = makePicker()
        let ids = (0..<4).map { (index: Int) in picker.addDefaultBubble(text: "b\(index)", tag: index) }
        picker.run(seconds: 0.5)
        let frame = picker.frame()
        #expect(frame.bubbles.map(\.id) == ids)
        #expect(frame.bubbles.map(\.tag) == [0, 1, 2, 3])
        #expect(frame.bubbles.allSatisfy { $0.diameter == 80 && $0.scale == 1 && !$0.isSelected })
        #expect(frame.size == Size(width: 375, height: 667))
        #expect(frame.step == 30)
    }
}
