import BubblePhysics

/// The bubble picker model: bubbles in a physics world, selection, gestures, animations and
/// events, driven frame by frame by any front end (UIKit, SwiftUI, AppKit, a terminal, a test).
///
/// A value type: copying it snapshots everything, and two copies fed the same calls stay
/// bit-identical. It never reads a clock or an unseeded random source; time advances only
/// through `step()` (one fixed step of `configuration.physics.timeStep`, 1/60 s by default)
/// or `advance(by:)`.
///
/// ```swift
/// var configuration = BubbleContainerConfiguration()
/// configuration.size = Size(width: 375, height: 667)
/// var picker = BubbleContainer(configuration: configuration)
/// let id = picker.addDefaultBubble(text: "Jazz", tag: 1)
/// for _ in 0..<120 { picker.step() }
/// picker.select(id)
/// print(picker.frame().bubbles.map(\.center), picker.takeEvents())
/// ```
public struct BubbleContainer: Sendable {
    /// Sanitised diameter bounds for provider output, points.
    public static let minimumDiameter = 1.0
    public static let maximumDiameter = 10_000.0
    /// Pointer samples kept per gesture.
    static let sampleLimit = 32

    /// Current settings. Change them with `setConfiguration(_:)`, `resize(to:)`, `setAnchor(_:)`.
    public internal(set) var configuration: BubbleContainerConfiguration
    /// The physics world (read-only: diagnostics such as `kineticEnergy`, `overlapStatistics()`).
    public internal(set) var world: World
    /// Steps taken by the container (the world does not step while the container has no area).
    public internal(set) var stepCount: Int = 0
    /// Simulated seconds elapsed (sum of the step lengths).
    public internal(set) var time: Double = 0
    /// Events not yet taken, oldest first.
    public internal(set) var events: [BubbleEvent] = []

    var records: [BubbleRecord] = []
    var indexByID: [BubbleID: Int] = [:]
    var nextID = 0
    var random: SplitMix64
    var lastCorner: Int? = nil
    var selectionCounter = 0
    /// The anchor in use (unit), and where it is heading (unit).
    var anchorCurrent: Vector2
    var anchorTarget: Vector2
    var gesture: GestureState = .idle
    /// Seconds carried by `advance(by:)` toward the next step.
    var carriedTime = 0.0
    /// The last size with an area, to re-spread bubbles from after a zero-size phase.
    var spreadReference: Size

    /// - Precondition: `configuration.validationError == nil` (validate data first, or use
    ///   `setConfiguration(_:)`, which throws).
    public init(configuration: BubbleContainerConfiguration = BubbleContainerConfiguration()) {
        precondition(configuration.validationError == nil, configuration.validationError ?? "")
        self.configuration = configuration
        self.random = SplitMix64(seed: configuration.seed)
        self.anchorCurrent = configuration.anchor
        self.anchorTarget = configuration.anchor
        self.spreadReference = configuration.size
        self.world = try! World(configuration: configuration.physics,
                           container: BubbleContainer.container(for: configuration),
                           field: BubbleContainer.field(for: configuration, anchor: configuration.anchor))
    }

    static func container(for configuration: BubbleContainerConfiguration) -> Container {
        Container(rect: Rect(x: 0, y: 0, width: configuration.size.width, height: configuration.size.height),
                  solidBorders: configuration.solidBorders)
    }

    static func field(for configuration: BubbleContainerConfiguration, anchor: Vector2) -> AttractionField {
        AttractionField(point: Vector2(anchor.x * configuration.size.width, anchor.y * configuration.size.height),
                        law: configuration.fieldLaw, strength: configuration.fieldStrength,
                        falloffRadius: configuration.falloffRadius)
    }

    /// Returns the events reported since the last call, oldest first, and forgets them.
    public mutating func takeEvents() -> [BubbleEvent] {
        defer { events.removeAll() }
        return events
    }

    func record(_ id: BubbleID) -> BubbleRecord? {
        guard let index = indexByID[id] else { return nil }
        return records[index]
    }

    mutating func report(_ kind: BubbleEvent.Kind, _ index: Int) {
        let bubble = records[index].bubble
        events.append(BubbleEvent(kind: kind, bubble: bubble.id, tag: bubble.tag, step: stepCount))
    }
}
