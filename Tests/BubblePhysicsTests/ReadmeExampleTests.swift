import Testing
import BubblePhysics

/// The README's "BubblePhysics in five minutes" example, kept compiling and checked.
@Test("the README example runs and does what it says")
func readmeExample() throws {
    var world = try World(container: Container(rect: Rect(x: 0, y: 0, width: 375, height: 667), solidBorders: .all))
    try world.setField(AttractionField(point: Vector2(187.5, 333.5), law: .spring, strength: 50_000))

    let bubble = try world.createBody(BodyDefinition(position: Vector2(40, 40), radius: 40, density: 1, resistance: 4))
    try world.createBody(BodyDefinition(position: Vector2(300, 600), radius: 40))

    for _ in 0..<120 { world.step() }
    let start = Vector2(40, 40).distance(to: Vector2(187.5, 333.5))
    #expect(world.position(of: bubble).distance(to: Vector2(187.5, 333.5)) < 0.5 * start, "pulled toward the point")

    try world.setRadius(53, of: bubble)
    try world.applyImpulse(Vector2(5_000, 0), to: bubble)
    // Rotate (bodies outside come back in) and let bubbles leave through the left and right borders.
    try world.setContainer(Container(rect: Rect(x: 0, y: 0, width: 667, height: 375), solidBorders: .vertical))

    let snapshot = world
    let alpha = world.advance(by: 0.0167)
    #expect(world.stepCount == snapshot.stepCount + 1)
    #expect(alpha >= 0 && alpha < 1)
    #expect(world.stateHash() != snapshot.stateHash())
}

/// The example in `World`'s documentation, kept compiling and checked.
@Test("the World documentation's example compiles and pulls the bubble toward the point")
func worldDocumentationExample() throws {
    var world = try World(container: Container(rect: Rect(x: 0, y: 0, width: 375, height: 667)))
    try world.setField(AttractionField(point: Vector2(187.5, 333.5), law: .spring, strength: 50_000))
    let bubble = try world.createBody(BodyDefinition(position: Vector2(40, 40), radius: 40))
    for _ in 0..<60 { world.step() }
    print(world.position(of: bubble))
    #expect(world.position(of: bubble).distance(to: Vector2(187.5, 333.5)) < Vector2(40, 40).distance(to: Vector2(187.5, 333.5)))
}
