import Testing
import BubblePicker
@testable import BubbleScenario

/// The scenario format's events for update in place, several pointers and long presses, and
/// traces that record events.
@Suite("Timeline: update, pointers, event traces")
struct TimelineEventsTests {
    typealias Support = ScenarioTestSupport

    @Test("update, pointer ids and a pointerDown on a bubble decode")
    func decoding() throws {
        let timeline = #"""
        [{"at": 1, "event": "update", "id": 0, "text": "B", "minSize": 90},
         {"at": 2, "event": "update", "id": 1, "tag": 7},
         {"at": 3, "event": "pointerDown", "id": 1, "pointer": 4},
         {"at": 4, "event": "pointerMove", "x": 5, "y": 6, "pointer": 4},
         {"at": 5, "event": "pointerCancel", "pointer": 4},
         {"at": 6, "event": "pointerCancel"}]
        """#
        let scenario = try Scenario(json: Support.document(timeline: timeline), name: "t")
        let events = scenario.timeline
        #expect(events[0].action == .update(0, BubbleUpdate(text: "B", minSize: 90)))
        #expect(events[1].action == .update(1, BubbleUpdate(tag: 7)))
        #expect(events[2].action == .pointerDown(.bubble(id: 1, field: "id")) && events[2].pointer == 4)
        #expect(events[3].pointer == 4 && events[4].pointer == 4 && events[5].pointer == nil)
    }

    @Test("bad update and pointer events are refused with the field", arguments: [
        (#"[{"at": 1, "event": "update", "id": 0}]"#, "timeline[0]"),
        (#"[{"at": 1, "event": "update", "id": 0, "minSize": 0}]"#, "timeline[0].minSize"),
        (#"[{"at": 1, "event": "update", "id": 0, "selected": true}]"#, "timeline[0].selected"),
        (#"[{"at": 1, "event": "pointerDown", "id": 0, "x": 1, "y": 1}]"#, "timeline[0].id"),
        (#"[{"at": 1, "event": "pointerMove", "x": 1, "y": 1, "pointer": -1}]"#, "timeline[0].pointer"),
    ])
    func refusals(timeline: String, location: String) {
        let error = Support.error(Support.document(timeline: timeline))
        #expect(error?.location == location, "\(String(describing: error))")
    }

    @Test("an update of a bubble that is gone fails at run time, naming the event")
    func updateOfMissing() throws {
        let timeline = #"[{"at": 1, "event": "remove", "id": 0}, {"at": 30, "event": "update", "id": 0, "text": "x"}]"#
        let scenario = try Scenario(json: Support.document(timeline: timeline), name: "t")
        #expect(throws: ScenarioError.self) { try Trace.replay(scenario) }
    }

    @Test("traces with events round-trip, and a differing event is reported at its step")
    func eventTraces() throws {
        let timeline = #"[{"at": 5, "event": "select", "id": 0}, {"at": 9, "event": "update", "id": 1, "text": "C"}]"#
        let scenario = try Scenario(json: Support.document(steps: 20, extra: #", "trace": {"every": 10, "events": true}"#,
                                                           timeline: timeline), name: "t")
        let trace = try Trace.replay(scenario)
        #expect(trace.text.contains("event 5: selected #0\n") && trace.text.contains("event 9: contentChanged #1\n"))
        let parsed = try Trace(parsing: trace.text)
        #expect(parsed == trace && parsed.text == trace.text)
        var golden = parsed
        golden.events[1].lines = ["5: deselected #0"]
        #expect(trace.firstDifference(from: golden)?.hasPrefix("events at step 6:") == true, "\(trace.firstDifference(from: golden) ?? "")")
        let quiet = try Trace.replay(try Scenario(json: Support.document(steps: 20, timeline: timeline), name: "t"))
        #expect(quiet.events.isEmpty && !quiet.text.contains("event "))
    }

    @Test("two pointers in a scenario drag two bubbles at once")
    func twoPointers() throws {
        let timeline = #"""
        [{"at": 60, "event": "drag", "from": {"id": 0}, "by": {"x": 40, "y": 0}, "steps": 10, "pointer": 1},
         {"at": 60, "event": "drag", "from": {"id": 1}, "by": {"x": -40, "y": 0}, "steps": 10, "pointer": 2}]
        """#
        let scenario = try Scenario(json: Support.document(steps: 80, container: #""width": 375, "height": 667, "fieldStrength": 0"#,
                                                           timeline: timeline), name: "t")
        var runner = try ScenarioRunner(scenario)
        try runner.run(through: 65, every: 100) { _ in }
        #expect(runner.container.draggedBubbles == [BubbleID(0), BubbleID(1)])
    }
}
