#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How large this target's seeded sweeps, fuzzers and long runs are. `swift test` runs a small
/// representative size of each, so the whole suite stays within two minutes after a debug build;
/// `BUBBLEPICKER_LONG_TESTS=1` runs the long sizes (`.ci/run` does, in a release build).
enum TestSize {
    /// True when the environment sets `BUBBLEPICKER_LONG_TESTS=1`.
    static let long: Bool = getenv("BUBBLEPICKER_LONG_TESTS").map { String(cString: $0) == "1" } ?? false

    /// `short` by default, `long` under `BUBBLEPICKER_LONG_TESTS=1`.
    static func pick<Value>(_ short: Value, long: Value) -> Value { Self.long ? long : short }
}
