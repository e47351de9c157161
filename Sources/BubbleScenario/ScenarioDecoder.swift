import BubblePhysics
import BubblePicker

extension Scenario {
    /// Top-level fields of a scenario file.
    static let topLevelFields = ["$schema", "format", "description", "seed", "steps", "trace", "container", "style",
                                 "bubbles", "crowd", "timeline"]

    /// Decodes and validates a scenario from its JSON text. `name` is the file's base name.
    /// Every error names the field path and the bad value.
    public init(json text: String, name: String) throws(ScenarioError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ScenarioError(syntax: error)
        }
        try self.init(document: document, name: name)
    }

    /// Decodes and validates a parsed scenario document.
    public init(document: JSONValue, name: String) throws(ScenarioError) {
        let reader = try FieldReader(document, path: "", allowed: Self.topLevelFields)
        let format = try reader.integer("format", in: 0...1_000_000)
        guard format == Self.formatVersion else {
            throw ScenarioError("format", "unsupported format version (this tool reads \(Self.formatVersion))", got: String(format))
        }
        let description = try reader.string("description")
        if description.isEmpty { throw ScenarioError("description", "must say what the scenario shows") }
        let seed = try reader.seed("seed")
        let steps = try reader.integer("steps", in: 1...Self.maximumSteps)
        let (every, traceBubbles, traceEvents) = try Self.trace(reader, steps: steps)
        let configuration = try ConfigurationReader.container(try reader.required("container"), path: "container", seed: seed)
        let style = try BubbleReader.style(reader.value("style"), path: "style")
        var bubbles = try BubbleReader.bubbles(try reader.array("bubbles") ?? [], path: "bubbles", style: style)
        if let crowd = reader.value("crowd") {
            bubbles += try BubbleReader.crowd(crowd, path: "crowd", style: style, seed: seed, already: bubbles.count)
        }
        let timeline = try TimelineReader.read(try reader.array("timeline") ?? [], path: "timeline", steps: steps,
                                               style: style, bubbleCount: bubbles.count)
        self.init(name: name, description: description, seed: seed, steps: steps, traceEvery: every,
                  traceBubbles: traceBubbles, configuration: configuration, bubbles: bubbles, timeline: timeline,
                  sourceHash: Self.hash(JSONWriter.compact(document)))
        self.traceEvents = traceEvents
    }

    /// The optional `trace` object: `every` (default 30, at most `steps`), `bubbles` (default 100)
    /// and `events` (default false).
    static func trace(_ reader: FieldReader, steps: Int) throws(ScenarioError) -> (Int, Int, Bool) {
        guard let value = reader.value("trace") else { return (min(30, steps), 100, false) }
        let trace = try FieldReader(value, path: "trace", allowed: ["every", "bubbles", "events"])
        return (try trace.integer("every", min(30, steps), in: 1...steps), try trace.integer("bubbles", 100, in: 0...1000),
                try trace.bool("events", false))
    }

    /// FNV-1a over the UTF-8 bytes, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var hasher = StateHasher()
        for byte in text.utf8 { hasher.combine(UInt64(byte)) }
        return hasher.hexDigits
    }

    /// The scenario's name for a path: the base name without `.json`.
    public static func name(forPath path: String) -> String {
        let base = path.split(separator: "/").last.map { String($0) } ?? path
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }
}
