/// A 64-bit FNV-1a hash, fed with exact bit patterns, for pinning simulation states.
public struct StateHasher: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hasher at FNV-1a's offset basis.
    public init() {}

    /// Mixes in the eight bytes of a 64-bit word, little end first.
    public mutating func combine(_ word: UInt64) {
        var word = word
        for _ in 0..<8 {
            value ^= word & 0xff
            value = value &* 0x0000_0100_0000_01b3
            word >>= 8
        }
    }

    /// Mixes in a double's exact bit pattern (so 0.0 and -0.0 differ, as they should here).
    public mutating func combine(_ number: Double) { combine(number.bitPattern) }

    /// The hash as 16 lowercase hexadecimal digits.
    public var hexDigits: String { StateHasher.hexDigits(value) }

    /// A 64-bit hash as 16 lowercase hexadecimal digits (leading zeros kept): how every state
    /// hash is written, in traces, dumps and messages.
    public static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.utf8.count) + digits  // ASCII: one byte a digit
    }
}

extension World {
    /// A hash of the exact bit patterns of every live body's slot, generation, position,
    /// velocity and radius, in slot order. Equal states give equal hashes on every platform.
    public func stateHash() -> UInt64 {
        var hasher = StateHasher()
        hasher.combine(UInt64(stepCount))
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) {
            let body = storage.bodies[slot]
            hasher.combine(UInt64(slot) << 32 | UInt64(storage.generations[slot]))
            hasher.combine(body.px)
            hasher.combine(body.py)
            hasher.combine(body.vx)
            hasher.combine(body.vy)
            hasher.combine(body.radius)
        }
        return hasher.value
    }
}
