import BubblePhysics
import Testing
@testable import BubblePicker

/// A clock that cannot be frozen: a touch stamped far ahead of the display clock (an adapter
/// mixing epoch time) or far behind it, and a display clock that jumps back, re-base the clock
/// instead of moving time. Afterwards frames step, new bubbles grow in and the link rests.
@Suite struct DriverRebaseTests {
    /// After `driver`'s odd touch: frames at 120 Hz step, a new bubble grows to full size, the
    /// link comes to rest, and no run of frames asks for the link while stepping nothing.
    static func expectAlive(_ driver: inout Driver, link: inout DisplayLink, _ note: String) {
        var watch = DriverFuzzTests.FreezeWatch()
        let added = driver.picker.addDefaultBubble(text: "New")
        var steps = 0
        for _ in 0..<120 {
            let before = driver.picker.stepCount
            watch.frame(&driver, at: link.nextFrame())
            steps += driver.picker.stepCount - before
        }
        #expect(steps >= 50, "\(note): \(steps) steps in 1 s of frames")
        #expect(driver.currentFrame.bubbles.first { $0.id == added }?.scale == 1, "\(note): the new bubble grew in")
        let end = link.time + 30
        while driver.needsDisplayLink && link.time < end { watch.frame(&driver, at: link.nextFrame()) }
        #expect(!driver.needsDisplayLink, "\(note): the link rests")
        #expect(watch.frozen == 0, "\(note): frozen")
    }

    @Test("a tap stamped 1.7e9 s ahead or 1e9 s behind, resting or awake: the tap works and the clock runs on",
          arguments: [1.7e9, -1e9])
    func farTouch(offset: Double) throws {
        for awake in [false, true] {
            var link = DisplayLink()
            var driver = restingDriver(count: 12, link: &link)
            if awake { driver.picker.wake() ; _ = driver.frame(at: link.nextFrame()) }
            let target = try #require(driver.currentFrame.bubbles.first)
            let stamp = link.time + 0.004 + offset
            driver.pointerDown(id: 1, at: target.center, timestamp: stamp)
            driver.pointerUp(id: 1, at: target.center, timestamp: stamp + 0.08)
            #expect(driver.picker.bubble(target.id)?.isSelected == true, "offset \(offset), awake \(awake): the tap selects")
            Self.expectAlive(&driver, link: &link, "offset \(offset), awake \(awake)")
        }
    }

    @Test("a drag stamped on another clock moves its bubble with the finger's own spacing")
    func farDrag() throws {
        var link = DisplayLink()
        var driver = restingDriver(count: 12, link: &link)
        let target = try #require(driver.currentFrame.bubbles.first)
        let start = link.time + 1.7e9
        driver.pointerDown(id: 1, at: target.center, timestamp: start)
        for k in 1...30 {
            let frame = link.nextFrame()
            driver.pointerMove(id: 1, at: target.center + Vector2(Double(k) * 2, 0), timestamp: start + Double(k) / 120)
            _ = driver.frame(at: frame)
        }
        let moved = try #require(driver.drawnCenter(of: target.id))
        #expect(moved.x - target.center.x > 30, "the dragged bubble followed: \(moved.x - target.center.x) pt")
        driver.pointerUp(id: 1, at: target.center + Vector2(60, 0), timestamp: start + 0.26)
        Self.expectAlive(&driver, link: &link, "after the drag")
    }

    @Test("a display clock that jumps back 1,000 s re-bases: frames step again at once")
    func displayClockJumpsBack() {
        var link = DisplayLink()
        var driver = restingDriver(count: 12, link: &link)
        driver.picker.wake()
        link = DisplayLink(start: link.time - 1000)
        _ = driver.frame(at: link.nextFrame())
        Self.expectAlive(&driver, link: &link, "clock jumped back")
    }

    @Test("random far stamps (40 sequences; 1,000 in the long tests): no frozen sequence")
    func randomSequences() throws {
        var random = SplitMix64(seed: 36)
        var frozen = 0
        for sequence in 0..<TestSize.pick(40, long: 1000) {
            var link = DisplayLink(start: random.next(in: 0, 5000))
            var driver = Driver(picker: makePicker(seed: UInt64(sequence)))
            var watch = DriverFuzzTests.FreezeWatch()
            for index in 0..<6 { driver.picker.addDefaultBubble(text: "B\(index)") }
            for _ in 0..<random.next(below: 200) { watch.frame(&driver, at: link.nextFrame()) }
            let offsets = [1.7e9, -1e9, 3600, -3600, 0.5, -0.5]
            let stamp = link.time + random.next(in: -0.02, 0.02) + offsets[random.next(below: offsets.count)]
            let point = Vector2(random.next(in: 0, 375), random.next(in: 0, 667))
            driver.pointerDown(id: 3, at: point, timestamp: stamp)
            for k in 0..<random.next(below: 10) {
                driver.pointerMove(id: 3, at: point + Vector2(Double(k), 0), timestamp: stamp + Double(k) / 120)
                if random.next(below: 2) == 0 { watch.frame(&driver, at: link.nextFrame()) }
            }
            driver.pointerUp(id: 3, at: point, timestamp: stamp + 0.2)
            if random.next(below: 3) == 0 { driver.picker.addDefaultBubble(text: "New") }
            let end = link.time + 30
            while driver.needsDisplayLink && link.time < end { watch.frame(&driver, at: link.nextFrame()) }
            frozen += watch.frozen
            #expect(!driver.needsDisplayLink && driver.currentFrame.bubbles.allSatisfy { $0.scale == 1 }, "sequence \(sequence)")
        }
        #expect(frozen == 0, "\(frozen) frozen sequences")
    }
}
