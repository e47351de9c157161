@testable import BubblePhysics
import Testing

/// The drift check's block arithmetic: rounding boxes down to single precision, the pair-of-blocks
/// bound, and the neighbourhood unions that let a check skip a block's pair-of-blocks tests.
@Suite("Drift blocks")
struct DriftBlockTests {
    /// The scalar rounding the lane-wise `DriftBlock.down` replaces.
    static func referenceDown(_ value: Double) -> Float {
        let single = Float(value)
        return Double(single) > value ? single.nextDown : single
    }

    /// The pair-of-blocks bound as first written, one coordinate at a time.
    static func referenceCloseEnough(_ a: DriftBlock, _ b: DriftBlock, skin: Double, rounding: Double) -> Bool {
        let x = max(-Double(a.negatedHighX) - Double(b.lowX), -Double(b.negatedHighX) - Double(a.lowX))
        let y = max(-Double(a.negatedHighY) - Double(b.lowY), -Double(b.negatedHighY) - Double(a.lowY))
        let budget = skin * (Double(a.smallestRadius) + Double(b.smallestRadius)) - 4 * rounding
        return budget > 0 && x * x + y * y < budget * budget
    }

    /// A non-empty block: a box of displacements around (`x`, `y`) up to `spread` wide.
    static func block(_ random: inout SplitMix64, x: Double, y: Double, spread: Double) -> DriftBlock {
        let lowX = x - random.next(in: 0, spread), lowY = y - random.next(in: 0, spread)
        let highX = x + random.next(in: 0, spread), highY = y + random.next(in: 0, spread)
        return DriftBlock(box: SIMD4(lowX, lowY, -highX, -highY), smallestRadius: random.next(in: 0.3, 1))
    }

    @Test("four lanes rounded down at once match Float.nextDown of the nearest, edge values included")
    func roundingDown() {
        var values: [Double] = [0, -0.0, 1e-50, -1e-50, 0x1p-149, -0x1p-149, 0x1p-150, -0x1p-150, 3e-46, -3e-46,
                                Double(Float.greatestFiniteMagnitude), -Double(Float.greatestFiniteMagnitude),
                                Double(Float.greatestFiniteMagnitude) * (1 + 0x1p-30), -Double(Float.greatestFiniteMagnitude) * (1 + 0x1p-30),
                                1e300, -1e300, .infinity, -.infinity, .nan, 1, -1, 0.1, -0.1, 1.0 / 3, -1.0 / 3]
        var random = SplitMix64(seed: 11)
        for _ in 0..<4000 {
            let magnitude = random.next(in: -60, 60)
            var value = random.next(in: 1, 2) * Double(sign: .plus, exponent: Int(magnitude), significand: 1)
            if random.next(below: 2) == 0 { value = -value }
            values.append(value)
        }
        while values.count % 4 != 0 { values.append(0.5) }
        for start in stride(from: 0, to: values.count, by: 4) {
            let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
            let rounded = DriftBlock.down(lanes)
            for lane in 0..<4 {
                let expected = DriftBlockTests.referenceDown(lanes[lane])
                #expect(rounded[lane].bitPattern == expected.bitPattern || (rounded[lane].isNaN && expected.isNaN),
                        "down(\(lanes[lane])) = \(rounded[lane]), nextDown gives \(expected)")
                #expect(!(Double(rounded[lane]) > lanes[lane]), "down(\(lanes[lane])) = \(rounded[lane]) is above it")
            }
        }
    }

    @Test("the lane-wise pair-of-blocks bound gives the verdict of the scalar one", arguments: [1, 2, 3] as [UInt64])
    func closeEnoughMatchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var passed = 0
        for _ in 0..<5000 {
            // Boxes about as far apart as the bound allows, so both verdicts come up often.
            let spread = random.next(in: 0, 0.08), skin = 0.2, rounding = random.next(in: 0, 1e-5)
            let a = DriftBlockTests.block(&random, x: random.next(in: -0.1, 0.1), y: random.next(in: -0.1, 0.1), spread: spread)
            let b = DriftBlockTests.block(&random, x: random.next(in: -0.1, 0.1), y: random.next(in: -0.1, 0.1), spread: spread)
            let verdict = a.closeEnough(b, skin: skin, rounding: rounding)
            #expect(verdict == DriftBlockTests.referenceCloseEnough(a, b, skin: skin, rounding: rounding))
            if verdict { passed += 1 }
        }
        #expect(passed > 100 && passed < 4900, "\(passed) of 5000 passed: the sweep should see both verdicts")
    }

    @Test("a block close enough to its neighbourhood's union is close enough to each block of it", arguments: [5, 6] as [UInt64])
    func unionBoundsEveryNeighbour(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var skipped = 0
        for _ in 0..<2000 {
            let spread = random.next(in: 0, 0.06), driftX = random.next(in: -5, 5), driftY = random.next(in: -5, 5)
            // Blocks drifting together by about the same amount, some empty.
            let blocks = (0..<15).map { _ in
                random.next(below: 6) == 0 ? DriftBlock()
                    : DriftBlockTests.block(&random, x: driftX + random.next(in: -0.03, 0.03), y: driftY, spread: spread)
            }
            let union = blocks.dropFirst().reduce(blocks[0]) { $0.merged(with: $1) }
            let center = DriftBlockTests.block(&random, x: driftX, y: driftY, spread: spread)
            guard center.closeEnough(union, skin: 0.2, rounding: 1e-6) else { continue }
            skipped += 1
            for (index, other) in blocks.enumerated() where other.smallestRadius.isFinite {
                #expect(center.closeEnough(other, skin: 0.2, rounding: 1e-6), "block \(index) fails although the union passes")
            }
        }
        #expect(skipped > 200, "the union passed only \(skipped) times of 2000")
    }

    @Test("a row's column unions and their windows cover exactly the 3 × 5 blocks around each block")
    func neighbourhoodWindows() {
        var random = SplitMix64(seed: 9)
        let extentBox = SIMD4<Double>(0, 0, -20, -13)  // build positions from (0, 0) to (20, 13)
        var extent = DriftExtent()
        extent.count = 1
        extent.positions = extentBox
        guard let grid = DriftGrid(extent, width: 2.9) else { Issue.record("no grid"); return }
        let blocks = (0..<grid.columns * grid.rows).map { _ in
            random.next(below: 5) == 0 ? DriftBlock() : DriftBlockTests.block(&random, x: random.next(in: -1, 1), y: 0, spread: 0.5)
        }
        var unions = [DriftBlock](repeating: DriftBlock(), count: grid.columns)
        for row in 0..<grid.rows {
            blocks.withUnsafeBufferPointer { blocks in
                unions.withUnsafeMutableBufferPointer { grid.columnUnions(row, blocks: blocks, into: $0) }
            }
            for column in 0..<grid.columns {
                let window = unions.withUnsafeBufferPointer { DriftBlock.union(of: $0, around: column) }
                var expected = DriftBlock()
                for other in row...min(row + 2, grid.rows - 1) {
                    for otherColumn in max(column - 2, 0)...min(column + 2, grid.columns - 1) {
                        expected = expected.merged(with: blocks[other * grid.columns + otherColumn])
                    }
                }
                #expect(window == expected, "row \(row), column \(column)")
            }
        }
    }
}
