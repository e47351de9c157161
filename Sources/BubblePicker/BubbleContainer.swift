import BubblePhysics

/// The bubble picker model: bubbles in a physics world, selection, gestures, animations and
/// events, driven frame by frame by any front end (UIKit, SwiftUI, AppKit, a terminal, a test).
///
/// A value type: copying it snapshots everything, and two copies fed the same calls stay
/// bit-identical. It never reads a clock or an unseeded random source; time advances only
/// through `step()` (one fixed step of `configuration.physics.timeStep`, 1/60 s by default)
/// or `advance(by:)`.
///
/// It is generic over its bubbles' content: `BubbleContainer<DefaultBubble>` for stock bubbles, or
/// your own `BubbleLayoutProvider` (an enum of your kinds to mix several). It is `Sendable` when
/// the content is.
///
/// ```swift
/// var configuration = BubbleContainerConfiguration()
/// configuration.size = Size(width: 375, height: 667)
/// var picker = try BubbleContainer<DefaultBubble>(configuration: configuration)
/// let id = picker.addDefaultBubble(text: "Jazz", tag: 1)
/// for _ in 0..<120 { picker.step() }
/// picker.select(id)
/// print(picker.frame().bubbles.map(\.center), picker.takeEvents())
/// ```
public struct BubbleContainer<Content: BubbleLayoutProvider> {
    /// Smallest diameter a provider's output is raised to, points.
    public static var minimumDiameter: Double { PickerConstants.minimumDiameter }
    /// Largest diameter a provider's output is capped at, points.
    public static var maximumDiameter: Double { PickerConstants.maximumDiameter }

    /// Current settings. Change them with `setConfiguration(_:)`, `resize(to:)`, `setAnchor(_:)`.
    public internal(set) var configuration: BubbleContainerConfiguration
    /// The physics world (read-only: diagnostics such as `kineticEnergy`, `overlapStatistics()`).
    public internal(set) var world: World
    /// Steps taken by the container (the world does not step while the container has no area).
    public internal(set) var stepCount: Int = 0
    /// Simulated seconds elapsed (sum of the step lengths).
    public internal(set) var time: Double = 0
    /// Events not yet taken, oldest first, in a buffer whose taken or dropped head starts at
    /// `eventStart` (so dropping the oldest is O(1)).
    var eventBuffer: [BubbleEvent] = []
    var eventStart = 0
    /// Events dropped because more than `maximumPendingEvents` were waiting.
    public internal(set) var droppedEventCount = 0
    /// What to announce to a screen-reader user, made when the state changes (a selection, a
    /// deselection, a refusal, a removal) while `recordsAnnouncements` (which
    /// `BubblePickerDriver` sets), oldest first. A log of its own: taking the events does not
    /// take it. Transient, not part of the state; at most `maximumPendingEvents` are kept.
    var announcementLog: [BubbleAnnouncement] = []
    var recordsAnnouncements = false
    /// Whether the last step ended over-full.
    var wasOverfull = false
    /// Whether the picker rests (see `isAtRest`), and for how many steps.
    var resting = false
    var restingSteps = 0

    /// Every bubble held, leaving ones included, in insertion order; `motions[i]` is the
    /// bookkeeping of `allBubbles[i]` (two arrays, so the step touches only the non-generic one).
    var allBubbles: [Bubble<Content>] = []
    var motions: [BubbleMotion] = []
    var indexByID: [BubbleID: Int] = [:]
    var nextID = 0
    /// Bubbles not leaving (the `count` query), and those of them selected.
    var liveCount = 0
    var selectedLiveCount = 0
    /// No live bubble sits before this index (the cycling cursor; reset when the arrays compact).
    var oldestLiveHint = 0
    var random: SplitMix64
    var lastCorner: Int? = nil
    var selectionCounter = 0
    /// The anchor in use (unit), and where it is heading (unit).
    var anchorCurrent: Vector2
    var anchorTarget: Vector2
    /// The pointers down, in the order they went down.
    var pointers: [ActivePointer] = []
    /// The frame clock of `advance(by:)`.
    var clock = FixedStepClock()
    /// The attraction point before the last step, for interpolated frames.
    var previousAnchorPoint: Vector2? = nil
    /// The last size with an area, to re-spread bubbles from after a zero-size phase.
    var spreadReference: Size
    /// The fit policy's scale, content length and scroll (see `BubbleContainer+Fit.swift`).
    var fit = FitState()

    /// An empty container.
    /// - Throws: `.invalidValue` naming the first setting out of range (see
    ///   `BubbleContainerConfiguration.validate()`).
    public init(configuration: BubbleContainerConfiguration = BubbleContainerConfiguration()) throws(BubbleContainerError) {
        do { try configuration.validate() } catch { throw .invalidValue(error) }
        self.configuration = configuration
        self.random = SplitMix64(seed: configuration.seed)
        self.anchorCurrent = configuration.anchor
        self.anchorTarget = configuration.anchor
        self.spreadReference = configuration.size
        do {
            self.world = try World(configuration: configuration.physics,
                                   container: BubbleContainer.container(for: configuration),
                                   field: BubbleContainer.field(for: configuration, anchor: configuration.anchor))
        } catch {
            throw .invalidValue(error)
        }
    }

    static func container(for configuration: BubbleContainerConfiguration) -> Container {
        Container(rect: Rect(x: 0, y: 0, width: configuration.size.width, height: configuration.size.height),
                  solidBorders: configuration.solidBorders)
    }

    static func field(for configuration: BubbleContainerConfiguration, anchor: Vector2) -> AttractionField {
        AttractionField(point: Vector2(anchor.x * configuration.size.width, anchor.y * configuration.size.height),
                        law: configuration.fieldLaw, strength: configuration.physicsFieldStrength,
                        falloffRadius: configuration.falloffRadius)
    }

    /// Most events kept waiting for `takeEvents()`; beyond it the oldest are dropped (counted in
    /// `droppedEventCount`), so an app that never takes events keeps a bounded queue.
    public static var maximumPendingEvents: Int { 10_000 }

    /// Events not yet taken, oldest first.
    /// - Complexity: O(pending events).
    public var events: [BubbleEvent] { Array(eventBuffer[eventStart...]) }

    /// Returns the events reported since the last call, oldest first, and forgets them.
    /// - Complexity: O(pending events).
    public mutating func takeEvents() -> [BubbleEvent] {
        defer { clearEvents() }
        return events
    }

    /// Returns the announcements made since the last call, oldest first, and forgets them.
    /// - Complexity: O(announcements).
    mutating func takeAnnouncements() -> [BubbleAnnouncement] {
        defer { announcementLog.removeAll(keepingCapacity: announcementLog.count <= 1024) }
        let limit = Self.maximumPendingEvents
        return announcementLog.count > limit ? Array(announcementLog.suffix(limit)) : announcementLog
    }

    mutating func clearEvents() {
        eventBuffer.removeAll(keepingCapacity: eventBuffer.count <= 1024)
        eventStart = 0
    }

    /// The bookkeeping of the bubble `id`, if the container holds it.
    func motion(_ id: BubbleID) -> BubbleMotion? {
        guard let index = indexByID[id] else { return nil }
        return motions[index]
    }

    mutating func report(_ kind: BubbleEvent.Kind, _ index: Int) {
        let bubble = allBubbles[index]
        queue(BubbleEvent(kind: kind, bubble: bubble.id, tag: bubble.tag, step: stepCount), label: eventLabel(index))
    }

    /// Reports a container event (no bubble).
    mutating func report(_ kind: BubbleEvent.Kind) {
        queue(BubbleEvent(kind: kind, bubble: nil, tag: nil, step: stepCount), label: nil)
    }

    /// Starts making announcements (for `BubblePickerDriver`).
    mutating func recordAnnouncements() {
        recordsAnnouncements = true
    }

    /// Bubble `index`'s accessibility label for an announcement, while they are made.
    func eventLabel(_ index: Int) -> String? {
        recordsAnnouncements ? allBubbles[index].content.accessibilityLabel : nil
    }

    /// Appends an event, dropping the oldest beyond `maximumPendingEvents`, and logs its
    /// announcement (when `label` is given: announcements are made).
    /// - Complexity: O(1) amortised.
    mutating func queue(_ event: BubbleEvent, label: String?) {
        eventBuffer.append(event)
        if let label, let announcement = BubbleAnnouncement.make(event, label: label, maxSelected: configuration.maxSelected) {
            announcementLog.append(announcement)
            let limit = Self.maximumPendingEvents
            if announcementLog.count >= 2 * limit { announcementLog.removeFirst(announcementLog.count - limit) }
        }
        if eventBuffer.count - eventStart > Self.maximumPendingEvents {
            eventStart += 1
            droppedEventCount += 1
            if eventStart >= Self.maximumPendingEvents {  // compact: the head is as long as the queue
                eventBuffer.removeFirst(eventStart)
                eventStart = 0
            }
        }
    }
}

extension BubbleContainer: Sendable where Content: Sendable {}

/// Constants of every container (stored here: a generic type cannot hold static stored properties).
enum PickerConstants {
    /// Most neighbours one bubble examines for its selection push when many are selected at once
    /// (beyond it, in a pile of bubbles on one spot, the contacts spread the pile anyway): keeps
    /// selecting n bubbles O(n) rather than O(n²).
    static let pushExaminedLimit = 256
    /// Smallest diameter a provider's output is raised to, points (a provider may return anything).
    static let minimumDiameter = BubbleStyle.sizeRange.lowerBound
    /// Largest diameter a provider's output is capped at, points.
    static let maximumDiameter = BubbleStyle.sizeRange.upperBound
    /// Scale of a growing bubble when it appears, and the floor of a shrinking one (UIKit-like 0.01).
    static let minimumScale = 0.01
    /// Pointer samples kept per gesture.
    static let sampleLimit = 32
    /// How late, seconds, an up at the last moved point may come and still be the lift of a
    /// moving finger (UIKit reports `touchesEnded` a frame or two after the last move, at the
    /// last point): two frames at 60 Hz.
    static let liftLatency = 0.035
    /// How many times its own mass a dragged bubble weighs for the step (the finger's hold): it
    /// pushes its neighbours aside instead of being stopped by them.
    static let dragMassRatio = 30.0
}
