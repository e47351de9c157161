import Testing
import BubblePhysics
@testable import BubblePicker

/// The fit policy: shrink, then scroll, when the bubbles overfill the container; every bubble
/// reachable by scrolling and by keyboard focus.
@Suite("Fit policy")
struct FitTests {
    typealias Picker = BubbleContainer<DefaultBubble>

    /// A picker of `count` bubbles of seeded random sizes in 20...80 pt (all added at once,
    /// animated), stepped until it rests or `steps` pass.
    static func settled(width: Double, height: Double, count: Int, policy: FitPolicy = .scaleThenScroll,
                        minimumScale: Double = 0.6, steps: Int = 480) throws -> Picker {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: width, height: height)
        configuration.fitPolicy = policy
        configuration.fitMinimumScale = minimumScale
        var picker = try Picker(configuration: configuration)
        var random = SplitMix64(seed: 38)
        for index in 0..<count {
            let size = random.next(in: 20, 80)
            picker.addDefaultBubble(text: "Item \(index + 1)", style: BubbleStyle(minSize: size, maxSize: size * 1.33))
        }
        for _ in 0..<steps where !picker.isAtRest { picker.step() }
        return picker
    }

    /// Worst overlap of two drawn circles in a frame, as a fraction of the smaller radius.
    static func worstOverlap(_ frame: BubbleFrame) -> Double {
        let circles = frame.bubbles.map { ($0.center, $0.drawnDiameter * 0.5) }
        var worst = 0.0
        for i in circles.indices {
            for j in (i + 1)..<circles.count {
                let depth = circles[i].1 + circles[j].1 - (circles[i].0 - circles[j].0).length
                worst = max(worst, depth / min(circles[i].1, circles[j].1))
            }
        }
        return worst
    }

    /// True when the bubble's drawn circle lies wholly inside the view (1 pt of slack).
    static func wholeInView(_ bubble: BubbleSnapshot, _ frame: BubbleFrame) -> Bool {
        let r = bubble.drawnDiameter * 0.5 - 1, c = bubble.center, view = frame.container
        return c.x - r >= view.minX && c.x + r <= view.maxX && c.y - r >= view.minY && c.y + r <= view.maxY
    }

    @Test("a picker whose bubbles fit is untouched: full size, nothing to scroll")
    func fittingPickerIsUntouched() throws {
        let picker = try Self.settled(width: 375, height: 667, count: 20)
        #expect(picker.fitScale == 1)
        #expect(!picker.canScroll && picker.scrollOffset == .zero)
        #expect(picker.world.container.rect == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test("a phone with 200 bubbles of 20-80 pt shrinks them until they lie apart")
    func phoneShrinks() throws {
        let picker = try Self.settled(width: 390, height: 844, count: 200)
        #expect(picker.fitScale > 0.6 && picker.fitScale < 0.8)
        #expect(Self.worstOverlap(picker.frame()) < 0.05)
        let none = try Self.settled(width: 390, height: 844, count: 200, policy: .none)
        #expect(Self.worstOverlap(none.frame()) > 0.5)  // what the policy saves us from
    }

    @Test("a few large bubbles in a small box lie apart: the walls' loss counts", arguments: [FitPolicy.scaleThenScroll, .scroll])
    func fewLargeBubblesInABox(policy: FitPolicy) throws {
        // 10 bubbles of 80 pt in 200 x 200: at the bare 0.7 fill each would be 59.7 pt wide, wider
        // than the best packing of 10 equal discs in that square allows (59.3 pt).
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 200, height: 200)
        configuration.fitPolicy = policy
        var picker = try Picker(configuration: configuration)
        for index in 0..<10 { picker.addDefaultBubble(text: "Genre \(index + 1)", style: BubbleStyle(minSize: 80, maxSize: 106)) }
        for _ in 0..<1200 where !picker.isAtRest { picker.step() }
        #expect(Self.worstOverlap(picker.frame()) < 0.01)
        #expect(policy == .scroll ? picker.canScroll : picker.fitScale < 0.72)
    }

    @Test("past the minimum scale the content scrolls, and scrolling through it shows every bubble whole")
    func everyBubbleReachableByScrolling() throws {
        var picker = try Self.settled(width: 150, height: 600, count: 120)
        #expect(picker.fitScale == 0.6)
        #expect(picker.canScroll && !picker.scrollsHorizontally)
        #expect(Self.worstOverlap(picker.frame()) < 0.06)
        let range = picker.scrollRange
        var seen = Set<BubbleID>()
        var offset = range.lowerBound
        while true {
            picker.scroll(to: offset)
            let frame = picker.frame()
            for bubble in frame.bubbles where Self.wholeInView(bubble, frame) { seen.insert(bubble.id) }
            if offset >= range.upperBound { break }
            offset = min(offset + 20, range.upperBound)
        }
        #expect(seen.count == picker.count, "\(picker.count - seen.count) bubbles never wholly in view")
    }

    @Test("keyboard focus scrolls the focused bubble into view")
    func focusScrollsIntoView() throws {
        let picker = try Self.settled(width: 150, height: 600, count: 120)
        var driver = Driver(picker: picker)
        for bubble in picker.bubbles {
            let focused = driver.focus(bubble.id)
            #expect(focused)
            let frame = driver.picker.frame()
            let shown = try #require(frame.bubbles.first { $0.id == bubble.id })
            #expect(Self.wholeInView(shown, frame), "\(bubble.content.data.text) at \(shown.center)")
        }
        // Moving focus in reading order scrolls too.
        driver.picker.scroll(to: driver.picker.scrollRange.lowerBound)
        for _ in 0..<50 {
            let moved = driver.moveFocus(.next)
            let id = try #require(moved)
            let frame = driver.picker.frame()
            #expect(Self.wholeInView(try #require(frame.bubbles.first { $0.id == id }), frame))
        }
    }

    @Test("a flick scrolls with momentum that slows to a stop inside the range, from a bubble too; the anchor drag stays an option")
    func backgroundDragScrollsWithMomentum() throws {
        var picker = try Self.settled(width: 150, height: 600, count: 120)
        picker.scroll(to: picker.scrollRange.lowerBound)
        let start = picker.scrollOffset.y
        picker.pointerDown(id: 1, at: Vector2(75, 500), time: 0)
        for i in 1...6 { picker.pointerMove(id: 1, at: Vector2(75, 500 - 30 * Double(i)), time: Double(i) / 60) }
        picker.pointerUp(id: 1, at: Vector2(75, 320), time: 6.0 / 60)
        #expect(picker.scrollOffset.y == min(start + 180, picker.scrollRange.upperBound))
        let released = picker.scrollOffset.y
        picker.step()
        #expect(picker.scrollOffset.y > released)  // glides on
        for _ in 0..<600 { picker.step() }
        let range = picker.scrollRange
        #expect(range.contains(picker.scrollOffset.y))
        let stopped = picker.scrollOffset.y
        picker.step()
        #expect(picker.scrollOffset.y == stopped)
        #expect(picker.configuration.anchor == Vector2(0.5, 0.5))

        var configuration = picker.configuration
        configuration.backgroundDragScrolls = false
        try picker.setConfiguration(configuration)
        picker.pointerDown(id: 2, at: Vector2(75, 500), time: 20)
        picker.pointerMove(id: 2, at: Vector2(75, 400), time: 20.1)
        #expect(picker.scrollOffset.y == stopped)
        if picker.bubble(at: Vector2(75, 500)) == nil { #expect(picker.anchorTarget.y < 0.5) } else { #expect(picker.draggedBubble != nil) }
        picker.pointerUp(id: 2, at: Vector2(75, 400), time: 20.2)
    }

    @Test("removing bubbles or growing the container scales them back up and ends the scroll")
    func scalesBackUp() throws {
        var picker = try Self.settled(width: 150, height: 600, count: 120)
        for bubble in picker.bubbles.dropFirst(20) { _ = picker.remove(bubble.id) }
        for _ in 0..<600 { picker.step() }
        #expect(picker.fitScale == 1 && !picker.canScroll)
        var big = try Self.settled(width: 390, height: 844, count: 200)
        try big.resize(to: Size(width: 1024, height: 1366))
        for _ in 0..<600 { big.step() }
        #expect(big.fitScale == 1)
    }

    @Test("a content that shortens carries every bubble along; other settings keep the fit animating")
    func shorteningContentKeepsBubblesInside() throws {
        var picker = try Self.settled(width: 120, height: 90, count: 24)
        #expect(picker.canScroll)
        for bubble in picker.bubbles.dropFirst(8) { _ = picker.remove(bubble.id) }
        for step in 0..<240 {
            if step == 3 {
                let extra = picker.fit.extra
                try picker.setAnchor(Vector2(0.2, 0.8))  // not a fit setting: no jump of the walls
                #expect(picker.fit.extra == extra)
            }
            if step == 6 { try picker.resize(to: Size(width: 120, height: 90)) }  // same size: snaps
            picker.step()
            #expect(picker.countOutside() == 0, "step \(step)")
        }
        #expect(!picker.canScroll)
    }

    @Test("a rotation while overfull moves the scroll to the new longer axis and keeps every bubble inside")
    func rotationWhileOverfull() throws {
        var picker = try Self.settled(width: 390, height: 844, count: 200, minimumScale: 0.85)
        #expect(picker.canScroll && !picker.scrollsHorizontally)
        try picker.resize(to: Size(width: 844, height: 390))
        #expect(picker.scrollsHorizontally && picker.canScroll)
        #expect(picker.countOutside() == 0)
        for _ in 0..<600 { picker.step() }
        #expect(picker.countOutside() == 0)
        #expect(Self.worstOverlap(picker.frame()) < 0.05)
    }

    @Test("a saved state keeps the fit: the restored picker steps on bit-identically")
    func savedStateKeepsTheFit() throws {
        var picker = try Self.settled(width: 150, height: 600, count: 60, steps: 30)
        picker.scroll(by: 40)
        let text = picker.savedState { $0.data.text }
        var restored = try Picker(savedState: text) { DefaultBubble(text: $0) }
        for _ in 0..<60 { picker.step(); restored.step() }
        #expect(picker.stateHash() == restored.stateHash())
        #expect(picker.frame() == restored.frame())
    }
}
