import Testing
import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario
@testable import BubbleWeb

/// The session through the driver: the one command path replays, pointers with ids, the
/// accessibility and event exports, snapshots.
@Suite struct DriverSessionTests {
    static let dt = 1.0 / 60

    /// A session of 12 labelled bubbles settled by display frames from t = 100 s; returns the clock.
    static func settled(recording: Bool = true) throws -> (PlaygroundSession, Double) {
        var s = try PlaygroundSession(size: Size(width: 390, height: 700), seed: 3, recording: recording)
        for index in 0..<12 {
            try s.add(PlaygroundBubbleSpec(label: "B\(index)", tag: index % 3, size: index % 2 == 0 ? 70 : nil))
        }
        var t = 100.0
        for _ in 0..<150 { t += dt; s.frame(at: t) }
        return (s, t)
    }

    /// Two pointers drag two bubbles 60 pt right over 20 frames, then lift.
    static func twoFingerDrag(_ s: inout PlaygroundSession, _ t: inout Double, _ a: BubbleID, _ b: BubbleID) throws -> (Vector2, Vector2) {
        let startA = try #require(s.picker.center(of: a)), startB = try #require(s.picker.center(of: b))
        s.pointer(.down, id: 7, at: startA, timestamp: t)
        s.pointer(.down, id: 9, at: startB, timestamp: t + 0.001)
        for step in 1...20 {
            t += dt
            let shift = Vector2(3 * Double(step), 0)
            s.pointer(.move, id: 7, at: startA + shift, timestamp: t - 0.002)
            s.pointer(.move, id: 9, at: startB + shift, timestamp: t - 0.001)
            s.frame(at: t)
        }
        return (startA, startB)
    }

    @Test("two pointer ids drag two bubbles at once")
    func twoPointers() throws {
        var (s, t) = try Self.settled()
        let (startA, startB) = try Self.twoFingerDrag(&s, &t, BubbleID(0), BubbleID(5))
        let endA = try #require(s.picker.center(of: BubbleID(0))), endB = try #require(s.picker.center(of: BubbleID(5)))
        #expect(endA.x - startA.x > 40, "first finger's bubble moved \(endA.x - startA.x)")
        #expect(endB.x - startB.x > 40, "second finger's bubble moved \(endB.x - startB.x)")
        s.pointer(.up, id: 7, at: startA + Vector2(60, 0), timestamp: t)
        s.pointerCancel(id: 9)
        #expect(s.picker.selectedBubbles.isEmpty, "a drag is not a tap")
    }

    @Test("every kind of command, journaled, replays natively to the same hash and the same journal")
    func journalReplay() throws {
        var (s, t) = try Self.settled()
        _ = try Self.twoFingerDrag(&s, &t, BubbleID(1), BubbleID(2))
        s.pointer(.up, id: 7, at: Vector2(300, 300), timestamp: t)
        s.pointer(.up, id: 9, at: Vector2(300, 300), timestamp: t)
        try s.addRandom(30, seed: 4, minSize: 20, maxSize: 60)
        try s.update(BubbleID(3), PlaygroundBubbleUpdate(label: "Renamed", tag: 9, size: 90))
        try s.set(.maxSelected, 2)
        s.select(tag: 0)
        s.focus(BubbleID(4))
        s.moveFocus(.right)
        s.activateFocused()
        s.remove(tag: 2)
        let snapshot = s.snapshot()
        for _ in 0..<30 { t += Self.dt; s.frame(at: t) }
        try s.restore(snapshot)
        s.removeFocused()
        for _ in 0..<40 { t += 0.021; s.frame(at: t) }
        let replay = try PlaygroundSession.replay(journal: s.journalText)
        #expect(replay.stateHash() == s.stateHash())
        #expect(replay.journalText == s.journalText)
        #expect(s.commands.count > 300)
    }

    @Test("the accessibility export lists every live bubble in reading order with its label and state")
    func accessibilityExport() throws {
        var (s, _) = try Self.settled()
        s.select(BubbleID(2))
        s.focus(BubbleID(2))
        let json = try JSONParser.parse(s.accessibilityJSON())
        #expect(json["focused"]?.doubleValue == 2)
        guard case .array(let elements)? = json["elements"] else { Issue.record("no elements"); return }
        #expect(elements.count == 12)
        let labels = elements.compactMap { element -> String? in
            if case .string(let label)? = element["label"] { return label }
            return nil
        }
        #expect(Set(labels) == Set((0..<12).map { "B\($0)" }))
        let selected = elements.filter { $0["selected"] == .bool(true) }
        #expect(selected.count == 1 && selected.first?["id"]?.doubleValue == 2)
        #expect(elements.allSatisfy { ($0["width"]?.doubleValue ?? 0) > 20 })
    }

    @Test("events as JSON: refused selection with its reason, deselected before removed, labels kept")
    func eventsExport() throws {
        var (s, _) = try Self.settled()
        _ = s.takeEventsJSON()
        try s.set(.maxSelected, 1)
        s.select(BubbleID(1))
        s.select(BubbleID(2))
        s.remove(BubbleID(1))
        for _ in 0..<30 { s.step() }
        let json = try JSONParser.parse(s.takeEventsJSON())
        guard case .array(let events) = json else { Issue.record("not an array"); return }
        let types = events.compactMap { event -> String? in
            if case .string(let type)? = event["type"] { return type }
            return nil
        }
        #expect(types == ["selected", "selectionRefused", "deselected", "removed"], "\(types)")
        guard events.count == 4 else { return }
        #expect(events[1]["reason"] == .string("limitReached"))
        #expect(events[3]["label"] == .string("B1"))
        #expect(try JSONParser.parse(s.takeEventsJSON()) == .array([]))
        let announcements = try JSONParser.parse(s.takeAnnouncementsJSON())
        guard case .array(let spoken) = announcements else { Issue.record("not an array"); return }
        #expect(spoken.count >= 3)
    }

    @Test("snapshot → restore continues bit-identically; a corrupt snapshot changes nothing")
    func snapshotRestore() throws {
        var (s, t) = try Self.settled(recording: false)
        try s.addRandom(40, seed: 1, minSize: 20, maxSize: 50)
        for _ in 0..<20 { t += Self.dt; s.frame(at: t) }
        let snapshot = s.snapshot()
        var copy = try PlaygroundSession(size: Size(width: 10, height: 10))
        try copy.restore(snapshot)
        #expect(copy.stateHash() == s.stateHash())
        for _ in 0..<120 {
            s.step()
            copy.step()
            #expect(copy.stateHash() == s.stateHash())
        }
        copy.add(.standard)
        s.add(.standard)
        #expect(copy.picker.bubbles.last?.text == s.picker.bubbles.last?.text)
        let before = copy.stateHash()
        for bad in ["", "bubbleweb-session 2 0 0 0 0\nx", "bubbleweb-session 1 0 0 0 0\nnot a state",
                    String(snapshot.dropLast(40))] {
            #expect(throws: PlaygroundError.self) { try copy.restore(bad) }
        }
        #expect(copy.stateHash() == before)
    }

    @Test("bad bubble arguments are refused naming the field, and nothing is added")
    func badArguments() throws {
        var s = try PlaygroundSession(size: Size(width: 300, height: 300))
        #expect(throws: PlaygroundError.self) { try s.add(PlaygroundBubbleSpec(label: "x", size: 0)) }
        #expect(throws: PlaygroundError.self) { try s.add(PlaygroundBubbleSpec(label: "x", color: BubbleColor(red: 2, green: 0, blue: 0))) }
        #expect(throws: PlaygroundError.self) { try s.add(PlaygroundBubbleSpec(label: "x", at: Vector2(.nan, 0))) }
        #expect(throws: PlaygroundError.self) { try s.addRandom(10, seed: 0, minSize: 50, maxSize: 20) }
        #expect(throws: PlaygroundError.self) { try s.addRandom(-1, seed: 0, minSize: 20, maxSize: 20) }
        #expect(throws: PlaygroundError.self) { try s.update(BubbleID(0), PlaygroundBubbleUpdate(size: .infinity)) }
        #expect(s.picker.count == 0)
        let id = try s.add(PlaygroundBubbleSpec(label: "here", at: Vector2(100, 120)))
        #expect(s.picker.center(of: id) == Vector2(100, 120))
    }

    @Test("a wheel is taken while the content scrolls and handed to the page at either end")
    func wheelAtTheEnds() throws {
        var s = try PlaygroundSession(size: Size(width: 150, height: 600), seed: 3, recording: false)
        try s.addRandom(200, seed: 38, minSize: 20, maxSize: 80)
        var t = 100.0
        for _ in 0..<300 { t += Self.dt; s.frame(at: t) }
        #expect(s.scroll(by: 100) == 1)
        var turns = 0
        while s.scroll(by: 100) == 1, turns < 200 { turns += 1; t += Self.dt; s.frame(at: t) }
        #expect(turns < 200)  // the end is reached, though bubbles at the end still settle
        #expect(s.scroll(by: -100) == 1)
        #expect(s.scroll(by: 0.2) == 1)  // a trackpad's small delta is taken too
    }
}
