/// A stable reference to a body: a slot index plus the slot's generation when the body was
/// created. A handle to a destroyed body never aliases a newer body in the same slot.
public struct BodyHandle: Hashable, Sendable, CustomStringConvertible {
    /// The slot in the world's body arrays.
    public let index: Int32
    /// The slot's generation when this body was created.
    public let generation: UInt32

    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

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

    /// Radii and densities a body may have: wide enough for any unit system, narrow enough that
    /// mass (density × π × r²) and its inverse stay finite and normal.
    public static let radiusRange: ClosedRange<Double> = 1e-9...1e9
    public static let densityRange: ClosedRange<Double> = 1e-9...1e9
    /// Largest coordinate of a position given to the world (|x| and |y|).
    public static let positionLimit: Double = 1e15

    /// Nil when the definition is valid; otherwise which field is wrong and why.
    public var validationError: String? {
        if !BodyDefinition.isValidPosition(position) { return "position \(position) must be finite with |x|, |y| ≤ 1e15" }
        if !velocity.isFinite { return "velocity \(velocity) is not finite" }
        if !BodyDefinition.radiusRange.contains(radius) { return "radius \(radius) must be in 1e-9...1e9" }
        if !BodyDefinition.densityRange.contains(density) { return "density \(density) must be in 1e-9...1e9" }
        if !(resistance.isFinite && resistance >= 0) { return "resistance \(resistance) must be finite and not negative" }
        return nil
    }
}

extension BodyDefinition {
    /// True when `position` is finite and within `positionLimit` on both axes.
    public static func isValidPosition(_ position: Vector2) -> Bool {
        position.isFinite && abs(position.x) <= positionLimit && abs(position.y) <= positionLimit
    }
}

/// A read-only view of one body.
public struct BodyState: Hashable, Sendable {
    public var handle: BodyHandle
    public var position: Vector2
    public var velocity: Vector2
    public var radius: Double
    public var density: Double
    /// density × π × r²; infinite for kinematic bodies.
    public var mass: Double
    public var resistance: Double
    public var kind: BodyKind
    public var collides: Bool
    public var attracted: Bool
}

/// The solver's per-body state: the only body data the contact loops touch, packed so one
/// body is one 48-byte load. Kinematic bodies have `invMass` 0.
@usableFromInline
struct SolverBody: Sendable {
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
}
