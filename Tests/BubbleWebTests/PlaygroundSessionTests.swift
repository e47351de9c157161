import Testing
import BubbleGeometry
import BubblePhysics
import BubblePicker
@testable import BubbleWeb

/// The live session: the same calls give the same state as on a plain container, the journal
/// replays exactly, settings apply and refuse bad numbers.
@Suite struct PlaygroundSessionTests {
    static let dt = 1.0 / 60

    /// A scripted session: bubbles of both kinds, a tap, a drag and flick, a background drag,
    /// settings, a rotation, selection and removal, stepping between.
    static func script(_ s: inout PlaygroundSession) throws {
        for _ in 0..<8 { s.add(.standard) }
        s.add(.badge, selected: true)
        s.add(.badge, atCenter: true)
        for _ in 0..<90 { s.advance(by: dt) }
        let target = try #require(s.picker.center(of: BubbleID(0)))
        s.pointerDown(at: target, time: s.now)
        s.advance(by: dt)
        s.pointerUp(at: target, time: s.now)
        let grab = try #require(s.picker.center(of: BubbleID(1)))
        s.pointerDown(at: grab, time: s.now)
        for move in 1...10 {
            s.advance(by: dt)
            s.pointerMove(to: grab + Vector2(Double(move) * 9, 0), time: s.now)
        }
        s.advance(by: dt)
        s.pointerUp(at: grab + Vector2(90, 0), time: s.now)
        s.pointerDown(at: Vector2(4, 4), time: s.now)
        for move in 1...6 { s.advance(by: dt); s.pointerMove(to: Vector2(4 + Double(move) * 10, 4), time: s.now) }
        s.pointerUp(at: Vector2(64, 4), time: s.now)
        try s.set(.fieldStrength, 30_000)
        try s.set(.maxSelected, 2)
        try s.set(.maxSelectedPolicy, 1)
        s.selectAll()
        try s.resize(to: Size(width: 667, height: 375))
        for _ in 0..<30 { s.advance(by: 0.007) }
        s.removeSelected()
        s.deselectAll()
        s.removeBubble(at: try #require(s.picker.center(of: BubbleID(5))), time: s.now)
        for _ in 0..<40 { s.advance(by: dt) }
    }

    /// The same calls made on a plain container.
    static func plainScript(_ p: inout BubbleContainer<PlaygroundBubble>) throws {
        for index in 0..<8 { p.add(content: .standard(DefaultBubble(text: "x\(index)")), tag: 0) }
        p.add(content: .badge(Badge.catalogue(0)), tag: 1, selected: true)
        p.add(content: .badge(Badge.catalogue(1)), tag: 1, atCenter: true)
        var fraction = 0.0
        var now: Double { p.time + fraction * dt }
        func advance(_ seconds: Double) { fraction = p.advance(by: seconds) }
        for _ in 0..<90 { advance(dt) }
        let target = try #require(p.center(of: BubbleID(0)))
        p.pointerDown(at: target, time: now)
        advance(dt)
        p.pointerUp(at: target, time: now)
        let grab = try #require(p.center(of: BubbleID(1)))
        p.pointerDown(at: grab, time: now)
        for move in 1...10 {
            advance(dt)
            p.pointerMove(at: grab + Vector2(Double(move) * 9, 0), time: now)
        }
        advance(dt)
        p.pointerUp(at: grab + Vector2(90, 0), time: now)
        p.pointerDown(at: Vector2(4, 4), time: now)
        for move in 1...6 { advance(dt); p.pointerMove(at: Vector2(4 + Double(move) * 10, 4), time: now) }
        p.pointerUp(at: Vector2(64, 4), time: now)
        var configuration = p.configuration
        configuration.fieldStrength = 30_000
        configuration.maxSelected = 2
        configuration.maxSelectedPolicy = .deselectOldest
        try p.setConfiguration(configuration)
        p.selectAll()
        try p.resize(to: Size(width: 667, height: 375))
        for _ in 0..<30 { advance(0.007) }
        p.remove { $0.isSelected }
        p.deselectAll()
        p.pointerCancel()
        let last = try #require(p.center(of: BubbleID(5)))
        p.remove(try #require(p.bubble(at: last)).id)
        for _ in 0..<40 { advance(dt) }
    }

    static func configuration() -> BubbleContainerConfiguration {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        configuration.seed = 7
        return configuration
    }

    @Test("a scripted session gives the same state hash and frame as the same calls on a plain container")
    func sameAsPlainContainer() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667), seed: 7)
        try Self.script(&session)
        var plain = try BubbleContainer<PlaygroundBubble>(configuration: Self.configuration())
        try Self.plainScript(&plain)
        #expect(session.stateHash() == plain.stateHash())
        #expect(session.picker.frame().bubbles.map(\.center) == plain.frame().bubbles.map(\.center))
        #expect(session.picker.stepCount > 150 && session.picker.count < 10, "the script did something")
    }

    @Test("the journal replays to the same hash and the same journal")
    func journalReplays() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667), seed: 7, recording: true)
        try Self.script(&session)
        #expect(session.journal.first == "create 375.0 667.0 7")
        let replay = try PlaygroundScript(session.journalText)
        #expect(replay.session.stateHash() == session.stateHash())
        #expect(replay.session.journalText == session.journalText)
        #expect(replay.refusals.isEmpty)
    }

    @Test("a session from a configuration journals its settings, and the journal replays it")
    func fromConfiguration() throws {
        var configuration = Self.configuration()
        configuration.fieldLaw = .radialGravity
        configuration.maxSelected = 2
        configuration.horizontalScroll = true
        var session = try PlaygroundSession(configuration: configuration, recording: true)
        #expect(session.journal == ["create 375.0 667.0 7", "set fieldLaw 1.0", "set horizontalScroll 1.0", "set maxSelected 2.0"])
        for _ in 0..<5 { session.add(.standard) }
        session.advance(by: 0.25)
        let replay = try PlaygroundScript(session.journalText)
        #expect(replay.session.picker.configuration == session.picker.configuration)
        #expect(replay.session.stateHash() == session.stateHash())
    }

    @Test("a refused call is journaled and refused again on replay")
    func refusalsReplay() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667), recording: true)
        #expect(throws: PlaygroundError.self) { try session.set(.resistance, -1) }
        let replay = try PlaygroundScript(session.journalText)
        #expect(replay.refusals.count == 1 && replay.refusals.first?.line == 2)
    }

    @Test("a bad script line is an error naming the line")
    func badScript() throws {
        #expect(throws: PlaygroundError.script(line: 2, text: "jump 3")) { try PlaygroundScript("create 10 10 0\njump 3") }
        #expect(throws: PlaygroundError.script(line: 1, text: "make")) { try PlaygroundScript("make") }
    }

    @Test("a session made from a scenario starts where its runner starts")
    func fromScenario() throws {
        let scenario = try WebTestSupport.scenario("demo")
        let session = try PlaygroundSession(scenario: scenario, recording: true)
        let runner = try ScenarioRunnerProbe.start(scenario)
        #expect(session.stateHash() == runner)
        #expect(session.picker.count == 20 && session.journal == ["scenario demo"])
        let replay = try PlaygroundScript("scenario demo\nadvance 0.1\nstep", scenarios: WebTestSupport.lookUp)
        #expect(replay.session.picker.stepCount == 7)
    }

    @Test("adding 1,000 small bubbles, then stepping")
    func addThousand() throws {
        var session = try PlaygroundSession(size: Size(width: 1000, height: 800))
        #expect(session.addMany(1000) == 1000)
        #expect(session.picker.count == 1000)
        session.advance(by: 0.05)
        #expect(session.lastAdvanceSteps == 3)
        #expect(session.state.bubbles.count == 1000 && session.state.fillFraction < 0.8)
    }

    @Test("labels and badges come from fixed catalogues")
    func catalogues() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667))
        for _ in 0..<21 { session.add(.standard) }
        session.add(.badge)
        let texts = session.picker.bubbles.map { $0.text ?? "" }
        #expect(texts.first == "Rock" && texts[20] == "Rock 2" && texts[21] == "★")
        let badge = try #require(session.picker.bubbles.last)
        #expect(badge.content.diameter(selected: false) == 56 && badge.content.diameter(selected: true) == 56 * 1.6)
        #expect(badge.content.appearance(selected: true).text == "★ Star")
    }

    @Test("the state readout: selection, anchor, positions, flat numbers")
    func stateReadout() throws {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667))
        for _ in 0..<3 { session.add(.standard) }
        for _ in 0..<30 { session.advance(by: 1.0 / 60) }
        session.select(BubbleID(1))
        session.remove(BubbleID(2))
        session.advance(by: 1.0 / 60)
        let state = session.state
        #expect(state.selected == [1] && state.count == 2 && state.step == 31)
        #expect(state.anchor == Vector2(187.5, 333.5))
        #expect(state.bubbles.map(\.isLeaving) == [false, false, true])
        let numbers = state.numbers
        #expect(numbers.count == PlaygroundState.headerCount + 3 * PlaygroundState.bubbleFieldCount)
        #expect(numbers[0] == 31 && numbers[1] == 2 && numbers[2] == 1 && numbers[6 + 6] == 1 && numbers[6 + 10] == 1)
    }
}
