import Testing
@testable import Balloons

@Suite("Chat bubble tails")
struct ChatBubbleTests {
    /// The highest the outline gets above the bottom edge between the tip and the bottom-left corner's
    /// start, i.e. how far the tail's inner curve climbs (right tail).
    static func curl(_ path: BezierPath, in rect: Rect) -> Double {
        let points = path.flattened(tolerance: 0.001)[0]
        // The inner side runs from the tip (index of the bottom-right point) along the bottom.
        guard let tip = points.firstIndex(where: { $0 == Vector2(x: rect.maxX, y: rect.maxY) }) else { return -1 }
        var highest = 0.0
        for p in points[tip...] {
            if p.y == rect.maxY, p.x < rect.maxX - 40 { break }   // reached the plain bottom edge
            highest = max(highest, rect.maxY - p.y)
        }
        return highest
    }

    @Test("outlines never cross themselves: seeded sweep of sizes (34 pt high and up), borders and tails")
    func simple() throws {
        var rng = SplitMix64(seed: 70)
        var checked = 0
        for round in 0..<240 {
            let height = round % 4 == 0 ? 34 : rng.uniform(12...220)
            let rect = Rect(x: rng.uniform(-30...30), y: rng.uniform(-30...30), width: rng.uniform(30...420), height: height)
            let style = ChatBubbleStyle(
                cornerRadius: rng.uniform(0...40), tailWidth: rng.uniform(0...24), tailDepth: rng.uniform(0...100),
                tailCurvature: rng.uniform(0...1), borderWidth: rng.uniform(0...(min(rect.width, rect.height) * 0.4)))
            for tail in ChatTail.allCases {
                let path = try BezierPath.chatBubble(in: rect, tail: tail, style: style)
                let polygon = Polygon.vertices(path, tolerance: 0.02)
                #expect(!Polygon.crosses(polygon), "\(rect) \(tail) \(style)")
                checked += 1
            }
        }
        #expect(checked == 720)
    }

    @Test("the default tail curls like seed 003's: the inner curve climbs 4 pt in 34 and 60 pt bubbles")
    func seedLike() throws {
        for height in [34.0, 60.0] {
            let rect = Rect(x: 0, y: 0, width: 160, height: height)
            let path = try BezierPath.chatBubble(in: rect, tail: .bottomRight)
            let climb = Self.curl(path, in: rect)
            #expect(climb > 3.9 && climb < 4.1, "\(height): \(climb)")
            #expect(path.elements.contains { $0.endPoint == Vector2(x: 160, y: height) }, "the tip is the bottom-right corner")
            // The body's right side is the tail width in from the tip.
            #expect(path.elements[3] == .line(Vector2(x: 154, y: height - 17)))
        }
        // A square-cornered bubble still gets a tail with some height, and a deep request is clamped.
        let square = try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 120, height: 40), tail: .bottomRight,
                                               style: ChatBubbleStyle(cornerRadius: 0, tailDepth: 100))
        let climb = Self.curl(square, in: Rect(x: 0, y: 0, width: 120, height: 40))
        #expect(climb > 1 && climb <= 6)
    }

    @Test("more curvature: the outer side hugs the body longer and meets the tip flatter")
    func curvature() throws {
        let rect = Rect(x: 0, y: 0, width: 160, height: 60)
        var previousSlope = Double.infinity
        for curvature in stride(from: 0.0, through: 1.0, by: 0.25) {
            let path = try BezierPath.chatBubble(in: rect, tail: .bottomRight, style: ChatBubbleStyle(tailCurvature: curvature))
            guard case let .cubic(_, c2, tip) = path.elements[4] else { Issue.record("no outer cubic"); return }
            let slope = (tip.y - c2.y) / (tip.x - c2.x)   // rise towards the tip, y down
            #expect(slope > 0 && slope < previousSlope, "\(curvature): \(slope)")
            previousSlope = slope
        }
    }

    @Test("tail depth and curvature are checked against their ranges")
    func validation() {
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "tail depth", value: "-1", requirement: "must be in 0...100"))) {
            try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 100, height: 40), tail: .bottomLeft, style: ChatBubbleStyle(tailDepth: -1))
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "tail curvature", value: "1.5", requirement: "must be in 0...1"))) {
            try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 100, height: 40), tail: .bottomLeft, style: ChatBubbleStyle(tailCurvature: 1.5))
        }
        #expect(throws: BalloonError.self) {
            try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 100, height: 40), tail: .bottomRight, style: ChatBubbleStyle(tailDepth: .nan))
        }
        #expect(ChatBubbleStyle.tailDepthRange.contains(ChatBubbleStyle().tailDepth))
        #expect(ChatBubbleStyle.tailCurvatureRange.contains(ChatBubbleStyle().tailCurvature))
    }
}
