import Testing
@testable import Balloons

/// A stem pushed into a corner: the corner gives way smoothly, with no ledge and no notch.
@Suite("Stem into a corner")
struct GiveWayTests {
    static let radii: [CornerRadius] = [.fixed(4), .fixed(16), .fixed(32), .fixed(60), .oval]
    static let bodies = [Rect(x: 0, y: 0, width: 220, height: 120), Rect(x: -7, y: 3, width: 90, height: 44)]

    /// Offsets from the edge's centre to 30 pt beyond either corner, `steps` + 1 of them.
    static func offsets(along length: Double, steps: Int = 24) -> [Double] {
        let reach = length / 2 + 30
        return (0...steps).map { -reach + 2 * reach * Double($0) / Double(steps) }
    }

    static func length(of edge: StemEdge, in rect: Rect) -> Double {
        edge == .top || edge == .bottom ? rect.width : rect.height
    }

    /// The elements from the stem's side to the neighbouring edge on the side it was pushed towards.
    /// `towardsEnd`: the corner after the edge in path order (positive offsets on top/right edges,
    /// negative on bottom/left ones, whose travel runs against the offset's sign).
    static func giveWay(_ edge: StemEdge, towardsEnd: Bool) -> [Int] {
        towardsEnd ? (4...10).map { Layout.element($0, of: edge) } : (-4...2).map { Layout.element($0, of: edge) }
    }

    @Test("tangent-continuous (G1) everywhere while a stem slides from the centre into either corner and beyond")
    func g1Sweep() throws {
        var checked = 0
        for body in Self.bodies {
            for edge in StemEdge.allCases {
                for radius in Self.radii {
                    for (smoothing, join, rounding) in [(0.0, 0.1, 0.5), (0.6, 0.3, 4.0), (1.0, 1.0, 8.0), (0.3, 0.6, 2.0)] {
                        for tipOffset in [nil, -15.0] as [Double?] {
                            for offset in Self.offsets(along: Self.length(of: edge, in: body)) {
                                let stem = StemConfiguration(edge: edge, offset: offset, tipOffset: tipOffset,
                                                             size: Size(width: 40, height: 18), joinSmoothing: join, tipRounding: rounding)
                                let configuration = BalloonConfiguration(cornerRadius: radius, cornerSmoothing: smoothing, stem: stem)
                                for path in [try BezierPath.balloon(around: body, configuration: configuration),
                                             try BezierPath.balloon(in: body, configuration: configuration)] {
                                    #expect(path.elements.count == BezierPath.balloonElementCount)
                                    #expect(Curve.g1Breaks(path).isEmpty, "\(body) \(configuration)")
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 4 * 5 * 4 * 2 * 25 * 2)
    }

    @Test("pushed all the way, the stem's side runs into the neighbouring edge through convex curves only")
    func convexAtTheEnd() throws {
        for body in Self.bodies {
            for edge in StemEdge.allCases {
                for radius in Self.radii + [.fixed(1)] {
                    for (smoothing, join, rounding) in [(0.0, 0.1, 0.5), (0.6, 0.3, 4.0), (1.0, 1.0, 8.0)] {
                        for offset in [-1000.0, 1000.0] {
                            let stem = StemConfiguration(edge: edge, offset: offset, size: Size(width: 40, height: 18),
                                                         joinSmoothing: join, tipRounding: rounding)
                            let configuration = BalloonConfiguration(cornerRadius: radius, cornerSmoothing: smoothing, stem: stem)
                            let path = try BezierPath.balloon(around: body, configuration: configuration)
                            let towardsEnd = (offset > 0) == (edge == .top || edge == .right)
                            let turning = Curve.turning(path, Self.giveWay(edge, towardsEnd: towardsEnd))
                            #expect(turning.concave < 1e-9, "\(edge) \(offset) \(configuration): \(turning)")
                            // The turn from the stem's side to the edge is all there (nothing hides in a kink).
                            #expect(turning.convex > 0.2, "\(edge) \(offset): \(turning)")
                        }
                    }
                }
            }
        }
    }

    @Test("while the stem slides into the corner the concave turning by its side only decreases, to none")
    func concaveTurningFades() throws {
        let body = Rect(x: 0, y: 0, width: 220, height: 120)
        for radius in Self.radii {
            for (smoothing, join) in [(0.6, 0.3), (1.0, 1.0), (0.0, 0.5)] {
                var previous = Double.infinity
                // Bottom edge, pushed left (negative offsets): towards the corner after the edge in path order.
                for offset in stride(from: 0.0, through: -110, by: -2.5) {
                    let stem = StemConfiguration(edge: .bottom, offset: offset, size: Size(width: 40, height: 20),
                                                 joinSmoothing: join, tipRounding: 4)
                    let configuration = BalloonConfiguration(cornerRadius: radius, cornerSmoothing: smoothing, stem: stem)
                    let path = try BezierPath.balloon(around: body, configuration: configuration)
                    let concave = Curve.turning(path, Self.giveWay(.bottom, towardsEnd: true)).concave
                    #expect(concave <= previous + 1e-6, "\(radius) \(smoothing) \(join) offset \(offset): \(concave) > \(previous)")
                    previous = concave
                }
                #expect(previous < 1e-9, "\(radius) \(smoothing) \(join)")
            }
        }
    }

    @Test("the outline moves continuously with the offset: no jump where the corner starts to give way")
    func continuous() throws {
        let body = Rect(x: 0, y: 0, width: 220, height: 120)
        for radius in Self.radii {
            var previous: BezierPath?
            for step in 0...400 {
                let offset = -Double(step) * 0.3
                let stem = StemConfiguration(edge: .bottom, offset: offset, size: Size(width: 40, height: 20), joinSmoothing: 0.4, tipRounding: 4)
                let path = try BezierPath.balloon(around: body, configuration: BalloonConfiguration(cornerRadius: radius, stem: stem))
                if let previous {
                    let moved = zip(previous.elements, path.elements).map { a, b in
                        zip(a.points, b.points).map { $0.distance(to: $1) }.max() ?? 0
                    }.max() ?? 0
                    // 0.3 pt of offset moves no point by more than a few times that.
                    #expect(moved < 3, "\(radius) offset \(offset): a point jumped \(moved)")
                }
                previous = path
            }
        }
    }

    @Test("the brief's case: 220 x 140, radius 32, stem offset -100 leaves no ledge")
    func briefCase() throws {
        var configuration = BalloonConfiguration(cornerRadius: .fixed(32))
        configuration.stem.offset = -100
        let path = try BezierPath.balloon(in: Rect(x: 0, y: 0, width: 220, height: 140), configuration: configuration)
        #expect(Curve.g1Breaks(path).isEmpty)
        let turning = Curve.turning(path, Self.giveWay(.bottom, towardsEnd: true))
        #expect(turning.concave < 1e-9 && turning.convex > 0.5)
        // No stretch of the bottom edge (y = 120) is left between the stem and the left side.
        let stemLeft = path.elements[Layout.element(5, of: .bottom)].endPoint?.x ?? 0
        let ledge = path.flattened(tolerance: 0.01)[0].filter { $0.y == 120 && $0.x < stemLeft && $0.x > 0 }
        #expect(ledge.isEmpty, "\(ledge)")
    }
}
