import Testing
import BubbleGeometry
import BubblePicker
import BubbleScene
@testable import BubbleWeb

/// A session's scenes with label widths the page measured in its font.
@Suite struct LabelWidthsTests {
    /// Printable ASCII and the ellipsis, as the element measures them: a wide face (0.72 em
    /// regular, 0.8 em bold per grapheme; Liberation Sans averages about 0.55).
    static let graphemes: [Character] = (32...126).map { Character(Unicode.Scalar(UInt8($0))) } + ["…"]
    static let regular = graphemes.map { _ in 0.72 }
    static let bold = graphemes.map { _ in 0.8 }

    static func session() throws -> PlaygroundSession {
        var session = try PlaygroundSession(size: Size(width: 390, height: 700), seed: 4)
        for index in 0..<12 { session.add(.standard, selected: index % 4 == 0) }
        _ = try session.addRandom(30, seed: 9, minSize: 24, maxSize: 70)
        var t = 1.0
        for _ in 0..<240 { t += 1.0 / 60; session.frame(at: t) }
        return session
    }

    static func labels(_ scene: DrawList) -> [(SceneText, Vector2, Double)] {
        var circles: [BubbleID: (Vector2, Double)] = [:]
        var out: [(SceneText, Vector2, Double)] = []
        for item in scene.items {
            if item.role == .bubble, case let .circle(center, radius, _) = item.shape, let id = item.bubble { circles[id] = (center, radius) }
            if item.role == .label, case let .text(text) = item.shape, let id = item.bubble, let circle = circles[id] {
                out.append((text, circle.0, circle.1))
            }
        }
        return out
    }

    @Test("labels are laid out with the measured widths: each line's drawn bold width is its measured width, inside its bubble")
    func measuredLayout() throws {
        var session = try Self.session()
        let before = session.stateHash()
        try session.setLabelWidths(fontFamily: "monospace", graphemes: Self.graphemes, regular: Self.regular, bold: Self.bold)
        #expect(session.stateHash() == before, "fonts do not change the picker's state")
        let labels = Self.labels(session.scene())
        #expect(labels.count > 20)
        for (text, center, radius) in labels {
            #expect(text.fontFamily == "monospace" && text.bold)
            let drawn = Double(text.text.count) * 0.8 * text.fontSize
            #expect(abs(text.width - drawn) < 1e-9, "\(text.text): scene width \(text.width), measured bold \(drawn)")
            #expect(text.width <= text.maxWidth + 1e-9, "\(text.text) is fitted to its room")
            let half = text.width / 2, dy = abs(text.center.y - center.y) + text.fontSize * 0.6
            #expect(half * half + dy * dy <= radius * radius + 1e-6, "\(text.text) leaves its bubble (radius \(radius))")
        }
        // The built-in table lays the same labels out narrower: the wide face would overflow them.
        session.clearLabelWidths()
        let builtIn = Self.labels(session.scene())
        #expect(builtIn.contains { Double($0.0.text.count) * 0.8 * $0.0.fontSize > $0.0.maxWidth + 1 })
    }

    @Test("bad widths are refused naming the field and value, and nothing changes")
    func refused() throws {
        var session = try Self.session()
        try session.setLabelWidths(fontFamily: "serif", graphemes: ["a"], regular: [0.5], bold: [0.55])
        let kept = session.labelWidths
        var bold = Self.bold
        bold[33] = .nan  // "A"
        let cases: [(String, [Character], [Double], [Double], String)] = [
            ("monospace", Self.graphemes, Self.regular, bold, "bold width of \"A\" nan must be a finite number of em in 0...64"),
            ("monospace", Self.graphemes, [0.5], Self.bold, "regular widths count 1 must equal the count of graphemes, 96"),
            ("", ["a"], [0.5], [0.5], "font family \"\": must name a font"),
            ("monospace", ["a"], [-1], [0.5], "regular width of \"a\" -1.0 must be a finite number of em in 0...64"),
        ]
        for (family, graphemes, regular, bold, message) in cases {
            #expect(throws: PlaygroundError.invalidArgument(message)) {
                try session.setLabelWidths(fontFamily: family, graphemes: graphemes, regular: regular, bold: bold)
            }
            #expect(session.labelWidths?.fontFamily == kept?.fontFamily && session.labelWidths?.widths.count == 1)
        }
    }
}
