import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario
import BubbleScene

/// The playground's engine side as plain Swift: a live picker (`BubbleContainer<PlaygroundBubble>`)
/// plus the scene builder that turns its frames into draw lists, and a journal of every call.
/// The browser page drives exactly this type through the wasm exports; an app's adapter would
/// drive it (or the container directly) the same way:
///
/// 1. on every display frame: `advance(by: elapsed)` → the interpolation fraction, then
///    `scene()` → the draw list at that fraction;
/// 2. on touches: `pointerDown` / `pointerMove` / `pointerUp` / `pointerCancel` with container
///    points and simulated times (`now` plus the touch's age);
/// 3. on controls: `add`, `remove`, `select`, …, `set(_:_:)`, `resize(to:)`.
///
/// Every mutating call is journaled (when `isRecording`) as a `PlaygroundCommand`, so the same
/// session can be replayed elsewhere (`PlaygroundScript`) and must reach the same `stateHash()`.
public struct PlaygroundSession {
    /// The live picker.
    public private(set) var picker: BubbleContainer<PlaygroundBubble>
    /// Turns frames into scenes (keeps camera and callout state between frames).
    public var sceneBuilder = SceneBuilder()
    /// The interpolation fraction of the last `advance(by:)` (1 after a single `step()`).
    public private(set) var fraction: Double = 1
    /// Steps the last `advance(by:)` ran (for a ms/step readout measured by the caller).
    public private(set) var lastAdvanceSteps = 0
    /// The calls made so far, in order, while `isRecording` (the first line says how the session
    /// was made: `create W H SEED` or `scenario NAME`).
    public private(set) var journal: [String] = []
    /// Whether calls are journaled. Off by default: a long live session would grow it forever.
    public var isRecording = false
    var added: [PlaygroundBubbleKind: Int] = [:]

    /// A session with an empty picker of `size` points and a seed, every other setting at its default.
    /// - Throws: `.container` for a size out of range.
    public init(size: Size, seed: UInt64 = 0, recording: Bool = false) throws(PlaygroundError) {
        var configuration = BubbleContainerConfiguration()
        configuration.size = size
        configuration.seed = seed
        try self.init(configuration: configuration, recording: recording)
    }

    /// A session with an empty picker of any configuration. The journal starts with
    /// `create W H SEED` and a `set` line for every `PlaygroundSetting` that differs from its
    /// default, so it replays exactly when the configuration's other fields (the anchor, the
    /// solver's settings other than substeps) are at their defaults.
    /// - Throws: `.container` for a setting out of range.
    public init(configuration: BubbleContainerConfiguration, recording: Bool = false) throws(PlaygroundError) {
        do { picker = try BubbleContainer(configuration: configuration) } catch { throw .container(error) }
        isRecording = recording
        let size = configuration.size
        record("create " + PlaygroundCommand.numbers([size.width, size.height]) + " \(configuration.seed)")
        let defaults = BubbleContainerConfiguration()
        for setting in PlaygroundSetting.allCases where setting.value(in: configuration) != setting.value(in: defaults) {
            record(PlaygroundCommand.set(setting, setting.value(in: configuration)).text)
        }
    }

    /// A session set up like a scenario: its configuration and its initial bubbles (as stock
    /// bubbles), without its timeline (that is what `ScenarioPlayer` plays). The hash equals that
    /// of a `ScenarioRunner` before its first step.
    public init(scenario: Scenario, recording: Bool = false) throws(PlaygroundError) {
        do { picker = try BubbleContainer(configuration: scenario.configuration) } catch { throw .container(error) }
        isRecording = recording
        record("scenario " + scenario.name)
        for spec in scenario.bubbles {
            let bubble = DefaultBubble(text: spec.text, imageName: spec.imageName, style: spec.style)
            picker.add(content: .standard(bubble), tag: spec.tag, selected: spec.selected,
                       atCenter: spec.atCenter, animated: spec.animated)
        }
        _ = picker.takeEvents()
    }

    mutating func record(_ line: String) {
        if isRecording { journal.append(line) }
    }

    /// The journal as text, one command per line.
    public var journalText: String { journal.joined(separator: "\n") }

    /// The simulated time the display shows: the last step's time plus the carried fraction of
    /// a step. Pointer events happening now carry this time (plus how long ago they happened).
    public var now: Double { picker.time + fraction * picker.configuration.physics.timeStep }

    /// The picker's exact-state hash.
    public func stateHash() -> UInt64 { picker.stateHash() }

    // MARK: Time

    /// Advances the frame clock by `seconds`: runs the whole steps due and returns the fraction
    /// of a step left over, for `scene()` (see `BubbleContainer.advance(by:)`).
    @discardableResult
    public mutating func advance(by seconds: Double) -> Double {
        record(PlaygroundCommand.advance(seconds).text)
        let before = picker.stepCount
        fraction = picker.advance(by: seconds)
        lastAdvanceSteps = picker.stepCount - before
        return fraction
    }

    /// Takes one fixed step (the next frame is drawn at the new state).
    public mutating func step() {
        record(PlaygroundCommand.step.text)
        picker.step()
        fraction = 1
        lastAdvanceSteps = 1
    }

    /// The draw list of the frame at the last advance's fraction.
    public mutating func scene() -> Scene {
        sceneBuilder.scene(for: picker.frame(interpolation: fraction))
    }

    /// The events since the last call (selected, removed, overfull, …), oldest first.
    public mutating func takeEvents() -> [BubbleEvent] { picker.takeEvents() }
}

// MARK: Bubbles and selection

extension PlaygroundSession {
    /// Adds one bubble of `kind` (labels and badges follow a fixed catalogue, so every run adds
    /// the same bubbles). Returns its identity.
    @discardableResult
    public mutating func add(_ kind: PlaygroundBubbleKind, selected: Bool = false, atCenter: Bool = false) -> BubbleID {
        record(PlaygroundCommand.add(kind, selected: selected, atCenter: atCenter).text)
        return addBubble(kind, selected: selected, atCenter: atCenter)
    }

    /// Adds `count` bubbles of `kind` (the "add 1,000" stress test: `.small`). Returns how many.
    @discardableResult
    public mutating func addMany(_ count: Int, kind: PlaygroundBubbleKind = .small) -> Int {
        record(PlaygroundCommand.addMany(count, kind).text)
        let count = max(0, min(count, 100_000))
        for _ in 0..<count { addBubble(kind, selected: false, atCenter: false) }
        return count
    }

    @discardableResult
    mutating func addBubble(_ kind: PlaygroundBubbleKind, selected: Bool, atCenter: Bool) -> BubbleID {
        let index = added[kind, default: 0]
        added[kind] = index + 1
        let content: PlaygroundBubble
        switch kind {
        case .standard: content = .standard(DefaultBubble(text: Genres.name(index)))
        case .badge: content = .badge(Badge.catalogue(index))
        case .small:
            var style = BubbleStyle(minSize: 20, maxSize: 28)
            style.labelFontSize = 9
            content = .standard(DefaultBubble(text: String(index + 1), style: style))
        }
        return picker.add(content: content, tag: kind == .badge ? 1 : 0, selected: selected, atCenter: atCenter)
    }

    /// Removes a bubble (it shrinks out). Returns false when it is not there.
    @discardableResult
    public mutating func remove(_ id: BubbleID) -> Bool {
        record(PlaygroundCommand.remove(id).text)
        return picker.remove(id)
    }

    /// A long press at `point`: removes the bubble there, if any, and ends the gesture (so the
    /// lift that follows neither taps nor flicks). Returns the removed bubble.
    @discardableResult
    public mutating func removeBubble(at point: Vector2, time: Double) -> BubbleID? {
        record(PlaygroundCommand.removeAt(point, time: time).text)
        picker.pointerCancel()
        guard let bubble = picker.bubble(at: point) else { return nil }
        return picker.remove(bubble.id) ? bubble.id : nil
    }

    /// Removes every selected bubble. Returns how many.
    @discardableResult
    public mutating func removeSelected() -> Int {
        record(PlaygroundCommand.removeSelected.text)
        return picker.remove { $0.isSelected }
    }

    /// Selects a bubble; true when it changed.
    @discardableResult
    public mutating func select(_ id: BubbleID) -> Bool {
        record(PlaygroundCommand.select(id).text)
        return picker.select(id)
    }

    /// Deselects a bubble; true when it changed.
    @discardableResult
    public mutating func deselect(_ id: BubbleID) -> Bool {
        record(PlaygroundCommand.deselect(id).text)
        return picker.deselect(id)
    }

    /// Toggles a bubble; true when it changed.
    @discardableResult
    public mutating func toggle(_ id: BubbleID) -> Bool {
        record(PlaygroundCommand.toggle(id).text)
        return picker.toggle(id)
    }

    /// Selects every bubble (as far as `maxSelected` allows); returns how many changed.
    @discardableResult
    public mutating func selectAll() -> Int {
        record(PlaygroundCommand.selectAll.text)
        return picker.selectAll()
    }

    /// Deselects every bubble; returns how many changed.
    @discardableResult
    public mutating func deselectAll() -> Int {
        record(PlaygroundCommand.deselectAll.text)
        return picker.deselectAll()
    }
}

// MARK: Pointer, size and settings

extension PlaygroundSession {
    /// A finger touches down at `point` (container points) at `time` (simulated seconds).
    public mutating func pointerDown(at point: Vector2, time: Double) {
        record(PlaygroundCommand.pointerDown(point, time: time).text)
        picker.pointerDown(at: point, time: time)
    }

    /// The finger moves.
    public mutating func pointerMove(to point: Vector2, time: Double) {
        record(PlaygroundCommand.pointerMove(point, time: time).text)
        picker.pointerMove(at: point, time: time)
    }

    /// The finger lifts: a tap toggles, a drag flicks, a background drag lets the anchor spring back.
    public mutating func pointerUp(at point: Vector2, time: Double) {
        record(PlaygroundCommand.pointerUp(point, time: time).text)
        picker.pointerUp(at: point, time: time)
    }

    /// The gesture is cancelled (no tap, no flick).
    public mutating func pointerCancel() {
        record(PlaygroundCommand.pointerCancel.text)
        picker.pointerCancel()
    }

    /// Resizes the container (the window resized, or the phone rotated).
    /// - Throws: `.container` for a side out of range (nothing changes).
    public mutating func resize(to size: Size) throws(PlaygroundError) {
        record(PlaygroundCommand.resize(size).text)
        do { try picker.resize(to: size) } catch { throw .container(error) }
    }

    /// Changes one setting live.
    /// - Throws: `.invalidSetting` or `.container` (nothing changes).
    public mutating func set(_ setting: PlaygroundSetting, _ value: Double) throws(PlaygroundError) {
        record(PlaygroundCommand.set(setting, value).text)
        let configuration = try setting.applying(value, to: picker.configuration)
        do { try picker.setConfiguration(configuration) } catch { throw .container(error) }
    }

    /// A setting's current value (see `PlaygroundSetting`).
    public func value(of setting: PlaygroundSetting) -> Double { setting.value(in: picker.configuration) }

    /// Performs a command (what replaying a journal does). Returns the command's number: the
    /// fraction for `advance`, the identity for `add`, a count or 1/0 for the others.
    /// - Throws: what the command's method throws.
    @discardableResult
    public mutating func perform(_ command: PlaygroundCommand) throws(PlaygroundError) -> Double {
        switch command {
        case .add(let kind, let selected, let atCenter): return Double(add(kind, selected: selected, atCenter: atCenter).rawValue)
        case .addMany(let count, let kind): return Double(addMany(count, kind: kind))
        case .remove(let id): return remove(id) ? 1 : 0
        case .removeAt(let point, let time): return Double(removeBubble(at: point, time: time)?.rawValue ?? -1)
        case .removeSelected: return Double(removeSelected())
        case .select(let id): return select(id) ? 1 : 0
        case .deselect(let id): return deselect(id) ? 1 : 0
        case .toggle(let id): return toggle(id) ? 1 : 0
        case .selectAll: return Double(selectAll())
        case .deselectAll: return Double(deselectAll())
        case .pointerDown(let point, let time): pointerDown(at: point, time: time)
        case .pointerMove(let point, let time): pointerMove(to: point, time: time)
        case .pointerUp(let point, let time): pointerUp(at: point, time: time)
        case .pointerCancel: pointerCancel()
        case .resize(let size): try resize(to: size)
        case .set(let setting, let value): try set(setting, value)
        case .advance(let seconds): return advance(by: seconds)
        case .step: step()
        }
        return 1
    }
}
