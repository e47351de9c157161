import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import BubbleScene
import BubbleSVG
@testable import BubbleScenario
import BubblePicker

/// SVG pictures, as back ends of the scene model: standalone documents of one scene, animations
/// with SMIL key frames, always well-formed XML.
@Suite("SVG rendering")
struct RenderTests {
    static func frames(every: Int, container: String = #""width": 375, "height": 667, "horizontalScroll": true"#,
                       bubbles: String = #"[{"text": "A", "tag": 1}, {"text": "B", "tag": 2}]"#) throws -> [BubbleFrame] {
        let text = ScenarioTestSupport.document(steps: 60, container: container, bubbles: bubbles,
                                                timeline: #"[{"at": 20, "event": "select", "tag": 1}]"#)
        var runner = try ScenarioRunner(try Scenario(json: text, name: "t"))
        var frames: [BubbleFrame] = []
        try runner.run(through: 60, every: every) { (runner: ScenarioRunner) throws(ScenarioError) in frames.append(runner.frame()) }
        return frames
    }

    static func scenes(_ frames: [BubbleFrame], theme: SceneTheme = .debug) -> [DrawList] {
        var builder = SceneBuilder(theme: theme)
        return frames.map { builder.scene(for: $0) }
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    static func wellFormed(_ svg: String) -> Bool { XMLParser(data: Data(svg.utf8)).parse() }

    @Test("a frame (debug theme): circles, a label per bubble, dashed open borders, the anchor, a check mark and a callout per selected bubble")
    func frame() throws {
        let frames = try Self.frames(every: 60, container: #""width": 375, "height": 667"#)
        let scene = try #require(Self.scenes(frames).last)
        let svg = SceneSVG.document(scene, title: "t & <x>")
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"-40 -40 455 747\"") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>t &amp; &lt;x&gt;</title>"))
        #expect(Self.count("<circle cx=", in: svg) == 3)  // two bubbles, the check mark's disc
        #expect(Self.count("<path d=\"M", in: svg) == 3)  // one callout, the anchor's crosshair, the tick
        #expect(Self.count(">A</text>", in: svg) == 2 && Self.count(">B</text>", in: svg) == 1)  // label and callout A, label B
        let face = SceneSVG.document(try #require(Self.scenes(frames, theme: SceneTheme()).last))
        #expect(Self.count("<circle cx=", in: face) == 3 && Self.count("<path d=\"M", in: face) == 1)  // the tick only
        #expect(Self.count("<line ", in: face) == 0 && Self.count(">A</text>", in: face) == 1)  // no borders, no callout
        #expect(!svg.contains("nan\"") && !svg.contains("nan ") && !svg.contains("inf"))
        #expect(Self.wellFormed(svg), "not well-formed XML")
    }

    @Test("labels with control characters and markup still give well-formed XML")
    func hostileLabels() throws {
        let frames = try Self.frames(every: 60, bubbles: #"[{"text": "a\u0001b\u001b[31m<&>\"'\u0000", "tag": 1}, {"text": "\ud83d\ude00 \u0301x", "tag": 2}]"#)
        var scenes = Self.scenes(frames)
        let svg = SceneSVG.document(scenes[scenes.count - 1], title: "\u{1}")
        #expect(Self.wellFormed(svg), "not well-formed XML")
        scenes = Self.scenes(try Self.frames(every: 6, bubbles: #"[{"text": "\u0002", "tag": 1}]"#))
        #expect(Self.wellFormed(SceneAnimationSVG.document(scenes, timeStep: 1.0 / 60)))
    }

    @Test("an animation: key times from 0 to 1 with a hold, one value per key frame plus the held one, well-formed")
    func animation() throws {
        let frames = try Self.frames(every: 6)
        let svg = SceneAnimationSVG.document(Self.scenes(frames), timeStep: 1.0 / 60, hold: 1, title: "t")
        #expect(svg.contains("<animate attributeName=\"cx\""))
        #expect(svg.contains("dur=\"2s\" repeatCount=\"indefinite\""))  // 1 s of run, 1 s held
        let keyTimes = try #require(svg.components(separatedBy: "attributeName=\"cx\" values=\"").dropFirst().first?
            .components(separatedBy: "keyTimes=\"").dropFirst().first?.prefix { $0 != "\"" })
        let times = keyTimes.split(separator: ";").compactMap { Double($0) }
        #expect(times.count == frames.count + 1 && times.first == 0 && times.last == 1 && times == times.sorted())
        #expect(times[times.count - 2] == 0.5, "the last scene at half time, held to the end")
        let values = try #require(svg.components(separatedBy: "attributeName=\"cx\" values=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(values.split(separator: ";").count == frames.count + 1)
        #expect(svg.contains("<animate attributeName=\"visibility\" values=\"hidden;visible\" calcMode=\"discrete\""))
        #expect(Self.wellFormed(svg), "not well-formed XML")
    }

    @Test("the same run renders to the same bytes")
    func deterministic() throws {
        let a = SceneAnimationSVG.document(Self.scenes(try Self.frames(every: 10)), timeStep: 1.0 / 60)
        let b = SceneAnimationSVG.document(Self.scenes(try Self.frames(every: 10)), timeStep: 1.0 / 60)
        #expect(a == b && !a.isEmpty)
    }
}
