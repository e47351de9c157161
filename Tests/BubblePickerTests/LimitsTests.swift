import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct LimitsTests {
    @Test("configurations outside the documented limits are refused with the field named")
    func refusesOutOfRange() {
        var configuration = BubbleContainerConfiguration()
        configuration.densityUnselected = 1e9
        #expect(configuration.validationError?.hasPrefix("densityUnselected") == true)
        configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 1e300, height: 10)
        #expect(configuration.validationError?.hasPrefix("size") == true)
        configuration = BubbleContainerConfiguration()
        configuration.anchor = Vector2(1e9, 0.5)
        #expect(configuration.validationError?.hasPrefix("anchor") == true)
        var picker = BubbleContainer()
        #expect(throws: BubbleContainerError.self) { try picker.setConfiguration(configuration) }
    }

    @Test("extreme but valid settings never trap and never produce NaN")
    func extremeButValid() throws {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        configuration.densityUnselected = 1e-6
        configuration.densitySelected = 1e5
        configuration.fieldStrength = 1e12
        configuration.horizontalScroll = true
        var picker = BubbleContainer(configuration: configuration)
        for index in 0..<30 { picker.addDefaultBubble(text: "b\(index)", selected: index % 3 == 0) }
        for step in 0..<240 {
            picker.step()
            if step == 60 { try picker.setAnchor(Vector2(900, -900)) }
            if step == 120 { try picker.resize(to: Size(width: 1e7, height: 1)) }
            if step == 180 { try picker.resize(to: Size(width: 375, height: 667)) }
        }
        #expect(picker.frame().bubbles.allSatisfy { $0.center.isFinite && $0.diameter.isFinite })
        #expect(picker.world.nonFiniteCount == 0)
    }
}
