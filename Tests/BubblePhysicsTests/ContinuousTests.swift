import Testing
@testable import BubblePhysics

@Suite("No tunnelling")
struct ContinuousTests {
    @Test("a body flicked at 1e6 units/s never leaves a closed container", arguments: [
        Vector2(1e6, 0), Vector2(-1e6, 0), Vector2(0, 1e6), Vector2(0, -1e6), Vector2(7e5, -7e5), Vector2(-3e5, 9.5e5),
    ])
    func throughWalls(velocity: Vector2) throws {
        var world = try World(container: box(50))
        try world.createBody(BodyDefinition(position: Vector2(25, 25), radius: 1, velocity: velocity))
        for _ in 0..<30 {
            world.step()
            #expect(allInside(world, world.container.rect))
        }
        #expect(world.nonFiniteCount == 0)
    }

    @Test("a body flicked at 1e6 units/s stops at the body in its way", arguments: [1.0, 0.5, 40.0])
    func throughBodies(radius: Double) throws {
        var world = try World(container: box(1000 * radius, solid: .none))
        let bullet = try world.createBody(BodyDefinition(position: Vector2(10 * radius, 500 * radius), radius: radius,
                                                     velocity: Vector2(1e6, 0)))
        let target = try world.createBody(BodyDefinition(position: Vector2(30 * radius, 500 * radius), radius: radius))
        world.step()
        #expect(world.position(of: bullet).x <= world.position(of: target).x - 2 * radius * 0.99,
                "the bullet stopped before the target: \(world.position(of: bullet)) vs \(world.position(of: target))")
        for _ in 0..<10 { world.step() }
        #expect(world.position(of: bullet).x < world.position(of: target).x, "and never passes it")
    }

    @Test("a flick into a body resting on a wall neither passes it nor pushes it out", arguments: [1e3, 1e4, 1e6])
    func intoBodyOnWall(speed: Double) throws {
        var world = try World(container: box(100))
        let target = try world.createBody(BodyDefinition(position: Vector2(98, 50), radius: 2))
        let bullet = try world.createBody(BodyDefinition(position: Vector2(20, 50), radius: 2, velocity: Vector2(speed, 0)))
        for _ in 0..<60 {
            world.step()
            #expect(world.position(of: bullet).x < world.position(of: target).x)
            #expect(allInside(world, world.container.rect))
        }
        let gap = world.position(of: target).x - world.position(of: bullet).x - 4
        #expect(gap > -0.05 * 2, "overlap pushed out afterwards: gap \(gap)")
    }

    @Test("a fast body crossing a crowd stops at its first member")
    func throughCrowd() throws {
        var world = try World(container: box(100))
        for column in 0..<5 {
            for row in 0..<40 {
                try world.createBody(BodyDefinition(position: Vector2(60 + Double(column) * 2.2, 5 + Double(row) * 2.2), radius: 1))
            }
        }
        let bullet = try world.createBody(BodyDefinition(position: Vector2(10, 50), radius: 1, velocity: Vector2(1e6, 0)))
        for _ in 0..<20 { world.step() }
        #expect(world.position(of: bullet).x < 60, "\(world.position(of: bullet))")
        #expect(world.nonFiniteCount == 0)
    }
}
