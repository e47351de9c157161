import BubblePhysics
import BubblePicker

/// A golden trace: the exact state hash after every step of a scenario, plus bubble positions
/// sampled every `every` steps, as small diffable text (`Scenarios/Expected/<name>.trace`).
///
/// ```
/// bubblepicker-trace 1
/// scenario demo
/// source 5d0c3e1f0a9b7c42
/// steps 600 every 30 limit 100
/// 0 8a1f0c2d3e4b5a69
///   1 187.5 333.5 80.0 0
///   2 ...
/// 1 77c0e2a4b6d8f001
/// ```
/// `source` is a hash of the scenario's JSON (canonical, whitespace-free), so a golden recorded
/// for an older version of a scenario is reported as stale rather than as a divergence. Sample
/// lines are `id x y diameter selected` for the first `limit` bubbles in id order; numbers are
/// shortest round-trip decimals, so they are exact. A scenario with `"trace": {"events": true}`
/// also records, after each step's hash line, one `event <description>` line per event the
/// container reported up to that step (e.g. `event 130: selectionRefused #4 limitReached`).
public struct Trace: Sendable, Equatable {
    /// Version of this text format.
    public static let formatVersion = 1

    /// The scenario's name.
    public var scenario: String
    /// Hash of the scenario's canonical JSON (16 hex digits): a golden for another version is stale.
    public var source: String
    /// Steps replayed.
    public var steps: Int
    /// Positions are sampled every this many steps.
    public var every: Int
    /// At most this many bubbles per sample.
    public var limit: Int
    /// State hashes (16 hex digits), index = steps taken: `steps + 1` entries.
    public var hashes: [String]
    /// The position samples, in step order.
    public var samples: [TraceSample]
    /// The events recorded (scenarios with `traceEvents` only), in step order: a step's events
    /// are those reported by the timeline events before it and by the step itself.
    public var events: [TraceSample] = []

    /// A trace from its parts (empty: to be filled by `record`).
    public init(scenario: String, source: String, steps: Int, every: Int, limit: Int,
                hashes: [String] = [], samples: [TraceSample] = []) {
        self.scenario = scenario
        self.source = source
        self.steps = steps
        self.every = every
        self.limit = limit
        self.hashes = hashes
        self.samples = samples
    }

    /// Adds a step: its hash, and the sample lines of its frame (made only then) when the step
    /// is a multiple of `every`.
    public mutating func record(step: Int, hash: UInt64, frame: () -> BubbleFrame, events: [BubbleEvent] = []) {
        hashes.append(StateHasher.hexDigits(hash))
        if !events.isEmpty { self.events.append(TraceSample(step: step, lines: events.map { $0.description })) }
        guard every > 0, step % every == 0 else { return }
        samples.append(TraceSample(step: step, lines: frame().bubbles.prefix(limit).map(Trace.line)))
    }

    /// `id x y diameter selected` for one bubble: shortest round-trip decimals, so two lines are
    /// equal exactly when the values are bit-identical (and -0.0 differs from 0.0).
    public static func line(_ bubble: BubbleSnapshot) -> String {
        "\(bubble.id.rawValue) \(bubble.center.x.description) \(bubble.center.y.description) "
            + "\(bubble.drawnDiameter.description) \(bubble.isSelected ? 1 : 0)"
    }

    /// Replays `scenario` from the start and records its trace. `progress` is called after every
    /// step with the number of steps taken.
    public static func replay(_ scenario: Scenario, progress: (Int) -> Void = { _ in }) throws(ScenarioError) -> Trace {
        var trace = Trace(scenario: scenario.name, source: scenario.sourceHash, steps: scenario.steps,
                          every: scenario.traceEvery, limit: scenario.traceBubbles)
        var runner = try ScenarioRunner(scenario)
        try runner.run(through: scenario.steps, every: 1, progress: progress) { (runner: ScenarioRunner) throws(ScenarioError) in
            trace.record(step: runner.stepsTaken, hash: runner.stateHash(), frame: runner.frame,
                         events: scenario.traceEvents ? runner.lastEvents : [])
        }
        return trace
    }

    /// The trace as text (see the type's documentation).
    public var text: String {
        var out = "bubblepicker-trace \(Self.formatVersion)\nscenario \(scenario)\nsource \(source)\n"
        out += "steps \(steps) every \(every) limit \(limit)\n"
        var sampleIndex = 0, eventIndex = 0
        for (step, hash) in hashes.enumerated() {
            out += "\(step) \(hash)\n"
            while eventIndex < events.count, events[eventIndex].step == step {
                for line in events[eventIndex].lines { out += "event " + line + "\n" }
                eventIndex += 1
            }
            while sampleIndex < samples.count, samples[sampleIndex].step == step {
                for line in samples[sampleIndex].lines { out += "  " + line + "\n" }
                sampleIndex += 1
            }
        }
        return out
    }
}

/// The sample lines of one step: `id x y diameter selected` per bubble, in id order.
public struct TraceSample: Sendable, Equatable {
    /// Steps taken.
    public var step: Int
    /// One line per sampled bubble (see `Trace.line(_:)`).
    public var lines: [String]

    /// A sample from its parts.
    public init(step: Int, lines: [String]) {
        self.step = step
        self.lines = lines
    }
}
