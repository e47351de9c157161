import BubblePhysics
import Testing
@testable import BubblePicker

/// The driver's display clock and touch time: a flick keeps the finger's speed whatever the app
/// did with its display link, out-of-order input never makes a zero or reversed flick, the link
/// may stop at rest and must run again after input.
@Suite struct DriverClockTests {
    enum Phase { case down, move, up }

    struct Touch {
        var time: Double
        var phase: Phase
        var point: Vector2
    }

    /// A straight finger stroke: down at `start`, a sample every 1/120 s for `duration` at
    /// `velocity`, then an up `upDelay` after the last move at the same point (UIKit's
    /// `touchesEnded`).
    static func stroke(from start: Vector2, at down: Double, velocity: Vector2, duration: Double, upDelay: Double) -> [Touch] {
        var touches = [Touch(time: down, phase: .down, point: start)]
        let samples = Int((duration * 120).rounded())
        for k in 1...samples {
            touches.append(Touch(time: down + Double(k) / 120, phase: .move, point: start + velocity * (Double(k) / 120)))
        }
        let last = touches[touches.count - 1]
        touches.append(Touch(time: last.time + upDelay, phase: .up, point: last.point))
        return touches
    }

    /// Plays touches the way UIKit delivers them: the down at once (the link is stopped; the app
    /// restarts it there), later touches just before the first display frame after they happened.
    /// Returns the bubble's velocity right after the up was delivered.
    static func play(_ touches: [Touch], on driver: inout Driver, link: inout DisplayLink, pointer: Int = 1, bubble: BubbleID) -> Vector2 {
        var pending = touches[...]
        while let touch = pending.first {
            if touch.phase == .down {
                driver.pointerDown(id: pointer, at: touch.point, timestamp: touch.time)
                link.restart(after: touch.time)
                pending = pending.dropFirst()
                continue
            }
            let frame = link.nextFrame()
            while let due = pending.first, due.time <= frame {
                if due.phase == .move { driver.pointerMove(id: pointer, at: due.point, timestamp: due.time) }
                if due.phase == .up {
                    driver.pointerUp(id: pointer, at: due.point, timestamp: due.time)
                    return driver.velocity(of: bubble) ?? .zero
                }
                pending = pending.dropFirst()
            }
            _ = driver.frame(at: frame)
        }
        return .zero
    }

    @Test("the new user's case: link stopped at rest, 0.3 s and 2 s pauses, 600 and 1,500 pt/s, touchesEnded 0/16/30 ms late: ≥ 90% of the finger's speed; 100 ms still: ≤ 10%")
    func flickFromRest() throws {
        var rows: [String] = []
        var restingLink = DisplayLink()
        let resting = restingDriver(link: &restingLink)
        #expect(!resting.needsDisplayLink, "the picker rests and the link is stopped")
        for pause in [0.3, 2.0] {
            for speed in [600.0, 1500.0] {
                for delay in [0.0, 0.016, 0.030, 0.100] {
                    var link = restingLink, driver = resting
                    let target = try #require(driver.currentFrame.bubbles.max { $0.center.y < $1.center.y })
                    let down = link.time + pause
                    let touches = Self.stroke(from: target.center, at: down, velocity: Vector2(0, -speed), duration: 0.15, upDelay: delay)
                    let velocity = Self.play(touches, on: &driver, link: &link, bubble: target.id)
                    let cap = driver.picker.configuration.maxFlickSpeed * target.diameter
                    let expected = min(speed, cap)
                    let ratio = velocity.length / expected
                    rows.append("pause \(pause) s, \(speed) pt/s, up +\(Int(delay * 1000)) ms: \(velocity.length) pt/s (\(ratio))")
                    if delay <= 0.03 {
                        #expect(ratio >= 0.9 && velocity.y < 0, "pause \(pause), \(speed) pt/s, up +\(delay) s: \(velocity)")
                    } else {
                        #expect(ratio <= 0.1, "a finger held still \(delay) s has stopped: \(velocity)")
                    }
                }
            }
        }
        print(rows.joined(separator: "\n"))
    }

    @Test("a stall of 0.5 s mid-drag (no frames, touches with true timestamps) keeps the flick")
    func stallMidDrag() throws {
        var link = DisplayLink()
        var driver = restingDriver(count: 8, link: &link)
        let target = try #require(driver.currentFrame.bubbles.max { $0.center.y < $1.center.y })
        let down = link.time + 0.2
        driver.pointerDown(id: 3, at: target.center, timestamp: down)
        link.restart(after: down)
        for _ in 0..<6 { _ = driver.frame(at: link.nextFrame()) }
        var point = target.center
        var time = down
        for k in 1...30 {  // 250 ms of moves at 800 pt/s; frames stop for 0.5 s after the tenth
            time = down + Double(k) / 120
            point = target.center + Vector2(0, -800) * (Double(k) / 120)
            driver.pointerMove(id: 3, at: point, timestamp: time)
            if k == 10 { link.vsync += 0.5 }  // the main thread blocks: the next frame comes 0.5 s late
            if link.vsync < time { _ = driver.frame(at: link.nextFrame()) }
        }
        _ = driver.frame(at: link.nextFrame())
        driver.pointerUp(id: 3, at: point, timestamp: time + 0.016)
        let speed = try #require(driver.velocity(of: target.id)).length
        #expect(speed >= 0.9 * 800 && speed <= 1.1 * 800, "\(speed)")
    }

    @Test("stale, out-of-order and duplicate samples and an early up never zero or reverse a flick")
    func hostileSamples() throws {
        var link = DisplayLink()
        var driver = restingDriver(count: 8, link: &link)
        let target = try #require(driver.currentFrame.bubbles.max { $0.center.y < $1.center.y })
        let down = link.time + 1
        driver.pointerDown(id: 1, at: target.center, timestamp: down)
        var last = target.center
        for k in 1...16 {
            let t = down + Double(k) / 120
            last = target.center + Vector2(0, -600) * (Double(k) / 120)
            driver.pointerMove(id: 1, at: last, timestamp: t)
            driver.pointerMove(id: 1, at: last, timestamp: t)                                   // duplicate
            driver.pointerMove(id: 1, at: target.center + Vector2(0, 300), timestamp: t - 0.05) // stale, far away
            if k % 3 == 0 { _ = driver.frame(at: t + 0.002) }
        }
        driver.pointerUp(id: 1, at: last, timestamp: down)  // an up stamped before the moves
        let velocity = try #require(driver.velocity(of: target.id))
        #expect(velocity.y < -0.9 * 600 && velocity.y > -1.1 * 600 && abs(velocity.x) < 1, "\(velocity)")
    }

    @Test("the link may stop at rest and must run after input; a touch that does nothing leaves it stopped")
    func displayLinkSignal() throws {
        var link = DisplayLink()
        var driver = restingDriver(count: 6, link: &link) { $0.backgroundScrollEnabled = false }
        #expect(!driver.needsDisplayLink)
        let frozen = driver.frame(at: link.nextFrame())
        #expect(!frozen.needsDisplayLink && frozen.stepsRun >= 0)
        driver.pointerDown(id: 1, at: Vector2(1, 1), timestamp: link.time + 1)  // the background: nothing
        #expect(!driver.needsDisplayLink)
        driver.pointerUp(id: 1, at: Vector2(1, 1), timestamp: link.time + 1.05)
        var probes: [(String, (inout Driver) -> Void)] = []
        probes.append(("select", { d in d.picker.select(BubbleID(0)) }))
        probes.append(("add", { d in d.picker.addDefaultBubble(text: "new") }))
        probes.append(("update", { d in d.picker.update(BubbleID(1), content: DefaultBubble(text: "renamed")) }))
        probes.append(("touch", { d in d.pointerDown(id: 2, at: d.drawnCenter(of: BubbleID(2))!, timestamp: 2000) }))
        for (name, probe) in probes {
            var copy = driver
            probe(&copy)
            #expect(copy.needsDisplayLink, "\(name) wakes the picker: the app restarts its link")
        }
    }

    @Test("touches hit the bubbles as drawn: every drawn centre during the fly-in hits its own bubble")
    func hitTestsTheDrawnFrame() throws {
        var driver = Driver(picker: makePicker(seed: 3))
        for index in 0..<20 { driver.picker.addDefaultBubble(text: "\(index)") }
        var link = DisplayLink(rate: 144)
        link.dropShare = 0
        var checked = 0, missed = 0, physicsMissed = 0
        for _ in 0..<90 {
            let shown = driver.frame(at: link.nextFrame())
            for bubble in shown.frame.bubbles where bubble.scale > 0.5 {
                checked += 1
                if driver.bubble(at: bubble.center)?.id != bubble.id { missed += 1 }
                if driver.picker.bubble(at: bubble.center)?.id != bubble.id { physicsMissed += 1 }
            }
        }
        #expect(checked > 1000 && missed == 0, "\(missed) of \(checked) drawn centres missed (physics state: \(physicsMissed))")
        print("drawn-centre taps: \(missed) of \(checked) missed against the drawn frame, \(physicsMissed) against the physics state")
    }

    @Test("a long press on simulated time: a resting finger removes the bubble after 0.55 s; moving cancels it; a tap still toggles")
    func longPress() throws {
        var link = DisplayLink()
        link.dropShare = 0
        var driver = restingDriver(count: 8, link: &link)
        _ = driver.takeEvents()
        let press = try #require(driver.currentFrame.bubbles.first)
        var t = link.time + 0.4
        driver.pointerDown(id: 1, at: press.center, timestamp: t)
        link.restart(after: t)
        while link.time < t + 0.5 { _ = driver.frame(at: link.nextFrame()) }
        #expect(driver.picker.contains(press.id), "not yet after 0.5 s")
        while link.time < t + 0.6 { _ = driver.frame(at: link.nextFrame()) }
        #expect(!driver.picker.contains(press.id), "removed after 0.55 s")
        driver.pointerUp(id: 1, at: press.center, timestamp: link.time)
        #expect(driver.takeEvents().map(\.kind).filter { $0 != .resumed && $0 != .paused } == [.longPressed])
        let moved = try #require(driver.currentFrame.bubbles.first { $0.phase == .present })
        t = link.time + 0.01
        driver.pointerDown(id: 2, at: moved.center, timestamp: t)
        driver.pointerMove(id: 2, at: moved.center + Vector2(15, 0), timestamp: t + 0.05)
        while link.time < t + 1 { _ = driver.frame(at: link.nextFrame()) }
        #expect(driver.picker.contains(moved.id), "a finger that moved beyond the tap distance does not long-press")
        driver.pointerUp(id: 2, at: moved.center + Vector2(15, 0), timestamp: link.time)
        let tapped = try #require(driver.currentFrame.bubbles.first { $0.phase == .present })
        t = link.time + 0.01
        driver.pointerDown(id: 3, at: tapped.center, timestamp: t)
        driver.pointerUp(id: 3, at: tapped.center, timestamp: t + 0.1)
        #expect(driver.picker.bubble(tapped.id)?.isSelected == true)
    }
}
