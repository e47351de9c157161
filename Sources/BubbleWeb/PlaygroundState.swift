import BubbleGeometry
import BubblePicker

/// The machine-readable state of a live session (the page's state readout, which tests read):
/// what a tester checks after a gesture, in exact numbers.
public struct PlaygroundState: Equatable, Sendable {
    /// One bubble on screen.
    public struct Bubble: Equatable, Sendable {
        /// Identity.
        public var id: Int
        /// Centre, points (exact state, not interpolated).
        public var center: Vector2
        /// Drawn diameter, points.
        public var diameter: Double
        /// Selection state.
        public var isSelected: Bool
        /// True while it shrinks out after removal.
        public var isLeaving: Bool
    }

    /// Steps taken.
    public var step: Int
    /// Live bubbles (not leaving).
    public var count: Int
    /// The live selected bubbles' identities, in insertion order.
    public var selected: [Int]
    /// The attraction point, points.
    public var anchor: Vector2
    /// Bubble area over container area (`BubbleContainer.fillFraction`).
    public var fillFraction: Double
    /// Every bubble on screen, in insertion order.
    public var bubbles: [Bubble]

    /// Fields before the bubbles in `numbers`.
    public static let headerCount = 6
    /// Numbers per bubble in `numbers`.
    public static let bubbleFieldCount = 6

    /// The state as flat numbers (for the wasm export): step, count, selected count, anchor x, y,
    /// fill fraction, then per bubble id, x, y, diameter, selected (0/1), leaving (0/1).
    /// (The selected identities are the bubbles with selected = 1 and leaving = 0.)
    public var numbers: [Double] {
        var numbers = [Double(step), Double(count), Double(selected.count), anchor.x, anchor.y, fillFraction]
        numbers.reserveCapacity(numbers.count + bubbles.count * Self.bubbleFieldCount)
        for bubble in bubbles {
            numbers += [Double(bubble.id), bubble.center.x, bubble.center.y, bubble.diameter,
                        bubble.isSelected ? 1 : 0, bubble.isLeaving ? 1 : 0]
        }
        return numbers
    }
}

extension PlaygroundSession {
    /// The state now (exact, not interpolated).
    public var state: PlaygroundState {
        let frame = picker.frame()
        let bubbles = frame.bubbles.map {
            PlaygroundState.Bubble(id: $0.id.rawValue, center: $0.center, diameter: $0.drawnDiameter,
                                   isSelected: $0.isSelected, isLeaving: $0.phase == .removing)
        }
        return PlaygroundState(step: picker.stepCount, count: picker.count,
                               selected: picker.selectedBubbles.map { $0.id.rawValue },
                               anchor: frame.anchorPoint, fillFraction: picker.fillFraction, bubbles: bubbles)
    }
}
