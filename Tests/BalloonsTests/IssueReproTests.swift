import Testing
@testable import Balloons

/// Every case the issue "Text and balloons that fit anything" quotes, as a test.
@Suite("Issue 28 repros")
struct IssueReproTests {
    @Test("a diagonal slide keeps a sane stem and never claims a fit over its own target")
    func diagonalSlide() throws {
        let configuration = BalloonConfiguration(cornerRadius: .fixed(10), stem: StemConfiguration(size: Size(width: 16, height: 8)))
        let placed = try BalloonPlacement.place(targetCircle: Vector2(x: 70, y: 150), radius: 60, contentSize: Size(width: 150, height: 32),
                                                container: Rect(x: 0, y: 0, width: 320, height: 240), permitted: [.downRight],
                                                configuration: configuration)
        // The body (y 51.6…99.6) covers the circle's top (y 90): that is not a fit.
        #expect(placed.coversTarget && !placed.fits)
        let lean = PlacementPropertyTests.lean(placed).lean
        #expect(lean <= BalloonPlacement.maximumLean(for: configuration.stem))
        // With every direction permitted, one that fits is found.
        let free = try BalloonPlacement.place(targetCircle: Vector2(x: 70, y: 150), radius: 60, contentSize: Size(width: 150, height: 32),
                                              container: Rect(x: 0, y: 0, width: 320, height: 240), configuration: configuration)
        #expect(free.fits && !free.coversTarget)
    }

    @Test("targets on the container's edge fit when a fit exists")
    func edgeTargets() throws {
        let corner = try BalloonPlacement.place(focus: Vector2(x: 0, y: 0), contentSize: Size(width: 120, height: 32),
                                                container: Rect(x: 0, y: 0, width: 320, height: 240))
        #expect(corner.fits)
        let configuration = BalloonConfiguration(cornerRadius: .none, stem: StemConfiguration(size: Size(width: 36, height: 8), tipRounding: 4))
        let nearTop = try BalloonPlacement.place(focus: Vector2(x: 200, y: 2), contentSize: Size(width: 20, height: 26), padding: 15,
                                                 container: Rect(x: 0, y: 0, width: 300, height: 300), permitted: [.right],
                                                 configuration: configuration)
        #expect(nearTop.fits)
        #expect(nearTop.bodyRect.minY >= 0)
    }

    @Test("a focus on the stem edge's line: no stem, no kink, the edge runs through the focus")
    func flatStem() throws {
        let body = Rect(x: 0, y: 0, width: 120, height: 60)
        for along in [10.0, 40, 60, 100] {
            let focus = Vector2(x: along, y: 60)
            let path = try BezierPath.balloon(around: body, pointingAt: focus, configuration: BalloonConfiguration())
            #expect(Curve.g1Breaks(path).isEmpty, "no kink at \(along)")
            #expect(Polygon.distance(path, to: focus) < 1e-6, "through the focus at \(along)")
        }
    }

    @Test("a zero-width stem is no stem (the plain rounded rect)")
    func zeroWidthStem() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        var configuration = BalloonConfiguration()
        configuration.stem.size.width = 0
        let plain = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: .hidden))
        #expect(try BezierPath.balloon(in: rect, configuration: configuration) == plain)
        #expect(try #require(plain.boundingBox) == rect)
        #expect(Curve.g1Breaks(plain).isEmpty)
    }

    @Test("6,000 same-edge frames between stems far apart: the shape blend never crosses itself")
    func interpolation() throws {
        var rng = SplitMix64(seed: 2831)
        var shapeCrossings = 0, pointCrossings = 0
        let frames = TestSize.pick(600, long: 6_000)
        for _ in 0..<frames / 6 {
            let body = Rect(x: 0, y: 0, width: rng.uniform(80...300), height: rng.uniform(40...160))
            let edge = rng.pick(StemEdge.allCases)
            let length = edge == .top || edge == .bottom ? body.width : body.height
            func shape(_ offset: Double) -> BalloonShape {
                BalloonShape(body: body, configuration: BalloonConfiguration(cornerRadius: .fixed(rng.uniform(0...30)), stem: StemConfiguration(
                    edge: edge, offset: offset, size: Size(width: rng.uniform(8...40), height: rng.uniform(5...30)),
                    joinSmoothing: rng.uniform(0...1), tipRounding: rng.uniform(0...6))))
            }
            let a = shape(-length / 2 * rng.uniform(0.6...1.5)), b = shape(length / 2 * rng.uniform(0.6...1.5))
            for step in 1...6 {
                let t = Double(step) / 7
                if Polygon.crosses(Polygon.vertices(try a.interpolated(to: b, fraction: t), tolerance: 0.05)) { shapeCrossings += 1 }
                if Polygon.crosses(Polygon.vertices(try a.path.interpolated(to: b.path, fraction: t), tolerance: 0.05)) { pointCrossings += 1 }
            }
        }
        print("interpolation repro: \(frames) frames, shape blend \(shapeCrossings) crossing, element-wise blend \(pointCrossings) crossing")
        #expect(shapeCrossings == 0)
    }

    @Test("a border width insets the outline: a stroke of 8 stays inside the rect")
    func strokeInset() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 120)
        let path = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(borderWidth: 8))
        let box = try #require(path.boundingBox)
        #expect(abs(box.minX - 4) < 1e-9 && abs(box.maxX - 196) < 1e-9 && abs(box.minY - 4) < 1e-9 && box.maxY <= 116 + 1e-9 && box.maxY > 114)
        let focus = Vector2(x: 100, y: 150)
        let pointing = try BezierPath.balloon(around: rect, pointingAt: focus, configuration: BalloonConfiguration(borderWidth: 8))
        #expect(abs(Polygon.distance(pointing, to: focus) - 4) < 1e-3, "the stroke's edge reaches the focus")
        #expect(throws: BalloonError.self) { try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(borderWidth: 120)) }
    }

    @Test("join smoothing along the edge and up the side can differ")
    func joinRatios() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 120)
        var stem = StemConfiguration(joinSmoothing: 0.5)
        let same = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: stem))
        stem.joinWidthSmoothing = 0.5
        stem.joinHeightSmoothing = 0.5
        #expect(try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: stem)) == same)
        stem.joinHeightSmoothing = 1
        let taller = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: stem))
        #expect(taller != same)
        #expect(Curve.g1Breaks(taller).count <= 1)
        stem.joinWidthSmoothing = 2
        #expect(throws: BalloonError.self) { try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(stem: stem)) }
    }

    @Test("a chat bubble without a tail: 12 elements, inside its rect, interpolates with the tailed ones")
    func taillessChat() throws {
        let rect = Rect(x: 10, y: 10, width: 180, height: 44)
        let plain = try BezierPath.chatBubble(in: rect, tail: .none, style: ChatBubbleStyle(borderWidth: 2))
        #expect(plain.elements.count == BezierPath.chatBubbleElementCount && plain.isClosed)
        let box = try #require(plain.boundingBox)
        #expect(rect.insetBy(dx: 1, dy: 1).contains(box, tolerance: 1e-9) && abs(box.maxX - (rect.maxX - 1)) < 1e-9)
        let tailed = try BezierPath.chatBubble(in: rect, tail: .bottomRight)
        #expect(throws: Never.self) { try plain.interpolated(to: tailed, fraction: 0.5) }
        #expect(Curve.g1Breaks(plain).isEmpty)
    }
}
