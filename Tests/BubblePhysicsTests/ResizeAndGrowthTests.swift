import Testing
@testable import BubblePhysics

@Suite("Resizing and growth")
struct ResizeAndGrowthTests {
    @Test("shrinking the container pushes bodies back inside smoothly, never teleporting")
    func resizePushesInside() throws {
        var world = try World(container: box(100))
        var random = SplitMix64(seed: 5)
        for _ in 0..<40 {
            try world.createBody(BodyDefinition(position: Vector2(random.next(in: 5, 95), random.next(in: 5, 95)), radius: 2))
        }
        run(&world, steps: 10)
        try world.setContainer(Container(rect: Rect(x: 0, y: 0, width: 60, height: 40), solidBorders: world.container.solidBorders))  // a rotation-like shrink
        var previous = world.handles.map { world.position(of: $0) }
        var largestJump = 0.0
        for _ in 0..<300 {
            world.step()
            let now = world.handles.map { world.position(of: $0) }
            largestJump = max(largestJump, zip(previous, now).map { ($0 - $1).length }.max() ?? 0)
            previous = now
        }
        #expect(allInside(world, world.container.rect, tolerance: 0.02), "everyone is back inside")
        // Pushed in at no more than the push speed (8 radii/s = 16 units/s for r = 2, 0.27 units a
        // step) plus the bodies' own motion: far from the 40-unit jump a clamp would make.
        #expect(largestJump < 1.5, "no teleport: largest move in one step \(largestJump)")
    }

    @Test("a body outside a shrunk border never moves further out")
    func neverFurtherOut() throws {
        var world = try World(container: box(100))
        let body = try world.createBody(BodyDefinition(position: Vector2(90, 50), radius: 2, velocity: Vector2(50, 0)))
        try world.setContainer(Container(rect: Rect(x: 0, y: 0, width: 50, height: 100), solidBorders: world.container.solidBorders))
        var previousX = world.position(of: body).x
        for _ in 0..<240 {
            world.step()
            let x = world.position(of: body).x
            #expect(x <= previousX + 1e-12)
            previousX = x
        }
        #expect(previousX <= 48 + 1e-9)
    }

    @Test("growing a radius pushes neighbours away smoothly and mass follows")
    func growthPushesNeighbours() throws {
        var world = try World(container: box(100))
        let grower = try world.createBody(BodyDefinition(position: Vector2(50, 50), radius: 5))
        let neighbours = try [Vector2(60.5, 50), Vector2(39.5, 50), Vector2(50, 60.5), Vector2(50, 39.5)].map {
            try world.createBody(BodyDefinition(position: $0, radius: 5, resistance: 4))
        }
        let massBefore = world.body(grower).mass
        try world.setRadius(10, of: grower)
        #expect(abs(world.body(grower).mass / massBefore - 4) < 1e-12, "mass ∝ r²")
        var largestStep = 0.0
        var previous = neighbours.map { world.position(of: $0) }
        for _ in 0..<120 {
            world.step()
            let now = neighbours.map { world.position(of: $0) }
            largestStep = max(largestStep, zip(previous, now).map { ($0 - $1).length }.max() ?? 0)
            previous = now
        }
        for neighbour in neighbours {
            let distance = world.position(of: neighbour).distance(to: world.position(of: grower))
            #expect(distance >= 15 - 0.01 * 5, "pushed out to touching: \(distance)")
        }
        // Overlap is pushed out at most at pushSpeed × mean radius (8 × 7.5 units/s = 1 unit a step).
        let bound = world.configuration.pushSpeed * 7.5 * world.configuration.timeStep
        #expect(largestStep <= bound * 1.001, "smooth: at most \(largestStep) units per step (bound \(bound))")
    }
}
