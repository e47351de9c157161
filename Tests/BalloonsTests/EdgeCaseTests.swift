import Testing
@testable import Balloons

@Suite("Balloon edge cases")
struct EdgeCaseTests {
    let rect = Rect(x: 0, y: 0, width: 100, height: 60)

    @Test("a radius larger than half the short side is clamped (same as oval)")
    func radiusClamped() throws {
        let big = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(1000)))
        let oval = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .oval))
        #expect(big == oval)
        #expect(try #require(big.boundingBox).minY == 0)
    }

    @Test("a stem wider than its edge is narrowed to the edge")
    func stemNarrowed() throws {
        let stem = StemConfiguration(edge: .bottom, size: Size(width: 500, height: 20), joinSmoothing: 0.5, tipRounding: 0)
        let path = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(stem: stem))
        let box = try #require(path.boundingBox)
        #expect(box.minX >= -1e-9 && box.maxX <= 100 + 1e-9)
        #expect(path.elements.contains(.line(Vector2(x: 50, y: 80))))
    }

    @Test("an offset into a corner slides the stem to the end of the edge and the corner gives way")
    func offsetIntoCorner() throws {
        for (edge, corner) in [(StemEdge.bottom, Vector2(x: 100, y: 60)), (.right, Vector2(x: 100, y: 60)), (.top, Vector2(x: 100, y: 0)), (.left, Vector2(x: 0, y: 60))] {
            let stem = StemConfiguration(edge: edge, offset: 1000, size: Size(width: 20, height: 10), joinSmoothing: 0.5, tipRounding: 0)
            let far = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(12), stem: stem))
            var further = stem
            further.offset = 5000
            #expect(far == (try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(12), stem: further))))
            // The stem's base reaches the corner point and the corner gives way without a ledge: from the
            // stem's side to the neighbouring edge the outline turns convexly only (it used to make a sharp
            // 90° turn right after a concave join).
            let giveWay = edge == .bottom || edge == .left
                ? (-4...2).map { Layout.element($0, of: edge) }      // the corner before the stem, then side 1
                : (4...10).map { Layout.element($0, of: edge) }      // side 2, join, leg, the corner after
            let turning = Curve.turning(far, giveWay)
            #expect(turning.concave < 1e-9 && turning.convex > 0.1, "\(edge) \(turning)")
            #expect(Curve.g1Breaks(far).count == 1, "only the unrounded tip is sharp")
            let box = try #require(far.boundingBox)
            #expect(box.contains(Rect(corners: corner, corner)))
        }
    }

    @Test("a stem deeper than the rect is clamped in `in:`")
    func deepStemClamped() throws {
        let stem = StemConfiguration(edge: .bottom, size: Size(width: 20, height: 500), tipRounding: 0)
        let path = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: stem))
        let box = try #require(path.boundingBox)
        #expect(rect.contains(box, tolerance: 1e-9))
        #expect(path.elements.contains(.line(Vector2(x: 50, y: 60))))
    }

    @Test("zero, negative and non-finite values are rejected with a clear error")
    func rejected() {
        let good = BalloonConfiguration()
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "rect width", value: 0.0, requirement: "must be greater than 0"))) {
            try BezierPath.balloon(in: Rect(x: 0, y: 0, width: 0, height: 10), configuration: good)
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "rect height", value: -5.0, requirement: "must be greater than 0"))) {
            try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 10, height: -5), configuration: good)
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "corner radius", value: -1.0, requirement: "must not be negative"))) {
            try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(-1)))
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "corner smoothing", value: 1.5, requirement: "must be in 0...1"))) {
            try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerSmoothing: 1.5))
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "stem offset", value: .nan, requirement: "must be a finite number"))) {
            try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: StemConfiguration(offset: .nan)))
        }
        #expect(BalloonError.invalidValue(InvalidValue(field: "rect width", value: 0.0, requirement: "must be greater than 0")).description
            == "rect width 0.0 must be greater than 0")
        #expect(BalloonError.invalidValue(InvalidValue(field: "corner smoothing", value: 1.5, requirement: "must be in 0...1")).description
            == "corner smoothing 1.5 must be in 0...1")
    }

    @Test("pointingAt rejects a focus inside the body")
    func focusInside() {
        #expect(throws: BalloonError.self) {
            try BezierPath.balloon(around: rect, pointingAt: Vector2(x: 50, y: 30), configuration: BalloonConfiguration())
        }
    }
}
