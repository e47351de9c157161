import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct LimitsTests {
    @Test("configurations outside the documented limits are refused with the field named")
    func refusesOutOfRange() throws {
        func field(_ adjust: (inout BubbleContainerConfiguration) -> Void) -> String? {
            var configuration = BubbleContainerConfiguration()
            adjust(&configuration)
            do { try configuration.validate() } catch { return error.field }
            return nil
        }
        #expect(field { $0.densityUnselected = 1e9 } == "densityUnselected")
        #expect(field { $0.size = Size(width: 1e300, height: 10) } == "size.width")
        #expect(field { $0.anchor = Vector2(1e9, 0.5) } == "anchor.x")
        #expect(field { $0.physics.timeStep = Double.leastNormalMagnitude / 1e6 } == "physics.timeStep")
        #expect(field { $0.selectionPushSpeed = .greatestFiniteMagnitude } == "selectionPushSpeed")
        #expect(field { _ in } == nil)
        var configuration = BubbleContainerConfiguration()
        configuration.anchor = Vector2(1e9, 0.5)
        var picker = try Picker()
        #expect(throws: BubbleContainerError.self) { try picker.setConfiguration(configuration) }
        // The initialiser throws the same typed error instead of trapping.
        do {
            _ = try Picker(configuration: configuration)
            Issue.record("a bad configuration was accepted")
        } catch {
            #expect(error == .invalidValue(InvalidValue(field: "anchor.x", value: "1000000000", requirement: "must be in -10...10")))
            #expect(error.description == "anchor.x 1000000000 must be in -10...10")
        }
    }

    @Test("extreme but valid settings never trap and never produce NaN")
    func extremeButValid() throws {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        configuration.densityUnselected = BubbleContainerConfiguration.densityRange.lowerBound
        configuration.densitySelected = BubbleContainerConfiguration.densityRange.upperBound
        configuration.fieldStrength = BubbleContainerConfiguration.fieldStrengthRange.upperBound
        configuration.horizontalScroll = true
        var picker = try Picker(configuration: configuration)
        for index in 0..<30 { picker.addDefaultBubble(text: "b\(index)", selected: index % 3 == 0) }
        for step in 0..<240 {
            picker.step()
            if step == 60 { try picker.setAnchor(Vector2(10, -10)) }
            if step == 120 { try picker.resize(to: Size(width: 1e7, height: 1)) }
            if step == 180 { try picker.resize(to: Size(width: 375, height: 667)) }
        }
        #expect(picker.frame().bubbles.allSatisfy { $0.center.isFinite && $0.diameter.isFinite })
        #expect(picker.world.nonFiniteCount == 0)
    }
}

/// Selecting many bubbles at once is linear even when they lie in a pile: each examines a bounded
/// number of neighbours for its push.
@Suite struct SelectionPushBoundTests {
    @Test("a pile of 5,000 points on one spot gives at most the limit of candidates, ascending")
    func pileIsBounded() {
        let points = (0..<5000).map { Optional(Vector2(10 + Double($0 % 7) * 1e-3, 10)) } + [Vector2(500, 500)]
        let index = NeighbourIndex(points: points, reach: 40)
        let pile = index.candidates(near: Vector2(10, 10), limit: PickerConstants.pushExaminedLimit)
        #expect(pile.count == PickerConstants.pushExaminedLimit)
        #expect(pile == pile.sorted())
        #expect(index.candidates(near: Vector2(500, 500), limit: PickerConstants.pushExaminedLimit) == [5000])
    }

    @Test("selecting piled-up bubbles (600; 3,000 long) at once pushes, stays finite and inside")
    func selectAllInAPile() throws {
        var picker = makePicker(width: 2000, height: 2000)
        let count = TestSize.pick(600, long: 3000)
        for index in 0..<count { _ = picker.addDefaultBubble(text: "\(index)", animated: false) }
        picker.step()  // every bubble spawned at a corner: four piles
        #expect(picker.selectAll() == count)
        picker.run(seconds: 0.5)
        #expect(picker.countOutside() == 0)
        #expect(picker.frame().bubbles.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
    }
}
