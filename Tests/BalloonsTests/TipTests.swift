import Testing
@testable import Balloons

/// A stem with a rounded tip still lands exactly on its target.
@Suite("Stem tip on target")
struct TipTests {
    static let roundings = stride(from: 0.0, through: 8.0, by: 0.5).map { $0 }

    /// The point of element `index` (a cubic) farthest out along `normal`, found from its derivative
    /// (a quadratic in t) rather than by sampling, so it is exact to rounding.
    static func apex(_ path: BezierPath, element index: Int, normal: Vector2) -> Vector2 {
        let segment = Layout.segment(path, index)
        guard case let .cubic(c1, c2, p) = segment.element else { return segment.start }
        let (a0, a1, a2) = ((c1 - segment.start).dot(normal), (c2 - c1).dot(normal), (p - c2).dot(normal))
        // B'(t)·n / 3 = a0 (1−t)² + 2 a1 t (1−t) + a2 t²
        var candidates = [0.0, 1.0]
        let qa = a0 - 2 * a1 + a2, qb = 2 * (a1 - a0), qc = a0
        // The stable form of the quadratic formula: the tip is a degree-raised quadratic, so `qa` is
        // rounding noise and the textbook form would cancel catastrophically.
        let disc = qb * qb - 4 * qa * qc
        if disc >= 0 {
            let q = -(qb + (qb < 0 ? -1.0 : 1.0) * disc.squareRoot()) / 2
            if q != 0 { candidates.append(qc / q) }
            if qa != 0 { candidates.append(q / qa) }
        }
        let points = candidates.filter { $0 >= 0 && $0 <= 1 }.map { segment.point(at: $0) }
        return points.max { $0.dot(normal) < $1.dot(normal) } ?? segment.start
    }

    /// Checks that the path's stem on `edge` touches `focus` with its apex and nothing goes beyond it.
    static func expectOnTarget(_ path: BezierPath, edge: StemEdge, focus: Vector2, _ comment: Comment) {
        let normal = Layout.normal(edge)
        let apex = apex(path, element: Layout.element(3, of: edge), normal: normal)
        let tolerance = 1e-9 * max(1, abs(focus.x) + abs(focus.y))
        #expect(apex.distance(to: focus) <= tolerance, "\(comment): apex \(apex) misses \(focus) by \(apex.distance(to: focus))")
        let beyond = path.flattened(tolerance: 0.01)[0].map { ($0 - focus).dot(normal) }.max() ?? 0
        #expect(beyond <= tolerance, "\(comment): the outline reaches \(beyond) beyond the focus")
    }

    @Test("pointingAt: the rounded tip's apex is the focus, for tip rounding 0...8 and any focus")
    func pointingAt() throws {
        var rng = SplitMix64(seed: 60)
        for rounding in Self.roundings {
            for _ in 0..<40 {
                let body = Samples.rect(&rng)
                var configuration = Samples.anyConfiguration(&rng)
                configuration.stem.tipRounding = rounding
                let edge = configuration.stem.edge
                let frame = EdgeFrame.edges(of: body)[Layout.edgeIndex(edge)]
                let focus = frame.point(along: rng.uniform(-20...(frame.length + 20)), out: rng.uniform(0.5...60))
                let path = try BezierPath.balloon(around: body, pointingAt: focus, configuration: configuration)
                Self.expectOnTarget(path, edge: edge, focus: focus, "rounding \(rounding) \(body) \(configuration)")
            }
        }
    }

    @Test("placements in every direction touch the target exactly, for tip rounding 0...8")
    func placements() throws {
        let container = Rect(x: 0, y: 0, width: 400, height: 300)
        var rng = SplitMix64(seed: 61)
        for rounding in Self.roundings {
            for direction in StemDirection.allCases {
                var configuration = BalloonConfiguration()
                configuration.stem.tipRounding = rounding
                let focus = Vector2(x: rng.uniform(20...380), y: rng.uniform(20...280))
                let placed = try BalloonPlacement.place(focus: focus, contentSize: Size(width: 90, height: 20), container: container,
                                                        permitted: [direction], configuration: configuration)
                #expect(placed.tip == focus)
                Self.expectOnTarget(try placed.path, edge: direction.edge, focus: focus, "\(direction) rounding \(rounding)")
                let center = Vector2(x: rng.uniform(40...360), y: rng.uniform(40...260))
                let circle = try BalloonPlacement.place(targetCircle: center, radius: 25, contentSize: Size(width: 70, height: 16),
                                                        container: container, permitted: [direction], configuration: configuration)
                #expect(abs(circle.tip.distance(to: center) - 25) < 1e-9)
                Self.expectOnTarget(try circle.path, edge: direction.edge, focus: circle.tip, "circle \(direction) rounding \(rounding)")
            }
        }
    }

    @Test("a symmetric rounded tip is unchanged in shape: only moved out so its apex is on the focus")
    func sameShape() throws {
        let body = Rect(x: 0, y: 0, width: 200, height: 100)
        let stem = StemConfiguration(edge: .bottom, size: Size(width: 40, height: 20), joinSmoothing: 0.3, tipRounding: 6)
        let configured = try BezierPath.balloon(around: body, configuration: BalloonConfiguration(stem: stem))
        let lowest = try #require(configured.boundingBox).maxY
        #expect(lowest < 120 && lowest > 117)  // configured: the apex is recessed inside the sharp tip
        let placed = try BezierPath.balloon(around: body, pointingAt: Vector2(x: 100, y: lowest), configuration: BalloonConfiguration(stem: stem))
        for (a, b) in zip(configured.elements, placed.elements) {
            for (p, q) in zip(a.points, b.points) { #expect(p.distance(to: q) < 1e-9) }
        }
    }

    @Test("a placement that fits keeps its body and tip inside the container, the rounded tip overhanging by less than its rounding")
    func fitsMeansInside() throws {
        let container = Rect(x: 0, y: 0, width: 400, height: 300)
        var rng = SplitMix64(seed: 62)
        var fitted = 0
        for _ in 0..<3000 {
            var configuration = BalloonConfiguration()
            configuration.stem.tipRounding = rng.uniform(0...8)
            // Targets on the container's edges and corners as well as inside.
            let focus = Vector2(x: rng.pick([0, 400, rng.uniform(0...400)]), y: rng.pick([0, 300, rng.uniform(0...300)]))
            let placed = try BalloonPlacement.place(focus: focus, contentSize: Size(width: 90, height: 20), container: container,
                                                    permitted: [rng.pick(StemDirection.allCases)], configuration: configuration)
            let box = try #require(try placed.path.boundingBox)
            #expect(placed.bounds.contains(box, tolerance: 1e-9) && box.contains(placed.bounds, tolerance: 1e-9))
            if placed.fits {
                fitted += 1
                let rounding = configuration.stem.tipRounding
                #expect(container.insetBy(dx: -rounding, dy: -rounding).contains(box, tolerance: 1e-9), "\(placed.direction) \(focus): \(box)")
                #expect(container.contains(placed.bodyRect, tolerance: 1e-9) && container.contains(placed.tip))
            } else {
                #expect(placed.overflowDistance > 0 && placed.overflowArea > 0)
            }
        }
        #expect(fitted > 400)
    }
}
