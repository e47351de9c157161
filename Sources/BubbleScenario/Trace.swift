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
/// shortest round-trip decimals, so they are exact.
public struct Trace: Sendable, Equatable {
    /// Version of this text format.
    public static let formatVersion = 1

    public var scenario: String
    public var source: String
    public var steps: Int
    public var every: Int
    public var limit: Int
    /// State hashes (16 hex digits), index = steps taken: `steps + 1` entries.
    public var hashes: [String]
    public var samples: [TraceSample]

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

    /// Adds a step: its hash, and the positions of its frame (made only then) when the step is a
    /// multiple of `every`.
    public mutating func record(step: Int, hash: UInt64, frame: () -> ScenarioFrame) {
        let digits = String(hash, radix: 16)
        hashes.append(String(repeating: "0", count: 16 - digits.count) + digits)
        guard every > 0, step % every == 0 else { return }
        let bubbles = frame().bubbles.prefix(limit).map {
            TraceBubble(id: $0.id, x: $0.x, y: $0.y, diameter: $0.diameter, selected: $0.selected)
        }
        samples.append(TraceSample(step: step, bubbles: Array(bubbles)))
    }

    /// Replays `scenario` from the start and records its trace. `progress` is called after every
    /// step with the number of steps taken.
    public static func replay(_ scenario: Scenario, progress: (Int) -> Void = { _ in }) throws(ScenarioError) -> Trace {
        var trace = Trace(scenario: scenario.name, source: scenario.sourceHash, steps: scenario.steps,
                          every: scenario.traceEvery, limit: scenario.traceBubbles)
        var runner = ScenarioRunner(scenario)
        trace.record(step: 0, hash: runner.stateHash(), frame: runner.frame)
        for step in 1...scenario.steps {
            try runner.step()
            trace.record(step: step, hash: runner.stateHash(), frame: runner.frame)
            progress(step)
        }
        return trace
    }

    /// The trace as text (see the type's documentation).
    public var text: String {
        var out = "bubblepicker-trace \(Self.formatVersion)\nscenario \(scenario)\nsource \(source)\n"
        out += "steps \(steps) every \(every) limit \(limit)\n"
        var sampleIndex = 0
        for (step, hash) in hashes.enumerated() {
            out += "\(step) \(hash)\n"
            while sampleIndex < samples.count, samples[sampleIndex].step == step {
                for bubble in samples[sampleIndex].bubbles { out += "  " + bubble.line + "\n" }
                sampleIndex += 1
            }
        }
        return out
    }
}

/// The positions of the sampled bubbles at one step.
public struct TraceSample: Sendable, Equatable {
    public var step: Int
    public var bubbles: [TraceBubble]

    public init(step: Int, bubbles: [TraceBubble]) {
        self.step = step
        self.bubbles = bubbles
    }
}

/// One bubble in a sample. Equality is bit-for-bit (so -0.0 differs from 0.0).
public struct TraceBubble: Sendable, Equatable {
    public var id: Int
    public var x: Double
    public var y: Double
    public var diameter: Double
    public var selected: Bool

    public init(id: Int, x: Double, y: Double, diameter: Double, selected: Bool) {
        self.id = id
        self.x = x
        self.y = y
        self.diameter = diameter
        self.selected = selected
    }

    public static func == (a: TraceBubble, b: TraceBubble) -> Bool {
        a.id == b.id && a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
            && a.diameter.bitPattern == b.diameter.bitPattern && a.selected == b.selected
    }

    /// `id x y diameter selected`, numbers in shortest round-trip form.
    var line: String { "\(id) \(x.description) \(y.description) \(diameter.description) \(selected ? 1 : 0)" }
}
