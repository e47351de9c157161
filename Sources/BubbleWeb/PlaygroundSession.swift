import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario
import BubbleScene

/// The playground's engine side as plain Swift: a `BubblePickerDriver` around a live picker
/// (`BubbleContainer<PlaygroundBubble>`), the scene builder that turns its frames into draw
/// lists, and a journal. The browser page drives exactly this type through the wasm exports:
///
/// 1. on every display frame: `frame(at: timestamp)` (the display clock, e.g.
///    `performance.now() / 1000`), then `scene()` → the draw list of the frame on screen;
/// 2. on pointer events: `pointer(.down, id:at:timestamp:)` … with container points and the
///    events' own timestamps on the same clock: several pointers, hit tests against the drawn
///    frame, long press on simulated time — all the driver's;
/// 3. on controls and keys: `add`, `remove`, `select`, …, `set(_:_:)`, `resize(to:)`, focus.
///
/// Every mutating call is a `PlaygroundCommand` applied by one `perform(_:)`; while
/// `isRecording` the session keeps the commands and renders them as text on demand
/// (`journalText`), so a session can be replayed elsewhere (`PlaygroundScript`,
/// `replay(journal:)`) and must reach the same `stateHash()`. The older calls (`advance(by:)`,
/// single-pointer `pointerDown(at:time:)` on simulated time) remain for the scripted checks.
public struct PlaygroundSession {
    /// The driver: display clock, pointers, accessibility, announcements.
    public internal(set) var driver: BubblePickerDriver<PlaygroundBubble>
    /// Turns frames into scenes (keeps camera and callout state and label layouts between frames).
    public var sceneBuilder = PlaygroundSession.makeSceneBuilder()
    /// The interpolation fraction the next `scene()` draws at.
    public internal(set) var fraction: Double = 1
    /// True while nothing changed since the last `frame(at:)`: `scene()` draws its frame as is
    /// instead of building the same frame again.
    var lastFrameIsCurrent = false
    /// Steps the last `advance(by:)`, `step()` or `frame(at:)` ran.
    public internal(set) var lastAdvanceSteps = 0
    /// The identities the last `addRandom` added, in order.
    public internal(set) var lastAddedIDs: [BubbleID] = []
    /// The last `frame(at:)`'s result (nil before the first).
    public internal(set) var lastFrame: DisplayFrame?
    /// The journal's first line: `create W H SEED` or `scenario NAME` (written when asked for).
    public var journalHeader: String {
        switch start {
        case .created(let size, let seed): return "create " + PlaygroundCommand.numbers([size.width, size.height]) + " \(seed)"
        case .scenario(let name): return "scenario " + name
        }
    }
    /// What the session started from: the journal's first line.
    let start: SessionStart
    /// The commands performed so far, in order, while `isRecording`.
    public internal(set) var commands: [PlaygroundCommand] = []
    /// Whether commands are journaled. Off by default: a long live session would grow it forever.
    public var isRecording = false
    /// Label widths the page measured in its real font (nil: the built-in table); see
    /// `setLabelWidths(fontFamily:graphemes:regular:bold:)`.
    public internal(set) var labelWidths: SceneLabelWidths? = nil
    var counters = PlaygroundCounters()
    var announcements: [BubbleAnnouncement] = []

    /// The live picker.
    public var picker: BubbleContainer<PlaygroundBubble> { driver.picker }

    /// A session with an empty picker of `size` points and a seed, every other setting at its default.
    /// - Throws: `.container` for a size out of range.
    public init(size: Size, seed: UInt64 = 0, recording: Bool = false) throws(PlaygroundError) {
        var configuration = BubbleContainerConfiguration()
        configuration.size = size
        configuration.seed = seed
        try self.init(configuration: configuration, recording: recording)
    }

    /// A session with an empty picker of any configuration. The journal starts with
    /// `create W H SEED` and a `set` command for every `BubbleSetting` that differs from its
    /// default, so it replays exactly when the configuration's other fields (the anchor, the
    /// solver's settings other than substeps) are at their defaults.
    /// - Throws: `.container` for a setting out of range.
    public init(configuration: BubbleContainerConfiguration, recording: Bool = false) throws(PlaygroundError) {
        do { driver = try BubblePickerDriver(configuration: configuration) } catch { throw .container(error) }
        isRecording = recording
        start = .created(configuration.size, seed: configuration.seed)
        for setting in BubbleSetting.allCases where setting.number(in: configuration) != setting.defaultNumber {
            record(.set(setting, setting.number(in: configuration)))
        }
    }

    /// A session set up like a scenario: its configuration and its initial bubbles (as stock
    /// bubbles), without its timeline (that is what `ScenarioPlayer` plays). The hash equals that
    /// of a `ScenarioRunner` before its first step.
    public init(scenario: Scenario, recording: Bool = false) throws(PlaygroundError) {
        var picker: BubbleContainer<PlaygroundBubble>
        do { picker = try BubbleContainer(configuration: scenario.configuration) } catch { throw .container(error) }
        for spec in scenario.bubbles {
            let bubble = DefaultBubble(text: spec.text, imageName: spec.imageName, style: spec.style)
            picker.add(content: .standard(bubble), tag: spec.tag, selected: spec.selected,
                       atCenter: spec.atCenter, animated: spec.animated)
        }
        _ = picker.takeEvents()
        driver = BubblePickerDriver(picker: picker)
        isRecording = recording
        start = .scenario(scenario.name)
    }

    /// The default theme's builder, keeping label layouts from frame to frame.
    static func makeSceneBuilder() -> SceneBuilder {
        var builder = SceneBuilder()
        builder.cachesLabelLayouts = true
        return builder
    }

    mutating func record(_ command: PlaygroundCommand) {
        if isRecording { commands.append(command) }
    }

    /// The journal as lines: the header, then each command's text (rendered now).
    /// - Complexity: O(commands).
    public var journal: [String] { [journalHeader] + commands.map { $0.text } }

    /// The journal as text, one command per line.
    /// - Complexity: O(commands).
    public var journalText: String { journal.joined(separator: "\n") }

    /// The simulated time the display shows: the last step's time plus the carried fraction of
    /// a step. Legacy single-pointer events happening now carry this time.
    public var now: Double { picker.time + fraction * picker.configuration.physics.timeStep }

    /// The picker's exact-state hash.
    public func stateHash() -> UInt64 { picker.stateHash() }

    /// The draw list of the frame on screen (at the last frame's or advance's fraction), its
    /// labels laid out with `labelWidths` when the page supplied them, else with the built-in
    /// table seen through the same measurer type (`builtInLabelWidths`: the same widths), so the
    /// scene's layout code is compiled once, for one measurer.
    /// - Complexity: O(n).
    public mutating func scene() -> DrawList {
        let shown = lastFrameIsCurrent ? lastFrame?.frame ?? picker.frame(interpolation: fraction)
            : picker.frame(interpolation: fraction)
        return sceneBuilder.scene(for: shown, measuring: labelWidths ?? Self.builtInLabelWidths)
    }

    /// The events since the last call (selected, removed, refused, …), oldest first.
    public mutating func takeEvents() -> [BubbleEvent] {
        collectAnnouncements()
        return driver.takeEvents()
    }

    /// What to say to a screen-reader user about the events since the last call, oldest first.
    public mutating func takeAnnouncements() -> [BubbleAnnouncement] {
        collectAnnouncements()
        defer { announcements.removeAll() }
        return announcements
    }

    /// Moves the driver's announcements into the session's queue (the events' labels come from
    /// them: a removed bubble is gone by the time its event is read). At most
    /// `BubbleContainer.maximumPendingEvents` are kept, the oldest dropped.
    mutating func collectAnnouncements() {
        announcements += driver.takeAnnouncements()
        let limit = BubbleContainer<PlaygroundBubble>.maximumPendingEvents
        if announcements.count > limit { announcements.removeFirst(announcements.count - limit) }
    }

    /// The accessibility elements in reading order (see `BubblePickerDriver.accessibilityElements()`).
    /// - Complexity: O(n log n).
    public mutating func accessibilityElements() -> [BubbleAccessibilityElement] { driver.accessibilityElements() }

    /// A session replayed from a journal (`journalText`); see `PlaygroundScript` for the
    /// scenarios a `scenario NAME` header may name and for the refusals collected.
    /// - Throws: what `PlaygroundScript` throws.
    public static func replay(journal: String, scenarios: (String) -> Scenario? = { _ in nil }) throws(PlaygroundError) -> PlaygroundSession {
        try PlaygroundScript(journal, scenarios: scenarios).session
    }
}

/// How many catalogue bubbles of each kind a session has added (labels follow the count, so a
/// replay adds the same bubbles), and the numbered bubbles' count.
struct PlaygroundCounters: Equatable, Sendable {
    var standard = 0
    var badge = 0
    var small = 0
    var numbered = 0

    /// The next index for `kind`, counting it.
    mutating func next(_ kind: PlaygroundBubbleKind) -> Int {
        switch kind {
        case .standard: standard += 1; return standard - 1
        case .badge: badge += 1; return badge - 1
        case .small: small += 1; return small - 1
        }
    }
}

/// What a session started from, for its journal's first line.
enum SessionStart {
    /// An empty picker of a size and seed (`create W H SEED`).
    case created(Size, seed: UInt64)
    /// A bundled scenario's set-up (`scenario NAME`).
    case scenario(String)
}
