/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator whose sequence is fixed by
/// its seed on every platform. Use it for every random choice a scenario makes.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's state (part of a picker's state hash).
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64).
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) with 53 random bits (the stdlib's ranged random doubles are not
    /// promised to stay the same across Swift versions, this is).
    public mutating func nextUnit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    /// A double in [low, high).
    public mutating func next(in low: Double, _ high: Double) -> Double { low + (high - low) * nextUnit() }

    /// An integer in 0..<bound (bound > 0), by rejection so every value is equally likely.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = next()
            if value < limit { return Int(value % range) }
        }
    }
}
