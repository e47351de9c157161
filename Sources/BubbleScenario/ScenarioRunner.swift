import BubblePhysics
import BubblePicker

/// Replays a scenario on a `BubbleContainer`, one step at a time.
///
/// Events at step `s` are applied when `s` steps have been taken, in file order, just before
/// the next step; frame `s` is the state after `s` steps (before the events at `s`). Nothing
/// here reads a clock or an unseeded random source, so a replay is bit-identical every time.
public struct ScenarioRunner: Sendable {
    /// The scenario being replayed.
    public let scenario: Scenario
    /// The container being driven.
    public private(set) var container: BubbleContainer<DefaultBubble>
    /// Steps taken so far.
    public private(set) var stepsTaken = 0
    /// The container's events during the last step (and the events before it), oldest first.
    public private(set) var lastEvents: [BubbleEvent] = []
    private var nextEvent = 0
    /// Where each pointer last went down (drags and taps relative to a bubble), by pointer id.
    private var downPoints: [Int: Vector2] = [:]

    /// A container configured as the scenario says, with its initial bubbles added.
    /// - Throws: only if the scenario's configuration is out of range, which `Scenario`'s
    ///   decoder already rules out (a hand-built `Scenario` may still be wrong).
    public init(_ scenario: Scenario) throws(ScenarioError) {
        self.scenario = scenario
        do {
            container = try BubbleContainer(configuration: scenario.configuration)
        } catch {
            throw ScenarioError("container", "rejected by the container: \(error)")
        }
        for spec in scenario.bubbles { Self.add(spec, to: &container) }
        lastEvents = container.takeEvents()
    }

    /// Seconds per step.
    public var timeStep: Double { container.configuration.physics.timeStep }

    /// Applies the events due now, then takes one step.
    /// - Throws: a `ScenarioError` naming the event when it cannot apply (a tag or id that matches
    ///   no bubble, settings that do not go together).
    public mutating func step() throws(ScenarioError) {
        let timeline = scenario.timeline
        while nextEvent < timeline.count, timeline[nextEvent].at <= stepsTaken {
            try apply(timeline[nextEvent])
            nextEvent += 1
        }
        container.step()
        stepsTaken += 1
        lastEvents = container.takeEvents()
    }

    /// The state now, for dumps, traces and pictures.
    public func frame() -> BubbleFrame { container.frame() }

    /// Runs the scenario from here to `lastStep` steps taken, calling `sample` with the runner
    /// at the current step (when it is a multiple of `every`) and at every multiple of `every`
    /// after each step, and `progress` after every step. The one sampling loop behind `simulate`
    /// dumps, golden traces and animations.
    /// - Complexity: O(steps × n).
    public mutating func run(through lastStep: Int, every: Int, progress: (Int) -> Void = { _ in },
                             sample: (ScenarioRunner) throws(ScenarioError) -> Void) throws(ScenarioError) {
        let every = every > 0 ? every : 1
        if stepsTaken % every == 0 { try sample(self) }
        while stepsTaken < lastStep {
            try step()
            progress(stepsTaken)
            if stepsTaken % every == 0 { try sample(self) }
        }
    }

    /// The container's state hash now (cheaper than a whole frame).
    public func stateHash() -> UInt64 { container.stateHash() }

    static func add(_ spec: BubbleSpec, to container: inout BubbleContainer<DefaultBubble>) {
        container.addDefaultBubble(text: spec.text, imageName: spec.imageName, style: spec.style, tag: spec.tag,
                                   selected: spec.selected, atCenter: spec.atCenter, animated: spec.animated)
    }

    private mutating func apply(_ event: TimelineEvent) throws(ScenarioError) {
        let time = container.time
        switch event.action {
        case .add(let spec): Self.add(spec, to: &container)
        case .remove(let target): try check(target, event); container.remove { target.matches($0) }
        case .select(let target): try check(target, event); container.select { target.matches($0) }
        case .deselect(let target): try check(target, event); container.deselect { target.matches($0) }
        case .toggle(let target): try check(target, event); container.toggle { target.matches($0) }
        case .pointerDown(let position):
            let point = try resolve(position, event)
            downPoints[event.pointer ?? 0] = point
            container.pointerDown(id: event.pointer ?? 0, at: point, time: time)
        case .pointerMove(let position): container.pointerMove(id: event.pointer ?? 0, at: try resolve(position, event), time: time)
        case .pointerUp(let position): container.pointerUp(id: event.pointer ?? 0, at: try resolve(position, event), time: time)
        case .pointerCancel:
            if let pointer = event.pointer { container.pointerCancel(id: pointer) } else { container.pointerCancel() }
        case .update(let id, let changes): try update(BubbleID(id), changes, event)
        case .moveAnchor(let anchor):
            try configure(event.path) { (c: inout BubbleContainer<DefaultBubble>) throws(BubbleContainerError) in try c.setAnchor(anchor) }
        case .resize(let size):
            try configure(event.path) { (c: inout BubbleContainer<DefaultBubble>) throws(BubbleContainerError) in try c.resize(to: size) }
        case .set(let changes): try applySettings(changes, event)
        }
    }

    /// The point of a pointer event now.
    private func resolve(_ position: PointerPosition, _ event: TimelineEvent) throws(ScenarioError) -> Vector2 {
        switch position {
        case .point(let point): return point
        case .fromDown(let offset): return (downPoints[event.pointer ?? 0] ?? .zero) + offset
        case .bubble(let id, let field):
            guard let center = container.center(of: BubbleID(id)) else {
                throw ScenarioError("\(event.path).\(field)", "no bubble matches at step \(event.at)", got: String(id))
            }
            return center
        }
    }

    /// Changes a bubble in place: its content (through `update(_:content:)`, so its size
    /// animates) and its tag.
    private mutating func update(_ id: BubbleID, _ changes: BubbleUpdate, _ event: TimelineEvent) throws(ScenarioError) {
        guard let bubble = container.bubble(id) else {
            throw ScenarioError("\(event.path).id", "no bubble matches at step \(event.at)", got: String(id.rawValue))
        }
        if changes.changesContent { container.update(id, content: changes.applied(to: bubble.content)) }
        if let tag = changes.tag { container.update(id, tag: tag) }
    }

    /// Fails when a target that must match (an id, a tag, a tag list) matches no bubble now.
    private func check(_ target: BubbleTarget, _ event: TimelineEvent) throws(ScenarioError) {
        guard target.mustMatch, container.bubbles(where: { target.matches($0) }).isEmpty else { return }
        throw ScenarioError("\(event.path).\(target.field)", "no bubble matches at step \(event.at)", got: target.excerpt)
    }

    private mutating func applySettings(_ changes: [SettingChange], _ event: TimelineEvent) throws(ScenarioError) {
        var configuration = container.configuration
        for change in changes { change.apply(to: &configuration) }
        try ConfigurationReader.check(configuration, path: event.path + ".settings")
        try configure(event.path + ".settings") { (c: inout BubbleContainer<DefaultBubble>) throws(BubbleContainerError) in
            try c.setConfiguration(configuration)
        }
    }

    private mutating func configure(_ path: String,
                                    _ change: (inout BubbleContainer<DefaultBubble>) throws(BubbleContainerError) -> Void) throws(ScenarioError) {
        do {
            try change(&container)
        } catch {
            throw ScenarioError(path, "rejected by the container: \(error)")
        }
    }
}
