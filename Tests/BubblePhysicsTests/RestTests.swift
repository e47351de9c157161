import Testing
import BubbleFixtures
@testable import BubblePhysics

/// A world whose bodies have all been still for a while rests; any change wakes it.
@Suite("Rest")
struct RestTests {
    /// A small crowd pulled into one stable packing by a spring, damped: it comes to rest.
    static func settledWorld() throws -> World {
        var world = try CrowdBenchmark.makeWorld(count: 100)
        world.field.law = .spring
        world.field.strength = 3
        for handle in world.handles { try world.setResistance(3, of: handle) }
        for _ in 0..<3000 where !world.isAtRest { world.step() }
        return world
    }

    /// `settledWorld()`, made once per test process: the tests that start from it step copies.
    static let settled = Result { try settledWorld() }

    @Test("a settled crowd comes to rest: velocities zero, and resting steps change nothing but the count")
    func comesToRest() throws {
        var world = try Self.settled.get()
        #expect(world.isAtRest)
        #expect(world.kineticEnergy == 0)
        let positions = world.handles.map { world.position(of: $0) }
        let builds = world.contactBuilds
        run(&world, steps: 100)
        #expect(world.isAtRest)
        #expect(world.handles.map { world.position(of: $0) } == positions)
        #expect(world.contactBuilds == builds)
    }

    /// Every kind of change, each applied to a copy of a resting world.
    static let changes: [(String, @Sendable (inout World) throws -> Void)] = [
        ("createBody", { try $0.createBody(BodyDefinition(position: Vector2(3, 3), radius: 0.6)) }),
        ("destroyBody", { $0.destroyBody($0.handles[3]) }),
        ("setPosition", { try $0.setPosition(Vector2(2, 2), of: $0.handles[3]) }),
        ("setVelocity", { try $0.setVelocity(Vector2(1, 0), of: $0.handles[3]) }),
        ("applyImpulse", { try $0.applyImpulse(Vector2(1, 0), to: $0.handles[3]) }),
        ("setRadius", { try $0.setRadius(0.9, of: $0.handles[3]) }),
        ("setDensity", { try $0.setDensity(2, of: $0.handles[3]) }),
        ("setResistance", { try $0.setResistance(0.5, of: $0.handles[3]) }),
        ("setKind", { $0.setKind(.kinematic, of: $0.handles[3]) }),
        ("setCollides", { $0.setCollides(false, of: $0.handles[3]) }),
        ("setAttracted", { $0.setAttracted(false, of: $0.handles[3]) }),
        ("setField", { var field = $0.field; field.strength = 4; try $0.setField(field) }),
        ("setContainer", { var container = $0.container; container.rect.size.width -= 1; try $0.setContainer(container) }),
        ("setConfiguration", { var configuration = $0.configuration; configuration.pushSpeed = 9; try $0.setConfiguration(configuration) }),
        ("wake", { $0.wake() }),
    ]

    @Test("every change wakes a resting world at once", arguments: 0..<15)
    func changesWake(index: Int) throws {
        let resting = try Self.settled.get()
        #expect(resting.isAtRest)
        var world = resting
        let (name, change) = Self.changes[index]
        try change(&world)
        #expect(!world.isAtRest, "\(name) woke the world")
    }

    @Test("calls that change nothing leave it resting (the picker sets its field every step)")
    func noOpsKeepRest() throws {
        var world = try Self.settled.get()
        try world.setField(world.field)
        try world.setContainer(world.container)
        try world.setVelocity(.zero, of: world.handles[0])
        try world.setRadius(world.radius(of: world.handles[0]), of: world.handles[0])
        world.setCollides(true, of: world.handles[0])
        var configuration = world.configuration
        configuration.threads = 2  // the thread count changes no result
        configuration.leastParallelBodies = 0
        try world.setConfiguration(configuration)
        #expect(world.isAtRest)
    }

    @Test("a body a weak field is still accelerating keeps the world awake")
    func slowStartIsNotRest() throws {
        var world = try World(container: box(1000, solid: .none),
                              field: AttractionField(point: Vector2(900, 500), law: .radialGravity, strength: 0.02, falloffRadius: 1))
        let body = try world.createBody(BodyDefinition(position: Vector2(100, 500), radius: 1))
        run(&world, steps: 600)
        #expect(!world.isAtRest)
        #expect(world.velocity(of: body).x > 0.15, "it keeps speeding up: \(world.velocity(of: body))")
    }

    @Test("a body pushed back into a shrunk container is moving, not resting")
    func pushedOutIsNotRest() throws {
        var world = try World(container: box(100))
        let body = try world.createBody(BodyDefinition(position: Vector2(90, 50), radius: 2))
        try world.setContainer(Container(rect: Rect(x: 0, y: 0, width: 50, height: 100)))
        run(&world, steps: 240)
        #expect(world.position(of: body).x <= 48 + 1e-9)
    }

    @Test("rest is deterministic: the same scene rests at the same step, with the same state")
    func deterministic() throws {
        func restStep(_ world: World) -> (Int, UInt64) { (world.stepCount, world.stateHash()) }
        let first = try restStep(Self.settled.get())  // settled once for the suite
        #expect(try restStep(Self.settledWorld()) == first)
    }
}
