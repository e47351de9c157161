import Testing
@testable import Balloons

/// The property sweeps: 2,000 cases by default, 100,000 with BUBBLEPICKER_LONG_TESTS=1.
@Suite("Balloon properties (seeded sweeps)")
struct BalloonPropertyTests {
    static let count = TestSize.pick(2_000, long: 100_000)

    /// A realistic random configuration for a body, any edge, with border and join ratios.
    static func configuration(_ rng: inout SplitMix64, body: Rect) -> BalloonConfiguration {
        var configuration = Samples.smoothConfiguration(&rng, body: body)
        if rng.unit() < 0.3 { configuration.stem.joinWidthSmoothing = rng.uniform(0...1) }
        if rng.unit() < 0.3 { configuration.stem.joinHeightSmoothing = rng.uniform(0...1) }
        if rng.unit() < 0.3 { configuration.borderWidth = rng.uniform(0...min(6, min(body.width, body.height) * 0.4)) }
        if rng.unit() < 0.1 { configuration.stem.size.width = 0 }
        if rng.unit() < 0.2 { configuration.stem.offset = rng.uniform(-1000...1000) }   // into a corner
        if rng.unit() < 0.2 { configuration.cornerRadius = .none }
        return configuration
    }

    @Test("random balloons pointing at random points: finite, closed, simple, tip exactly on the point")
    func balloons() throws {
        var rng = SplitMix64(seed: 2801)
        var crossings = 0, nonFinite = 0, missed = 0
        for _ in 0..<Self.count {
            let body = Samples.rect(&rng)
            let configuration = Self.configuration(&rng, body: body)
            let frame = EdgeFrame.edges(of: body)[BezierPath.edgeIndex(configuration.stem.edge)]
            let along = rng.uniform(-0.2...1.2) * frame.length
            let out = rng.unit() < 0.05 ? 0 : rng.uniform(0...80)
            let focus = frame.point(along: along, out: out)
            let path = try BezierPath.balloon(around: body, pointingAt: focus, configuration: configuration)
            #expect(path.isClosed && path.elements.count == BezierPath.balloonElementCount)
            guard Polygon.isFinite(path) else { nonFinite += 1; continue }
            if Polygon.crosses(Polygon.vertices(path, tolerance: 0.05)) { crossings += 1 }
            let visible = configuration.stem.size.width > 0 && out > 1e-6
            if visible, configuration.borderWidth == 0, Polygon.distance(path, to: focus) > 1e-3 { missed += 1 }
        }
        print("balloons: \(Self.count) random, \(nonFinite) non-finite, \(crossings) self-intersecting, \(missed) tips off target")
        #expect(nonFinite == 0 && crossings == 0 && missed == 0)
    }

    @Test("the issue's NaN case and any configuration at all: every coordinate finite")
    func finite() throws {
        let nan = try BezierPath.balloon(
            around: Rect(x: -248.26872265592814, y: 169.05752122513252, width: 12.631673574773435, height: 422.4757684465189),
            pointingAt: Vector2(x: -235.72681500127266, y: 592.6220867803461),
            configuration: BalloonConfiguration(cornerRadius: .none, stem: StemConfiguration(
                offset: -1000, size: Size(width: 2.0033723284496343, height: 23.25413149844417), joinSmoothing: 0, tipRounding: 0)))
        #expect(Polygon.isFinite(nan))
        var rng = SplitMix64(seed: 2802)
        var nonFinite = 0
        for _ in 0..<Self.count {
            let body = Samples.rect(&rng)
            var configuration = Samples.anyConfiguration(&rng)
            if rng.unit() < 0.3 { configuration.stem.joinSmoothing = 0; configuration.stem.tipRounding = 0 }
            if rng.unit() < 0.3 { configuration.cornerRadius = .none }
            let frame = EdgeFrame.edges(of: body)[BezierPath.edgeIndex(configuration.stem.edge)]
            let focus = frame.point(along: rng.uniform(-2...3) * frame.length, out: rng.uniform(0...500))
            let pointing = try BezierPath.balloon(around: body, pointingAt: focus, configuration: configuration)
            let around = try BezierPath.balloon(around: body, configuration: configuration)
            let inside = try BezierPath.balloon(in: body, configuration: configuration)
            for path in [pointing, around, inside] where !Polygon.isFinite(path) { nonFinite += 1 }
        }
        print("finite: \(3 * Self.count) outlines of any configuration, \(nonFinite) non-finite")
        #expect(nonFinite == 0)
    }

    @Test("same-edge interpolation of placed shapes never crosses itself")
    func interpolation() throws {
        var rng = SplitMix64(seed: 2803)
        var crossings = 0, frames = 0
        for _ in 0..<Self.count / 4 {
            let body = Samples.rect(&rng)
            let edge = rng.pick(StemEdge.allCases)
            var shapes: [BalloonShape] = []
            for _ in 0..<2 {
                var configuration = Self.configuration(&rng, body: body)
                configuration.stem.edge = edge
                let frame = EdgeFrame.edges(of: body)[BezierPath.edgeIndex(edge)]
                let focus = frame.point(along: rng.uniform(0...1) * frame.length, out: rng.uniform(1...60))
                shapes.append(BalloonShape(body: body, configuration: configuration, focus: focus))
            }
            for fraction in [0.25, 0.5, 0.75] {
                let path = try shapes[0].interpolated(to: shapes[1], fraction: fraction)
                frames += 1
                if !Polygon.isFinite(path) || Polygon.crosses(Polygon.vertices(path, tolerance: 0.05)) { crossings += 1 }
            }
        }
        print("interpolation: \(frames) frames, \(crossings) crossing")
        #expect(crossings == 0)
    }
}
