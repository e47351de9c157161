import Testing
import BubbleScenario
@testable import BubbleWeb

/// The scenario player: golden hashes step by step, scrubbing back and forth, markers.
@Suite struct ScenarioPlayerTests {
    func player(_ name: String) throws -> ScenarioPlayer {
        try ScenarioPlayer(json: try WebTestSupport.json(name), name: name, golden: try WebTestSupport.golden(name))
    }

    @Test("playing the demo matches its golden at every step")
    func playsGolden() throws {
        var player = try player("demo")
        #expect(player.golden.count == player.steps + 1)
        #expect(player.matchesGolden == true)
        while player.stepForward() { #expect(player.matchesGolden == true, "step \(player.step)") }
        #expect(player.step == player.steps && player.failure == nil && player.goldenHash != nil)
    }

    @Test("scrubbing back replays to the same hash; forward seeks step through")
    func scrubs() throws {
        var player = try player("taps-and-toggles")
        #expect(player.seek(to: 250) == 250)
        let at250 = player.hash
        #expect(player.seek(to: 130) == 130 && player.matchesGolden == true)
        #expect(player.seek(to: 250) == 250 && player.hash == at250)
        #expect(player.seek(to: 0) == 0 && player.matchesGolden == true)
        #expect(player.seek(to: 1_000_000) == player.steps && player.matchesGolden == true)
        #expect(player.seek(to: -5) == 0)
    }

    @Test("advance plays at the scenario's step rate and returns the fraction")
    func advances() throws {
        var player = try player("demo")
        let fraction = player.advance(by: 0.125)
        #expect(player.step == 7 && abs(fraction - 0.5) < 1e-9)
        _ = player.scene()
    }

    @Test("markers: one per step with events, kinds and counts")
    func markers() throws {
        let player = try player("demo")
        let markers = player.markers
        #expect(markers.first == TimelineMarker(step: 180, kind: .pointer, count: 1))
        #expect(markers.contains(TimelineMarker(step: 240, kind: .selection, count: 1)))
        #expect(markers.map(\.step) == markers.map(\.step).sorted() && Set(markers.map(\.step)).count == markers.count)
    }

    @Test("golden hash lines: trace text or bare lines; out of order is an error; none is fine")
    func goldenParsing() throws {
        #expect(try ScenarioPlayer.goldenHashes("0 00000000000000ff\n  0 1 2 3 0\n1 0000000000000100\n") == [255, 256])
        #expect(throws: PlaygroundError.self) { try ScenarioPlayer.goldenHashes("1 00000000000000ff") }
        var player = try ScenarioPlayer(json: try WebTestSupport.json("demo"), name: "demo")
        #expect(player.matchesGolden == nil && player.goldenHash == nil)
        player.stepForward()
        #expect(player.step == 1)
    }

    @Test("a bad scenario is an error with its reason")
    func badScenario() {
        #expect(throws: PlaygroundError.scenario(ScenarioFailure("format: missing required field"))) {
            try ScenarioPlayer(json: "{}", name: "x")
        }
    }
}
