import BubblePhysics
import Testing
@testable import BubblePicker

/// Issue "hold under any input": every finite value a UI can pass, and every configuration the
/// validators accept, is handled — never a trap, never NaN or ±inf, nothing outside a closed border.
@Suite struct HostileInputTests {
    /// Extreme finite values a UI could pass.
    static let extremes: [Double] = [0, -0.0, 1, -1, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-300, 1e7, -1e7, 1e15, 1e300, -1e300,
                                     .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 187.5, 333.5]

    static func pick(_ random: inout SplitMix64) -> Double {
        random.next(below: 3) == 0 ? random.next(in: -500, 900) : extremes[random.next(below: extremes.count)]
    }

    /// One random operation with extreme arguments.
    static func operate(_ picker: inout Picker, _ random: inout SplitMix64) {
        let point = Vector2(pick(&random), pick(&random))
        let time = pick(&random)
        switch random.next(below: 14) {
        case 0, 1: picker.addDefaultBubble(text: "b", tag: random.next(below: 3), selected: random.next(below: 3) == 0,
                                           atCenter: random.next(below: 2) == 0)
        case 2:
            let id = [Int.max, Int.min, -1, 1 << 30, (1 << 30) + 1, random.next(below: 40)][random.next(below: 6)]
            try? picker.add(Bubble(id: BubbleID(id), content: DefaultBubble(text: "id")))
        case 3: picker.pointerDown(at: point, time: time)
        case 4: picker.pointerMove(at: point, time: time)
        case 5: picker.pointerUp(at: point, time: time)
        case 6: picker.pointerCancel()
        case 7: try? picker.resize(to: Size(width: abs(pick(&random)), height: abs(pick(&random))))
        case 8: try? picker.setAnchor(Vector2(pick(&random), pick(&random)))
        case 9: _ = picker.advance(by: pick(&random))
        case 10: _ = picker.toggle(tag: random.next(below: 3))
        case 11: _ = picker.remove(tag: random.next(below: 3))
        case 12:
            var configuration = picker.configuration
            configuration.selectionPushSpeed = abs(pick(&random))
            configuration.fieldStrength = abs(pick(&random))
            configuration.maxFlickSpeed = abs(pick(&random))
            try? picker.setConfiguration(configuration)
        default: for _ in 0..<random.next(below: 20) { picker.step() }
        }
    }

    /// No NaN or infinity anywhere a renderer looks, and nothing outside a closed container that
    /// could fit inside it.
    static func checkInvariants(_ picker: Picker, _ note: String) {
        let frame = picker.frame()
        #expect(frame.anchorPoint.isFinite, "\(note): anchor \(frame.anchorPoint)")
        for bubble in frame.bubbles {
            #expect(bubble.center.isFinite && bubble.diameter.isFinite && bubble.scale.isFinite, "\(note): \(bubble)")
        }
        #expect(picker.world.nonFiniteCount == 0, "\(note): non-finite bodies")
        #expect(outsideClosedContainer(picker) == 0, "\(note): bubbles outside the closed container")
    }

    /// Bodies that could fit inside the closed container but lie (even partly) outside it.
    static func outsideClosedContainer(_ picker: Picker) -> Int {
        // The closed border is the content's: the container's own unless the fit policy scrolls.
        let rect = picker.world.container.rect
        guard picker.configuration.size.hasArea, picker.configuration.solidBorders == .all else { return 0 }
        var count = 0
        for motion in picker.motions {
            guard let body = motion.body else { continue }
            let p = picker.world.position(of: body), r = picker.world.radius(of: body)
            guard 2 * r <= min(rect.width, rect.height) else { continue }
            let slack = 1e-6 * max(r, 1)
            if p.x - r < rect.minX - slack || p.y - r < rect.minY - slack || p.x + r > rect.maxX + slack
                || p.y + r > rect.maxY + slack { count += 1 }
        }
        return count
    }

    @Test("seeded API fuzz with extreme finite values (400 operations; 1,500 long): no trap, invariants after every operation",
          arguments: [1, 2, 3, 4] as [UInt64])
    func apiFuzz(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var picker = makePicker(seed: seed)
        for operation in 0..<TestSize.pick(400, long: 1500) {
            Self.operate(&picker, &random)
            Self.checkInvariants(picker, "seed \(seed) op \(operation)")
        }
    }

    @Test("the cases the hostile-input campaign found")
    func reportedCases() throws {
        var picker = makePicker()
        for index in 0..<5 { picker.addDefaultBubble(text: "\(index)") }
        picker.pointerDown(at: Vector2(-1e308, 10), time: 0)
        picker.pointerMove(at: Vector2(1e308, 10), time: 0.1)
        picker.run(seconds: 0.5)
        #expect(abs(picker.currentAnchor.x) <= 10)
        picker.pointerUp(at: Vector2(1e308, 10), time: 0.2)
        try picker.resize(to: Size(width: Double.leastNonzeroMagnitude, height: Double.leastNonzeroMagnitude))
        picker.step()
        try picker.resize(to: Size(width: 375, height: 667))
        picker.run(seconds: 1)
        Self.checkInvariants(picker, "after the 5e-324 resize")
        var configuration = picker.configuration
        configuration.selectionPushSpeed = .greatestFiniteMagnitude
        #expect(throws: BubbleContainerError.self) { try picker.setConfiguration(configuration) }
        do {
            try picker.add(Bubble(id: BubbleID(Int.max), content: DefaultBubble(text: "max")))
            Issue.record("Int.max accepted")
        } catch {
            guard case .invalidValue(let value) = error else { Issue.record("\(error)"); return }
            #expect(value.field == "bubble id")
        }
        let id = picker.addDefaultBubble(text: "after")
        #expect(picker.contains(id))
    }

    @Test("a bubble removed before the container had an area is never drawn (no ghost)")
    func noGhosts() {
        var picker = makePicker(width: 0, height: 0) { $0.maxBubbles = 3 }
        for index in 0..<6 { picker.addDefaultBubble(text: "\(index)") }
        for step in 0..<20 {
            picker.step()
            for bubble in picker.frame().bubbles where bubble.phase == .removing || bubble.phase == .waiting {
                #expect(bubble.drawnDiameter == 0, "step \(step): \(bubble.id) drawn at \(bubble.drawnDiameter) pt")
            }
        }
    }
}

