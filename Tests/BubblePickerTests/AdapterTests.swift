import BubblePhysics
import Testing
@testable import BubblePicker

/// What an adapter (UIKit, SwiftUI, the browser playground) relies on: interpolated frames, a
/// flick released the way UIKit reports it, events for every change, capacity.
@Suite struct AdapterTests {
    @Test("frames interpolate between the last two steps: 0 is the previous state, 1 the current")
    func interpolation() throws {
        var picker = makePicker()
        let id = picker.addDefaultBubble(text: "x", animated: false)
        picker.run(seconds: 0.1)
        let before = try #require(picker.center(of: id))
        picker.step()
        let after = try #require(picker.center(of: id))
        #expect(before != after, "the bubble is moving")
        let at = { (t: Double) in picker.frame(interpolation: t).bubbles[0].center }
        #expect(at(0) == before && at(1) == after && picker.frame().bubbles[0].center == after)
        let half = at(0.5)
        #expect(abs(half.x - (before.x + after.x) / 2) < 1e-9 && abs(half.y - (before.y + after.y) / 2) < 1e-9)
        #expect(at(-3) == before && at(7) == after && at(.nan) == after)
    }

    @Test("at 120 Hz the drawn position moves on every display frame, not every other one")
    func smoothAt120Hertz() throws {
        var picker = makePicker()
        let id = picker.addDefaultBubble(text: "x", animated: false)
        var drawn: [Double] = []
        for _ in 0..<24 {
            let fraction = picker.advance(by: 1.0 / 120)
            drawn.append(try #require(picker.frame(interpolation: fraction).bubbles.first { $0.id == id }).center.y)
        }
        // The bubble falls from a corner toward the anchor: every display frame shows a new position.
        for index in drawn.indices.dropFirst(2) { #expect(drawn[index] != drawn[index - 1], "frame \(index) repeats") }
    }

    @Test("a flick released like UIKit (the up a frame later at the last point) leaves at the finger's speed")
    func uikitRelease() throws {
        var picker = makePicker { $0.fieldStrength = 0 }
        let id = picker.addDefaultBubble(text: "x", atCenter: true, animated: false)
        let start = try #require(picker.center(of: id))
        let dt = 1.0 / 60
        picker.pointerDown(at: start, time: 0)
        for move in 1...12 { picker.pointerMove(at: start + Vector2(5 * Double(move), 0), time: Double(move) * dt) }
        picker.pointerUp(at: start + Vector2(60, 0), time: 13 * dt)
        let velocity = picker.world.velocity(of: try #require(picker.motions[0].body))
        #expect(abs(velocity.x - 300) < 1e-6 && abs(velocity.y) < 1e-9, "flick \(velocity), want 300 pt/s")
    }

    @Test("a finger that rests before lifting flicks nothing")
    func restingRelease() throws {
        var picker = makePicker { $0.fieldStrength = 0 }
        let id = picker.addDefaultBubble(text: "x", atCenter: true, animated: false)
        let start = try #require(picker.center(of: id))
        picker.pointerDown(at: start, time: 0)
        for move in 1...12 { picker.pointerMove(at: start + Vector2(5 * Double(move), 0), time: Double(move) / 60) }
        picker.pointerUp(at: start + Vector2(60, 0), time: 1.0)
        #expect(picker.world.velocity(of: try #require(picker.motions[0].body)) == .zero)
    }

    @Test("a bubble added already selected reports added, then selected")
    func selectedOnAdd() {
        var picker = makePicker()
        _ = picker.takeEvents()
        let id = picker.addDefaultBubble(text: "x", selected: true)
        #expect(picker.takeEvents().map { "\($0)" } == ["0: added \(id)", "0: selected \(id)"])
        #expect(picker.selectedBubbles.map { $0.id } == [id])
    }

    @Test("selectAll and deselectAll, within maxSelected")
    func selectAll() {
        var picker = makePicker { $0.maxSelected = 3 }
        for index in 0..<5 { picker.addDefaultBubble(text: "\(index)") }
        #expect(picker.selectAll() == 3 && picker.selectedBubbles.count == 3)
        #expect(picker.deselectAll() == 3 && picker.selectedBubbles.isEmpty)
        var unlimited = makePicker()
        for index in 0..<5 { unlimited.addDefaultBubble(text: "\(index)") }
        #expect(unlimited.selectAll() == 5 && unlimited.selectedBubbles.count == 5)
    }

    @Test("capacity: 50 default bubbles overfill a 375 × 667 picker and say so; removing some makes them fit")
    func capacity() {
        var picker = makePicker()
        for index in 0..<20 { picker.addDefaultBubble(text: "\(index)") }
        picker.step()
        #expect(abs(picker.fillFraction - 20 * 5026.548245743669 / (375 * 667)) < 1e-9)
        #expect(!picker.isOverfull && !picker.takeEvents().contains { $0.kind == .overfull })
        for index in 20..<50 { picker.addDefaultBubble(text: "\(index)") }
        picker.step()
        #expect(picker.fillFraction > 1 && picker.isOverfull)
        let events = picker.takeEvents().filter { $0.kind == .overfull }
        #expect(events.count == 1 && events[0].bubble == nil)
        let surplus = picker.bubbles.dropFirst(20).map { $0.id }
        for id in surplus { picker.remove(id) }
        picker.run(seconds: 0.5)
        #expect(!picker.isOverfull && picker.takeEvents().contains { $0.kind == .fits })
    }

    @Test("an app that never takes events keeps a bounded queue: the oldest are dropped and counted")
    func boundedEvents() {
        var picker = makePicker { $0.maxBubbles = 5 }
        for cycle in 0..<12_000 {
            picker.addDefaultBubble(text: "\(cycle)", animated: false)
            if cycle % 10 == 0 { picker.step() }
        }
        #expect(picker.events.count == Picker.maximumPendingEvents)
        #expect(picker.droppedEventCount > 0 && picker.eventBuffer.count <= 2 * Picker.maximumPendingEvents)
        let taken = picker.takeEvents()
        #expect(taken.count == Picker.maximumPendingEvents && picker.events.isEmpty)
    }
}
