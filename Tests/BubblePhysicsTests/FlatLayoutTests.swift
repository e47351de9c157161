@testable import BubblePhysics
import Testing

/// The layout the step's flat views rely on (`Flat.swift`): vectors laid out as their scalars,
/// and the contact groups' fields where the lane loops read them.
@Suite("Flat layout")
struct FlatLayoutTests {
    @Test("SIMD vectors and contact groups are laid out as the flat views read them")
    func layoutHolds() {
        #expect(FlatLayout.holds)
        #expect(MemoryLayout<ContactLanes>.offset(of: \.b) == 16 && MemoryLayout<ContactLanes>.offset(of: \.impulse) == 32)
        #expect(MemoryLayout<LaneGeometry>.offset(of: \.ny) == 16 && MemoryLayout<LaneGeometry>.offset(of: \.mass) == 32
            && MemoryLayout<LaneGeometry>.offset(of: \.base) == 48)
    }

    @Test("refill keeps the capacity and writes every element, growing and shrinking")
    func refill() {
        var values: [Int32] = [7, 7, 7]
        for count in [0, 1, 2, 5, 17, 3, 64, 0, 9] {
            values.refill(Int32(count), count: count)
            #expect(values == [Int32](repeating: Int32(count), count: count))
        }
        var blocks = [DriftBlock](repeating: DriftBlock(), count: 2)
        var block = DriftBlock()
        block.lowX = 1
        blocks.refill(block, count: 11)
        #expect(blocks == [DriftBlock](repeating: block, count: 11))
    }
}
