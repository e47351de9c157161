/// Why a balloon, chat bubble, placement or text fit could not be made from the values given.
///
/// Every throwing API of this module throws exactly this type (typed throws), so callers can switch
/// over it without casting, and the module stays Embedded-Swift clean. Bad numbers are always
/// `.invalidValue`, carrying BubbleGeometry's `InvalidValue` (field, value as given, requirement),
/// the same vocabulary every BubblePicker module reports bad data with.
public enum BalloonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value was rejected: which field, the value as given and what it must be, e.g.
    /// `rect width 0.0 must be greater than 0` or `corner smoothing 1.5 must be in 0...1`.
    case invalidValue(InvalidValue)
    /// The focus point given to `BezierPath.balloon(around:pointingAt:configuration:)` lies on the
    /// body's side of the stem edge: `depth` (negative) is its signed distance out from that edge, points.
    case focusInsideBody(focus: Vector2, edge: StemEdge, depth: Double)
    /// A placement was asked for with no permitted stem directions.
    case noPermittedDirections
    /// Two paths cannot be interpolated: element `index` differs in kind (or the counts differ, and
    /// `index` is the shorter count).
    case mismatchedElements(index: Int)

    /// One line naming the field and the value, e.g. `rect width -5.0 must be greater than 0`.
    public var description: String {
        switch self {
        case let .invalidValue(invalid):
            return invalid.description
        case let .focusInsideBody(focus, edge, depth):
            return "focus \(focus) must lie on or beyond the body's \(edge.rawValue) edge, "
                + "but is \(-depth) points inside it"
        case .noPermittedDirections:
            return "permitted directions [] must name at least one stem direction"
        case let .mismatchedElements(index):
            return "path element \(index) differs in kind (or the element counts differ), so the paths cannot be interpolated"
        }
    }
}

/// Checks of user-supplied numbers. Each throws `BalloonError.invalidValue` naming the field; the
/// requirement texts are shared so every message reads the same way.
enum Check {
    /// "must be a finite number": for values with no other bound (offsets, coordinates).
    static let finiteRequirement = "must be a finite number"
    /// "must be greater than 0": for sizes that must have an extent.
    static let positiveRequirement = "must be greater than 0"
    /// "must not be negative": for radii, widths and paddings where 0 means "none".
    static let nonNegativeRequirement = "must not be negative"

    static func finite(_ value: Double, _ field: String) throws(BalloonError) {
        guard value.isFinite else { throw invalid(field, value, finiteRequirement) }
    }

    static func positive(_ value: Double, _ field: String) throws(BalloonError) {
        guard value.isFinite, value > 0 else { throw invalid(field, value, positiveRequirement) }
    }

    static func nonNegative(_ value: Double, _ field: String) throws(BalloonError) {
        guard value.isFinite, value >= 0 else { throw invalid(field, value, nonNegativeRequirement) }
    }

    /// `value` inside `range` (a `SettingRange` is closed and finite, so NaN is rejected too).
    static func inRange(_ value: Double, _ range: SettingRange<Double>) throws(BalloonError) {
        do {
            try range.check(value)
        } catch {
            throw .invalidValue(error)
        }
    }

    /// A finite origin and a positive size, fields named "`field` x", "`field` width" and so on.
    static func rect(_ rect: Rect, _ field: String) throws(BalloonError) {
        try finite(rect.minX, field + " x")
        try finite(rect.minY, field + " y")
        try positive(rect.width, field + " width")
        try positive(rect.height, field + " height")
    }

    /// Both coordinates finite, fields named "`field` x" and "`field` y".
    static func point(_ point: Vector2, _ field: String) throws(BalloonError) {
        try finite(point.x, field + " x")
        try finite(point.y, field + " y")
    }

    static func invalid(_ field: String, _ value: Double, _ requirement: String) -> BalloonError {
        .invalidValue(InvalidValue(field: field, value: value, requirement: requirement))
    }
}
