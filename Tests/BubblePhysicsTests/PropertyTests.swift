import Testing
@testable import BubblePhysics

/// Issue "hold under any input", physics part: a seeded property test over everything
/// `WorldConfiguration`, `BodyDefinition`, `AttractionField` and `Container` accept — every value
/// at, just inside, or between its bounds, random scenes and mid-run changes, thousands of steps:
/// no NaN, no ±inf, nothing leaves a closed container, no trap.
@Suite("Property: the whole accepted space")
struct PropertyTests {
    /// A bound, just inside a bound, or a value between them (log-uniform for wide positive ranges).
    static func value(_ range: SettingRange<Double>, _ random: inout SplitMix64) -> Double {
        let low = range.lowerBound, high = range.upperBound
        let width = high / 2 - low / 2  // half the width: finite even for ±greatestFiniteMagnitude
        switch random.next(below: 6) {
        case 0: return low
        case 1: return high
        case 2: return low + width * 2e-6
        case 3: return high - width * 2e-6
        case 4 where low > 0:
            var x = low  // log-uniform: multiply by random powers of 2 (exact, no libm)
            for _ in 0..<random.next(below: 200) where x * 2 <= high { x *= 2 }
            return x
        default: return low + width * random.nextUnit() + width * random.nextUnit()
        }
    }

    static func integer(_ range: SettingRange<Int>, _ random: inout SplitMix64) -> Int {
        [range.lowerBound, range.upperBound, range.lowerBound + random.next(below: max(1, min(8, range.upperBound - range.lowerBound)))][random.next(below: 3)]
    }

    static func configuration(_ random: inout SplitMix64) -> WorldConfiguration {
        typealias C = WorldConfiguration
        var c = C()
        c.timeStep = value(C.timeStepRange, &random)
        c.substeps = min(integer(C.substepsRange, &random), 16 + random.next(below: 49))
        c.contactHertz = value(C.contactHertzRange, &random)
        c.contactDampingRatio = value(C.contactDampingRatioRange, &random)
        c.pushSpeed = value(C.pushSpeedRange, &random)
        c.maxSpeed = value(C.maxSpeedRange, &random)
        c.elasticity = value(C.elasticityRange, &random)
        c.speculativeFraction = value(C.speculativeFractionRange, &random)
        c.threads = 1 + random.next(below: 2)
        c.leastParallelBodies = 0
        return c
    }

    static func container(_ random: inout SplitMix64) -> Container {
        let sides: [Double] = [0, 1e-9, 1, 50, 375, 2000, 1e7, Container.sideRange.upperBound]
        let origins: [Double] = [0, -1e7, 1e7, Container.originRange.lowerBound / 2]
        let borders: [Borders] = [.all, .all, .none, .vertical, [.left, .top]]
        return Container(rect: Rect(x: origins[random.next(below: origins.count)], y: origins[random.next(below: origins.count)],
                                    width: sides[random.next(below: sides.count)], height: sides[random.next(below: sides.count)]),
                         solidBorders: borders[random.next(below: borders.count)])
    }

    static func field(_ random: inout SplitMix64, near rect: Rect) -> AttractionField {
        let point = random.next(below: 3) == 0
            ? Vector2(value(AttractionField.pointRange, &random), value(AttractionField.pointRange, &random))
            : Vector2(rect.minX + rect.width * random.nextUnit(), rect.minY + rect.height * random.nextUnit())
        return AttractionField(point: point, law: FieldLaw.allCases[random.next(below: FieldLaw.allCases.count)],
                               strength: value(AttractionField.strengthRange, &random),
                               falloffRadius: value(AttractionField.falloffRadiusRange, &random),
                               reach: value(AttractionField.reachRange, &random))
    }

    static func body(_ random: inout SplitMix64, in rect: Rect) -> BodyDefinition {
        let position = random.next(below: 5) == 0
            ? Vector2(value(BodyDefinition.coordinateRange, &random), value(BodyDefinition.coordinateRange, &random))
            : Vector2(rect.minX + rect.width * random.nextUnit(), rect.minY + rect.height * random.nextUnit())
        let velocity = random.next(below: 3) == 0
            ? Vector2(value(BodyDefinition.velocityRange, &random), value(BodyDefinition.velocityRange, &random))
            : Vector2(random.next(in: -100, 100), random.next(in: -100, 100))
        return BodyDefinition(position: position, radius: value(BodyDefinition.radiusRange, &random),
                              density: value(BodyDefinition.densityRange, &random), velocity: velocity,
                              resistance: value(BodyDefinition.resistanceRange, &random),
                              kind: random.next(below: 8) == 0 ? .kinematic : .dynamic,
                              collides: random.next(below: 8) != 0, attracted: random.next(below: 5) != 0)
    }

    /// Slots of bodies wholly inside a closed container they fit in.
    static func inside(_ world: World) -> Set<Int32> {
        let rect = world.container.rect
        guard world.container.solidBorders == .all, rect.hasArea else { return [] }
        var result = Set<Int32>()
        for handle in world.handles {
            let p = world.position(of: handle), r = world.radius(of: handle)
            let slack = 1e-9 * max(r, rect.width, rect.height)
            if 2 * r <= min(rect.width, rect.height), p.x - r >= rect.minX - slack, p.x + r <= rect.maxX + slack,
               p.y - r >= rect.minY - slack, p.y + r <= rect.maxY + slack { result.insert(handle.index) }
        }
        return result
    }

    /// A mid-run change: an impulse, a new field, a resize, a radius, a body more or less.
    static func change(_ world: inout World, _ random: inout SplitMix64) throws {
        guard let handle = world.handles.dropFirst(random.next(below: max(world.bodyCount, 1))).first else { return }
        switch random.next(below: 5) {
        case 0: try world.applyImpulse(Vector2(value(BodyDefinition.velocityRange, &random), 0), to: handle)
        case 1: try world.setField(field(&random, near: world.container.rect))
        case 2: try world.setRadius(value(BodyDefinition.radiusRange, &random), of: handle)
        case 3: try world.createBody(body(&random, in: world.container.rect))
        default: world.destroyBody(handle)
        }
    }

    @Test("worlds at and near every bound (20; 300 long), 40 steps each with changes: finite and inside")
    func wholeSpace() throws {
        var random = SplitMix64(seed: 12)
        var worlds = 0, bodies = 0, steps = 0, nonFinite = 0, escaped = 0
        for run in 0..<TestSize.pick(20, long: 300) {
            let container = Self.container(&random)
            var world = try World(configuration: Self.configuration(&random), container: container,
                                  field: Self.field(&random, near: container.rect))
            for _ in 0..<(1 + random.next(below: 30)) { try world.createBody(Self.body(&random, in: container.rect)) }
            worlds += 1
            bodies += world.bodyCount
            for step in 0..<40 {
                if step % 13 == 7 { try Self.change(&world, &random) }
                let before = Self.inside(world)
                world.step()
                steps += 1
                let bad = world.nonFiniteCount, out = before.subtracting(Self.inside(world)).count
                nonFinite += bad
                escaped += out
                if bad > 0 || out > 0 {
                    Issue.record("world \(run) step \(step): \(bad) non-finite, \(out) left the container; \(world.configuration)")
                    break
                }
            }
        }
        print("property (physics): \(worlds) worlds, \(bodies) bodies, \(steps) steps, \(nonFinite) non-finite, \(escaped) escaped")
        #expect(nonFinite == 0 && escaped == 0)
    }
}
