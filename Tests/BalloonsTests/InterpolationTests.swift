import Testing
@testable import Balloons

@Suite("Interpolation and chat bubbles")
struct InterpolationTests {
    @Test("interpolation at 0 and 1 returns the two ends exactly; halfway is the element-wise midpoint")
    func ends() throws {
        var rng = SplitMix64(seed: 20)
        for _ in 0..<200 {
            let a = try BezierPath.balloon(around: Samples.rect(&rng), configuration: Samples.anyConfiguration(&rng))
            let b = try BezierPath.balloon(in: Samples.rect(&rng), configuration: Samples.anyConfiguration(&rng))
            #expect(try a.interpolated(to: b, fraction: 0) == a)
            #expect(try a.interpolated(to: b, fraction: 1) == b)
            let mid = try a.interpolated(to: b, fraction: 0.5)
            for (m, (x, y)) in zip(mid.elements, zip(a.elements, b.elements)) {
                for (pm, (px, py)) in zip(m.points, zip(x.points, y.points)) {
                    #expect(pm.distance(to: Vector2.lerp(px, py, 0.5)) < 1e-9)
                }
            }
        }
    }

    @Test("paths of different shapes cannot be interpolated")
    func mismatch() throws {
        let balloon = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 50, height: 30), configuration: BalloonConfiguration())
        let chat = try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 50, height: 30), tail: .bottomLeft)
        #expect(throws: BalloonError.mismatchedElements(index: 12)) { try chat.interpolated(to: balloon, fraction: 0.5) }
        let line = BezierPath([.move(.zero), .line(Vector2(x: 1, y: 1))])
        let quad = BezierPath([.move(.zero), .quad(.zero, Vector2(x: 1, y: 1))])
        #expect(throws: BalloonError.mismatchedElements(index: 1)) { try line.interpolated(to: quad, fraction: 0.5) }
    }

    @Test("chat bubbles of any size stay inside their rect inset by half the border, with either tail")
    func chatBubbleBounds() throws {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<500 {
            let rect = Rect(x: rng.uniform(-20...20), y: rng.uniform(-20...20), width: rng.uniform(0.5...400), height: rng.uniform(0.5...200))
            let border = rng.uniform(0...(min(rect.width, rect.height) * 0.9))
            let style = ChatBubbleStyle(cornerRadius: rng.uniform(0...40), tailWidth: rng.uniform(0...20), borderWidth: border)
            let right = try BezierPath.chatBubble(in: rect, tail: .bottomRight, style: style)
            let left = try BezierPath.chatBubble(in: rect, tail: .bottomLeft, style: style)
            let inner = rect.insetBy(dx: border / 2, dy: border / 2)
            for path in [left, right] {
                #expect(path.isClosed && path.elements.count == BezierPath.chatBubbleElementCount)
                #expect(path.elements.allSatisfy { $0.points.allSatisfy { inner.contains(Rect(corners: $0, $0), tolerance: 1e-9) } })
            }
            // The tail is the bottom corner point of the inner rect, on its side.
            #expect(right.elements.contains { $0.endPoint == Vector2(x: inner.maxX, y: inner.maxY) })
            #expect(left.elements.contains { $0.endPoint.map { abs($0.x - inner.minX) < 1e-9 && $0.y == inner.maxY } == true })
            #expect(try left.interpolated(to: right, fraction: 1) == right)
        }
    }

    @Test("chat bubble rejects bad sizes and borders")
    func chatBubbleErrors() {
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "rect width", value: 0.0, requirement: "must be greater than 0"))) {
            try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 0, height: 10), tail: .bottomLeft)
        }
        #expect(throws: BalloonError.self) {
            try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 10, height: 10), tail: .bottomLeft, style: ChatBubbleStyle(borderWidth: 10))
        }
    }
}
