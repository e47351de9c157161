import Testing
import BubbleGeometry

/// `KeyedOrder.ascending` orders exactly as the standard library's stable sort by the same keys
/// as a tuple: seeded sweeps with many ties, negative zeros and descending (negated) keys.
@Suite struct KeyedOrderTests {
    /// A small seeded generator (xorshift), so the sweep is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    @Test("the same order as a stable sort by (primary, secondary), for lengths 0 to 300")
    func matchesStableSort() {
        var random = Generator(state: 0x9e37_79b9_7f4a_7c15)
        for length in 0...300 {
            let spread = 1 + random.next(12)  // few distinct keys: many ties
            let primary = (0..<length).map { _ in Double(random.next(spread)) - Double(spread / 2) }
            let secondary = (0..<length).map { _ in Double(random.next(3)) }
            let expected = Array(0..<length).sorted { (primary[$0], secondary[$0]) < (primary[$1], secondary[$1]) }
            #expect(KeyedOrder.ascending(primary, secondary) == expected)
            let byPrimary = Array(0..<length).sorted { primary[$0] < primary[$1] }
            #expect(KeyedOrder.ascending(primary) == byPrimary)
        }
    }

    @Test("negated keys order descending; -0 equals 0")
    func descendingAndZeros() {
        let keys: [Double] = [3, -0.0, 0, 7, 3]
        #expect(KeyedOrder.ascending(keys.map { -$0 }) == [3, 0, 4, 1, 2])
        #expect(KeyedOrder.ascending([0, -0.0, 0], [2, 1, 0]) == [2, 1, 0])
    }
}
