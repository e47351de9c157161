/// Element-by-element interpolation between two paths of the same shape (for animating a balloon
/// from one configuration to another: every balloon has the same 42 elements in the same order).

extension PathElement {
    /// This element at `t = 0`, `other` at `t = 1`, points blended linearly; nil when the kinds differ.
    public func interpolated(to other: PathElement, fraction t: Double) -> PathElement? {
        let l = { (a: Vector2, b: Vector2) in Vector2.lerp(a, b, t) }
        switch (self, other) {
        case let (.move(a), .move(b)): return .move(l(a, b))
        case let (.line(a), .line(b)): return .line(l(a, b))
        case let (.quad(c, p), .quad(d, q)): return .quad(l(c, d), l(p, q))
        case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): return .cubic(l(c1, d1), l(c2, d2), l(p, q))
        case (.close, .close): return .close
        default: return nil
        }
    }
}

extension BezierPath {
    /// The path `fraction` of the way from `self` (0) to `other` (1), element by element; exact at 0 and 1
    /// (each coordinate is `a·(1−t) + b·t`). `fraction` outside 0...1 extrapolates. Throws
    /// `BalloonError.mismatchedElements` when the paths differ in element count or kind.
    public func interpolated(to other: BezierPath, fraction: Double) throws(BalloonError) -> BezierPath {
        try Check.finite(fraction, "interpolation fraction")
        guard elements.count == other.elements.count else {
            throw .mismatchedElements(index: Swift.min(elements.count, other.elements.count))
        }
        var result: [PathElement] = []
        result.reserveCapacity(elements.count)
        for (index, (a, b)) in zip(elements, other.elements).enumerated() {
            guard let mixed = a.interpolated(to: b, fraction: fraction) else {
                throw .mismatchedElements(index: index)
            }
            result.append(mixed)
        }
        return BezierPath(result)
    }
}
