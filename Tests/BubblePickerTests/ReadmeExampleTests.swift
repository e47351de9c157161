import BubblePhysics
import BubblePicker
import Testing

/// The README's API tour, verbatim, so it keeps compiling and doing what it says.
@Suite struct ReadmeExampleTests {
    @Test func apiTourRuns() throws {
        // README example begins
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)  // points, y grows down
        configuration.maxSelected = 3
        configuration.maxSelectedPolicy = .deselectOldest
        configuration.seed = 42                                  // spawn corners are seeded

        // The container is generic over its bubbles' content: your own type, no casts. To mix
        // stock bubbles (80 pt, 106.4 pt when selected) with a custom kind, write an enum.
        enum Item: BubbleLayoutProvider {
            case genre(DefaultBubble)
            case badge(String)
            func diameter(selected: Bool) -> Double {
                switch self {
                case .genre(let bubble): return bubble.diameter(selected: selected)
                case .badge: return selected ? 70 : 50
                }
            }
            func appearance(selected: Bool) -> BubbleAppearance {
                switch self {
                case .genre(let bubble): return bubble.appearance(selected: selected)
                case .badge(let emoji): return BubbleAppearance(text: emoji, showsLabel: true)
                }
            }
        }
        var picker = try BubbleContainer<Item>(configuration: configuration)  // throws on a bad setting
        let genres = ["Jazz", "Rock", "Pop", "Blues", "Soul", "Funk"]
        for (index, genre) in genres.enumerated() {
            picker.add(content: .genre(DefaultBubble(text: genre)), tag: index % 2)
        }
        let badge = picker.makeBubble(.badge("★"), tag: 9)
        try picker.add(badge, atCenter: true)
        do throws(BubbleContainerError) {
            try picker.add(badge)                                // the same identity again
        } catch {
            if case .duplicateBubble(let id) = error { print("already there:", id) }
        }

        // Let the field gather them: 60 fixed steps = 1 simulated second.
        for _ in 0..<60 { picker.step() }

        // Select from code exactly as a tap would; by tag or predicate too.
        picker.select(tag: 1)                                   // Rock, Blues, Funk
        picker.toggle { $0.text == "Jazz" }                      // the oldest selection makes room
        print(picker.selectedBubbles.map { $0.text ?? "" })     // ["Jazz", "Blues", "Funk"]

        // A tap is pointer down + up on a bubble (< 10 pt, < 0.3 s); times are simulated seconds.
        let target = try #require(picker.center(of: badge.id))
        picker.pointerDown(at: target, time: 1.0)
        picker.pointerUp(at: target, time: 1.1)                 // selects it, deselecting Blues

        // Remove with an animated shrink; "removed" is reported when it is gone.
        picker.remove(tag: 0)
        for _ in 0..<30 { picker.step() }
        for event in picker.takeEvents() { print(event) }       // "0: added #0", …, "60: selected #1", …, "75: removed #4"

        // Rotate: bubbles are re-spread and kept inside.
        try picker.resize(to: Size(width: 667, height: 375))
        for _ in 0..<60 { picker.step() }

        // Draw a frame: insertion order, centre, diameter × scale, selection, appearance.
        for bubble in picker.frame().bubbles {
            print(bubble.id, bubble.center, bubble.drawnDiameter, bubble.isSelected, bubble.appearance.text ?? "")
        }
        print(String(picker.stateHash(), radix: 16))           // same calls, same hash, every run
        // README example ends
        #expect(picker.bubbles.map { $0.text ?? "" } == ["Rock", "Blues", "Funk", "★"])
        #expect(picker.selectedBubbles.map { $0.text ?? "" } == ["Funk", "★"])  // the tap evicted Blues
        #expect(picker.countOutsideContainer == 0)
    }
}

extension BubbleContainer {
    var countOutsideContainer: Int {
        world.countOutside(Rect(x: 0, y: 0, width: configuration.size.width, height: configuration.size.height))
    }
}
