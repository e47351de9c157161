/// A stable reference to a body: a slot index plus the slot's generation when the body was
/// created. A handle to a destroyed body never aliases a newer body in the same slot.
public struct BodyHandle: Hashable, Sendable, CustomStringConvertible {
    /// The slot in the world's body arrays.
    public let index: Int32
    /// The slot's generation when this body was created.
    public let generation: UInt32

    /// A handle from its slot and generation (the world hands these out; making one by hand is
    /// only useful in tests).
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// `Body(index#generation)`, for logs.
    public var description: String { "Body(\(index)#\(generation))" }
}

/// How a body moves.
public enum BodyKind: String, Hashable, Sendable {
    /// Moved by forces, contacts and the field.
    case dynamic
    /// Moved only by the velocity you give it (a finger); infinite mass, pushes dynamic bodies,
    /// ignores the field and resistance. Solid borders still hold it.
    case kinematic
}

/// Everything needed to create a body.
public struct BodyDefinition: Hashable, Sendable {
    /// Centre, in world units.
    public var position: Vector2
    /// Velocity, in units per second.
    public var velocity: Vector2
    /// Radius in world units; must be positive and finite. Typical: 40 points (a picker bubble).
    public var radius: Double
    /// Mass per unit area; must be positive and finite. Mass = density × π × r². Typical: 1.
    public var density: Double
    /// Linear damping per second (`v *= 1 / (1 + h × resistance)` every substep). Typical: 0...5.
    public var resistance: Double
    /// Dynamic or kinematic.
    public var kind: BodyKind
    /// Whether the body collides with other bodies (switch off while it fades out).
    public var collides: Bool
    /// Whether the attraction field acts on the body.
    public var attracted: Bool

    /// A definition; only the position and radius have no default.
    public init(position: Vector2, radius: Double, density: Double = 1, velocity: Vector2 = .zero,
                resistance: Double = 0, kind: BodyKind = .dynamic, collides: Bool = true, attracted: Bool = true) {
        self.position = position
        self.velocity = velocity
        self.radius = radius
        self.density = density
        self.resistance = resistance
        self.kind = kind
        self.collides = collides
        self.attracted = attracted
    }

    /// Largest coordinate of a position given to the world (|x| and |y|), world units.
    public static let positionLimit: Double = 1e15
    /// Accepted radii, world units: wide enough for any unit system, narrow enough that mass
    /// (density × π × r²) and its inverse stay finite and normal.
    public static var radiusRange: SettingRange<Double> { SettingRange("radius", 1e-9...1e9) }
    /// Accepted densities (mass per unit area).
    public static var densityRange: SettingRange<Double> { SettingRange("density", 1e-9...1e9) }
    /// Accepted resistance (linear damping per second).
    public static var resistanceRange: SettingRange<Double> { SettingRange("resistance", 0...1e6) }
    /// Accepted position coordinates, world units.
    public static var coordinateRange: SettingRange<Double> { SettingRange("position", -positionLimit...positionLimit) }
    /// Accepted velocity (and impulse) components: any finite value (speeds are capped by
    /// `WorldConfiguration.maxSpeed` in the step).
    public static var velocityRange: SettingRange<Double> { SettingRange("velocity", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) }

    /// Throws `InvalidValue` naming the first field out of range.
    public func validate() throws(InvalidValue) { try validate(fieldPrefix: "") }

    /// `validate()` with every field name after `prefix` (a path such as `slots[3].`).
    func validate(fieldPrefix prefix: String) throws(InvalidValue) {
        try Self.checkPosition(position, field: prefix + "position")
        try Self.checkVelocity(velocity, field: prefix + "velocity")
        try Self.radiusRange.check(radius, field: prefix + Self.radiusRange.name)
        try Self.densityRange.check(density, field: prefix + Self.densityRange.name)
        try Self.resistanceRange.check(resistance, field: prefix + Self.resistanceRange.name)
    }

    /// Throws unless both coordinates are within `positionLimit`.
    static func checkPosition(_ position: Vector2, field: String = "position") throws(InvalidValue) {
        try coordinateRange.check(position.x, field: field + " x")
        try coordinateRange.check(position.y, field: field + " y")
    }

    /// The solver's state of a body made from this definition (inverse mass not yet set).
    var solverBody: SolverBody {
        SolverBody(px: position.x, py: position.y, vx: velocity.x, vy: velocity.y, invMass: 0, radius: radius)
    }

    /// The flags of a live body made from this definition.
    var flags: BodyFlags {
        var flags: BodyFlags = .alive
        if kind == .kinematic { flags.insert(.kinematic) }
        if collides { flags.insert(.collides) }
        if attracted { flags.insert(.attracted) }
        return flags
    }

    /// Throws unless both components are finite.
    static func checkVelocity(_ velocity: Vector2, field: String) throws(InvalidValue) {
        try velocityRange.check(velocity.x, field: field + " x")
        try velocityRange.check(velocity.y, field: field + " y")
    }
}

/// A read-only view of one body.
public struct BodyState: Hashable, Sendable {
    /// The body's handle.
    public var handle: BodyHandle
    /// Centre, world units.
    public var position: Vector2
    /// Velocity, units per second.
    public var velocity: Vector2
    /// Radius, world units.
    public var radius: Double
    /// Mass per unit area.
    public var density: Double
    /// density × π × r²; infinite for kinematic bodies.
    public var mass: Double
    /// Linear damping per second.
    public var resistance: Double
    /// Dynamic or kinematic.
    public var kind: BodyKind
    /// Whether it collides with other bodies.
    public var collides: Bool
    /// Whether the field pulls it.
    public var attracted: Bool
}

/// The solver's per-body state: the only body data the contact loops touch, packed so one
/// body is one 48-byte load. Kinematic bodies have `invMass` 0.
@usableFromInline
struct SolverBody: Sendable, BitwiseCopyable {
    @usableFromInline var px: Double
    @usableFromInline var py: Double
    @usableFromInline var vx: Double
    @usableFromInline var vy: Double
    @usableFromInline var invMass: Double
    @usableFromInline var radius: Double
}

/// Bookkeeping bits per body slot.
struct BodyFlags: OptionSet, Sendable {
    let rawValue: UInt8
    static let alive = BodyFlags(rawValue: 1)
    static let kinematic = BodyFlags(rawValue: 2)
    static let collides = BodyFlags(rawValue: 4)
    static let attracted = BodyFlags(rawValue: 8)

    /// Whether every flag of `member` is set. The bit test itself, so an unoptimised (debug)
    /// build of the step does not reach it through the generic `SetAlgebra` extension.
    @_transparent
    func contains(_ member: BodyFlags) -> Bool { rawValue & member.rawValue == member.rawValue }
}
