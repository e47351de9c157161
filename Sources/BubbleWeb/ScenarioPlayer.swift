import BubblePhysics
import BubblePicker
import BubbleScenario
import BubbleScene

/// Plays a bundled scenario the way the golden traces were recorded (its own `ScenarioRunner`),
/// for the playground's player: play, step, and scrub to any step by replaying from the start,
/// with the current step's state hash beside the golden's.
///
/// Seeking backwards replays from step 0. To keep scrubbing responsive the player keeps a copy of
/// the runner every `checkpointInterval` steps on the way (a runner is a value, so a copy is the
/// exact state of that replay) and restarts from the nearest one at or before the target.
public struct ScenarioPlayer {
    /// The scenario.
    public let scenario: Scenario
    /// The golden trace's hash after each step (index = steps taken); empty when unknown.
    public let golden: [UInt64]
    /// The replay.
    public private(set) var runner: ScenarioRunner
    /// Turns frames into scenes.
    public var sceneBuilder = SceneBuilder()
    /// Why the replay stopped before the end (a timeline event that could not apply); nil while fine.
    public private(set) var failure: ScenarioFailure? = nil
    /// Copies of the runner at steps 0, k, 2k, … (k = `checkpointInterval`) reached so far.
    var checkpoints: [ScenarioRunner] = []
    var clock = FixedStepClock()
    /// The interpolation fraction of the last `advance(by:)` (1 after a seek or step).
    public private(set) var fraction: Double = 1

    /// Steps between kept copies of the runner.
    public static let checkpointInterval = 60

    /// A player at step 0 of the scenario in `json` (named `name`), with the golden hash lines
    /// `golden` (a golden trace's text, or just its `step hash` lines; "" for none).
    /// - Throws: `.scenario` when the JSON is not a valid scenario or the golden is malformed.
    public init(json: String, name: String, golden: String = "") throws(PlaygroundError) {
        do {
            scenario = try Scenario(json: json, name: name)
            runner = try ScenarioRunner(scenario)
        } catch {
            throw .scenario(ScenarioFailure(error.description))
        }
        self.golden = try Self.goldenHashes(golden)
        checkpoints = [runner]
    }

    /// The hash after each step from a golden trace's `step hash` lines (other lines ignored),
    /// in order; the steps must count 0, 1, 2, ….
    /// - Throws: `.scenario` for a step out of order.
    public static func goldenHashes(_ text: String) throws(PlaygroundError) -> [UInt64] {
        var hashes: [UInt64] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 2, words[1].utf8.count == 16, let step = Int(words[0]),
                  let hash = UInt64(words[1], radix: 16) else { continue }
            guard step == hashes.count else {
                throw .scenario(ScenarioFailure("golden: step \(step) where \(hashes.count) was expected"))
            }
            hashes.append(hash)
        }
        return hashes
    }

    /// Steps taken.
    public var step: Int { runner.stepsTaken }
    /// The scenario's length in steps.
    public var steps: Int { scenario.steps }
    /// The state hash now.
    public var hash: UInt64 { runner.stateHash() }
    /// The golden's hash for this step, if known.
    public var goldenHash: UInt64? { step < golden.count ? golden[step] : nil }
    /// Whether the hash now equals the golden's (nil without a golden for this step).
    public var matchesGolden: Bool? { goldenHash.map { $0 == hash } }
    /// The container being replayed.
    public var container: BubbleContainer<DefaultBubble> { runner.container }

    /// Takes one step (events due first). Returns false at the end or after a failure.
    @discardableResult
    public mutating func stepForward() -> Bool {
        guard step < steps, failure == nil else { return false }
        do {
            try runner.step()
        } catch {
            failure = ScenarioFailure(error.description)
            return false
        }
        if step % Self.checkpointInterval == 0 && step / Self.checkpointInterval == checkpoints.count {
            checkpoints.append(runner)
        }
        fraction = 1
        return true
    }

    /// Moves to `target` steps taken (clamped to 0...steps): forward by stepping, backward by
    /// replaying from the start (from the nearest kept copy). Returns the step reached.
    @discardableResult
    public mutating func seek(to target: Int) -> Int {
        let target = max(0, min(target, steps))
        if target < step {
            let index = min(target / Self.checkpointInterval, checkpoints.count - 1)
            runner = checkpoints[index]
            failure = nil
        }
        while step < target && stepForward() {}
        sceneBuilder.reset()  // a jump: no smoothing from the frame before
        clock = FixedStepClock()
        fraction = 1
        return step
    }

    /// Plays on by `seconds` of the scenario's time (whole steps; the rest carried). Returns the
    /// fraction of a step left over, for `scene()`.
    @discardableResult
    public mutating func advance(by seconds: Double) -> Double {
        let dt = runner.timeStep
        let due = clock.steps(after: seconds, timeStep: dt, limit: runner.container.configuration.physics.maxStepsPerAdvance)
        var ran = 0
        while ran < due && stepForward() { ran += 1 }
        fraction = step < steps && failure == nil ? clock.fraction(of: dt) : 1
        return fraction
    }

    /// The draw list at the last advance's fraction.
    public mutating func scene() -> DrawList {
        sceneBuilder.scene(for: runner.container.frame(interpolation: fraction))
    }

    /// The steps at which timeline events fire, each once, in order, with the kind of the first
    /// event at that step and how many fire there.
    public var markers: [TimelineMarker] {
        var markers: [TimelineMarker] = []
        for event in scenario.timeline {
            if let last = markers.last, last.step == event.at {
                markers[markers.count - 1].count += 1
            } else {
                markers.append(TimelineMarker(step: event.at, kind: TimelineMarker.Kind(event.action), count: 1))
            }
        }
        return markers
    }
}

/// A mark on the player's timeline: the step where events fire.
public struct TimelineMarker: Hashable, Sendable {
    /// What the first event at that step does.
    public enum Kind: Int, Hashable, Sendable {
        /// Bubbles added.
        case add
        /// Bubbles removed.
        case remove
        /// Selection or content changed (select, deselect, toggle, update).
        case selection
        /// A pointer event (tap, drag, down, move, up, cancel).
        case pointer
        /// The anchor moved, the container resized, or settings changed.
        case container

        /// The kind of a timeline action.
        public init(_ action: TimelineAction) {
            switch action {
            case .add: self = .add
            case .remove: self = .remove
            case .select, .deselect, .toggle, .update: self = .selection
            case .pointerDown, .pointerMove, .pointerUp, .pointerCancel: self = .pointer
            case .moveAnchor, .resize, .set: self = .container
            }
        }
    }

    /// Steps taken when the events fire.
    public var step: Int
    /// The first event's kind.
    public var kind: Kind
    /// Events at this step.
    public var count: Int
}
