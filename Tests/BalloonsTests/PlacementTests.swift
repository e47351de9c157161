import Testing
@testable import Balloons

@Suite("Placement")
struct PlacementTests {
    let container = Rect(x: 0, y: 0, width: 400, height: 300)
    let content = Size(width: 100, height: 30)
    let padding = 8.0
    var configuration: BalloonConfiguration {
        BalloonConfiguration(stem: StemConfiguration(size: Size(width: 20, height: 12), joinSmoothing: 0.4, tipRounding: 0))
    }

    /// Whether `direction` can fit at all for `focus`: room across the stem edge, and the focus far
    /// enough from the container's ends along it for the tip to stay on the body's edge.
    func feasible(_ direction: StemDirection, _ focus: Vector2) -> Bool {
        let body = Size(width: content.width + 2 * padding, height: content.height + 2 * padding)
        let depth = configuration.stem.size.height
        switch direction.edge {
        case .bottom: return focus.y - depth - body.height >= container.minY && focus.y <= container.maxY
        case .top: return focus.y + depth + body.height <= container.maxY && focus.y >= container.minY
        case .right: return focus.x - depth - body.width >= container.minX && focus.x <= container.maxX
        case .left: return focus.x + depth + body.width <= container.maxX && focus.x >= container.minX
        }
    }

    @Test("for every direction on a seeded sweep: tip exactly on the target, inside the container whenever it can be")
    func sweep() throws {
        var rng = SplitMix64(seed: 30)
        for direction in StemDirection.allCases {
            var fitted = 0
            for _ in 0..<400 {
                let focus = Vector2(x: rng.uniform(-20...420), y: rng.uniform(-20...320))
                let placement = try BalloonPlacement.place(focus: focus, contentSize: content, padding: padding, container: container,
                                                           permitted: [direction], configuration: configuration)
                #expect(placement.direction == direction)
                #expect(placement.tip == focus)
                let path = try placement.path
                #expect(path.elements.contains(.line(focus)), "tip on the path")
                let box = try #require(path.boundingBox)
                if placement.fits {
                    fitted += 1
                    #expect(container.contains(box, tolerance: 1e-9), "\(direction) \(focus) \(box)")
                    #expect(placement.overflowArea == 0)
                } else {
                    #expect(placement.overflowArea > 0 && placement.overflowDistance > 0)
                }
                if feasible(direction, focus) && container.contains(focus) {
                    #expect(placement.fits, "\(direction) should fit at \(focus)")
                }
                #expect(placement.contentRect == placement.bodyRect.insetBy(dx: padding, dy: padding))
            }
            #expect(fitted > 100)
        }
    }

    @Test("diagonals put the tip at the body corner and the stem base behind it by the larger of depth and half width")
    func diagonals() throws {
        let focus = Vector2(x: 200, y: 150)
        for direction in [StemDirection.downRight, .downLeft, .upRight, .upLeft] {
            let p = try BalloonPlacement.place(focus: focus, contentSize: content, padding: padding, container: container,
                                               permitted: [direction], configuration: configuration)
            #expect(p.fits)
            let cornerX = direction.dx > 0 ? p.bodyRect.maxX : p.bodyRect.minX
            #expect(abs(cornerX - focus.x) < 1e-9)
            let lean = max(configuration.stem.size.height, configuration.stem.size.width / 2)
            let expectedOffset = direction.dx * (p.bodyRect.width / 2 - lean)
            #expect(abs(p.configuration.stem.offset - expectedOffset) < 1e-9)
            let edgeY = direction.dy > 0 ? p.bodyRect.maxY : p.bodyRect.minY
            #expect(abs(abs(edgeY - focus.y) - 12) < 1e-9)
        }
    }

    @Test("the first permitted direction that fits wins; near the top edge, up replaces down")
    func choice() throws {
        let nearTop = Vector2(x: 200, y: 20)
        let p = try BalloonPlacement.place(focus: nearTop, contentSize: content, container: container, permitted: [.down, .up],
                                           configuration: configuration)
        #expect(p.direction == .up && p.fits)
        let middle = try BalloonPlacement.place(focus: Vector2(x: 200, y: 150), contentSize: content, container: container,
                                                permitted: [.down, .up], configuration: configuration)
        #expect(middle.direction == .down)
    }

    @Test("near a side the balloon slides inside and the stem follows the target")
    func slides() throws {
        let p = try BalloonPlacement.place(focus: Vector2(x: 10, y: 200), contentSize: content, padding: padding, container: container,
                                           permitted: [.down], configuration: configuration)
        #expect(p.fits && p.bodyRect.minX == 0)
        let tipFromLeft = (p.configuration.stem.tipOffset ?? 0) + p.bodyRect.width / 2
        #expect(abs(tipFromLeft - 10) < 1e-9)
    }

    @Test("when nothing fits, it says so and gives the least-bad fit, ties going to the earlier direction")
    func nothingFits() throws {
        let small = Rect(x: 0, y: 0, width: 60, height: 40)
        let p = try BalloonPlacement.place(focus: Vector2(x: 30, y: 20), contentSize: content, container: small,
                                           permitted: [.left, .right, .up, .down], configuration: configuration)
        #expect(!p.fits)
        var areas: [StemDirection: Double] = [:]
        for direction in [StemDirection.left, .right, .up, .down] {
            areas[direction] = try BalloonPlacement.place(focus: Vector2(x: 30, y: 20), contentSize: content, container: small,
                                                          permitted: [direction], configuration: configuration).overflowArea
        }
        let least = areas.values.min() ?? 0
        #expect(p.overflowArea == least)
        let firstLeast = [StemDirection.left, .right, .up, .down].first { areas[$0] == least }
        #expect(p.direction == firstLeast)
        #expect(throws: BalloonError.noPermittedDirections) {
            try BalloonPlacement.place(focus: .zero, contentSize: content, container: small, permitted: [])
        }
        #expect(throws: BalloonError.invalidValue(InvalidValue(field: "content width", value: 0.0, requirement: "must be greater than 0"))) {
            try BalloonPlacement.place(focus: .zero, contentSize: Size(width: 0, height: 5), container: small)
        }
    }

    @Test("a target circle: the tip touches the circle on the side facing the balloon")
    func circle() throws {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<300 {
            let center = Vector2(x: rng.uniform(0...400), y: rng.uniform(0...300))
            let radius = rng.uniform(0...40)
            let direction = rng.pick(StemDirection.allCases)
            let p = try BalloonPlacement.place(targetCircle: center, radius: radius, contentSize: content, container: container,
                                               permitted: [direction], configuration: configuration)
            #expect(abs(p.tip.distance(to: center) - radius) < 1e-9)
            // The tip is on the balloon's side of the circle: across the stem edge, the body lies against
            // the pointing direction (along the edge it may have slid).
            let toBody = p.bodyRect.center - center
            let vertical = direction.edge == .top || direction.edge == .bottom
            #expect(vertical ? toBody.y * direction.dy < 0 : toBody.x * direction.dx < 0)
            let toTip = p.tip - center
            #expect(toTip.x * direction.dx <= 0 && toTip.y * direction.dy <= 0)
            #expect(try p.path.elements.contains(.line(p.tip)))
        }
    }
}
