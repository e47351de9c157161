/// How a balloon looks: body corners and the stem (the pointer towards what the balloon is about).

/// The body's corner radius.
public enum CornerRadius: Sendable, Hashable {
    /// Square corners (radius 0).
    case none
    /// A radius in points (typical 8); clamped to half the body's shorter side.
    case fixed(Double)
    /// Half the body's shorter side: a capsule (a circle for a square body).
    case oval
}

/// The body edge the stem is attached to.
public enum StemEdge: String, Sendable, Hashable, CaseIterable {
    /// The top edge (stem points up).
    case top
    /// The bottom edge (stem points down).
    case bottom
    /// The left edge (stem points left).
    case left
    /// The right edge (stem points right).
    case right
}

/// The stem: a triangle on one body edge, pointing away from the body.
public struct StemConfiguration: Sendable, Hashable {
    /// The edge it sits on. Default `.bottom`.
    public var edge: StemEdge
    /// Where the stem's base is centred, in points from the edge's centre. Positive moves it right
    /// (top and bottom edges) or down (left and right edges) on every edge. An offset that would push
    /// the base past the end of the edge slides it to the end (the base's outer end on the corner point).
    /// Near the end, the corner there gives way without leaving a ledge: it first shrinks (smoothing,
    /// then radius) to its own size or half the stem width, whichever is less, then swings round to meet
    /// the stem's side, so the neighbouring edge flows into the stem through one convex curve.
    public var offset: Double
    /// Where the tip is, in points from the edge's centre (same sign convention as `offset`), or nil
    /// for a tip straight out from the centre of the base. A tip away from the base centre gives a slanted
    /// stem (used for diagonal placements). Clamped to the edge's extent.
    public var tipOffset: Double?
    /// `width` = length of the base along the edge, `height` = depth from the edge to the tip, points.
    /// Default 40 x 20. A zero width or depth means no stem: the edge runs straight (the elements are
    /// still emitted, degenerate, so the path keeps its 42 elements).
    public var size: Size
    /// Rounding of the two joins between the stem's sides and the edge, 0...1 (0 = sharp corners,
    /// 1 = each join spans 30% of the stem width along the edge and 25% of the side). Default 0.3.
    /// With a non-zero join smoothing, tip rounding and corner radius the outline is tangent-continuous
    /// everywhere.
    public var joinSmoothing: Double
    /// The join smoothing along the edge (the join's width), 0...1, when it should differ from
    /// `joinSmoothing` (BalloonView's separate width ratio); nil: `joinSmoothing`.
    public var joinWidthSmoothing: Double?
    /// The join smoothing up the stem's side (the join's height), 0...1, when it should differ from
    /// `joinSmoothing` (BalloonView's separate height ratio); nil: `joinSmoothing`.
    public var joinHeightSmoothing: Double?
    /// Rounding of the tip, points along each side from the tip (0 = sharp; typical 4), at most half a
    /// side. The rounding is the quadratic with its control point on the sharp vertex; its apex (the
    /// stem's extreme point) is recessed from the sharp tip by about half the rounding's depth. Where the
    /// tip must touch a point (`BezierPath.balloon(around:pointingAt:configuration:)`, placements) the
    /// sharp vertex is moved out instead, so that the apex lands exactly on the point.
    public var tipRounding: Double

    /// A stem; every value is checked when a path is built (see `validate()`).
    public init(
        edge: StemEdge = .bottom, offset: Double = 0, tipOffset: Double? = nil,
        size: Size = Size(width: 40, height: 20), joinSmoothing: Double = 0.3, tipRounding: Double = 4
    ) {
        self.edge = edge
        self.offset = offset
        self.tipOffset = tipOffset
        self.size = size
        self.joinSmoothing = joinSmoothing
        self.tipRounding = tipRounding
    }

    /// True when the stem is drawn: both its width and its depth are greater than 0.
    public var isVisible: Bool { size.width > 0 && size.height > 0 }

    /// A stem of zero size: the balloon is a plain (smooth) rounded rect.
    public static let hidden = StemConfiguration(size: .zero, joinSmoothing: 0, tipRounding: 0)

    /// The values `joinSmoothing` accepts, 0...1.
    public static var joinSmoothingRange: SettingRange<Double> { SettingRange("stem join smoothing", 0...1) }

    /// Throws `BalloonError.invalidValue` for a non-finite offset, a negative or non-finite size or
    /// tip rounding, or a join smoothing (any of the three) outside `joinSmoothingRange`.
    public func validate() throws(BalloonError) {
        try Check.finite(offset, "stem offset")
        if let tipOffset { try Check.finite(tipOffset, "stem tip offset") }
        try Check.nonNegative(size.width, "stem width")
        try Check.nonNegative(size.height, "stem depth")
        try Check.inRange(joinSmoothing, Self.joinSmoothingRange)
        if let joinWidthSmoothing { try Check.inRange(joinWidthSmoothing, Self.joinSmoothingRange) }
        if let joinHeightSmoothing { try Check.inRange(joinHeightSmoothing, Self.joinSmoothingRange) }
        try Check.nonNegative(tipRounding, "stem tip rounding")
    }
}

/// Everything about a balloon's shape except where it is.
public struct BalloonConfiguration: Sendable, Hashable {
    /// Body corner radius. Default `.fixed(8)`.
    public var cornerRadius: CornerRadius
    /// Corner smoothing 0...1: 0 = circular arcs, 0.6 ≈ iOS, 1 = fully smoothed "squircle" corners
    /// (each corner then starts 2 × radius from the corner point). Default 0.6.
    public var cornerSmoothing: Double
    /// The stem.
    public var stem: StemConfiguration
    /// Width of the stroke the balloon will be drawn with, points (0 = fill only, the default). The
    /// outline is inset by half of it, so a centred stroke with round joins stays inside the rect
    /// (`balloon(in:)`), on the body's rect (`balloon(around:)`) and reaches the focus
    /// (`balloon(around:pointingAt:)`) instead of spilling half its width beyond them.
    public var borderWidth: Double

    /// A configuration; every value is checked when a path is built (see `validate()`).
    public init(cornerRadius: CornerRadius = .fixed(8), cornerSmoothing: Double = 0.6, stem: StemConfiguration = StemConfiguration(),
                borderWidth: Double = 0) {
        self.cornerRadius = cornerRadius
        self.cornerSmoothing = cornerSmoothing
        self.stem = stem
        self.borderWidth = borderWidth
    }

    /// The values `cornerSmoothing` accepts, 0...1.
    public static var cornerSmoothingRange: SettingRange<Double> { SettingRange("corner smoothing", 0...1) }

    /// Throws `BalloonError.invalidValue` for a negative or non-finite radius or border width,
    /// smoothing outside `cornerSmoothingRange` or a bad stem (see `StemConfiguration.validate()`).
    public func validate() throws(BalloonError) {
        if case let .fixed(radius) = cornerRadius { try Check.nonNegative(radius, "corner radius") }
        try Check.inRange(cornerSmoothing, Self.cornerSmoothingRange)
        try Check.nonNegative(borderWidth, "border width")
        try stem.validate()
    }

    /// The radius for a body of `size`, before any corner gives way to the stem: clamped to half the shorter side.
    public func resolvedRadius(for size: Size) -> Double {
        let limit = Swift.min(size.width, size.height) / 2
        switch cornerRadius {
        case .none: return 0
        case let .fixed(radius): return Swift.min(Swift.max(radius, 0), limit)
        case .oval: return limit
        }
    }
}
