import Testing
@testable import BubbleScenario

/// The golden trace format: exact round trip, and divergence reports that name the first step.
@Suite("Trace format")
struct TraceTests {
    static func sample() throws -> Trace {
        var scenario = try Scenario(json: ScenarioTestSupport.document(steps: 40), name: "t")
        scenario.traceEvery = 10
        return try Trace.replay(scenario)
    }

    @Test("samples of no bubbles round-trip: an empty scenario, and trace.bubbles 0", arguments: [
        ScenarioTestSupport.document(steps: 40, extra: #", "trace": {"every": 10}"#, bubbles: "[]",
                                     timeline: #"[{"at": 25, "event": "add", "text": "late"}]"#),
        ScenarioTestSupport.document(steps: 40, extra: #", "trace": {"every": 10, "bubbles": 0}"#),
    ])
    func emptySamples(text: String) throws {
        let trace = try Trace.replay(try Scenario(json: text, name: "t"))
        #expect(trace.samples.map { $0.step } == [0, 10, 20, 30, 40])
        let parsed = try Trace(parsing: trace.text)
        #expect(parsed == trace && trace.firstDifference(from: parsed) == nil)
    }

    @Test("text round-trips exactly, numbers included")
    func roundTrip() throws {
        let trace = try Self.sample()
        #expect(trace.hashes.count == 41 && trace.samples.map(\.step) == [0, 10, 20, 30, 40])
        let parsed = try Trace(parsing: trace.text)
        #expect(parsed == trace)
        #expect(parsed.text == trace.text)
        #expect(trace.firstDifference(from: parsed) == nil)
    }

    @Test("a changed hash is reported at its step, with the first differing sampled bubble")
    func divergence() throws {
        let trace = try Self.sample()
        var golden = trace
        golden.hashes[17] = "0123456789abcdef"
        #expect(trace.firstDifference(from: golden)?.hasPrefix("first divergence at step 17: state hash") == true)
        golden = trace
        var words = golden.samples[2].lines[1].split(separator: " ").map { String($0) }
        words[1] = (Double(words[1]) ?? 0).nextUp.description
        golden.samples[2].lines[1] = words.joined(separator: " ")
        let detail = trace.firstDifference(from: golden)
        #expect(detail?.contains("at step 20 bubble 1: x") == true, "\(detail ?? "nil")")
    }

    @Test("a golden recorded for another version of the scenario is reported as stale")
    func stale() throws {
        let trace = try Self.sample()
        var golden = trace
        golden.source = "ffffffffffffffff"
        #expect(trace.firstDifference(from: golden)?.contains("different version of the scenario") == true)
    }

    @Test("malformed traces are rejected with a line number", arguments: [
        ("nonsense\n", "line 1"),
        ("bubblepicker-trace 1\nscenario x\nsource y\nsteps 1 every 1 limit 1\n1 0000000000000000\n", "line 5"),
        ("bubblepicker-trace 1\nscenario x\nsource y\nsteps 1 every 1 limit 1\n0 0000000000000000\n  1 x 2 3 0\n", "line 6"),
        ("bubblepicker-trace 1\nscenario x\n", "line 3"),
    ])
    func malformed(text: String, location: String) {
        #expect(throws: ScenarioError.self) { try Trace(parsing: text) }
        do { _ = try Trace(parsing: text) } catch { #expect(error.location == location, "\(error)") }
    }
}
