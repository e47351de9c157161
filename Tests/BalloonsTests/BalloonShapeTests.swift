import Testing
@testable import Balloons

/// Random balloon setups whose stems keep clear of the corners (so every join is meant to be smooth).
enum Samples {
    static func smoothConfiguration(_ rng: inout SplitMix64, body: Rect) -> BalloonConfiguration {
        let edge = rng.pick(StemEdge.allCases)
        let length = edge == .top || edge == .bottom ? body.width : body.height
        let join = rng.uniform(0.05...1)
        let width = rng.uniform(4...max(4, length * 0.6))
        let footprint = min(width * (1 + 0.6 * join), length)
        let slack = max((length - footprint) / 2 - 0.5, 0)
        var stem = StemConfiguration(edge: edge, offset: rng.uniform(-slack...slack),
                                     size: Size(width: width, height: rng.uniform(1...40)),
                                     joinSmoothing: join, tipRounding: rng.uniform(0.5...10))
        if rng.unit() < 0.3 { stem.tipOffset = rng.uniform(-length / 2...length / 2) }
        let radius: CornerRadius = rng.unit() < 0.2 ? .oval : .fixed(rng.uniform(1...80))
        return BalloonConfiguration(cornerRadius: radius, cornerSmoothing: rng.uniform(0...1), stem: stem)
    }

    static func rect(_ rng: inout SplitMix64) -> Rect {
        Rect(x: rng.uniform(-50...50), y: rng.uniform(-50...50), width: rng.uniform(20...300), height: rng.uniform(20...300))
    }

    /// Any valid configuration, including stems pushed into corners and oversized values.
    static func anyConfiguration(_ rng: inout SplitMix64) -> BalloonConfiguration {
        let radius: CornerRadius = rng.pick([.none, .oval, .fixed(rng.uniform(0...200))])
        let stem = StemConfiguration(
            edge: rng.pick(StemEdge.allCases), offset: rng.uniform(-300...300),
            tipOffset: rng.unit() < 0.3 ? rng.uniform(-300...300) : nil,
            size: Size(width: rng.uniform(0...400), height: rng.uniform(0...400)),
            joinSmoothing: rng.uniform(0...1), tipRounding: rng.uniform(0...30))
        return BalloonConfiguration(cornerRadius: radius, cornerSmoothing: rng.uniform(0...1), stem: stem)
    }
}

@Suite("Balloon outline")
struct BalloonShapeTests {
    @Test("every balloon is closed and has the same 42-element sequence")
    func sameSequence() throws {
        var rng = SplitMix64(seed: 1)
        let reference = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 100, height: 50), configuration: BalloonConfiguration())
        #expect(reference.elements.count == BezierPath.balloonElementCount)
        for _ in 0..<300 {
            let rect = Samples.rect(&rng)
            let configuration = Samples.anyConfiguration(&rng)
            for path in [try BezierPath.balloon(in: rect, configuration: configuration), try BezierPath.balloon(around: rect, configuration: configuration)] {
                #expect(path.isClosed)
                #expect(path.elements.count == reference.elements.count)
                #expect(zip(path.elements, reference.elements).allSatisfy { $0.hasSameKind(as: $1) })
                #expect(path.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
            }
        }
    }

    @Test("every join is tangent-continuous (G1) when radius, join smoothing and tip rounding are non-zero")
    func tangentContinuous() throws {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<400 {
            let rect = Samples.rect(&rng)
            let configuration = Samples.smoothConfiguration(&rng, body: rect)
            let path = try BezierPath.balloon(around: rect, configuration: configuration)
            #expect(Curve.g1Breaks(path).isEmpty, "\(rect) \(configuration)")
            let inside = try BezierPath.balloon(in: rect, configuration: configuration)
            #expect(Curve.g1Breaks(inside).isEmpty, "in: \(rect) \(configuration)")
        }
    }

    @Test("smoothed corners are curvature-continuous (G2): smoothing 1 and random smoothing")
    func curvatureContinuous() throws {
        var rng = SplitMix64(seed: 3)
        for round in 0..<200 {
            let rect = Samples.rect(&rng)
            let radius = rng.uniform(1...(min(rect.width, rect.height) / 4))
            let smoothing = round < 100 ? 1 : rng.uniform(0.01...1)
            let configuration = BalloonConfiguration(cornerRadius: .fixed(radius), cornerSmoothing: smoothing, stem: .hidden)
            let path = try BezierPath.balloon(around: rect, configuration: configuration)
            let joins = Curve.joins(path)
            #expect(joins.count == 8 + 4 * (smoothing < 1 ? 3 : 2))  // two straight halves + the corner cubics per edge
            for (a, b) in joins {
                let ka = Curve.curvature(a, atEnd: true)
                let kb = Curve.curvature(b, atEnd: false)
                #expect(abs(ka - kb) <= 1e-6 / radius, "smoothing \(smoothing) radius \(radius): \(ka) vs \(kb)")
            }
            #expect(Curve.g1Breaks(path).isEmpty)
        }
    }

    @Test("smoothing 0 is the kappa circular arc, and the corner starts (1 + smoothing) × R from the corner")
    func cornerExtent() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let circular = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(20), cornerSmoothing: 0, stem: .hidden))
        // Top-right corner: elements 8, 9, 10 after the line ending at x = 180.
        #expect(circular.elements[7] == .line(Vector2(x: 180, y: 0)))
        let kappa = 4.0 / 3.0 * ((2.0).squareRoot() - 1)
        guard case let .cubic(c1, c2, end) = circular.elements[9] else { Issue.record("not a cubic"); return }
        #expect(abs(c1.x - (180 + 20 * kappa)) < 1e-12 && c1.y == 0)
        #expect(c2.x == 200 && abs(c2.y - (20 - 20 * kappa)) < 1e-12)
        #expect(end == Vector2(x: 200, y: 20))
        for smoothing in [0.3, 0.6, 1.0] {
            let smooth = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(20), cornerSmoothing: smoothing, stem: .hidden))
            #expect(abs((smooth.elements[7].endPoint?.x ?? 0) - (200 - (1 + smoothing) * 20)) < 1e-12)
        }
    }

    @Test("the unrounded stem tip is exactly where configured; pointingAt puts it exactly on the focus")
    func tipExact() throws {
        let rect = Rect(x: 10, y: 20, width: 200, height: 100)
        let cases: [(StemEdge, Vector2)] = [
            (.bottom, Vector2(x: 140, y: 135)), (.top, Vector2(x: 140, y: 5)),
            (.left, Vector2(x: -5, y: 100)), (.right, Vector2(x: 225, y: 100)),
        ]
        for (edge, tip) in cases {
            let stem = StemConfiguration(edge: edge, offset: 30, size: Size(width: 30, height: 15), joinSmoothing: 0.5, tipRounding: 0)
            let path = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(stem: stem))
            #expect(path.elements.contains(.line(tip)), "\(edge)")
        }
        var rng = SplitMix64(seed: 4)
        for _ in 0..<200 {
            var configuration = Samples.anyConfiguration(&rng)
            configuration.stem.tipRounding = 0
            let body = Samples.rect(&rng)
            let frame = EdgeFrame.edges(of: body).first { $0.edge == configuration.stem.edge }
            guard let frame else { continue }
            let focus = frame.point(along: rng.uniform(-20...(frame.length + 20)), out: rng.uniform(0...60))
            let path = try BezierPath.balloon(around: body, pointingAt: focus, configuration: configuration)
            #expect(path.elements.contains(.line(focus)))
        }
    }

    @Test("a rounded tip keeps its apex as the stem's extreme point, inside the sharp tip")
    func roundedTipApex() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let stem = StemConfiguration(edge: .bottom, offset: 0, size: Size(width: 40, height: 20), joinSmoothing: 0.3, tipRounding: 6)
        let path = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(stem: stem))
        let box = try #require(path.boundingBox)
        #expect(box.maxY < 120 && box.maxY > 117)
        // The lowest point is on the tip cubic, at the middle of the stem.
        let lowest = path.flattened(tolerance: 0.001)[0].max { $0.y < $1.y }
        #expect(abs((lowest?.x ?? 0) - 100) < 0.1)
    }

    @Test("in: stays within its rect; around: has its body exactly on the rect")
    func inAndAround() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let rect = Samples.rect(&rng)
            let configuration = Samples.anyConfiguration(&rng)
            let inside = try BezierPath.balloon(in: rect, configuration: configuration)
            let box = try #require(inside.boundingBox)
            #expect(rect.contains(box, tolerance: 1e-9), "\(rect) \(box)")
            let around = try BezierPath.balloon(around: rect, configuration: configuration)
            let edges = EdgeFrame.edges(of: rect)
            for (index, frame) in edges.enumerated() {
                let block = Array(around.elements[(1 + 10 * index)..<(1 + 10 * (index + 1))])
                let onEdge = frame.edge == configuration.stem.edge ? [0, 6] : [0, 2, 4, 6]
                for i in onEdge {
                    let p = try #require(block[i].endPoint)
                    let onLine = frame.edge == .top || frame.edge == .bottom ? p.y == frame.start.y : p.x == frame.start.x
                    // Where a corner gave way to the stem, it meets the leg swung out onto the stem's side:
                    // beyond the stem edge, never inside the body.
                    let beyond = frame.edge == configuration.stem.edge && (p - frame.start).dot(frame.n) > 0
                    #expect(onLine || beyond, "\(frame.edge) element \(i): \(p) \(rect) \(configuration)")
                }
            }
            let outer = try #require(around.boundingBox)
            let hidden = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(
                cornerRadius: configuration.cornerRadius, cornerSmoothing: configuration.cornerSmoothing, stem: .hidden))
            #expect(hidden.boundingBox.map { abs($0.minX - rect.minX) + abs($0.maxY - rect.maxY) < 1e-9 } == true)
            #expect(outer.contains(rect, tolerance: 1e-9))
        }
    }
}
