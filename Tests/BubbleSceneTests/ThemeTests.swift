import Testing
import Balloons
import BubblePicker
@testable import BubbleScene

/// The themes: the default face (palette colours, labels inside, selection shown by size, shade
/// and a check mark; no callouts, borders or debug overlays), the callout and debug themes.
@Suite("Scene themes")
struct ThemeTests {
    /// A snapshot of a stock bubble (80 pt, 106.4 pt selected) at `x`, 0.
    static func bubble(_ id: Int, x: Double, selected: Bool = false, style: BubbleStyle = BubbleStyle(),
                       text: String = "Jazz") -> BubbleSnapshot {
        let content = DefaultBubble(text: text, style: style)
        return BubbleSnapshot(id: BubbleID(id), tag: nil, center: Vector2(x, 200), diameter: content.diameter(selected: selected),
                              scale: 1, isSelected: selected, phase: .present, isDragged: false,
                              appearance: content.appearance(selected: selected))
    }

    /// A 600 × 400 frame of `bubbles`, with a finger down when `pointer`.
    static func frame(_ bubbles: [BubbleSnapshot], pointer: Bool = false, borders: Borders = .all) -> BubbleFrame {
        let finger = PointerSnapshot(location: Vector2(10, 10), trail: [Vector2(0, 0), Vector2(10, 10)], target: .background,
                                     isDragging: true)
        return BubbleFrame(step: 1, time: 1.0 / 60, container: Rect(x: 0, y: 0, width: 600, height: 400), solidBorders: borders,
                           anchorPoint: Vector2(300, 200), bubbles: bubbles, pointer: pointer ? finger : nil)
    }

    static func scene(_ frame: BubbleFrame, _ theme: SceneTheme = SceneTheme()) -> DrawList {
        var builder = SceneBuilder(theme: theme)
        return builder.scene(for: frame)
    }

    static func items(_ scene: DrawList, _ role: SceneRole, bubble: Int? = nil) -> [SceneItem] {
        scene.items.filter { $0.role == role && (bubble == nil || $0.bubble == BubbleID(bubble!)) }
    }

    static func fill(_ scene: DrawList, bubble: Int) -> BubbleColor? {
        guard case .circle(_, _, let paint)? = items(scene, .bubble, bubble: bubble).first?.shape else { return nil }
        return paint.fill
    }

    @Test("default theme: palette colours by id, every label inside its bubble, selected ones too")
    func defaultFace() throws {
        let bubbles = (0..<12).map { Self.bubble($0, x: 50 + 45 * Double($0), selected: $0 % 4 == 1) }
        let theme = SceneTheme()
        let scene = Self.scene(Self.frame(bubbles, pointer: true), theme)
        for bubble in bubbles {
            let id = bubble.id.rawValue
            let fill = try #require(Self.fill(scene, bubble: id))
            let palette = SceneTheme.defaultPalette[id % SceneTheme.defaultPalette.count]
            #expect(bubble.isSelected ? fill != palette && fill == theme.fill(of: bubble) : fill == palette, "#\(id)")
            let label = try #require(Self.items(scene, .label, bubble: id).first, "#\(id) has a label (never blank)")
            guard case .text(let text) = label.shape else { Issue.record("label is text"); continue }
            #expect(text.text == "Jazz" && text.bold && text.fontSize == 14)
            let r = bubble.drawnDiameter / 2, dx = text.width / 2, dy = 0.6 * text.fontSize
            #expect(dx * dx + dy * dy <= r * r, "#\(id): the label's box lies inside the bubble")
        }
        for hidden: SceneRole in [.callout, .calloutText, .anchor, .finger, .trail] {
            #expect(!scene.items.contains { $0.role == hidden }, "\(hidden) hidden")
        }
        #expect(!scene.items.contains { if case .border = $0.role { return true } else { return false } }, "no borders")
        let layers = scene.items.map(\.layer)
        #expect(layers == layers.sorted())
    }

    @Test("the palette is distinct from one bubble to the next; an empty palette paints black")
    func palette() {
        let colours = SceneTheme.defaultPalette
        #expect(colours.count == 10 && Set(colours.map { "\($0)" }).count == 10)
        for (a, b) in zip(colours, colours.dropFirst() + [colours[0]]) {
            let distance = abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue)
            #expect(distance > 0.3, "\(a) and \(b) too alike")
        }
        var theme = SceneTheme()
        theme.palette = []
        #expect(theme.paletteColor(for: BubbleID(7)) == .black)
    }

    @Test("a content colour wins over the palette; the selected fill follows the theme")
    func contentColour() throws {
        var style = BubbleStyle()
        let teal = BubbleColor(red: 0, green: 0.5, blue: 0.5)
        style.backgroundColor = teal
        let frame = Self.frame([Self.bubble(0, x: 100, style: style), Self.bubble(1, x: 300, selected: true, style: style)])
        var theme = SceneTheme()
        var scene = Self.scene(frame, theme)
        #expect(Self.fill(scene, bubble: 0) == teal)
        #expect(Self.fill(scene, bubble: 1) == BubbleColor(red: 0, green: 0.35, blue: 0.35))  // 30% toward black
        theme.selectedFill = .unchanged
        #expect(Self.fill(Self.scene(frame, theme), bubble: 1) == teal)
        theme.selectedFill = .solid(.white)
        scene = Self.scene(frame, theme)
        #expect(Self.fill(scene, bubble: 1) == .white)
    }

    @Test("a selected bubble's check mark: a disc and a tick, shapes only, inside the bubble; none on small bubbles")
    func checkMark() throws {
        let small = BubbleStyle(minSize: 16, maxSize: 21)
        let frame = Self.frame([Self.bubble(0, x: 100, selected: true), Self.bubble(1, x: 300),
                                Self.bubble(2, x: 500, selected: true, style: small)])
        let scene = Self.scene(frame)
        let marks = Self.items(scene, .checkMark, bubble: 0)
        #expect(marks.count == 2 && Self.items(scene, .checkMark).count == 2, "one mark, on the large selected bubble")
        guard marks.count == 2, case .circle(let center, let radius, let disc) = marks[0].shape,
              case .path(let tick, let stroke) = marks[1].shape else {
            Issue.record("disc then tick")
            return
        }
        let bubble = frame.bubbles[0]
        #expect((center - bubble.center).length + radius < bubble.drawnDiameter / 2, "the disc lies inside the bubble")
        #expect(disc.fill == .white && stroke.stroke == Self.fill(scene, bubble: 0) && stroke.fill == nil)
        let box = try #require(tick.boundingBox)
        #expect(box.minX >= center.x - radius && box.maxX <= center.x + radius && box.minY >= center.y - radius
                && box.maxY <= center.y + radius, "the tick lies on the disc")
        var theme = SceneTheme()
        theme.showsCheckMark = false
        #expect(Self.items(Self.scene(frame, theme), .checkMark).isEmpty)
    }

    @Test("the callout theme adds one callout per selected bubble; the debug theme the borders, anchor and finger")
    func calloutAndDebugThemes() {
        let frame = Self.frame([Self.bubble(0, x: 150, selected: true), Self.bubble(1, x: 300), Self.bubble(2, x: 450, selected: true)],
                               pointer: true, borders: [.top, .bottom])
        let callouts = Self.scene(frame, .callouts)
        #expect(Self.items(callouts, .callout).count == 2 && Self.items(callouts, .calloutText).count == 2)
        #expect(Self.items(callouts, .anchor).isEmpty && Self.items(callouts, .finger).isEmpty)
        let debug = Self.scene(frame, .debug)
        #expect(Self.items(debug, .callout).count == 2)
        #expect(Self.items(debug, .anchor).count == 1 && Self.items(debug, .finger).count == 1 && Self.items(debug, .trail).count == 1)
        let borders = debug.items.compactMap { item -> ScenePaint? in
            guard case .border = item.role, case .line(_, _, let paint) = item.shape else { return nil }
            return paint
        }
        #expect(borders.count == 4 && borders.filter { !$0.dash.isEmpty }.count == 2, "open borders dashed")
    }

    @Test("off-screen markers follow their own switch")
    func offscreenMarkers() {
        let far = BubbleSnapshot(id: BubbleID(0), tag: nil, center: Vector2(5000, 200), diameter: 80, scale: 1, isSelected: false,
                                 phase: .present, isDragged: false, appearance: BubbleAppearance(text: "x", showsLabel: true))
        let frame = Self.frame([far])  // closed: the view is the container's, the bubble beyond its right side
        let markers = { (scene: DrawList) in scene.items.filter { if case .offscreen = $0.role { return true } else { return false } } }
        #expect(markers(Self.scene(frame)).count == 1)
        var theme = SceneTheme()
        theme.showsOffscreenMarkers = false
        #expect(markers(Self.scene(frame, theme)).isEmpty)
    }

    @Test("UEBubblePicker's look stays reachable: black bubbles that hide their label while selected")
    func ueBubblePickerLook() {
        let style = BubbleStyle.ueBubblePicker
        let scene = Self.scene(Self.frame([Self.bubble(0, x: 150, selected: true, style: style), Self.bubble(1, x: 300, style: style)]))
        #expect(Self.items(scene, .label, bubble: 0).isEmpty && Self.items(scene, .label, bubble: 1).count == 1)
        #expect(Self.fill(scene, bubble: 1) == .black)
    }
}
