import Testing
import Balloons
import BubbleGeometry
import BubblePicker
import BubbleScene
@testable import BubbleWeb

/// The flat scene format, decoded here the way the page's drawer decodes it.
@Suite struct SceneEncoderTests {
    /// A reader of the encoded numbers (the page's `decodeScene`, in Swift).
    struct Reader {
        let numbers: [Double]
        let strings: [UInt8]
        var index = 0
        mutating func next() -> Double { defer { index += 1 }; return numbers[index] }
        mutating func take(_ count: Int) -> [Double] { (0..<count).map { _ in next() } }
        mutating func paint() -> [Double] {
            let head = take(10)
            return head + take(Int(head[9]))
        }
        mutating func text() -> String {
            let offset = Int(next()), length = Int(next())
            return String(decoding: strings[offset..<(offset + length)], as: UTF8.self)
        }
    }

    func sampleScene() throws -> DrawList {
        var session = try PlaygroundSession(size: Size(width: 375, height: 667))
        session.sceneBuilder.theme = .debug  // every role and shape kind
        for _ in 0..<6 { session.add(.standard) }
        session.add(.badge)
        session.advance(by: 1)
        session.select(BubbleID(0))
        session.select(BubbleID(6))
        session.pointerDown(at: Vector2(5, 5), time: session.now)
        session.pointerMove(to: Vector2(25, 5), time: session.now + 0.1)
        session.advance(by: 0.3)
        return session.scene()
    }

    @Test("header, every item's shape, role, bubble and text decode back to the scene")
    func decodes() throws {
        let scene = try sampleScene()
        var encoder = SceneEncoder()
        encoder.encode(scene)
        var reader = Reader(numbers: encoder.numbers, strings: encoder.strings)
        let header = reader.take(13)
        #expect(header[0] == SceneEncoder.magic && header[1] == 1 && header[2] == Double(scene.step))
        #expect(header[3...6] == [scene.viewBox.minX, scene.viewBox.minY, scene.viewBox.width, scene.viewBox.height])
        #expect(Int(header[11]) == scene.items.count)
        var kinds = Set<Int>()
        for item in scene.items {
            let shape = Int(reader.next()), role = reader.take(2), bubble = reader.next()
            kinds.insert(shape)
            #expect(role == [SceneEncoder.code(item.role).0, SceneEncoder.code(item.role).1])
            #expect(bubble == item.bubble.map { Double($0.rawValue) } ?? -1)
            switch item.shape {
            case .rect(let rect, _): #expect(reader.take(4) == [rect.minX, rect.minY, rect.width, rect.height]); _ = reader.paint()
            case .line(let a, let b, _): #expect(reader.take(4) == [a.x, a.y, b.x, b.y]); _ = reader.paint()
            case .circle(let c, let r, let paint):
                #expect(reader.take(3) == [c.x, c.y, r])
                let decoded = reader.paint()
                #expect(decoded[0] == (paint.fill?.red ?? -1) && decoded[8] == paint.lineWidth)
            case .path(let path, _):
                #expect(Int(reader.next()) == path.elements.count)
                for element in path.elements {
                    let op = Int(reader.next())
                    #expect(reader.take(element.points.count * 2) == element.points.flatMap { [$0.x, $0.y] }, "op \(op)")
                }
                _ = reader.paint()
            case .text(let text):
                #expect(reader.text() == text.text)
                #expect(reader.take(3) == [text.center.x, text.center.y, text.fontSize])
                _ = reader.take(4)
                #expect(reader.take(2) == [text.width, text.bold ? 1 : 0])
            }
        }
        #expect(reader.index == encoder.numbers.count)
        #expect(kinds == [0, 1, 2, 3, 4], "rect, line, circle, path and text all occur")
    }

    @Test("each distinct string is stored once, and the table persists from scene to scene")
    func stringsOnce() throws {
        var encoder = SceneEncoder()
        let text = SceneText(text: "Jazz", center: .zero, fontSize: 12, color: .black, width: 20)
        let items = [SceneItem(role: .label, shape: .text(text)), SceneItem(role: .calloutText, shape: .text(text))]
        encoder.encode(DrawList(step: 0, viewBox: Rect(x: 0, y: 0, width: 1, height: 1), background: .white, items: items))
        #expect(encoder.strings == Array("Jazz".utf8))
        encoder.encode(DrawList(step: 1, viewBox: Rect(x: 0, y: 0, width: 1, height: 1), background: .white, items: []))
        #expect(encoder.strings == Array("Jazz".utf8) && encoder.numbers.count == 13)
        let other = SceneText(text: "Rock", center: .zero, fontSize: 12, color: .black, width: 20)
        encoder.encode(DrawList(step: 2, viewBox: Rect(x: 0, y: 0, width: 1, height: 1), background: .white,
                             items: [SceneItem(role: .label, shape: .text(other)), SceneItem(role: .label, shape: .text(text))]))
        #expect(encoder.strings == Array("JazzRock".utf8) && encoder.generation == 0)
        #expect(encoder.numbers[13 + 4] == 4 && encoder.numbers[13 + 15 + 4] == 0, "Rock after Jazz; Jazz at 0")
    }
}
