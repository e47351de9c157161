import Testing
@testable import BubblePhysics

/// The velocity and position updates take two bodies at a time where both take the common path
/// and one at a time otherwise; the path a body takes must never change a bit.
@Suite("Paired per-body passes")
struct PairedPassTests {
    /// A world of mixed bodies on every path: dead slots, kinematic ones, ones the field ignores,
    /// ones over the speed limit, ones inside the field's falloff or on its point, ones poking
    /// through a wall or flying out through the open border, stepped a little so every buffer holds state.
    static func mixedWorld(seed: UInt64, law: FieldLaw) throws -> World {
        var configuration = WorldConfiguration()
        configuration.maxSpeed = 40
        var random = SplitMix64(seed: seed)
        let field = AttractionField(point: Vector2(30, 20), law: law, strength: law == .spring ? 40 : 30, falloffRadius: 6)
        var world = try World(configuration: configuration,
                              container: Container(rect: Rect(x: 0, y: 0, width: 60, height: 40), solidBorders: [.left, .top, .bottom]),
                              field: field)
        var handles: [BodyHandle] = []
        for index in 0..<96 {
            let radius = random.next(in: 0.4, 2.0)
            let position = index % 17 == 0 ? Vector2(30, 20) : Vector2(random.next(in: -2, 62), random.next(in: -2, 42))
            let speed = index % 5 == 0 ? 400.0 : 20.0
            let velocity = Vector2(random.next(in: -speed, speed), random.next(in: -speed, speed))
            handles.append(try world.createBody(BodyDefinition(
                position: position, radius: radius, density: random.next(in: 0.5, 3), velocity: velocity,
                resistance: random.next(in: 0, 2), kind: index % 11 == 3 ? .kinematic : .dynamic,
                collides: index % 13 != 5, attracted: index % 7 != 2)))
        }
        for index in stride(from: 4, to: handles.count, by: 9) { world.destroyBody(handles[index]) }
        for _ in 0..<3 { world.step() }
        return world
    }

    /// The solver buffers after one velocity and one position update over every slot, run
    /// either as one range (pairs where possible) or one slot at a time (never paired).
    static func afterPasses(_ world: World, first: Bool, paired: Bool) -> [UInt64] {
        var world = world
        world.withSolverContext { context in
            let slots = 0..<context.bodies.count
            let ranges = paired ? [slots] : slots.map { $0..<($0 + 1) }
            for range in ranges { context.integrateVelocities(range, first: first) }
            for range in ranges { context.integratePositions(range, first: first) }
        }
        var bits: [UInt64] = []
        for slot in world.bodies.indices where world.flags[slot].contains(.alive) {
            let body = world.bodies[slot]
            bits += [body.px, body.py, body.vx, body.vy].map(\.bitPattern)
            bits += [world.stepStart[slot].x, world.stepStart[slot].y].map(\.bitPattern)
            bits += (0..<4).map { UInt64(world.motion[slot][$0].bitPattern) }
            bits += (0..<2).map { UInt64(world.traits[slot][$0].bitPattern) }
        }
        return bits
    }

    @Test("two bodies at a time give the same bits as one at a time, on every path", arguments: [FieldLaw.radialGravity, .spring, .uniformSpring])
    func pairedEqualsSingle(law: FieldLaw) throws {
        for seed in UInt64(1)...12 {
            let world = try Self.mixedWorld(seed: seed, law: law)
            for first in [true, false] {
                let paired = Self.afterPasses(world, first: first, paired: true)
                let single = Self.afterPasses(world, first: first, paired: false)
                #expect(!paired.isEmpty && paired.count == single.count)
                let differing = zip(paired, single).filter { $0 != $1 }.count
                #expect(differing == 0, "seed \(seed), first substep \(first): \(differing) of \(paired.count) values differ")
            }
        }
    }
}
