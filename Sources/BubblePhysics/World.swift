/// Solver settings. Every tolerance is relative to body radii, so a scene behaves the same at
/// 0.5-unit radii and at 40-point radii.
public struct WorldConfiguration: Hashable, Sendable {
    /// Fixed time step in seconds. Default 1/60.
    public var timeStep: Double = 1.0 / 60.0
    /// Substeps per step (each integrates, solves and relaxes once). Default 4.
    public var substeps: Int = 4
    /// Stiffness of contact softness in Hz, capped at a quarter of the substep rate. Default 60
    /// (the cap at 4 substeps of 1/60 s); Box2D's 30 leaves three times the overlap in a crowd.
    public var contactHertz: Double = 60
    /// Damping ratio of contact softness. Default 10 (heavily damped: no bounce from push-out).
    public var contactDampingRatio: Double = 10
    /// Largest speed at which overlap is pushed out, in radii per second (of the pair's mean
    /// radius). Also how fast bodies caught outside a shrunk container come back. Default 8.
    public var pushSpeed: Double = 8
    /// Restitution of body-body and body-wall contacts, 0...1. Default 0 (no bounce).
    public var elasticity: Double = 0
    /// Contacts are found this far apart (fraction of the radius sum) so approaching bodies are
    /// caught before they touch. Default 0.25; must be in 0...0.5.
    public var speculativeFraction: Double = 0.25
    /// `advance(by:)` runs at most this many steps per call and drops the rest (no spiral of
    /// death after a stall). Default 8.
    public var maxStepsPerAdvance: Int = 8

    public init() {}

    /// Nil when valid; otherwise which field is wrong.
    public var validationError: String? {
        if !(timeStep.isFinite && timeStep > 0 && timeStep <= 1) { return "timeStep \(timeStep) must be in (0, 1]" }
        if !(1...64).contains(substeps) { return "substeps \(substeps) must be in 1...64" }
        if !(contactHertz.isFinite && contactHertz > 0) { return "contactHertz \(contactHertz) must be positive" }
        if !(contactDampingRatio.isFinite && contactDampingRatio >= 0) { return "contactDampingRatio \(contactDampingRatio) must not be negative" }
        if !(pushSpeed.isFinite && pushSpeed > 0) { return "pushSpeed \(pushSpeed) must be positive" }
        if !(elasticity.isFinite && (0...1).contains(elasticity)) { return "elasticity \(elasticity) must be in 0...1" }
        if !(speculativeFraction.isFinite && (0...0.5).contains(speculativeFraction)) { return "speculativeFraction \(speculativeFraction) must be in 0...0.5" }
        if !(1...1000).contains(maxStepsPerAdvance) { return "maxStepsPerAdvance \(maxStepsPerAdvance) must be in 1...1000" }
        return nil
    }
}

/// A fixed-step world of rigid circles: an attraction field, a rectangular container with
/// solid or open borders, and contacts without friction or rotation.
///
/// `World` is a value: copying it takes a snapshot, and stepping the copy and the original
/// gives bit-identical states. Stepping never reads a clock or a random source.
///
/// ```swift
/// var world = World(container: Container(rect: Rect(x: 0, y: 0, width: 375, height: 667)))
/// world.field = AttractionField(point: Vector2(187.5, 333.5), law: .spring, strength: 50_000)
/// let bubble = world.createBody(BodyDefinition(position: Vector2(10, 10), radius: 40))
/// for _ in 0..<60 { world.step() }
/// print(world.position(of: bubble))
/// ```
public struct World: Sendable {
    /// Solver settings; may change between steps.
    public var configuration: WorldConfiguration {
        willSet { precondition(newValue.validationError == nil, newValue.validationError ?? "") }
    }
    /// The attraction field; may change between steps.
    public var field: AttractionField {
        willSet { precondition(newValue.isValid, "invalid attraction field \(newValue)") }
    }
    /// The container; may change between steps (resize, open or close borders).
    public var container: Container {
        willSet { precondition(newValue.rect.isValid, "invalid container rect \(newValue.rect)") }
    }
    /// Steps taken so far.
    public internal(set) var stepCount: Int = 0
    /// Bodies alive.
    public internal(set) var bodyCount: Int = 0
    /// Time carried by `advance(by:)` toward the next step, in seconds.
    public internal(set) var accumulatedTime: Double = 0

    // Hot solver state, one slot per body (dead slots have `flags` without `.alive`).
    var bodies: [SolverBody] = []
    // Bookkeeping, one per slot.
    var flags: [BodyFlags] = []
    var generations: [UInt32] = []
    var densities: [Double] = []
    var resistances: [Double] = []
    var freeSlots: [Int32] = []
    // Contacts of the current step (sorted by body slots) and the broadphase grid.
    var contacts: [Contact] = []
    var wallContacts: [WallContact] = []
    var grid = Grid()
    // Scratch kept for its capacity: impulses carried between steps, approach speeds.
    var carried: [CarriedImpulse] = []
    var approachSpeeds: [Double] = []

    public init(configuration: WorldConfiguration = WorldConfiguration(),
                container: Container = Container(rect: .zero),
                field: AttractionField = AttractionField()) {
        precondition(configuration.validationError == nil, configuration.validationError ?? "")
        precondition(container.rect.isValid, "invalid container rect \(container.rect)")
        precondition(field.isValid, "invalid attraction field \(field)")
        self.configuration = configuration
        self.container = container
        self.field = field
    }
}
