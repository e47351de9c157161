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

/// A balloon as values — its body, its configuration and the point its tip lands on — so that two
/// balloons can be blended by their parameters rather than their points.
public struct BalloonShape: Sendable, Hashable {
    /// The body (its stroke's outer extent, with a border width), points.
    public var body: Rect
    /// Corners, stem and border.
    public var configuration: BalloonConfiguration
    /// Where the stem's tip lands (`BezierPath.balloon(around:pointingAt:configuration:)`), or nil
    /// for a stem of its configured size (`BezierPath.balloon(around:configuration:)`).
    public var focus: Vector2?

    /// A shape from its parts; checked when its path is built.
    public init(body: Rect, configuration: BalloonConfiguration, focus: Vector2? = nil) {
        self.body = body
        self.configuration = configuration
        self.focus = focus
    }

    /// The shape of a placed balloon.
    public init(_ placement: Placement) {
        self.init(body: placement.bodyRect, configuration: placement.configuration, focus: placement.tip)
    }

    /// The outline. Throws as the `BezierPath.balloon` factory it uses.
    public var path: BezierPath {
        get throws(BalloonError) {
            if let focus { return try BezierPath.balloon(around: body, pointingAt: focus, configuration: configuration) }
            return try BezierPath.balloon(around: body, configuration: configuration)
        }
    }

    /// The outline `fraction` of the way from `self` (0) to `other` (1). With both stems on the same
    /// edge (and both or neither with a focus) every parameter is blended — rect, radius, smoothing,
    /// stem offsets and size, border, focus — and the outline built from the blend, so every frame is
    /// a well-formed balloon that never crosses itself; otherwise the two outlines are blended
    /// element by element (`BezierPath.interpolated(to:fraction:)`). Exact at 0 and 1.
    /// Throws as `path`, or for a non-finite fraction.
    public func interpolated(to other: BalloonShape, fraction: Double) throws(BalloonError) -> BezierPath {
        try Check.finite(fraction, "interpolation fraction")
        if fraction == 0 { return try path }
        if fraction == 1 { return try other.path }
        guard configuration.stem.edge == other.configuration.stem.edge, (focus == nil) == (other.focus == nil) else {
            return try path.interpolated(to: other.path, fraction: fraction)
        }
        return try blended(with: other, fraction).path
    }

    /// The shape whose every parameter is `t` of the way to `other`'s (same stem edge).
    func blended(with other: BalloonShape, _ t: Double) -> BalloonShape {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        func mixOptional(_ a: Double?, _ b: Double?, _ fallback: Double, _ otherFallback: Double) -> Double? {
            a == nil && b == nil ? nil : mix(a ?? fallback, b ?? otherFallback)
        }
        let a = configuration, b = other.configuration
        let rect = Rect(x: mix(body.minX, other.body.minX), y: mix(body.minY, other.body.minY),
                        width: mix(body.width, other.body.width), height: mix(body.height, other.body.height))
        var stem = a.stem
        stem.offset = mix(a.stem.offset, b.stem.offset)
        stem.tipOffset = mixOptional(a.stem.tipOffset, b.stem.tipOffset, a.stem.offset, b.stem.offset)
        stem.size = Size(width: mix(a.stem.size.width, b.stem.size.width), height: mix(a.stem.size.height, b.stem.size.height))
        stem.joinSmoothing = mix(a.stem.joinSmoothing, b.stem.joinSmoothing)
        stem.joinWidthSmoothing = mixOptional(a.stem.joinWidthSmoothing, b.stem.joinWidthSmoothing, a.stem.joinSmoothing, b.stem.joinSmoothing)
        stem.joinHeightSmoothing = mixOptional(a.stem.joinHeightSmoothing, b.stem.joinHeightSmoothing, a.stem.joinSmoothing, b.stem.joinSmoothing)
        stem.tipRounding = mix(a.stem.tipRounding, b.stem.tipRounding)
        let radius = mix(a.resolvedRadius(for: body.size), b.resolvedRadius(for: other.body.size))
        let configuration = BalloonConfiguration(cornerRadius: .fixed(radius), cornerSmoothing: mix(a.cornerSmoothing, b.cornerSmoothing),
                                                 stem: stem, borderWidth: mix(a.borderWidth, b.borderWidth))
        let focus = self.focus.flatMap { f in other.focus.map { Vector2.lerp(f, $0, t) } }
        return BalloonShape(body: rect, configuration: configuration, focus: focus)
    }
}
