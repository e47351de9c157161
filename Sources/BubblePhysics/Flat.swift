/// Flat access for the step's hot loops, the swift-collections way: a pass takes one plain
/// pointer per column at its boundary and indexes it in `while` loops.
///
/// Why: an unoptimised build (an app's Debug build, where this package is a dependency) inlines
/// only `@_transparent` code. `UnsafePointer`'s subscript and arithmetic are transparent, so a
/// pointer read is one load in every build; a buffer's subscript, a range's iterator and a
/// `SIMD` vector's lanes are generic calls there (with metadata look-ups). In an optimised build
/// both forms compile to the same loads.
///
/// The scalar views rely on `SIMD2`/`SIMD4` of a scalar being laid out as that many scalars
/// (stride `n × scalar stride`; `FlatLayout.holds`, which a test checks).
extension UnsafeBufferPointer {
    /// The first element's address (a dangling, aligned one for an empty buffer, which no loop
    /// over `count` elements reads).
    @inline(__always)
    var start: UnsafePointer<Element> {
        baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    }
}

extension UnsafeMutableBufferPointer {
    /// The first element's address (a dangling, aligned one for an empty buffer, which no loop
    /// over `count` elements reads).
    @inline(__always)
    var start: UnsafeMutablePointer<Element> {
        baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    }
}

extension UnsafeBufferPointer where Element == SIMD2<Float> {
    /// The vectors' lanes, two per element: element `i`'s x at `2i`, y at `2i + 1`.
    @inline(__always)
    var scalars: UnsafePointer<Float> { UnsafeRawPointer(start).assumingMemoryBound(to: Float.self) }
}

extension UnsafeMutableBufferPointer where Element == SIMD2<Float> {
    /// The vectors' lanes, two per element: element `i`'s x at `2i`, y at `2i + 1`.
    @inline(__always)
    var scalars: UnsafeMutablePointer<Float> { UnsafeMutableRawPointer(start).assumingMemoryBound(to: Float.self) }
}

extension UnsafeMutableBufferPointer where Element == SIMD2<Double> {
    /// The vectors' lanes, two per element: element `i`'s x at `2i`, y at `2i + 1`.
    @inline(__always)
    var scalars: UnsafeMutablePointer<Double> { UnsafeMutableRawPointer(start).assumingMemoryBound(to: Double.self) }
}

extension UnsafeMutableBufferPointer where Element == SIMD4<Float> {
    /// The vectors' lanes, four per element: element `i`'s lane `k` at `4i + k`.
    @inline(__always)
    var scalars: UnsafeMutablePointer<Float> { UnsafeMutableRawPointer(start).assumingMemoryBound(to: Float.self) }
}

/// The layout the scalar views rely on (the lane loops also read `ContactLanes` as `a`, `b`,
/// `impulse` at byte offsets 0, 16, 32 and `LaneGeometry` as `nx`, `ny`, `mass`, `base` at 0,
/// 16, 32, 48: their declaration order, which a test checks).
enum FlatLayout {
    /// True when every vector the views read is laid out as its scalars.
    static let holds: Bool = {
        MemoryLayout<SIMD2<Float>>.stride == 8 && MemoryLayout<SIMD2<Double>>.stride == 16
            && MemoryLayout<SIMD4<Float>>.stride == 16 && MemoryLayout<SIMD4<Int32>>.stride == 16
            && MemoryLayout<ContactLanes>.stride == 48 && MemoryLayout<LaneGeometry>.stride == 64
    }()
}
