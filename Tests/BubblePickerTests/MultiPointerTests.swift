import BubblePhysics
import Testing
@testable import BubblePicker

/// Several fingers: each drags its own bubble; the first background finger owns the anchor.
@Suite struct MultiPointerTests {
    /// A still picker with two far-apart bubbles (no field: they stay where they are put).
    static func twoBubbles() throws -> (Picker, BubbleID, BubbleID) {
        var picker = makePicker { $0.fieldStrength = 0 }
        let added = (picker.add(content: DefaultBubble(text: "A"), at: Vector2(100, 200)),
                     picker.add(content: DefaultBubble(text: "B"), at: Vector2(275, 450)))
        let a = try #require(added.0), b = try #require(added.1)
        picker.step()
        return (picker, a, b)
    }

    @Test("two fingers drag two bubbles at once, each to its own finger, and flick each with its own speed")
    func twoDrags() throws {
        var (picker, a, b) = try Self.twoBubbles()
        let startA = try #require(picker.center(of: a)), startB = try #require(picker.center(of: b))
        picker.pointerDown(id: 1, at: startA, time: picker.time)
        picker.pointerDown(id: 2, at: startB, time: picker.time)
        for step in 1...30 {
            let t = picker.time + 1.0 / 60
            picker.pointerMove(id: 1, at: startA + Vector2(2, 1) * Double(step), time: t)
            picker.pointerMove(id: 2, at: startB + Vector2(-1, -3) * Double(step), time: t)
            picker.step()
        }
        #expect(picker.draggedBubbles == [a, b])
        let fingerA = startA + Vector2(60, 30), fingerB = startB + Vector2(-30, -90)
        #expect((try #require(picker.center(of: a)) - fingerA).length < 12, "A follows finger 1")
        #expect((try #require(picker.center(of: b)) - fingerB).length < 12, "B follows finger 2")
        #expect(picker.frame().pointers.map(\.id) == [1, 2] && picker.frame().bubbles.allSatisfy(\.isDragged))
        picker.pointerUp(id: 2, at: fingerB, time: picker.time)
        #expect(picker.draggedBubbles == [a], "lifting finger 2 leaves finger 1 dragging")
        let velocityB = picker.world.velocity(of: try #require(picker.motion(b)?.body))
        #expect(abs(velocityB.x + 60) < 1e-6 && abs(velocityB.y + 180) < 1e-6, "B flicked at finger 2's speed: \(velocityB)")
        picker.pointerUp(id: 1, at: fingerA, time: picker.time)
        let velocityA = picker.world.velocity(of: try #require(picker.motion(a)?.body))
        #expect(abs(velocityA.x - 120) < 1e-6 && abs(velocityA.y - 60) < 1e-6, "A flicked at finger 1's speed: \(velocityA)")
        #expect(!picker.isPointerDown)
    }

    @Test("a second finger on a held bubble does nothing; lifting it changes nothing")
    func sameBubble() throws {
        var (picker, a, _) = try Self.twoBubbles()
        let start = try #require(picker.center(of: a))
        picker.pointerDown(id: 1, at: start, time: picker.time)
        picker.pointerDown(id: 2, at: start + Vector2(5, 0), time: picker.time)
        picker.pointerUp(id: 2, at: start + Vector2(5, 0), time: picker.time + 0.05)
        #expect(picker.bubble(a)?.isSelected == false, "the second finger's tap did not toggle")
        picker.pointerUp(id: 1, at: start, time: picker.time + 0.1)
        #expect(picker.bubble(a)?.isSelected == true, "the first finger's tap did")
    }

    @Test("a finger on a bubble and a finger on the background: the bubble drags, the anchor follows the background finger")
    func bubbleAndBackground() throws {
        var (picker, a, _) = try Self.twoBubbles()
        let start = try #require(picker.center(of: a))
        let anchor = picker.currentAnchor
        picker.pointerDown(id: 1, at: Vector2(300, 100), time: picker.time)   // background
        picker.pointerDown(id: 2, at: start, time: picker.time)               // bubble
        picker.pointerDown(id: 3, at: Vector2(50, 600), time: picker.time)   // a second background finger
        for step in 1...20 {
            let t = picker.time + 1.0 / 60
            picker.pointerMove(id: 1, at: Vector2(300 - 3.75 * Double(step), 100), time: t)   // 75 pt left: anchor −0.2 x
            picker.pointerMove(id: 2, at: start + Vector2(0, 2) * Double(step), time: t)
            picker.pointerMove(id: 3, at: Vector2(50, 600 - 10 * Double(step)), time: t)     // would move the anchor up
            picker.step()
        }
        #expect(picker.draggedBubbles == [a])
        #expect((try #require(picker.center(of: a)) - (start + Vector2(0, 40))).length < 12, "the bubble follows its finger")
        #expect(abs(picker.anchorTarget.x - (anchor.x - 0.2)) < 1e-9 && picker.anchorTarget.y == anchor.y,
                "the first background finger alone moved the anchor: \(picker.anchorTarget)")
        #expect(picker.frame().pointers.map(\.id) == [1, 2], "the ignored finger is not drawn")
        picker.pointerCancel()
        #expect(!picker.isPointerDown && picker.configuration.anchor.x == anchor.x - 0.2)
    }

    @Test("pointer identities: a repeated down, an unknown pointer and more than the limit are ignored")
    func identities() throws {
        var (picker, a, _) = try Self.twoBubbles()
        let start = try #require(picker.center(of: a))
        picker.pointerDown(id: 4, at: start, time: 0)
        picker.pointerDown(id: 4, at: Vector2(10, 10), time: 0)
        #expect(picker.pointerIDs == [4])
        picker.pointerMove(id: 5, at: start + Vector2(50, 0), time: 0.1)
        picker.pointerUp(id: 5, at: start + Vector2(50, 0), time: 0.1)
        #expect(picker.draggedBubbles.isEmpty && picker.pointerIDs == [4])
        for id in 100..<200 { picker.pointerDown(id: id, at: Vector2(Double(id), 5), time: 0) }
        #expect(picker.pointerIDs.count == Picker.maximumPointers)
        picker.pointerCancel()
        #expect(picker.pointerIDs.isEmpty)
    }

    @Test("through the driver: two fingers with display-clock timestamps, each flicked at its speed")
    func driverTwoFingers() throws {
        var link = DisplayLink()
        link.dropShare = 0
        var driver = restingDriver(count: 10, link: &link)
        let shown = driver.currentFrame.bubbles.sorted { $0.center.y < $1.center.y }
        let top = try #require(shown.first), bottom = try #require(shown.last)
        let down = link.time + 0.5
        driver.pointerDown(id: 11, at: top.center, timestamp: down)
        driver.pointerDown(id: 12, at: bottom.center, timestamp: down + 0.004)
        link.restart(after: down)
        for k in 1...18 {
            let t = down + Double(k) / 120
            driver.pointerMove(id: 11, at: top.center + Vector2(0, 400 * Double(k) / 120), timestamp: t)
            driver.pointerMove(id: 12, at: bottom.center + Vector2(0, -700 * Double(k) / 120), timestamp: t + 0.004)
            _ = driver.frame(at: link.nextFrame())
        }
        let end = down + 18.0 / 120
        driver.pointerUp(id: 11, at: top.center + Vector2(0, 60), timestamp: end + 0.03)
        driver.pointerUp(id: 12, at: bottom.center + Vector2(0, -105), timestamp: end + 0.034)
        let vTop = try #require(driver.velocity(of: top.id)), vBottom = try #require(driver.velocity(of: bottom.id))
        #expect(abs(vTop.y - 400) < 1 && abs(vBottom.y + 700) < 1, "\(vTop) \(vBottom)")
    }
}
