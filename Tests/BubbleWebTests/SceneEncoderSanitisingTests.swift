import BubbleGeometry
import BubblePicker
import BubbleScene
import BubbleWeb
import Testing

/// The browser encoding writes only finite numbers and colours in 0...1, whatever a scene holds.
@Suite("scene encoding of hostile values")
struct SceneEncoderSanitisingTests {
    @Test("NaN and infinite colours, sizes and coordinates become documented fallbacks")
    func hostileScene() {
        let hostile = BubbleColor(red: .nan, green: .infinity, blue: -.infinity, alpha: .nan)
        let paint = ScenePaint(fill: hostile, stroke: BubbleColor(red: 2, green: -1, blue: 0.5, alpha: 1e308),
                               lineWidth: .nan, dash: [.infinity, 3])
        let text = SceneText(text: "x", center: Vector2(.nan, .infinity), fontSize: .nan, color: hostile, width: -.infinity)
        let scene = DrawList(step: 3, viewBox: Rect(x: 0, y: 0, width: 100, height: 100), background: hostile, items: [
            SceneItem(role: .bubble, bubble: BubbleID(1), shape: .circle(Vector2(.nan, 5), radius: .infinity, paint)),
            SceneItem(role: .label, bubble: BubbleID(1), shape: .text(text)),
        ])
        var encoder = SceneEncoder()
        encoder.encode(scene)
        #expect(encoder.numbers.allSatisfy { $0.isFinite })
        #expect(Array(encoder.numbers[7..<11]) == [0, 1, 0, 1])  // the background: NaN red 0, inf green 1, -inf blue 0, NaN alpha 1
        // The circle: shape, role, argument, bubble, cx cy r, fill r g b a, stroke r g b a, width, dash count, dashes.
        #expect(Array(encoder.numbers[13..<32]) == [2, 2, 0, 1, 0, 5, 0, 0, 1, 0, 1, 1, 0, 0.5, 1, 0, 2, 0, 3])
        // The text: shape, role, argument, bubble, string offset and length, cx cy, size, colour, width, bold.
        #expect(Array(encoder.numbers[32...]) == [4, 4, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0])
    }
}
