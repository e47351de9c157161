import Foundation
import Testing
@testable import Balloons

/// Placement sweeps: 2,000 cases by default, 100,000 with BUBBLEPICKER_LONG_TESTS=1.
@Suite("Placement properties (seeded sweeps)")
struct PlacementPropertyTests {
    static let count = TestSize.pick(2_000, long: 100_000)

    static func target(_ rng: inout SplitMix64, in container: Rect) -> PlacementTarget {
        let x = rng.pick([container.minX, container.maxX, rng.uniform(container.minX...container.maxX), rng.uniform(-40...container.maxX + 40)])
        let y = rng.pick([container.minY, container.maxY, rng.uniform(container.minY...container.maxY), rng.uniform(-40...container.maxY + 40)])
        switch rng.next() % 3 {
        case 0: return .point(Vector2(x: x, y: y))
        case 1: return .circle(center: Vector2(x: x, y: y), radius: rng.uniform(0...70))
        default: return .rect(Rect(x: x, y: y, width: rng.uniform(1...80), height: rng.uniform(1...60)))
        }
    }

    static func configuration(_ rng: inout SplitMix64) -> BalloonConfiguration {
        var configuration = BalloonConfiguration(cornerRadius: rng.pick([.none, .oval, .fixed(rng.uniform(0...20))]),
                                                 cornerSmoothing: rng.uniform(0...1))
        configuration.stem.size = Size(width: rng.pick([0, rng.uniform(2...50)]), height: rng.uniform(0...30))
        configuration.stem.joinSmoothing = rng.uniform(0...1)
        configuration.stem.tipRounding = rng.uniform(0...8)
        if rng.unit() < 0.2 { configuration.borderWidth = rng.uniform(0...3) }
        return configuration
    }

    static func options(_ rng: inout SplitMix64) -> PlacementOptions {
        PlacementOptions(padding: rng.uniform(0...12), offset: rng.unit() < 0.3 ? rng.uniform(0...10) : 0,
                         arrowPadding: rng.unit() < 0.3 ? rng.uniform(0...12) : nil, autoPlacement: rng.unit() < 0.3)
    }

    /// How far a placed stem's base centre is from its tip along the edge, and the stem's depth.
    static func lean(_ p: Placement) -> (lean: Double, depth: Double) {
        let vertical = p.direction.edge == .top || p.direction.edge == .bottom
        let length = vertical ? p.bodyRect.width : p.bodyRect.height
        let width = min(p.configuration.stem.size.width, length)
        let base = min(max(length / 2 + p.configuration.stem.offset, width / 2), length - width / 2)
        let tip = vertical ? p.tip.x - p.bodyRect.minX : p.tip.y - p.bodyRect.minY
        let depth = vertical ? min(abs(p.tip.y - p.bodyRect.minY), abs(p.tip.y - p.bodyRect.maxY))
                             : min(abs(p.tip.x - p.bodyRect.minX), abs(p.tip.x - p.bodyRect.maxX))
        return (abs(base - tip), depth)
    }

    @Test("random placements: finite, simple, tip on target, fits truthful, no needles, target never covered when fitting")
    func placements() throws {
        var rng = SplitMix64(seed: 2811)
        var fitted = 0, crossings = 0, needles = 0, untruthful = 0, missed = 0, worstAngle = 0.0
        for _ in 0..<Self.count {
            let container = Rect(x: rng.uniform(-50...50), y: rng.uniform(-50...50), width: rng.uniform(120...500), height: rng.uniform(100...500))
            let target = Self.target(&rng, in: container)
            let permitted = StemDirection.allCases.filter { _ in rng.unit() < 0.6 }
            let content = Size(width: rng.uniform(4...200), height: rng.uniform(4...80))
            let configuration = Self.configuration(&rng)
            let options = Self.options(&rng)
            let placed = try BalloonPlacement.place(target: target, contentSize: content, container: container,
                                                    permitted: permitted.isEmpty ? [.down] : permitted, options: options, configuration: configuration)
            let path = try placed.path
            #expect(Polygon.isFinite(path))
            if Polygon.crosses(Polygon.vertices(path, tolerance: 0.05)) { crossings += 1 }
            #expect(placed.tip == target.anchor(for: placed.direction, gap: options.offset))
            let stem = placed.configuration.stem
            if stem.isVisible, configuration.borderWidth == 0, Polygon.distance(path, to: placed.tip) > 1e-3 { missed += 1 }
            // fits is exactly: body and tip inside the container, the target uncovered.
            let tolerance = 1e-9 * max(container.width, container.height)
            let inside = container.contains(placed.bodyRect, tolerance: tolerance)
                && container.insetBy(dx: -tolerance, dy: -tolerance).contains(Rect(corners: placed.tip, placed.tip))
            let covers = Self.covers(placed.bodyRect, target)
            if placed.fits != (inside && !covers) { untruthful += 1 }
            if placed.fits {
                fitted += 1
                let overhang = stem.tipRounding + configuration.borderWidth + tolerance
                #expect(container.insetBy(dx: -overhang, dy: -overhang).contains(try #require(path.boundingBox)))
            }
            if stem.isVisible {
                let (lean, depth) = Self.lean(placed)
                if lean > BalloonPlacement.maximumLean(for: stem) + 1e-9 { needles += 1 }
                if lean > stem.size.width / 2 + 1e-9 { worstAngle = max(worstAngle, atan2Degrees(lean, depth)) }
            }
        }
        print("placements: \(Self.count) random, \(fitted) fit, \(crossings) self-intersecting, \(missed) tips off target, "
              + "\(untruthful) untruthful fits, \(needles) needles, steepest lean beyond half the width \(worstAngle)°")
        #expect(crossings == 0 && missed == 0 && untruthful == 0 && needles == 0)
        #expect(worstAngle <= 60 + 1e-6)
    }

    /// Degrees of atan(lean / depth).
    func atan2Degrees(_ y: Double, _ x: Double) -> Double { atan2(y, x) * 180 / Double.pi }

    /// Independent coverage test: the body overlaps the target's area.
    static func covers(_ body: Rect, _ target: PlacementTarget) -> Bool {
        switch target {
        case let .point(p): return p.x > body.minX && p.x < body.maxX && p.y > body.minY && p.y < body.maxY
        case let .circle(c, r):
            guard r > 1e-9 else { return false }
            let nx = min(max(c.x, body.minX), body.maxX), ny = min(max(c.y, body.minY), body.maxY)
            return (c.x - nx) * (c.x - nx) + (c.y - ny) * (c.y - ny) < (r - 1e-9 * max(r, 1)) * (r - 1e-9 * max(r, 1))
        case let .rect(rect):
            return min(body.maxX, rect.maxX) > max(body.minX, rect.minX) && min(body.maxY, rect.maxY) > max(body.minY, rect.minY)
        }
    }

    @Test("a fit is found whenever one exists (brute force over every slide of every direction)")
    func fitsWhenPossible() throws {
        var rng = SplitMix64(seed: 2812)
        var possible = 0
        for _ in 0..<TestSize.pick(400, long: 20_000) {
            let container = Rect(x: 0, y: 0, width: rng.uniform(150...400), height: rng.uniform(150...400))
            let target = Self.target(&rng, in: container)
            let content = Size(width: rng.uniform(10...120), height: rng.uniform(8...40))
            let configuration = Self.configuration(&rng)
            let options = PlacementOptions(padding: rng.uniform(0...15))
            let placed = try BalloonPlacement.place(target: target, contentSize: content, container: container,
                                                    options: options, configuration: configuration)
            let exists = StemDirection.allCases.contains { direction in
                Self.bruteForceFits(direction, target: target, content: content, container: container, options: options, configuration: configuration)
            }
            if exists { possible += 1 }
            #expect(!exists || placed.fits, "\(target) \(content) in \(container)")
        }
        #expect(possible > 50)
    }

    /// Some slide of the body along the stem edge (tip on the edge) puts body and tip inside and off the target.
    static func bruteForceFits(_ direction: StemDirection, target: PlacementTarget, content: Size, container: Rect,
                               options: PlacementOptions, configuration: BalloonConfiguration) -> Bool {
        let focus = target.anchor(for: direction, gap: options.offset)
        let body = Size(width: content.width + 2 * options.padding, height: content.height + 2 * options.padding)
        let depth = configuration.stem.isVisible ? configuration.stem.size.height : 0
        let vertical = direction.edge == .top || direction.edge == .bottom
        let length = vertical ? body.width : body.height
        for step in 0...400 {
            let along = (vertical ? focus.x : focus.y) - length * Double(step) / 400
            let rect: Rect
            switch direction.edge {
            case .bottom: rect = Rect(x: along, y: focus.y - depth - body.height, width: body.width, height: body.height)
            case .top: rect = Rect(x: along, y: focus.y + depth, width: body.width, height: body.height)
            case .right: rect = Rect(x: focus.x - depth - body.width, y: along, width: body.width, height: body.height)
            case .left: rect = Rect(x: focus.x + depth, y: along, width: body.width, height: body.height)
            }
            if container.contains(rect, tolerance: 1e-9) && container.contains(Rect(corners: focus, focus), tolerance: 1e-9)
                && !covers(rect, target) { return true }
        }
        return false
    }
}
