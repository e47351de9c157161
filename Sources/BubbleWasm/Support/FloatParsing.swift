// The one C-runtime hook Embedded Swift leaves to the platform: `Double(String)` (used by
// BubbleScenario's JSON parser for every non-integer number) calls
// `_swift_stdlib_strtod_clocale`, which the full Swift runtime implements with the C library's
// `strtod_l` and the Embedded stdlib does not ship. Here it is, over wasi-libc's `strtod`.
//
// Why this keeps replays bit-identical: glibc's `strtod` (native Linux) and wasi-libc's (musl's
// exact big-decimal `floatscan`) both round correctly, and a correctly rounded conversion has
// exactly one answer, so every scenario number becomes the same `Double` on both platforms.
// The replay test checks the result: every scenario's hashes equal the natively recorded goldens.

/// wasi-libc's `strtod` (the "C" locale is the only one wasi-libc has).
@_extern(c, "strtod")
func c_strtod(_ text: UnsafePointer<CChar>?, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Double

/// Parses the decimal at `text` into `result`; returns the end of the parsed text, or nil for a
/// result out of range — exactly what the Swift runtime's version returns: it reports `ERANGE`
/// (nil) only when the result is zero or infinite, i.e. a non-zero decimal that underflowed to
/// zero or a finite decimal that overflowed. wasi-libc's `errno` is a C global Swift cannot name,
/// so the range error is recognised from the text instead: a zero result from a mantissa with a
/// non-zero digit, or an infinite result from digits (not from the words "inf"/"infinity").
@_cdecl("_swift_stdlib_strtod_clocale")
func swiftStdlibStrtod(_ text: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<Double>?) -> UnsafePointer<CChar>? {
    guard let text, let result else { return nil }
    var end: UnsafeMutablePointer<CChar>? = nil
    let value = c_strtod(text, &end)
    result.pointee = value
    guard let end else { return nil }
    if value == 0 || value.isInfinite {
        var cursor = text, nonZeroDigit = false, sawDigit = false
        while cursor < UnsafePointer(end) {
            let byte = UInt8(bitPattern: cursor.pointee)
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { sawDigit = true }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { nonZeroDigit = true }
            cursor += 1
        }
        if value == 0 && nonZeroDigit { return nil }   // underflow
        if value.isInfinite && sawDigit { return nil }  // overflow
    }
    return UnsafePointer(end)
}
