import Testing
@testable import BubbleScenario
import BubblePicker

/// The runner: determinism, when events apply, and run-time errors that name the event.
@Suite("Scenario runner")
struct ScenarioRunnerTests {
    typealias Support = ScenarioTestSupport

    static func run(_ text: String, steps: Int? = nil) throws(ScenarioError) -> ScenarioRunner {
        let scenario = try Scenario(json: text, name: "t")
        var runner = try ScenarioRunner(scenario)
        for _ in 0..<(steps ?? scenario.steps) { try runner.step() }
        return runner
    }

    @Test("two replays give identical hashes and frames at every step")
    func deterministic() throws {
        let text = Support.document(steps: 90, timeline: #"[{"at": 30, "event": "select", "tag": 1}, {"at": 40, "event": "tap", "id": 1}]"#)
        let a = try Trace.replay(try Scenario(json: text, name: "t"))
        let b = try Trace.replay(try Scenario(json: text, name: "t"))
        #expect(a == b && a.hashes.count == 91)
        #expect(Set(a.hashes).count > 80)
    }

    @Test("events at step s apply after frame s, before step s + 1")
    func eventTiming() throws {
        let text = Support.document(steps: 60, timeline: #"[{"at": 30, "event": "select", "tag": 2}]"#)
        var runner = try Self.run(text, steps: 30)
        #expect(runner.frame().step == 30 && !runner.frame().bubbles[1].isSelected)
        try runner.step()
        #expect(runner.frame().bubbles[1].isSelected)
        #expect(runner.lastEvents.contains { $0.kind == .selected && $0.tag == 2 })
    }

    @Test("a tag, tag list or id that matches nothing when the event fires is an error naming the event", arguments: [
        (#"[{"at": 5, "event": "select", "tag": 9}]"#, "timeline[0].tag", "no bubble matches at step 5 (got 9)"),
        (#"[{"at": 0, "event": "remove", "tags": [7, 8]}]"#, "timeline[0].tags", "(got [7,8])"),
        (#"[{"at": 5, "event": "remove", "tag": 1}, {"at": 50, "event": "toggle", "tag": 1}]"#, "timeline[1].tag", "at step 50"),
        (#"[{"at": 5, "event": "deselect", "id": 12}]"#, "timeline[0].id", "(got 12)"),
        (#"[{"at": 5, "event": "tap", "id": 12}]"#, "timeline[0].id", "(got 12)"),
        (#"[{"at": 5, "event": "drag", "from": {"id": 4}, "by": {"x": 1, "y": 1}}]"#, "timeline[0].from.id", "(got 4)"),
    ])
    func noMatch(timeline: String, location: String, problem: String) throws {
        do {
            _ = try Self.run(Support.document(steps: 100, timeline: timeline))
            Issue.record("no error")
        } catch {
            #expect(error.location == location, "\(error)")
            #expect(error.description.contains(problem), "\(error)")
        }
    }

    @Test("`all` and `where` may match nothing, and then change nothing")
    func permissiveTargets() throws {
        let timeline = #"[{"at": 1, "event": "deselect", "where": "selected"}, {"at": 2, "event": "remove", "all": true}, "#
            + #"{"at": 30, "event": "remove", "all": true}, {"at": 31, "event": "toggle", "where": "unselected"}]"#
        var runner = try Self.run(Support.document(steps: 40, timeline: timeline), steps: 29)
        #expect(runner.container.count == 0)
        try runner.step()
        try runner.step()
        #expect(runner.container.count == 0 && runner.lastEvents.isEmpty)
    }

    @Test("resize, anchor moves and settings reach the container")
    func configurationEvents() throws {
        let timeline = #"[{"at": 1, "event": "resize", "width": 200, "height": 100}, {"at": 2, "event": "moveAnchor", "x": 0.25, "y": 0.5}, "#
            + #"{"at": 3, "event": "set", "settings": {"horizontalScroll": true, "maxSelected": 1}}]"#
        let runner = try Self.run(Support.document(steps: 10, timeline: timeline))
        let frame = runner.frame()
        #expect(frame.container.width == 200 && frame.container.height == 100)
        #expect(frame.anchorPoint.x == 50 && frame.anchorPoint.y == 50)
        #expect(!frame.solidBorders.contains(.left) && frame.solidBorders.contains(.top))
        #expect(runner.container.configuration.maxSelected == 1)
    }
}
