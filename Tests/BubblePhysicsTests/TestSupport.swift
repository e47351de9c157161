@testable import BubblePhysics

/// A closed square box of `side` units with its corner at the origin.
func box(_ side: Double, solid: Borders = .all) -> Container {
    Container(rect: Rect(x: 0, y: 0, width: side, height: side), solidBorders: solid)
}

/// Steps `world` `count` times.
func run(_ world: inout World, steps count: Int) {
    for _ in 0..<count { world.step() }
}

/// True when every live body lies wholly inside `rect`, within `tolerance` of a radius.
func allInside(_ world: World, _ rect: Rect, tolerance: Double = 1e-9) -> Bool {
    world.handles.allSatisfy { handle in
        let body = world.body(handle)
        let slack = tolerance * body.radius
        return body.position.x - body.radius >= rect.minX - slack && body.position.x + body.radius <= rect.maxX + slack
            && body.position.y - body.radius >= rect.minY - slack && body.position.y + body.radius <= rect.maxY + slack
    }
}

/// A world of `count` bodies scattered by a seeded generator in a closed box, pulled to its centre.
func randomCrowd(count: Int, seed: UInt64, side: Double = 40, law: FieldLaw = .radialGravity) throws -> World {
    var random = SplitMix64(seed: seed)
    var world = try World(container: box(side), field: AttractionField(point: Vector2(side / 2, side / 2), law: law,
                                                                  strength: 10, falloffRadius: 1))
    for _ in 0..<count {
        let radius = random.next(in: 0.5, 1)
        try world.createBody(BodyDefinition(position: Vector2(random.next(in: 1, side - 1), random.next(in: 1, side - 1)),
                                        radius: radius, density: random.next(in: 1, 3), resistance: 1))
    }
    return world
}
