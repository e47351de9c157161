import Foundation
import Testing
@testable import BubbleScenario
import BubblePicker

/// Decoding and validation: good documents decode to the right values; every kind of bad input
/// is one error naming the field path and the bad value.
@Suite("Scenario decoding")
struct ScenarioDecodingTests {
    typealias Support = ScenarioTestSupport

    @Test("a valid document decodes with defaults filled in")
    func decodesDefaults() throws {
        let scenario = try Scenario(json: Support.document(), name: "x")
        #expect(scenario.steps == 120 && scenario.seed == 1 && scenario.name == "x")
        #expect(scenario.configuration.size == Size(width: 375, height: 667))
        #expect(scenario.configuration.seed == 1)
        #expect(scenario.configuration.fieldStrength == BubbleContainerConfiguration().fieldStrength)
        #expect(scenario.bubbles.map(\.tag) == [1, 2])
        #expect(scenario.bubbles[0].style.minSize == 80 && scenario.bubbles[0].animated)
        #expect(scenario.traceEvery == 30 && scenario.traceBubbles == 100)
    }

    @Test("every container field is read into the configuration")
    func containerFields() throws {
        let container = #""width": 300, "height": 200, "anchor": {"x": 0.25, "y": 0.75}, "fieldLaw": "radialGravity", "#
            + #""fieldStrength": 900, "falloffRadius": 12, "resistance": 3, "densitySelected": 2, "densityUnselected": 0.5, "#
            + #""horizontalScroll": true, "verticalScroll": true, "growInDuration": 0, "selectionDuration": 0.1, "#
            + #""removalDuration": 0.3, "selectionPushSpeed": 50, "selectionPushReach": 2, "maxSelected": 4, "#
            + #""maxSelectedPolicy": "deselectOldest", "maxBubbles": null, "backgroundScrollEnabled": false, "#
            + #""tapMaxDistance": 5, "tapMaxDuration": 0.2, "flickWindow": 0.1, "maxFlickSpeed": 10, "dragFrequency": 4, "#
            + #""anchorSmoothing": 0.5, "physics": {"timeStep": 0.01, "substeps": 2, "elasticity": 0.5}"#
        let c = try Scenario(json: Support.document(container: container), name: "x").configuration
        #expect(c.size == Size(width: 300, height: 200) && c.anchor.x == 0.25 && c.anchor.y == 0.75)
        #expect(c.fieldLaw == .radialGravity && c.fieldStrength == 900 && c.falloffRadius == 12 && c.resistance == 3)
        #expect(c.densitySelected == 2 && c.densityUnselected == 0.5 && c.horizontalScroll && c.verticalScroll)
        #expect(c.growInDuration == 0 && c.selectionDuration == 0.1 && c.removalDuration == 0.3)
        #expect(c.selectionPushSpeed == 50 && c.selectionPushReach == 2 && c.maxSelected == 4)
        #expect(c.maxSelectedPolicy == .deselectOldest && c.maxBubbles == nil && !c.backgroundScrollEnabled)
        #expect(c.tapMaxDistance == 5 && c.tapMaxDuration == 0.2 && c.flickWindow == 0.1 && c.maxFlickSpeed == 10)
        #expect(c.dragFrequency == 4 && c.anchorSmoothing == 0.5)
        #expect(c.physics.timeStep == 0.01 && c.physics.substeps == 2 && c.physics.elasticity == 0.5)
    }

    @Test("the timeline is sorted by step, same-step events in file order, macros expanded")
    func timeline() throws {
        let timeline = #"[{"at": 50, "event": "select", "tag": 2}, {"at": 10, "event": "tap", "x": 1, "y": 2}, "#
            + #"{"at": 50, "event": "remove", "tags": [1]}, {"at": 20, "event": "add", "text": "N{n}", "tag": 7, "repeat": 3, "every": 5}, "#
            + #"{"at": 60, "event": "drag", "from": {"x": 0, "y": 0}, "to": {"x": 30, "y": 0}, "steps": 3}]"#
        let scenario = try Scenario(json: Support.document(timeline: timeline), name: "x")
        #expect(scenario.timeline.map(\.at) == [10, 11, 20, 25, 30, 50, 50, 60, 61, 62, 63, 63])
        #expect(scenario.timeline[5].action == .select(.tag(2)) && scenario.timeline[6].action == .remove(.tags([1])))
        guard case .add(let third) = scenario.timeline[4].action else { Issue.record("not an add"); return }
        #expect(third.text == "N3" && third.tag == 9)
        #expect(scenario.timeline[9].action == .pointerMove(.point(.init(20, 0))))
        #expect(scenario.timeline[11].action == .pointerUp(.point(.init(30, 0))))
        #expect(scenario.timeline[7].path == "timeline[4]")
    }

    @Test("bad input is one error with a field path and the value", arguments: [
        (Support.document(extra: #", "colour": 1"#), "colour", "unknown field"),
        (Support.document().replacingOccurrences(of: #""seed": 1,"#, with: ""), "seed", "missing required field"),
        (Support.document(container: #""width": 375"#), "container.height", "missing required field"),
        (Support.document(container: #""width": -1, "height": 10"#), "container.width", "must be in 0...10000000 (got -1)"),
        (Support.document(container: #""width": 10, "height": 10, "fieldLaw": "magnet""#), "container.fieldLaw", "(got \"magnet\")"),
        (Support.document(container: #""width": 10, "height": 10, "physics": {"substeps": 0}"#), "container.physics.substeps", "1...64"),
        (Support.document(bubbles: #"[{"text": "A", "minSize": 0}]"#), "bubbles[0].minSize", "must be in 1...10000 (got 0)"),
        (Support.document(bubbles: #"[{"text": "A", "minSize": -80}]"#), "bubbles[0].minSize", "(got -80)"),
        (Support.document(bubbles: #"[{"text": "A", "tag": 1.5}]"#), "bubbles[0].tag", "expected a whole number (got 1.5)"),
        (Support.document(bubbles: #"[{"text": 3}]"#), "bubbles[0].text", "expected a string (got 3)"),
        (Support.document(timeline: #"[{"at": 900, "event": "select", "tag": 1}]"#), "timeline[0].at",
         "step 900 is beyond the end (steps = 120)"),
        (Support.document(timeline: #"[{"at": 100, "event": "add", "repeat": 5, "every": 10}]"#), "timeline[0].repeat", "beyond the end"),
        (Support.document(timeline: #"[{"at": 119, "event": "tap", "x": 1, "y": 1}]"#), "timeline[0].at", "beyond the end"),
        (Support.document(timeline: #"[{"at": 1, "event": "explode"}]"#), "timeline[0].event", "expected one of: add, remove"),
        (Support.document(timeline: #"[{"at": 1, "event": "select"}]"#), "timeline[0]", "needs exactly one of: id, tag, tags"),
        (Support.document(timeline: #"[{"at": 1, "event": "select", "tag": 1, "id": 2}]"#), "timeline[0]", "(got id, tag)"),
        (Support.document(timeline: #"[{"at": 1, "event": "select", "tags": []}]"#), "timeline[0].tags", "at least one"),
        (Support.document(timeline: #"[{"at": 1, "event": "resize", "width": 10}]"#), "timeline[0].height", "missing"),
        (Support.document(timeline: #"[{"at": 1, "event": "set", "settings": {"resistance": -1}}]"#), "timeline[0].settings.resistance", "0...1000"),
        (Support.document(timeline: #"[{"at": 1, "event": "set", "settings": {"seed": 3}}]"#), "timeline[0].settings.seed", "unknown field"),
        (Support.document(timeline: #"[{"at": 1, "event": "pointerDown", "x": 1, "y": 2, "z": 3}]"#), "timeline[0].z", "unknown field"),
        (Support.document(extra: #", "crowd": {"count": 1000000000, "minSize": 5}"#), "crowd.count",
         "must be in 1...100000 (got 1000000000)"),
        (Support.document(extra: #", "crowd": {"count": 1e9, "minSize": 5}"#), "crowd.count", "(got 1000000000.0)"),
        (Support.document(extra: #", "crowd": {"count": 10, "minSize": 5, "maxSize": 2}"#), "crowd.maxSize", "below minSize"),
        (Support.document(steps: 0), "steps", "must be in 1...1000000 (got 0)"),
        (Support.document().replacingOccurrences(of: #""format": 1"#, with: #""format": 2"#), "format", "unsupported"),
        (Support.document(container: #""width": 10, "height": 10, "tapMaxDuration": 1e400"#), "line 6:62", "out of range"),
        (Support.document(container: #""width": NaN, "height": 10"#), "line 6:26", "NaN"),
        (Support.document(container: #""width": 10, "height": Infinity"#), "line 6:40", "Infinity"),
        (Support.document(container: #""width": 10, "height": 10,"#), "line 6:43", "trailing comma"),
        ("[]", "document", "expected an object"),
    ])
    func rejects(text: String, location: String, problem: String) {
        guard let error = Support.error(text) else {
            Issue.record("accepted: \(text)")
            return
        }
        #expect(error.location == location, "\(error)")
        #expect(error.description.contains(problem), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test("integers are read the same on every platform: seeds up to 2^53, 32-bit counts and tags")
    func portableIntegers() throws {
        let big = try Scenario(json: Support.document().replacingOccurrences(of: #""seed": 1,"#, with: #""seed": 9007199254740992,"#), name: "x")
        #expect(big.seed == 9_007_199_254_740_992)
        for seed in ["9007199254740993", "-1", "1.5"] {
            let error = Support.error(Support.document().replacingOccurrences(of: #""seed": 1,"#, with: "\"seed\": \(seed),"))
            #expect(error?.location == "seed", "seed \(seed): \(String(describing: error))")
        }
        let tag = Support.error(Support.document(bubbles: #"[{"text": "A", "tag": 4294967296}]"#))
        #expect(tag?.location == "bubbles[0].tag" && tag?.problem == "must be in -2147483647...2147483647")
    }

    @Test("a crowd is generated from the seed: same seed, same sizes; sizes in range")
    func crowd() throws {
        let text = Support.document(extra: #", "crowd": {"count": 50, "minSize": 5, "maxSize": 9, "text": "c"}"#)
        let a = try Scenario(json: text, name: "x"), b = try Scenario(json: text, name: "x")
        #expect(a.bubbles.count == 52 && a.bubbles == b.bubbles)
        #expect(a.bubbles.dropFirst(2).allSatisfy { (5..<9).contains($0.style.minSize) })
        #expect(a.bubbles[2].text == "c1" && a.bubbles[51].text == "c50")
        #expect(Set(a.bubbles.dropFirst(2).map(\.style.minSize)).count > 40)
    }

    @Test("the source hash ignores whitespace but not content")
    func sourceHash() throws {
        let a = try Scenario(json: Support.document(), name: "x")
        let b = try Scenario(json: Support.document().replacingOccurrences(of: "\n", with: " "), name: "x")
        let c = try Scenario(json: Support.document(steps: 121), name: "x")
        #expect(a.sourceHash == b.sourceHash && a.sourceHash != c.sourceHash)
    }
}
