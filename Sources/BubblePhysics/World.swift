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
    /// Largest speed of any body, in radii per second. Default 1e8 (a 0.5-unit body at 5e7
    /// units/s): far beyond any gesture; it exists so that no input can overflow a position.
    public var maxSpeed: Double = 1e8
    /// Restitution of body-body and body-wall contacts, 0...1. Default 0 (no bounce).
    public var elasticity: Double = 0
    /// Contacts are found this far apart (fraction of the radius sum) so approaching bodies are
    /// caught before they touch. Default 0.25; must be in 0...0.5.
    public var speculativeFraction: Double = 0.25
    /// `advance(by:)` runs at most this many steps per call and drops the rest (no spiral of
    /// death after a stall). Default 8.
    public var maxStepsPerAdvance: Int = 8
    /// Threads one step runs on: 1 (the default) steps on the calling thread; N > 1 also uses
    /// N − 1 worker threads of a process-wide pool for the colours, the per-body passes, the
    /// contact refresh, the pair search and the wall contacts. The results are bit-identical for
    /// every value (no chunk's result depends on how the work is cut or which thread runs it).
    /// Worlds of fewer than 4,096 bodies always step on the calling thread (their step costs
    /// about as much as handing its phases around). The pool uses its workers only while they
    /// make steps cheaper: on a machine whose cores are busy the step runs on the calling thread
    /// (see `WorkerPool` and `ThreadChoice`). Without Dispatch (Embedded Swift, WebAssembly), on Apple systems before
    /// macOS 15 / iOS 18, or while another world is stepping on the pool, the step runs on the
    /// calling thread.
    public var threads: Int = 1
    /// Worlds with fewer bodies step on the calling thread whatever `threads` says. Internal:
    /// tests lower it to run small worlds on the workers.
    var leastParallelBodies = ThreadChoice.leastBodies

    /// Settings with their defaults.
    public init() {}

    // MARK: Ranges (the one definition; the scenario reader and the JSON Schema test read these)

    /// Accepted `timeStep`, seconds.
    public static var timeStepRange: SettingRange<Double> { SettingRange("timeStep", 0.0001...0.1) }
    /// Accepted `substeps`.
    public static var substepsRange: SettingRange<Int> { SettingRange("substeps", 1...64) }
    /// Accepted `contactHertz`.
    public static var contactHertzRange: SettingRange<Double> { SettingRange("contactHertz", 0.01...10_000) }
    /// Accepted `contactDampingRatio`.
    public static var contactDampingRatioRange: SettingRange<Double> { SettingRange("contactDampingRatio", 0...1000) }
    /// Accepted `pushSpeed`, radii per second.
    public static var pushSpeedRange: SettingRange<Double> { SettingRange("pushSpeed", 0.001...1000) }
    /// Accepted `maxSpeed`, radii per second.
    public static var maxSpeedRange: SettingRange<Double> { SettingRange("maxSpeed", 0.001...1e8) }
    /// Accepted `elasticity`.
    public static var elasticityRange: SettingRange<Double> { SettingRange("elasticity", 0...1) }
    /// Accepted `speculativeFraction`.
    public static var speculativeFractionRange: SettingRange<Double> { SettingRange("speculativeFraction", 0...0.5) }
    /// Accepted `maxStepsPerAdvance`.
    public static var maxStepsPerAdvanceRange: SettingRange<Int> { SettingRange("maxStepsPerAdvance", 1...1000) }
    /// Accepted `threads`.
    public static var threadsRange: SettingRange<Int> { SettingRange("threads", 1...64) }

    /// Throws `InvalidValue` naming the first setting outside its range.
    public func validate() throws(InvalidValue) {
        try Self.timeStepRange.check(timeStep)
        try Self.substepsRange.check(substeps)
        try Self.contactHertzRange.check(contactHertz)
        try Self.contactDampingRatioRange.check(contactDampingRatio)
        try Self.pushSpeedRange.check(pushSpeed)
        try Self.maxSpeedRange.check(maxSpeed)
        try Self.elasticityRange.check(elasticity)
        try Self.speculativeFractionRange.check(speculativeFraction)
        try Self.maxStepsPerAdvanceRange.check(maxStepsPerAdvance)
        try Self.threadsRange.check(threads)
    }
}

/// A fixed-step world of rigid circles: an attraction field, a rectangular container with
/// solid or open borders, and contacts without friction or rotation.
///
/// `World` is a value: copying it takes a snapshot, and stepping the copy and the original
/// gives bit-identical states. Stepping never reads a clock or a random source.
///
/// ```swift
/// var world = try World(container: Container(rect: Rect(x: 0, y: 0, width: 375, height: 667)))
/// try world.setField(AttractionField(point: Vector2(187.5, 333.5), law: .spring, strength: 50_000))
/// let bubble = try world.createBody(BodyDefinition(position: Vector2(40, 40), radius: 40))
/// for _ in 0..<60 { world.step() }
/// print(world.position(of: bubble))
/// ```
public struct World: Sendable {
    /// Solver settings; change them between steps with `setConfiguration(_:)`.
    public internal(set) var configuration: WorldConfiguration
    /// The attraction field; change it between steps with `setField(_:)`.
    public internal(set) var field: AttractionField
    /// The container; change it between steps with `setContainer(_:)` (resize, open or close borders).
    public internal(set) var container: Container
    /// Steps taken so far.
    public internal(set) var stepCount: Int = 0
    /// Bodies alive.
    public internal(set) var bodyCount: Int = 0
    /// The frame clock of `advance(by:)`: time carried toward the next step.
    public internal(set) var clock = FixedStepClock()

    /// The bodies and contacts (see `WorldStorage`), shared by copies until one changes.
    var storage = WorldStorage()
    // The drift check's blocks of the build positions: made by the first check after a build,
    // dropped by the next build (`DriftLayout`).
    var driftLayout: DriftLayout?
    /// Something changed that the contact list cannot follow (a body, a radius, the container).
    var needsRebuild = true
    /// Some body has moved more than the skin since the last contact build (the next step
    /// checks whether the list still covers every close pair).
    var drifted = false
    /// Every body moved less than a quarter of the skin in the last step (radius-relative): a
    /// drift is then met by a rebuild rather than a check.
    var driftIsSlow = false
    /// Rest detection (see `isAtRest`).
    var rest = RestState()
    /// Contact builds so far (a diagnostic: how well the skin lets contacts be reused).
    public internal(set) var contactBuilds = 0
    /// Steps that kept the contact list although some body had moved more than the skin, because
    /// the bodies moved together (a diagnostic, like `contactBuilds`).
    public internal(set) var contactsKept = 0

    /// An empty world.
    /// - Throws: `InvalidValue` naming the first setting, container or field value out of range.
    public init(configuration: WorldConfiguration = WorldConfiguration(),
                container: Container = Container(rect: .zero),
                field: AttractionField = AttractionField()) throws(InvalidValue) {
        try configuration.validate()
        try container.validate()
        try field.validate()
        self.configuration = configuration
        self.container = container
        self.field = field
    }
}

extension World {
    /// Replaces the solver settings; they take effect at the next step.
    /// - Throws: `InvalidValue` (and changes nothing) when a setting is out of range.
    public mutating func setConfiguration(_ configuration: WorldConfiguration) throws(InvalidValue) {
        try configuration.validate()
        guard configuration != self.configuration else { return }
        // Thread settings alone change no result: they neither wake the world nor rebuild.
        var others = configuration
        others.threads = self.configuration.threads
        others.leastParallelBodies = self.configuration.leastParallelBodies
        if others != self.configuration { changed(rebuild: true) }
        self.configuration = configuration
    }

    /// Replaces the attraction field (point, law, strength); it acts from the next step.
    /// - Throws: `InvalidValue` (and changes nothing) when a value is out of range.
    public mutating func setField(_ field: AttractionField) throws(InvalidValue) {
        try field.validate()
        guard field != self.field else { return }
        changed(rebuild: false)
        self.field = field
    }

    /// Replaces the container (a resize, borders opened or closed). Bodies caught outside a solid
    /// border are pushed back in at the push speed over the next steps, never teleported.
    /// - Throws: `InvalidValue` (and changes nothing) for a non-finite or negative rect.
    public mutating func setContainer(_ container: Container) throws(InvalidValue) {
        try container.validate()
        guard container != self.container else { return }
        changed(rebuild: true)
        self.container = container
    }
}
