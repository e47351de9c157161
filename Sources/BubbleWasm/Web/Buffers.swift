// Memory the page and the module share. The page writes inputs (scenario JSON, names) into the
// input buffer and reads outputs (a scene's numbers, its strings, a line of text) straight out of
// wasm memory through the pointers below. Each buffer is allocated by hand so its address stays
// put until the next call that refills it (a Swift array's storage may move when it grows).

/// A growable block of wasm memory at a stable address until it must grow.
struct SharedBuffer {
    private(set) var base: UnsafeMutableRawPointer? = nil
    private(set) var capacity = 0
    /// Bytes of the last content written.
    private(set) var count = 0

    /// Makes room for `bytes` bytes (8-byte aligned, for `Float64Array`); returns the address.
    mutating func reserve(_ bytes: Int) -> UnsafeMutableRawPointer? {
        if bytes > capacity || base == nil {
            base?.deallocate()
            capacity = max(bytes, 2 * capacity, 64)
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }
        return base
    }

    /// Copies `values` in (as little-endian Float64, which wasm is).
    mutating func write(_ values: [Double]) {
        let bytes = values.count * MemoryLayout<Double>.stride
        guard let base = reserve(bytes) else { return }
        if bytes > 0 { values.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes) } }
        count = bytes
    }

    /// Copies `bytes` in.
    mutating func write(_ bytes: [UInt8]) {
        guard let base = reserve(bytes.count) else { return }
        if !bytes.isEmpty { bytes.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) } }
        count = bytes.count
    }

    /// Copies a string's UTF-8 in.
    mutating func write(_ text: String) { write(Array(text.utf8)) }

    /// The first `length` bytes as UTF-8 text, starting at `offset`.
    func text(at offset: Int, length: Int) -> String {
        guard let base, length > 0, offset >= 0, offset + length <= capacity else { return "" }
        let bytes = UnsafeRawBufferPointer(start: base + offset, count: length)
        return String(decoding: bytes, as: UTF8.self)
    }
}
