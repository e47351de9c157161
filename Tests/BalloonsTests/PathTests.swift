import Testing
@testable import Balloons

@Suite("Path measurements and SVG")
struct PathTests {
    @Test("SVG numbers: shortest round-trip, no trailing zeros, no exponent")
    func numbers() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-3, "-3"), (1.5, "1.5"), (0.1, "0.1"), (100.25, "100.25"),
            (1e-7, "0.0000001"), (1.2345e-5, "0.000012345"), (-2.5e-10, "-0.00000000025"),
            (1e16, "10000000000000000"), (1.5e20, "150000000000000000000"), (0.30000000000000004, "0.30000000000000004"),
            (.nan, "0"), (.infinity, "0"),
        ]
        for (value, text) in cases { #expect(SVGNumber.format(value) == text, "\(value)") }
    }

    @Test("SVG numbers read back to the same double (seeded sweep over magnitudes)")
    func numbersRoundTrip() {
        var rng = SplitMix64(seed: 10)
        for _ in 0..<5000 {
            let magnitude = Double(Int(rng.next() % 40)) - 20
            var value = rng.uniform(-10...10)
            for _ in 0..<Int(abs(magnitude)) { value = magnitude < 0 ? value / 10 : value * 10 }
            let text = SVGNumber.format(value)
            #expect(Double(text) == value, "\(value) -> \(text)")
            #expect(!text.contains("e") && !text.hasSuffix(".0"))
        }
    }

    @Test("SVG path data writes one command per element")
    func pathData() {
        var path = BezierPath()
        path.move(to: Vector2(x: 0, y: 0))
        path.line(to: Vector2(x: 10.5, y: 0))
        path.quad(to: Vector2(x: 10, y: 10), control: Vector2(x: 20, y: 5))
        path.cubic(to: Vector2(x: 0, y: 10), control1: Vector2(x: 5, y: 12), control2: Vector2(x: 1e-7, y: 11))
        path.close()
        #expect(path.svgPathData == "M0 0 L10.5 0 Q20 5 10 10 C5 12 0.0000001 11 0 10 Z")
        #expect(path.isClosed)
        var open = path
        open.elements.removeLast()
        #expect(!open.isClosed)
    }

    @Test("bounding box uses curve extremes, not control points")
    func boundingBox() throws {
        let path = BezierPath([.move(Vector2(x: 0, y: 0)), .cubic(Vector2(x: 0, y: 10), Vector2(x: 10, y: 10), Vector2(x: 10, y: 0)),
                         .quad(Vector2(x: 5, y: -10), Vector2(x: 0, y: 0)), .close])
        let box = try #require(path.boundingBox)
        #expect(box == Rect(x: 0, y: -5, width: 10, height: 12.5))
    }

    @Test("length of a square-cornered balloon is its perimeter; of an oval square, nearly the circle's")
    func length() throws {
        let rect = Rect(x: 3, y: 4, width: 120, height: 80)
        let square = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .none, stem: .hidden))
        #expect(abs(square.length() - 400) < 1e-9)
        let circle = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 100, height: 100),
                                      configuration: BalloonConfiguration(cornerRadius: .oval, cornerSmoothing: 0, stem: .hidden))
        #expect(abs(circle.length() - 100 * Double.pi) < 100 * Double.pi * 3e-4)
    }

    @Test("flattening stays within tolerance of the curve")
    func flattening() throws {
        let circle = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 200, height: 200),
                                      configuration: BalloonConfiguration(cornerRadius: .oval, cornerSmoothing: 0, stem: .hidden))
        let points = circle.flattened(tolerance: 0.05)[0]
        // Midpoints of chords stay within tolerance (plus the cubic's own 0.027% radial error) of the circle.
        for i in 1..<points.count {
            let mid = Vector2.lerp(points[i - 1], points[i], 0.5)
            #expect(abs(mid.distance(to: Vector2(x: 100, y: 100)) - 100) < 0.05 + 0.03)
        }
    }

    @Test("containment (non-zero) agrees with an angle-sum winding reference on random points (12 paths; 40 long)")
    func containment() throws {
        var rng = SplitMix64(seed: 11)
        var checked = 0
        let paths = TestSize.pick(12, long: 40)
        for _ in 0..<paths {
            let rect = Samples.rect(&rng)
            let path = rng.unit() < 0.8
                ? try BezierPath.balloon(around: rect, configuration: Samples.anyConfiguration(&rng))
                : try BezierPath.chatBubble(in: rect, tail: rng.pick(ChatTail.allCases))
            let reference = Reference.polyline(path)
            let box = try #require(path.boundingBox).insetBy(dx: -10, dy: -10)
            for _ in 0..<150 {
                let p = Vector2(x: rng.uniform(box.minX...box.maxX), y: rng.uniform(box.minY...box.maxY))
                guard Reference.distance(reference, to: p) > 0.05 else { continue }
                #expect(path.contains(p) == (Reference.winding(reference, around: p) != 0), "\(p)")
                checked += 1
            }
        }
        #expect(checked > 125 * paths)  // 5,000 of the 6,000 points at 40 paths
    }

    @Test("a doubly wound path is still inside under the non-zero rule")
    func nonZero() {
        let square: [PathElement] = [.move(Vector2(x: 0, y: 0)), .line(Vector2(x: 10, y: 0)), .line(Vector2(x: 10, y: 10)), .line(Vector2(x: 0, y: 10)), .close]
        let twice = BezierPath(square + square)
        #expect(twice.windingNumber(around: Vector2(x: 5, y: 5)) * twice.windingNumber(around: Vector2(x: 5, y: 5)) == 4)
        #expect(twice.contains(Vector2(x: 5, y: 5)))
        #expect(!twice.contains(Vector2(x: 15, y: 5)))
    }

    @Test("derivatives and signed curvature: a quarter circle has curvature 1/r, convex (positive) clockwise on screen")
    func curvature() throws {
        let circle = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 100, height: 100),
                                            configuration: BalloonConfiguration(cornerRadius: .oval, cornerSmoothing: 0, stem: .hidden))
        for segment in circle.segments where !segment.isDegenerate {
            guard case .cubic = segment.element else { continue }
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                // The kappa cubic is within about 2.2% of the circle's curvature everywhere.
                #expect(abs(segment.curvature(at: t) - 1.0 / 50) < 1.0 / 50 * 0.025, "\(t)")
                // The derivative agrees with a finite difference of the position.
                let h = 1e-6
                let numeric = (segment.point(at: min(t + h, 1)) - segment.point(at: max(t - h, 0))) / (min(t + h, 1) - max(t - h, 0))
                #expect(numeric.distance(to: segment.derivative(at: t)) < 1e-3)
            }
        }
        let counterClockwise = PathSegment(start: Vector2(x: 0, y: 0),
                                           element: .cubic(Vector2(x: 10, y: 0), Vector2(x: 10, y: 0), Vector2(x: 10, y: -10)))
        #expect(counterClockwise.curvature(at: 0.5) < 0)
        #expect(PathSegment(start: .zero, element: .line(Vector2(x: 3, y: 4))).curvature(at: 0.3) == 0)
        #expect(PathSegment(start: .zero, element: .line(Vector2(x: 3, y: 4))).derivative(at: 0.3) == Vector2(x: 3, y: 4))
        let quad = PathSegment(start: .zero, element: .quad(Vector2(x: 5, y: 10), Vector2(x: 10, y: 0)))
        #expect(quad.secondDerivative(at: 0.2) == Vector2(x: 0, y: -40))
    }
}
