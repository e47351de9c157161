import BubblePhysics

/// The reference `crowd` workload (`Sources/BubblePhysics/BubblePhysics.docc/CrowdBenchmark.md`), built exactly.
public enum CrowdBenchmark {
    /// Steps the reference run takes (10 simulated seconds).
    public static let referenceSteps = 600

    /// The crowd scene for `count` bubbles: LCG radii in [0.5, 1), a square container of side
    /// 2⌈√N⌉ with solid walls, bodies on a grid of cell 2, density 3 for every 10th (the
    /// "selected" ones) and 1 otherwise, radial gravity 10 units/s² toward the centre scaled
    /// down inside distance 1, resistance 1.0 per second applied once per substep.
    /// - Throws: `InvalidValue` for a configuration out of range.
    /// - Precondition: `count >= 1`.
    public static func makeWorld(count: Int, configuration: WorldConfiguration = WorldConfiguration()) throws(InvalidValue) -> World {
        precondition(count >= 1, "count must be positive")
        let side = ceilingSquareRoot(count)
        let length = Double(2 * side)
        var world = try World(configuration: configuration,
                          container: Container(rect: Rect(x: 0, y: 0, width: length, height: length), solidBorders: .all),
                          field: AttractionField(point: Vector2(length / 2, length / 2), law: .radialGravity,
                                                 strength: 10, falloffRadius: 1))
        try world.reserveCapacity(count)
        var seed: UInt32 = 12345
        for index in 0..<count {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let u = Double(seed) / 4_294_967_296.0
            let position = Vector2(Double(2 * (index % side) + 1), Double(2 * (index / side) + 1))
            try world.createBody(BodyDefinition(position: position, radius: 0.5 + 0.5 * u,
                                            density: index % 10 == 0 ? 3 : 1, resistance: 1.0))
        }
        return world
    }

    /// ⌈√n⌉ in integers (no floating-point rounding doubts).
    static func ceilingSquareRoot(_ n: Int) -> Int {
        var root = Int(Double(n).squareRoot())
        while root * root < n { root += 1 }
        while root > 0 && (root - 1) * (root - 1) >= n { root -= 1 }
        return root
    }
}
