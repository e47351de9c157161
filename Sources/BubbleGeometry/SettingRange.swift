/// The values a setting accepts: a name and a closed interval. Each configuration type defines
/// its ranges once, beside the settings they bound; validation, the scenario reader, error
/// messages and the JSON Schema test all read that one definition.
///
/// For `Double` the interval is closed and finite, so NaN and ±infinity are never contained;
/// a setting that must be positive has a smallest positive value as its lower bound.
public struct SettingRange<Bound: SettingBound>: Sendable {
    /// The setting's name as in the API and the scenario format, e.g. `timeStep`.
    public let name: String
    /// The accepted values.
    public let bounds: ClosedRange<Bound>

    /// A range named `name` accepting `bounds`.
    public init(_ name: String, _ bounds: ClosedRange<Bound>) {
        self.name = name
        self.bounds = bounds
    }

    /// The smallest accepted value.
    public var lowerBound: Bound { bounds.lowerBound }
    /// The largest accepted value.
    public var upperBound: Bound { bounds.upperBound }

    /// True when `value` is accepted.
    @inlinable public func contains(_ value: Bound) -> Bool { bounds.contains(value) }

    /// `must be in L...U`.
    public var requirement: String { "must be in \(bounds.lowerBound.settingText)...\(bounds.upperBound.settingText)" }

    /// Throws `InvalidValue` naming this setting (or `field`, when given: a path such as
    /// `container.physics.timeStep`) unless `value` is accepted.
    public func check(_ value: Bound, field: String? = nil) throws(InvalidValue) {
        guard bounds.contains(value) else {
            throw InvalidValue(field: field ?? name, value: value.settingText, requirement: requirement)
        }
    }

    /// `value` moved into the range (a NaN becomes the lower bound).
    public func clamped(_ value: Bound) -> Bound {
        if value > bounds.upperBound { return bounds.upperBound }
        return value >= bounds.lowerBound ? value : bounds.lowerBound
    }
}

/// A value a `SettingRange` can bound: comparable, and written compactly in messages.
public protocol SettingBound: Comparable, Sendable {
    /// The value as a message shows it: `60`, `0.5`, `1e-09`.
    var settingText: String { get }
}

extension Double: SettingBound {
    /// Whole numbers below 10^15 without a fraction (`60`, not `60.0`); others as `description`.
    public var settingText: String {
        if self == rounded(.towardZero) && abs(self) < 1e15 { return String(Int(self)) }
        return description
    }
}

extension Int: SettingBound {
    /// The decimal digits.
    public var settingText: String { String(self) }
}
