/// The law by which the attraction field pulls bodies toward its point.
public enum FieldLaw: String, Hashable, Sendable, CaseIterable {
    /// A spring field, like UIKit Dynamics' `springField`: the *force* on a body is
    /// `-strength × displacement` from the point, whatever the body's mass. Acceleration is
    /// force / mass, so lighter bubbles respond faster and denser ones lag behind.
    /// `strength` is in force per unit of displacement (mass units / s²).
    case spring
    /// A radial gravity field, like SpriteKit's: every body gets the same *acceleration*
    /// `strength` toward the point (units / s²), scaled down linearly inside `falloffRadius`
    /// so it vanishes at the point. In a crowd the denser bodies push through the lighter ones
    /// and settle nearer the point.
    case radialGravity
}

/// An attraction field toward a movable point. Strength, point and law may change between steps.
public struct AttractionField: Hashable, Sendable {
    /// The point bodies are attracted to, in world units.
    public var point: Vector2
    /// The force law.
    public var law: FieldLaw
    /// Spring: force per unit displacement. Radial gravity: acceleration in units / s².
    /// Zero switches the field off. Typical: radial gravity 10 (benchmark); spring about mass × ω²,
    /// e.g. 50,000 for 40-point bubbles of density 1 at ω ≈ 3 rad/s.
    public var strength: Double
    /// Radial gravity only: inside this distance the acceleration is scaled down linearly to
    /// zero at the point, so bodies do not oscillate across it. Units. Typical: one radius.
    public var falloffRadius: Double

    /// A field; the default is switched off (strength 0).
    public init(point: Vector2 = .zero, law: FieldLaw = .spring, strength: Double = 0, falloffRadius: Double = 1) {
        self.point = point
        self.law = law
        self.strength = strength
        self.falloffRadius = falloffRadius
    }

    /// Accepted `strength` (force per unit displacement, or units / s²).
    public static let strengthRange = SettingRange<Double>("field strength", 0...Double.greatestFiniteMagnitude)
    /// Accepted `falloffRadius`, world units.
    public static let falloffRadiusRange = SettingRange<Double>("falloffRadius", 0...BodyDefinition.positionLimit)
    /// Accepted coordinates of `point`, world units.
    public static let pointRange = SettingRange<Double>("field point", -BodyDefinition.positionLimit...BodyDefinition.positionLimit)

    /// Throws `InvalidValue` naming the first value out of range.
    public func validate() throws(InvalidValue) {
        try Self.pointRange.check(point.x, field: "field point x")
        try Self.pointRange.check(point.y, field: "field point y")
        try Self.strengthRange.check(strength)
        try Self.falloffRadiusRange.check(falloffRadius)
    }
}
