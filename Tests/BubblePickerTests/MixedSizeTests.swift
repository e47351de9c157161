import Foundation
import BubblePhysics
import Testing
@testable import BubblePicker

/// Bubbles of any size under the default field: small ones among large ones settle without being
/// crushed (overlap as a fraction of the smaller radius, `World.overlapStatistics()`).
@Suite struct MixedSizeTests {
    /// A picker of `size` with `stock` default bubbles settled for `settle` seconds, then `sizes`
    /// more bubbles (diameters, points) added and run for `seconds`.
    static func crowd(size: Size, seed: UInt64, law: FieldLaw = BubbleContainerConfiguration().fieldLaw, stock: Int,
                      settle: Double, sizes: [Double], seconds: Double) -> Picker {
        var picker = makePicker(width: size.width, height: size.height, seed: seed) { $0.fieldLaw = law }
        for index in 0..<stock { picker.addDefaultBubble(text: "Genre \(index)") }
        picker.run(seconds: settle)
        for (index, diameter) in sizes.enumerated() {
            picker.addDefaultBubble(text: String(index), style: BubbleStyle(minSize: diameter, maxSize: diameter * 1.33))
        }
        picker.run(seconds: seconds)
        return picker
    }

    /// `count` diameters drawn evenly from `range` by a seeded generator.
    static func diameters(_ count: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in random.next(in: range.lowerBound, range.upperBound) }
    }

    /// Checks the settled crowd: the overlap limits, nothing outside, nothing non-finite.
    static func expectSettled(_ picker: Picker, worst: Double, mean: Double, _ label: String) {
        let overlap = picker.world.overlapStatistics()
        #expect(overlap.touchingPairs > 0, "\(label): a real crowd formed")
        #expect(overlap.largest <= worst, "\(label): worst overlap \(overlap.largest)")
        #expect(overlap.mean <= mean, "\(label): mean overlap \(overlap.mean)")
        #expect(picker.countOutside() == 0, "\(label): every bubble inside")
        #expect(picker.world.nonFiniteCount == 0, "\(label): no NaN")
    }

    /// The quick representative case: 100 bubbles of 20 pt poured onto eight stock 80 pt bubbles.
    @Test func smallBubblesOnStockOnesAreNotCrushed() {
        let picker = Self.crowd(size: Size(width: 420, height: 420), seed: 1, stock: 8, settle: 1,
                                sizes: Array(repeating: 20, count: 100), seconds: 3)
        Self.expectSettled(picker, worst: 0.05, mean: 0.01, "100 of 20 pt on 8 of 80 pt")
    }

    /// The stress cases: 1,000 bubbles of 20–80 pt, and 1,000 of 20 pt added to a
    /// desktop-sized playground picker of 17 (14 stock bubbles and three of 56–72 pt); UIKit's
    /// spring law (`.spring`) crushes the small ones in both.
    /// Long only (`TestSize.long`): too slow for a debug build.
    @Test(.enabled(if: TestSize.long), arguments: [UInt64(1), 2, 3])
    func aThousandMixedBubblesSettleUncrushed(seed: UInt64) {
        let mixed = Self.diameters(1000, in: 20...80, seed: seed)
        let picker = Self.crowd(size: Size(width: 2000, height: 2000), seed: seed, stock: 0, settle: 0,
                                sizes: mixed, seconds: 20)
        Self.expectSettled(picker, worst: 0.05, mean: 0.01, "1,000 of 20–80 pt, seed \(seed)")
        let stress = [56.0, 64, 72] + Array(repeating: 20, count: 1000)
        let playground = Self.crowd(size: Size(width: 1000, height: 720), seed: seed, stock: 14, settle: 0,
                                    sizes: stress, seconds: 20)
        Self.expectSettled(playground, worst: 0.05, mean: 0.01, "+1,000 of 20 pt, seed \(seed)")
        let old = Self.crowd(size: Size(width: 1000, height: 720), seed: seed, law: .spring, stock: 14, settle: 0,
                             sizes: stress, seconds: 20)
        #expect(old.world.overlapStatistics().largest > 0.5, "the force law crushes them")
    }
}
