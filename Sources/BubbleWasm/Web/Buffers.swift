// Memory the page and the module share. The page writes inputs (scenario JSON, names) into the
// input buffer and reads outputs (a scene's numbers, its strings, a line of text) straight out of
// wasm memory through the pointers below. Each buffer is allocated by hand so its address stays
// put until the next call that refills it (a Swift array's storage may move when it grows).
//
// Nothing the page passes is trusted: sizes and lengths are checked here against what was
// reserved, in 64-bit arithmetic (Int is 32 bits on wasm32), and refused with an error code.

/// A growable block of wasm memory at a stable address until it must grow.
struct SharedBuffer {
    private(set) var base: UnsafeMutableRawPointer? = nil
    private(set) var capacity = 0
    /// Bytes of the last content written, or the size last reserved for the page to fill.
    private(set) var count = 0

    /// Largest block the page may reserve for input: 64 MiB (a scenario is far smaller; a larger
    /// request is refused rather than letting the allocator fail, which would trap).
    static let maximumInput: Int64 = 64 << 20

    /// Makes room for `bytes` bytes (8-byte aligned, for `Float64Array`) and returns the address;
    /// nil (nothing changed) for a negative size or one above `limit`. `count` becomes `bytes`.
    mutating func reserve(_ bytes: Int64, limit: Int64 = Int64(Int32.max)) -> UnsafeMutableRawPointer? {
        guard bytes >= 0, bytes <= limit, bytes <= Int64(Int32.max) else { return nil }
        let bytes = Int(bytes)
        if bytes > capacity || base == nil {
            base?.deallocate()
            capacity = max(bytes, capacity > Int(Int32.max) / 2 ? capacity : 2 * capacity, 64)
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }
        count = bytes
        return base
    }

    /// Copies `values` in (as little-endian Float64, which wasm is).
    mutating func write(_ values: [Double]) {
        let bytes = values.count * MemoryLayout<Double>.stride
        guard let base = reserve(Int64(bytes)) else { return }
        if bytes > 0 { values.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes) } }
    }

    /// Copies `bytes` in.
    mutating func write(_ bytes: [UInt8]) {
        guard let base = reserve(Int64(bytes.count)) else { return }
        if !bytes.isEmpty { bytes.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) } }
    }

    /// Appends `bytes` after the content, keeping it (copied over when the block must grow).
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        let old = count, total = Int64(old) + Int64(bytes.count)
        guard !bytes.isEmpty, total <= Int64(Int32.max) else { return }
        if Int(total) > capacity, let previous = base {
            let kept = UnsafeMutableRawPointer.allocate(byteCount: max(old, 1), alignment: 8)
            kept.copyMemory(from: previous, byteCount: old)
            guard let grown = reserve(total) else { kept.deallocate(); return }
            grown.copyMemory(from: kept, byteCount: old)
            kept.deallocate()
        } else {
            guard reserve(total) != nil else { return }
        }
        guard let base else { return }
        bytes.withUnsafeBytes { (base + old).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
    }

    /// Copies a string's UTF-8 in.
    mutating func write(_ text: String) { write(Array(text.utf8)) }

    /// `count` little-endian Float64s starting `offset` bytes into the content (any alignment);
    /// nil when `offset` or `count` is negative or they run past `count` bytes of content.
    func doubles(at offset: Int64, count: Int64) -> [Double]? {
        guard offset >= 0, count >= 0, count <= Int64(Int32.max) / 8, offset + 8 * count <= Int64(self.count) else { return nil }
        guard count > 0, let base else { return count == 0 ? [] : nil }
        var values: [Double] = []
        values.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let bits = (base + Int(offset) + 8 * index).loadUnaligned(as: UInt64.self)
            values.append(Double(bitPattern: UInt64(littleEndian: bits)))
        }
        return values
    }

    /// The content as consecutive UTF-8 texts of the given byte lengths (invalid UTF-8 becomes
    /// U+FFFD); nil when a length is negative or together they run past `count`.
    func texts(_ lengths: [Int32]) -> [String]? {
        var offset: Int64 = 0
        for length in lengths {
            guard length >= 0 else { return nil }
            offset += Int64(length)
        }
        guard offset <= Int64(count) else { return nil }
        var texts: [String] = []
        var start = 0
        for length in lengths {
            let length = Int(length)
            if length == 0 {
                texts.append("")
            } else if let base {
                texts.append(String(decoding: UnsafeRawBufferPointer(start: base + start, count: length), as: UTF8.self))
            }
            start += length
        }
        return texts.count == lengths.count ? texts : nil
    }
}
