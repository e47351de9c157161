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
    /// A spring field that pulls every body alike, measured in its own size: within `reach` of
    /// its own radii from the point a body's *acceleration* is `-strength × displacement`,
    /// whatever its mass; farther out the pull keeps the magnitude it has there
    /// (`strength × reach × radius`, toward the point). So bodies of every size gather at the
    /// same pace and a world scaled up or down behaves alike, and the pressure a crowd builds
    /// grows with its depth in radii — linearly, not quadratically — so a small body in a deep
    /// crowd of large ones is not crushed. `strength` is ω², in 1 / s².
    case uniformSpring
}

/// An attraction field toward a movable point. Strength, point and law may change between steps.
public struct AttractionField: Hashable, Sendable {
    /// The point bodies are attracted to, in world units.
    public var point: Vector2
    /// The force law.
    public var law: FieldLaw
    /// Spring: force per unit displacement. Radial gravity: acceleration in units / s².
    /// Uniform spring: acceleration per unit displacement, 1 / s² (ω²).
    /// Zero switches the field off. Typical: radial gravity 10 (benchmark); spring about mass × ω²,
    /// e.g. 50,000 for 40-point bubbles of density 1 at ω ≈ 3 rad/s; uniform spring ω², e.g. 12.
    public var strength: Double
    /// Radial gravity only: inside this distance the acceleration is scaled down linearly to
    /// zero at the point, so bodies do not oscillate across it. Units. Typical: one radius.
    public var falloffRadius: Double
    /// Uniform spring only: how far the spring reaches, in radii of each body; beyond it the pull
    /// stops growing with distance. Default 6.
    public var reach: Double

    /// A field; the default is switched off (strength 0).
    public init(point: Vector2 = .zero, law: FieldLaw = .spring, strength: Double = 0, falloffRadius: Double = 1,
                reach: Double = 6) {
        self.point = point
        self.law = law
        self.strength = strength
        self.falloffRadius = falloffRadius
        self.reach = reach
    }

    /// Accepted `strength` (force per unit displacement, units / s², or 1 / s²).
    public static var strengthRange: SettingRange<Double> { SettingRange("field strength", 0...Double.greatestFiniteMagnitude) }
    /// Accepted `falloffRadius`, world units.
    public static var falloffRadiusRange: SettingRange<Double> { SettingRange("falloffRadius", 0...BodyDefinition.positionLimit) }
    /// Accepted `reach`, body radii.
    public static var reachRange: SettingRange<Double> { SettingRange("reach", 0...Double.greatestFiniteMagnitude) }
    /// Accepted coordinates of `point`, world units.
    public static var pointRange: SettingRange<Double> { SettingRange("field point", -BodyDefinition.positionLimit...BodyDefinition.positionLimit) }

    /// Throws `InvalidValue` naming the first value out of range.
    public func validate() throws(InvalidValue) {
        try Self.pointRange.check(point.x, field: "field point x")
        try Self.pointRange.check(point.y, field: "field point y")
        try Self.strengthRange.check(strength)
        try Self.falloffRadiusRange.check(falloffRadius)
        try Self.reachRange.check(reach)
    }
}
