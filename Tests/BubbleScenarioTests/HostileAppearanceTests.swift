import BubbleGeometry
import BubblePicker
import BubbleScene
import BubbleSVG
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A layout provider an app could write with broken numbers: NaN, infinities and huge values in
/// every colour component, the font size, the image opacity and the diameter.
struct HostileBubble: BubbleLayoutProvider {
    var value: Double

    func diameter(selected: Bool) -> Double { selected ? value : 80 }

    func appearance(selected: Bool) -> BubbleAppearance {
        let color = BubbleColor(red: value, green: -value, blue: .nan, alpha: selected ? value : .nan)
        return BubbleAppearance(text: "label \(value)", imageName: "image-\(value)", backgroundColor: color,
                                imageAlpha: value, showsLabel: true, fontSize: value, labelColor: color)
    }

    static let values: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude,
                                   .leastNonzeroMagnitude, -0.0, 2, -2]

    /// A picker with one hostile bubble per value (half of them selected, so callouts are drawn),
    /// stepped a little, as frames: one mid-animation and one settled.
    static func frames() throws -> [BubbleFrame] {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        var picker = try BubbleContainer<HostileBubble>(configuration: configuration)
        for (index, value) in values.enumerated() {
            picker.add(content: HostileBubble(value: value), tag: index, selected: index % 2 == 0)
        }
        var frames: [BubbleFrame] = []
        for step in 1...40 {
            picker.step()
            if step == 5 || step == 40 { frames.append(picker.frame()) }
        }
        return frames
    }
}

/// Values from an app's own types reach output sanitised: no trap, no NaN or infinity in the scene
/// model's colours, well-formed SVG with six-digit colours.
@Suite("hostile appearance values")
struct HostileAppearanceTests {
    static func colors(_ scene: DrawList) -> [BubbleColor] {
        var colors = [scene.background]
        for item in scene.items {
            switch item.shape {
            case .rect(_, let paint), .line(_, _, let paint), .circle(_, _, let paint), .path(_, let paint):
                colors += [paint.fill, paint.stroke].compactMap { $0 }
            case .text(let text): colors.append(text.color)
            }
        }
        return colors
    }

    @Test("XMLText.hex takes every colour: NaN as 0, infinities and huge values clamped")
    func hex() {
        #expect(XMLText.hex(BubbleColor(red: .nan, green: .nan, blue: .nan)) == "#000000")
        #expect(XMLText.hex(BubbleColor(red: .infinity, green: -.infinity, blue: 1e308)) == "#ff00ff")
        #expect(XMLText.hex(BubbleColor(red: 0.5, green: -1e308, blue: .greatestFiniteMagnitude)) == "#8000ff")
        let sanitized = BubbleColor(red: .nan, green: 3, blue: -3, alpha: .nan).sanitized
        #expect(sanitized == BubbleColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(BubbleColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5).sanitized == BubbleColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
    }

    @Test("the scene model's colours and text sizes are finite and in range")
    func sceneModel() throws {
        var builder = SceneBuilder()
        for frame in try HostileBubble.frames() {
            let scene = builder.scene(for: frame)
            #expect(scene.items.contains { $0.role == .bubble })
            for color in Self.colors(scene) {
                for component in [color.red, color.green, color.blue, color.alpha] {
                    #expect(component >= 0 && component <= 1, "\(color)")
                }
            }
            for item in scene.items {
                if case .text(let text) = item.shape {
                    #expect(text.fontSize.isFinite && text.fontSize > 0 && text.width.isFinite, "\(text)")
                }
            }
        }
    }

    @Test("a 200,000-character label and image name are fitted (ellipsized) and escaped, not drawn whole")
    func longStrings() throws {
        struct Long: BubbleLayoutProvider {
            func diameter(selected: Bool) -> Double { 80 }
            func appearance(selected: Bool) -> BubbleAppearance {
                BubbleAppearance(text: String(repeating: "W<&", count: 70_000), imageName: String(repeating: "\u{1}é", count: 100_000),
                                 showsLabel: true)
            }
        }
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        var picker = try BubbleContainer<Long>(configuration: configuration)
        picker.add(content: Long(), selected: true)
        for _ in 0..<30 { picker.step() }
        var builder = SceneBuilder()
        let scene = builder.scene(for: picker.frame())
        let document = SceneSVG.document(scene)
        #expect(XMLParser(data: Data(document.utf8)).parse())
        #expect(document.utf8.count < 20_000, "\(document.utf8.count) bytes")
    }

    @Test("a frame and an animation of hostile bubbles are well-formed SVG without NaN or infinity")
    func svg() throws {
        var builder = SceneBuilder()
        let scenes = try HostileBubble.frames().map { builder.scene(for: $0) }
        let documents = [SceneSVG.document(scenes[0], title: "nan"), SceneAnimationSVG.document(scenes, timeStep: 1.0 / 60)]
        for document in documents {
            #expect(XMLParser(data: Data(document.utf8)).parse())
            #expect(document.contains("<circle") && document.contains("<text"))
            for word in ["nan", "inf", "NaN"] { #expect(!document.contains(word + "\""), "\(word)") }
            let colors = document.split(separator: "#").dropFirst().map { $0.prefix(7) }
            #expect(colors.allSatisfy { $0.count == 7 && $0.prefix(6).allSatisfy { $0.isHexDigit } && $0.last == "\"" })
        }
    }
}
