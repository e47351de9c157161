import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import BubbleSVG
@testable import BubbleScenario
import BubblePicker

/// SVG pictures: standalone documents with the bubbles, labels, borders, the attraction point, and
/// a callout over each selected bubble; animations with SMIL key frames.
@Suite("SVG rendering")
struct RenderTests {
    static func frames(every: Int) throws -> [BubbleFrame] {
        let text = ScenarioTestSupport.document(steps: 60, container: #""width": 375, "height": 667, "horizontalScroll": true"#,
                                                timeline: #"[{"at": 20, "event": "select", "tag": 1}]"#)
        var runner = try ScenarioRunner(try Scenario(json: text, name: "t"))
        var frames = [runner.frame()]
        for step in 1...60 {
            try runner.step()
            if step % every == 0 { frames.append(runner.frame()) }
        }
        return frames
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("a frame: viewBox, one circle per bubble, labels, dashed open borders, crosshair, one callout per selected bubble")
    func frame() throws {
        let frame = try #require(try Self.frames(every: 60).last)
        let svg = FrameRenderer.svg(frame, title: "t & <x>")
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"-40 -40 455 747\"") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>t &amp; &lt;x&gt;</title>"))
        #expect(Self.count("<circle cx=", in: svg) == 2 + 1)  // two bubbles and the attraction point
        #expect(Self.count("stroke-dasharray=\"6 4\"", in: svg) == 2)  // left and right are open
        #expect(Self.count("<path d=\"M", in: svg) == 1)  // one callout for the one selected bubble
        #expect(Self.count(">A</text>", in: svg) == 2 && Self.count(">B</text>", in: svg) == 1)
        #expect(!svg.lowercased().contains("nan\"") && !svg.lowercased().contains("nan ") && !svg.contains("inf"))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "not well-formed XML")
    }

    @Test("an animation: key times from 0 to 1, one value per key frame, well-formed")
    func animation() throws {
        let frames = try Self.frames(every: 6)
        let svg = AnimationRenderer.svg(frames, timeStep: 1.0 / 60, title: "t")
        #expect(svg.contains("<animate attributeName=\"cx\""))
        #expect(svg.contains("dur=\"1s\" repeatCount=\"indefinite\""))
        let keyTimes = try #require(svg.components(separatedBy: "keyTimes=\"").dropFirst().first?.prefix { $0 != "\"" })
        let times = keyTimes.split(separator: ";").compactMap { Double($0) }
        #expect(times.count == frames.count && times.first == 0 && times.last == 1 && times == times.sorted())
        let values = try #require(svg.components(separatedBy: "attributeName=\"cx\" values=\"").dropFirst().first?.prefix { $0 != "\"" })
        #expect(values.split(separator: ";").count == frames.count)
        #expect(Self.count("<path d=\"M", in: svg) == 1)  // the callout of the one bubble ever selected
        #expect(svg.contains("<animate attributeName=\"visibility\" values=\"hidden;visible\" calcMode=\"discrete\""))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "not well-formed XML")
    }

    @Test("the same run renders to the same bytes")
    func deterministic() throws {
        let a = AnimationRenderer.svg(try Self.frames(every: 10), timeStep: 1.0 / 60)
        let b = AnimationRenderer.svg(try Self.frames(every: 10), timeStep: 1.0 / 60)
        #expect(a == b && !a.isEmpty)
    }
}
