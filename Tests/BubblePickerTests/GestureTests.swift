import BubblePhysics
import Testing
@testable import BubblePicker

@Suite struct GestureTests {
    func settled(_ adjust: (inout BubbleContainerConfiguration) -> Void = { _ in }) -> (Picker, [BubbleID]) {
        var picker = makePicker(adjust)
        let ids = (0..<12).map { picker.addDefaultBubble(text: "b\($0)") }
        picker.run(seconds: 2.5)
        _ = picker.takeEvents()
        return (picker, ids)
    }

    @Test func hitTestFindsTheBubbleUnderThePoint() {
        let (picker, ids) = settled()
        for id in ids {
            let centre = picker.center(of: id)!
            #expect(picker.bubble(at: centre)?.id == id)
            #expect(picker.bubble(at: centre + Vector2(39, 0))?.id != nil)
        }
        #expect(picker.bubble(at: Vector2(2, 2)) == nil)
        #expect(picker.bubble(at: Vector2(.nan, 2)) == nil)
    }

    @Test func tapTogglesLikeCode() {
        var (picker, ids) = settled()
        let centre = picker.center(of: ids[3])!
        picker.pointerDown(at: centre, time: 10)
        picker.pointerMove(at: centre + Vector2(3, 4), time: 10.05)
        picker.pointerUp(at: centre + Vector2(3, 4), time: 10.1)
        #expect(picker.bubble(ids[3])?.isSelected == true)
        let r1 = picker.takeEvents()
        #expect(r1.map(\.kind).filter { $0 != .resumed } == [.selected], "a tap on a resting picker also resumes it")
        picker.pointerDown(at: centre, time: 11)
        picker.pointerUp(at: centre, time: 11.2)
        #expect(picker.bubble(ids[3])?.isSelected == false)
        // Too long a press, or too far a move, is not a tap.
        picker.pointerDown(at: centre, time: 12)
        picker.pointerUp(at: centre, time: 12.5)
        #expect(picker.bubble(ids[3])?.isSelected == false)
    }

    @Test func flickLeavesWithTheFingerVelocityAndStaysInside() {
        var (picker, ids) = settled()
        let id = ids[0]
        var finger = picker.center(of: id)!
        var time = 0.0
        picker.pointerDown(at: finger, time: time)
        for _ in 0..<10 {  // finger moves at (600, -300) pt/s, one sample per frame
            picker.step()
            time += 1.0 / 60
            finger = finger + Vector2(10, -5)
            picker.pointerMove(at: finger, time: time)
        }
        #expect(picker.draggedBubble == id)
        picker.pointerUp(at: finger + Vector2(10, -5), time: time + 1.0 / 60)
        let velocity = picker.world.velocity(of: picker.motion(id)!.body!)
        #expect(abs(velocity.x - 600) < 1e-6 && abs(velocity.y + 300) < 1e-6)
        #expect(picker.draggedBubble == nil)
        var peak = 0.0
        for _ in 0..<180 {
            picker.step()
            #expect(picker.countOutside() == 0)
            for bubble in picker.bubbles where bubble.id != id {
                peak = max(peak, picker.world.velocity(of: picker.motion(bubble.id)!.body!).length)
            }
        }
        #expect(peak < 2 * 600)
        #expect(picker.world.nonFiniteCount == 0)
    }

    @Test func flickSpeedIsCapped() {
        var (picker, ids) = settled()
        let centre = picker.center(of: ids[0])!
        picker.pointerDown(at: centre, time: 0)
        picker.pointerMove(at: centre + Vector2(20, 0), time: 0.01)
        picker.pointerUp(at: centre + Vector2(1020, 0), time: 0.02)  // 100,000 pt/s
        let speed = picker.world.velocity(of: picker.motion(ids[0])!.body!).length
        #expect(abs(speed - 25 * 80) < 1e-6)
        picker.run(seconds: 2)
        #expect(picker.countOutside() == 0)
        #expect(picker.world.nonFiniteCount == 0)
    }

    @Test func dragPinsTheBubbleToTheFinger() {
        var (picker, ids) = settled()
        let id = ids[5]
        let start = picker.center(of: id)!
        picker.pointerDown(at: start, time: 0)
        picker.pointerMove(at: start + Vector2(15, 0), time: 0.1)
        let target = Vector2(187.5, 120)
        picker.pointerMove(at: target, time: 0.2)
        picker.run(seconds: 1)
        let offset = start - start  // grab offset is zero: grabbed at the centre
        #expect((picker.center(of: id)! - (target + offset)).length < 20)
        #expect(picker.snapshot(of: id)?.isDragged == true)
        #expect(picker.bubble(id)?.isSelected == false)
    }

    @Test func backgroundDragMovesTheAnchorAndReleaseSpringsItBack() {
        var (picker, _) = settled()
        let down = Vector2(5, 5)
        #expect(picker.bubble(at: down) == nil)
        picker.pointerDown(at: down, time: 0)
        picker.pointerMove(at: down + Vector2(-300, 0), time: 0.1)  // anchor target x: 0.5 − 0.8 = −0.3
        picker.run(seconds: 1)
        #expect(abs(picker.currentAnchor.x + 0.3) < 1e-5)
        #expect(picker.anchorPoint.x < 0)
        let crowdX = picker.bubbles.map { picker.center(of: $0.id)!.x }.reduce(0, +) / 12
        #expect(crowdX < 150)
        #expect(picker.countOutside() == 0)
        picker.pointerUp(at: down + Vector2(-300, 0), time: 1.1)
        #expect(picker.configuration.anchor == Vector2(0, 0.5))
        picker.step()
        #expect(picker.currentAnchor.x < 0 && picker.currentAnchor.x > -0.3)
        picker.run(seconds: 1)
        #expect(picker.currentAnchor == Vector2(0, 0.5))
    }

    @Test func backgroundDragDoesNothingWhenScrollingIsDisabled() {
        var (picker, _) = settled { $0.backgroundScrollEnabled = false }
        let hash = picker.stateHash()
        var copy = picker
        picker.pointerDown(at: Vector2(5, 5), time: 0)
        picker.pointerMove(at: Vector2(200, 5), time: 0.1)
        picker.pointerUp(at: Vector2(200, 5), time: 0.2)
        #expect(!picker.isPointerDown)
        picker.run(seconds: 1)
        copy.run(seconds: 1)
        #expect(picker.currentAnchor == Vector2(0.5, 0.5))
        #expect(picker.stateHash() == copy.stateHash())
        #expect(hash != picker.stateHash())
    }

    @Test func secondPointerDownAndBadValuesAreIgnored() {
        var (picker, ids) = settled()
        let centre = picker.center(of: ids[2])!
        picker.pointerDown(at: centre, time: 0)
        picker.pointerDown(at: Vector2(5, 5), time: 0.01)
        picker.pointerMove(at: Vector2(.infinity, 0), time: 0.02)
        picker.pointerUp(at: centre, time: .nan)
        #expect(picker.isPointerDown)
        picker.pointerUp(at: centre, time: 0.05)
        #expect(picker.bubble(ids[2])?.isSelected == true)
    }
}
