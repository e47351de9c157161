import BubblePhysics
import Testing
@testable import BubblePicker

/// A settled picker rests (like UIKit Dynamics' animator pausing): it reports `paused`, its
/// frames stop changing, and every kind of input wakes it at once with `resumed`.
@Suite("Picker rest")
struct PickerRestTests {
    /// Twenty default bubbles, settled until the picker rests (at most 60 s of steps).
    static func restingPicker() throws -> Picker {
        var picker = makePicker()
        for index in 0..<20 { _ = picker.addDefaultBubble(text: "B\(index)") }
        for _ in 0..<3600 where !picker.isAtRest { picker.step() }
        return picker
    }

    /// `restingPicker()`, made once per test process: the tests that start from it change copies.
    static let resting = Result { try restingPicker() }

    @Test("a settled 20-bubble picker rests, reports paused once, and its frames stop changing")
    func rests() throws {
        var picker = try Self.resting.get()
        #expect(picker.isAtRest)
        let events = picker.takeEvents()
        #expect(events.filter { $0.kind == .paused }.count == 1 && events.last?.kind == .paused, "\(events.suffix(3))")
        let frame = picker.frame()
        let steps = picker.stepCount
        for _ in 0..<120 { picker.step() }
        #expect(picker.isAtRest && picker.stepCount == steps + 120)
        #expect(picker.frame().bubbles == frame.bubbles)
        #expect(picker.frame(interpolation: 0.5).bubbles == frame.bubbles, "interpolated frames hold still too")
        #expect(picker.takeEvents().isEmpty)
    }

    /// Every kind of input an app passes, each applied to a copy of the resting picker.
    static let inputs: [(String, @Sendable (inout Picker) throws -> Void)] = [
        ("pointerDown on a bubble", { p in p.pointerDown(at: p.frame().bubbles[0].center, time: 100) }),
        ("pointerDown on the background", { p in p.pointerDown(at: Vector2(2, 2), time: 100) }),
        ("add", { p in _ = p.addDefaultBubble(text: "new") }),
        ("remove", { p in _ = p.remove(p.frame().bubbles[0].id) }),
        ("select", { p in _ = p.select(p.frame().bubbles[0].id) }),
        ("selectAll", { p in _ = p.selectAll() }),
        ("resize", { p in try p.resize(to: Size(width: 667, height: 375)) }),
        ("setConfiguration", { p in var c = p.configuration; c.fieldStrength *= 2; try p.setConfiguration(c) }),
        ("setAnchor", { p in try p.setAnchor(Vector2(0.3, 0.7)) }),
        ("wake", { p in p.wake() }),
    ]

    @Test("every kind of input wakes a resting picker at once and reports resumed", arguments: 0..<10)
    func inputWakes(index: Int) throws {
        var picker = try Self.resting.get()
        _ = picker.takeEvents()
        let (name, input) = Self.inputs[index]
        try input(&picker)
        #expect(!picker.isAtRest, "\(name) woke the picker")
        #expect(picker.takeEvents().first?.kind == .resumed, "\(name) reported resumed first")
    }

    @Test("a drag wakes it and keeps it awake while the finger is down; the bubble follows")
    func dragKeepsAwake() throws {
        var picker = try Self.resting.get()
        let bubble = picker.frame().bubbles[0]
        let inward = bubble.center.x < picker.anchorPoint.x ? 1.0 : -1.0  // away from the near wall
        picker.pointerDown(at: bubble.center, time: 0)
        for index in 1...60 {
            picker.pointerMove(at: bubble.center + Vector2(inward * Double(index), 0), time: Double(index) / 60)
            picker.step()
            #expect(!picker.isAtRest)
        }
        let moved = try #require(picker.center(of: bubble.id))
        #expect(inward * (moved.x - bubble.center.x) > 20, "the dragged bubble moved: \(bubble.center.x) → \(moved.x)")
    }

    @Test("calls that change nothing leave it resting: the same configuration, a move without a gesture")
    func noOpsKeepRest() throws {
        var picker = try Self.resting.get()
        try picker.setConfiguration(picker.configuration)
        picker.pointerMove(at: Vector2(10, 10), time: 1)
        picker.pointerUp(at: Vector2(10, 10), time: 1)
        picker.pointerCancel()
        _ = picker.select(BubbleID(999_999))
        #expect(picker.isAtRest)
    }

    @Test("rest is deterministic: two runs rest at the same step with the same frame")
    func deterministic() throws {
        let a = try Self.resting.get(), b = try Self.restingPicker()  // a second run
        #expect(a.stepCount == b.stepCount && a.frame().bubbles == b.frame().bubbles)
    }
}
