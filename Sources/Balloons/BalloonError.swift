/// Why a balloon, chat bubble or placement could not be made from the values given.
/// Every user-supplied size goes through `BalloonValidation`, so bad input ends here, never in a crash.
public enum BalloonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A size that must be greater than zero was zero or negative (`field` names it, e.g. "rect width").
    case nonPositiveSize(field: String, value: Double)
    /// A value that must be zero or more was negative (e.g. a corner radius).
    case negativeValue(field: String, value: Double)
    /// A value was NaN or infinite.
    case nonFinite(field: String)
    /// A value was outside its permitted range (e.g. smoothing outside 0...1).
    case outOfRange(field: String, value: Double, range: ClosedRange<Double>)
    /// The focus point given to `BezierPath.balloon(around:pointingAt:)` lies inside the body, on the wrong side of the stem's edge.
    case focusInsideBody(depth: Double)
    /// A placement was asked for with no permitted stem directions.
    case noPermittedDirections
    /// Two paths cannot be interpolated: element `index` differs in kind (or the counts differ, index = shorter count).
    case mismatchedElements(index: Int)

    public var description: String {
        switch self {
        case let .nonPositiveSize(field, value):
            return "\(field) must be greater than 0, got \(SVGNumber.format(value))"
        case let .negativeValue(field, value):
            return "\(field) must not be negative, got \(SVGNumber.format(value))"
        case let .nonFinite(field):
            return "\(field) must be a finite number"
        case let .outOfRange(field, value, range):
            return "\(field) must be in \(SVGNumber.format(range.lowerBound))...\(SVGNumber.format(range.upperBound)), "
                + "got \(SVGNumber.format(value))"
        case let .focusInsideBody(depth):
            return "the focus point lies \(SVGNumber.format(-depth)) points inside the balloon's body, not outside its stem edge"
        case .noPermittedDirections:
            return "at least one stem direction must be permitted"
        case let .mismatchedElements(index):
            return "paths differ in element \(index), so they cannot be interpolated"
        }
    }
}

/// Checks for user-supplied numbers; each throws a `BalloonError` naming the field.
enum BalloonValidation {
    static func finite(_ value: Double, _ field: String) throws {
        guard value.isFinite else { throw BalloonError.nonFinite(field: field) }
    }

    static func positive(_ value: Double, _ field: String) throws {
        try finite(value, field)
        guard value > 0 else { throw BalloonError.nonPositiveSize(field: field, value: value) }
    }

    static func nonNegative(_ value: Double, _ field: String) throws {
        try finite(value, field)
        guard value >= 0 else { throw BalloonError.negativeValue(field: field, value: value) }
    }

    static func unit(_ value: Double, _ field: String) throws {
        try finite(value, field)
        guard (0...1).contains(value) else { throw BalloonError.outOfRange(field: field, value: value, range: 0...1) }
    }

    static func rect(_ rect: Rect, _ field: String) throws {
        try finite(rect.minX, "\(field) x")
        try finite(rect.minY, "\(field) y")
        try positive(rect.width, "\(field) width")
        try positive(rect.height, "\(field) height")
    }
}
