import BubblePhysics
import Testing
@testable import BubblePicker

/// A seeded property test over the whole accepted configuration space: settings at, near and
/// between every bound, random scenes and random inputs, thousands of steps — no NaN, no ±inf,
/// nothing outside a closed border, no trap.
@Suite struct ConfigurationSpaceTests {
    typealias C = BubbleContainerConfiguration

    /// A value of a range: a bound, just inside a bound, or uniform between.
    static func value(_ range: SettingRange<Double>, _ random: inout SplitMix64) -> Double {
        let low = range.lowerBound, high = range.upperBound
        switch random.next(below: 5) {
        case 0: return low
        case 1: return high
        case 2: return low + (high - low) * 1e-6
        case 3: return high - (high - low) * 1e-6
        default: return random.next(in: low, high)
        }
    }

    static func integer(_ range: SettingRange<Int>, _ random: inout SplitMix64) -> Int {
        [range.lowerBound, range.upperBound, range.lowerBound + random.next(below: max(1, min(50, range.upperBound - range.lowerBound)))][random.next(below: 3)]
    }

    /// A random configuration within every range.
    static func configuration(_ random: inout SplitMix64) -> C {
        var c = C()
        let sides: [Double] = [1, 50, 375, 667, 2000, 1e5, C.sideRange.upperBound]
        c.size = Size(width: sides[random.next(below: sides.count)], height: sides[random.next(below: sides.count)])
        c.anchor = Vector2(value(C.anchorRange, &random), value(C.anchorRange, &random))
        c.fieldLaw = random.next(below: 2) == 0 ? .spring : .radialGravity
        c.fieldStrength = value(C.fieldStrengthRange, &random)
        c.falloffRadius = value(C.falloffRadiusRange, &random)
        c.resistance = value(C.resistanceRange, &random)
        c.densitySelected = value(C.densityRange, &random)
        c.densityUnselected = value(C.densityRange, &random)
        c.horizontalScroll = random.next(below: 3) == 0
        c.verticalScroll = random.next(below: 3) == 0
        c.growInDuration = value(C.durationRange, &random) / (random.next(below: 2) == 0 ? 1 : 100)
        c.selectionDuration = value(C.durationRange, &random) / (random.next(below: 2) == 0 ? 1 : 100)
        c.removalDuration = value(C.durationRange, &random) / (random.next(below: 2) == 0 ? 1 : 100)
        c.selectionPushSpeed = value(C.selectionPushSpeedRange, &random)
        c.selectionPushReach = value(C.selectionPushReachRange, &random)
        c.maxFlickSpeed = value(C.maxFlickSpeedRange, &random)
        c.dragFrequency = value(C.dragFrequencyRange, &random)
        c.anchorSmoothing = value(C.anchorSmoothingRange, &random)
        c.physics.timeStep = value(WorldConfiguration.timeStepRange, &random)
        c.physics.substeps = integer(WorldConfiguration.substepsRange, &random)
        c.physics.contactHertz = value(WorldConfiguration.contactHertzRange, &random)
        c.physics.contactDampingRatio = value(WorldConfiguration.contactDampingRatioRange, &random)
        c.physics.pushSpeed = value(WorldConfiguration.pushSpeedRange, &random)
        c.physics.elasticity = value(WorldConfiguration.elasticityRange, &random)
        c.physics.speculativeFraction = value(WorldConfiguration.speculativeFractionRange, &random)
        c.seed = random.next()
        return c
    }

    @Test("random configurations at and near every bound (8; 120 long), 150 steps each with random inputs")
    func wholeSpace() throws {
        var random = SplitMix64(seed: 2026)
        var steps = 0, bubbles = 0, outside = 0, nonFinite = 0
        let configurations = TestSize.pick(8, long: 120)
        for run in 0..<configurations {
            var picker = try Picker(configuration: Self.configuration(&random))
            let sizes = BubbleStyle.sizeRange
            for index in 0..<(1 + random.next(below: 24)) {
                let size = [sizes.lowerBound, sizes.upperBound, random.next(in: 10, 200)][random.next(below: 3)]
                picker.addDefaultBubble(text: "\(index)", style: BubbleStyle(minSize: size, maxSize: min(size * 1.33, sizes.upperBound)),
                                        selected: random.next(below: 4) == 0, atCenter: random.next(below: 3) == 0)
                bubbles += 1
            }
            for step in 0..<150 {
                if step % 40 == 20 { HostileInputTests.operate(&picker, &random) }
                picker.step()
                steps += 1
                let bad = picker.world.nonFiniteCount, out = HostileInputTests.outsideClosedContainer(picker)
                nonFinite += bad
                outside += out
                if bad > 0 || out > 0 {
                    Issue.record("run \(run) step \(step): \(bad) non-finite, \(out) outside; \(picker.configuration)")
                    break
                }
            }
        }
        print("configuration space: \(configurations) configurations, \(bubbles) bubbles, \(steps) steps, \(nonFinite) non-finite, \(outside) outside")
        #expect(nonFinite == 0 && outside == 0)
    }

    @Test("the reported NaN case: a 1 × 1 container, 24 bubbles of 10,000 pt, elasticity 1, 0.5 Hz, damping 0.001")
    func reportedNaN() throws {
        var configuration = C()
        configuration.size = Size(width: 1, height: 1)
        configuration.physics.elasticity = 1
        configuration.physics.contactHertz = 0.5
        configuration.physics.contactDampingRatio = 0.001
        var picker = try Picker(configuration: configuration)
        for index in 0..<24 {
            picker.addDefaultBubble(text: "\(index)", style: BubbleStyle(minSize: 10_000, maxSize: 10_000))
        }
        for step in 0..<1200 {
            picker.step()
            if picker.world.nonFiniteCount > 0 { Issue.record("NaN at step \(step)"); return }
        }
    }
}
