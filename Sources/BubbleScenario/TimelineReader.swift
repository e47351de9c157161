import BubblePhysics
import BubblePicker

/// Reads the `timeline` array into events sorted by step, expanding `repeat`, `tap` and `drag`.
struct TimelineReader {
    static let eventNames = ["add", "remove", "select", "deselect", "toggle", "pointerDown", "pointerMove", "pointerUp",
                             "pointerCancel", "tap", "drag", "moveAnchor", "resize", "set", "update"]
    /// Fields of an `update` event besides `id`.
    static let updateFields = ["text", "image", "tag", "minSize", "maxSize"]
    /// Pointer identities in the file (`pointer`).
    static let pointerRange = 0...1_000_000
    static let common = ["at", "event", "repeat", "every"]
    static let targetFields = ["id", "tag", "tags", "all", "where"]

    let steps: Int
    let style: BubbleStyle
    /// Bubbles made before the timeline (counts toward the limit).
    var bubbleCount: Int
    var events: [TimelineEvent] = []

    /// Reads every element, then sorts by step (stable: same-step events keep file order).
    static func read(_ elements: [JSONValue], path: String, steps: Int, style: BubbleStyle,
                     bubbleCount: Int) throws(ScenarioError) -> [TimelineEvent] {
        var reader = TimelineReader(steps: steps, style: style, bubbleCount: bubbleCount)
        for (index, element) in elements.enumerated() {
            try reader.read(element, path: "\(path)[\(index)]")
        }
        return reader.events.enumerated().sorted { a, b in
            a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
        }.map { $0.element }
    }

    private mutating func read(_ value: JSONValue, path: String) throws(ScenarioError) {
        guard case .object = value else { throw ScenarioError(path, "expected an object", got: value.excerpt()) }
        let name = try Self.eventName(value, path: path)
        let reader = try FieldReader(value, path: path, allowed: Self.common + Self.fields(of: name))
        let at = try reader.integer("at", in: 0...Scenario.maximumSteps)
        try checkInside(at, path: reader.path("at"))
        let copies = try reader.integer("repeat", 1, in: 1...Scenario.maximumEvents)
        let every = try reader.integer("every", 1, in: 1...Scenario.maximumSteps)
        let span = name == "drag" ? try reader.integer("steps", 1, in: 1...10_000) : (name == "tap" ? 1 : 0)
        let last = (copies - 1).multipliedReportingOverflow(by: every)
        if last.overflow || last.partialValue > steps - 1 - at - span {
            let end = last.overflow ? Int.max : at &+ last.partialValue &+ span
            throw ScenarioError(reader.has("repeat") ? reader.path("repeat") : reader.path(name == "drag" ? "steps" : "at"),
                                "the event's last step \(end) is beyond the end (steps = \(steps))")
        }
        if copies > Scenario.maximumEvents - events.count {
            throw ScenarioError(reader.path("repeat"), "more than \(Scenario.maximumEvents) events in all", got: String(copies))
        }
        for copy in 0..<copies {
            try expand(name, reader, at: at + copy * every, copy: copy, path: path)
        }
    }

    /// The element's `event`: one of `eventNames`. A missing, mistyped or unknown one is an error
    /// that lists every valid name (from that one list, so a new event joins the message).
    static func eventName(_ value: JSONValue, path: String) throws(ScenarioError) -> String {
        let reader = try FieldReader(value, path: path, allowed: value.objectKeys)
        let expected = "expected one of: " + eventNames.joined(separator: ", ")
        guard let event = value["event"] else { throw ScenarioError(reader.path("event"), "missing required field, " + expected) }
        guard case .string = event else { throw ScenarioError(reader.path("event"), expected, got: event.excerpt()) }
        return try reader.choice("event", from: eventNames)
    }

    private func checkInside(_ at: Int, path: String) throws(ScenarioError) {
        if at >= steps { throw ScenarioError(path, "step \(at) is beyond the end (steps = \(steps))") }
    }

    /// The fields an event of this name takes, besides `at`, `event`, `repeat` and `every`.
    static func fields(of name: String) -> [String] {
        switch name {
        case "add": return BubbleReader.bubbleFields
        case "remove", "select", "deselect", "toggle": return targetFields
        case "pointerDown", "tap": return ["x", "y", "id", "pointer"]
        case "pointerMove", "pointerUp": return ["x", "y", "pointer"]
        case "pointerCancel": return ["pointer"]
        case "moveAnchor": return ["x", "y"]
        case "drag": return ["from", "to", "by", "steps", "pointer"]
        case "update": return ["id"] + updateFields
        case "resize": return ["width", "height"]
        case "set": return ["settings"]
        default: return []
        }
    }

    private mutating func expand(_ name: String, _ reader: FieldReader, at: Int, copy: Int, path: String) throws(ScenarioError) {
        let pointer: Int? = reader.has("pointer") ? try reader.integer("pointer", in: Self.pointerRange) : (name == "pointerCancel" ? nil : 0)
        func emit(_ action: TimelineAction, _ offset: Int = 0) {
            events.append(TimelineEvent(at: at + offset, path: path, action: action, pointer: pointer))
        }
        switch name {
        case "add": emit(.add(try addedBubble(reader, copy: copy)))
        case "remove": emit(.remove(try Self.target(reader)))
        case "select": emit(.select(try Self.target(reader)))
        case "deselect": emit(.deselect(try Self.target(reader)))
        case "toggle": emit(.toggle(try Self.target(reader)))
        case "pointerDown": emit(.pointerDown(try Self.downPosition(reader)))
        case "pointerMove": emit(.pointerMove(.point(try Self.position(reader))))
        case "pointerUp": emit(.pointerUp(.point(try Self.position(reader))))
        case "pointerCancel": emit(.pointerCancel)
        case "tap":
            let down = try Self.downPosition(reader)
            emit(.pointerDown(down))
            if case .point(let point) = down { emit(.pointerUp(.point(point)), 1) } else { emit(.pointerUp(.fromDown(.zero)), 1) }
        case "drag": try expandDrag(reader, emit: emit)
        case "moveAnchor":
            let range = BubbleContainerConfiguration.anchorRange
            emit(.moveAnchor(Vector2(try reader.number("x", in: range), try reader.number("y", in: range))))
        case "resize":
            let side = BubbleContainerConfiguration.sideRange
            emit(.resize(Size(width: try reader.number("width", in: side), height: try reader.number("height", in: side))))
        case "update": emit(.update(try reader.integer("id", in: BubbleID.range.bounds), try Self.update(reader)))
        default:
            emit(.set(try ConfigurationReader.changes(try reader.required("settings"), path: reader.path("settings"))))
        }
    }

    /// A drag: down at `from` (a point, or `{"id": N}` for the centre of bubble N when it fires),
    /// `steps` moves along the straight line to `to` (absolute) or by `by` (offset), one per step,
    /// and up at the end in the same step as the last move (so the release carries the speed).
    private func expandDrag(_ reader: FieldReader, emit: (TimelineAction, Int) -> Void) throws(ScenarioError) {
        let fromValue = try reader.required("from")
        let count = try reader.integer("steps", 1, in: 1...10_000)
        guard reader.has("to") != reader.has("by") else { throw ScenarioError(reader.path, "needs exactly one of: to, by") }
        if fromValue["id"] != nil {
            let from = try FieldReader(fromValue, path: reader.path("from"), allowed: ["id"])
            let id = try from.integer("id", in: BubbleID.range.bounds)
            guard let byValue = reader.value("by") else { throw ScenarioError(reader.path("to"), "a drag from a bubble takes by, not to") }
            let by = try ConfigurationReader.point(byValue, path: reader.path("by"), range: Scenario.pointerRange)
            emit(.pointerDown(.bubble(id: id, field: "from.id")), 0)
            for k in 1...count { emit(.pointerMove(.fromDown(k == count ? by : by * (Double(k) / Double(count)))), k) }
            emit(.pointerUp(.fromDown(by)), count)
            return
        }
        let from = try ConfigurationReader.point(fromValue, path: reader.path("from"), range: Scenario.pointerRange)
        let to: Vector2
        if let byValue = reader.value("by") {
            to = from + (try ConfigurationReader.point(byValue, path: reader.path("by"), range: Scenario.pointerRange))
        } else {
            to = try ConfigurationReader.point(reader.required("to"), path: reader.path("to"), range: Scenario.pointerRange)
        }
        emit(.pointerDown(.point(from)), 0)
        for k in 1...count { emit(.pointerMove(.point(k == count ? to : from + (to - from) * (Double(k) / Double(count)))), k) }
        emit(.pointerUp(.point(to)), count)
    }

    /// An added bubble; in copy k of a repeat, `{n}` in the text becomes k + 1 and the tag grows by k.
    private mutating func addedBubble(_ reader: FieldReader, copy: Int) throws(ScenarioError) -> BubbleSpec {
        bubbleCount += 1
        if bubbleCount > Scenario.maximumBubbles {
            throw ScenarioError(reader.path("event"), "more than \(Scenario.maximumBubbles) bubbles in all")
        }
        var spec = try BubbleReader.bubble(reader, style: style)
        spec.text = Self.replacingCopyNumber(in: spec.text, with: String(copy + 1))
        if let tag = spec.tag {
            let shifted = tag.addingReportingOverflow(copy)
            guard !shifted.overflow, BubbleReader.tagRange.contains(shifted.partialValue) else {
                throw ScenarioError(reader.path("tag"), "repeated tags run out of range", got: String(tag))
            }
            spec.tag = shifted.partialValue
        }
        return spec
    }

    /// `text` with every `{n}` replaced by `number` (stdlib only: Embedded Swift has no `replacing`).
    static func replacingCopyNumber(in text: String, with number: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let after = rest[brace...]
            if after.hasPrefix("{n}") {
                out += number
                rest = after.dropFirst(3)
            } else {
                out += "{"
                rest = after.dropFirst()
            }
        }
        return out + rest
    }

    /// Where a `pointerDown` or `tap` goes down: `x` and `y`, or `id` (the bubble's centre when it fires).
    static func downPosition(_ reader: FieldReader) throws(ScenarioError) -> PointerPosition {
        guard reader.has("id") else { return .point(try position(reader)) }
        if reader.has("x") || reader.has("y") { throw ScenarioError(reader.path("id"), "give either id or x and y, not both") }
        return .bubble(id: try reader.integer("id", in: BubbleID.range.bounds), field: "id")
    }

    /// The changes of an `update` event: at least one of `text`, `image`, `tag`, `minSize`, `maxSize`.
    static func update(_ reader: FieldReader) throws(ScenarioError) -> BubbleUpdate {
        guard updateFields.contains(where: { reader.has($0) }) else {
            throw ScenarioError(reader.path, "needs at least one of: \(updateFields.joined(separator: ", "))")
        }
        var update = BubbleUpdate()
        if reader.has("text") {
            let text = try reader.string("text")
            if text.count > 1000 { throw ScenarioError(reader.path("text"), "longer than 1000 characters") }
            update.text = text
        }
        if reader.has("image") { update.imageName = try reader.string("image") }
        if reader.has("tag") { update.tag = try reader.integer("tag", in: BubbleReader.tagRange) }
        if reader.has("minSize") { update.minSize = try reader.number("minSize", in: BubbleReader.sizeRange) }
        if reader.has("maxSize") { update.maxSize = try reader.number("maxSize", in: BubbleReader.sizeRange) }
        return update
    }

    static func position(_ reader: FieldReader) throws(ScenarioError) -> Vector2 {
        Vector2(try reader.number("x", in: Scenario.pointerRange), try reader.number("y", in: Scenario.pointerRange))
    }

    /// Exactly one of `id`, `tag`, `tags`, `all: true`, `where: "selected" | "unselected"`.
    static func target(_ reader: FieldReader) throws(ScenarioError) -> BubbleTarget {
        let given = targetFields.filter { reader.has($0) }
        guard given.count == 1, let field = given.first else {
            throw ScenarioError(reader.path, "needs exactly one of: \(targetFields.joined(separator: ", "))"
                + (given.isEmpty ? "" : " (got \(given.joined(separator: ", ")))"))
        }
        switch field {
        case "id": return .id(try reader.integer("id", in: BubbleID.range.bounds))
        case "tag": return .tag(try reader.integer("tag", in: BubbleReader.tagRange))
        case "tags":
            guard let elements = try reader.array("tags"), !elements.isEmpty else {
                throw ScenarioError(reader.path("tags"), "must list at least one tag")
            }
            var tags: [Int] = []
            for (index, element) in elements.enumerated() {
                tags.append(try FieldReader.integer(element, path: "\(reader.path("tags"))[\(index)]", in: BubbleReader.tagRange))
            }
            return .tags(tags)
        case "all":
            guard try reader.bool("all", false) else { throw ScenarioError(reader.path("all"), "must be true when given", got: "false") }
            return .all
        default:
            return .selected(try reader.choice("where", from: ["selected", "unselected"]) == "selected")
        }
    }
}

extension JSONValue {
    /// An object's keys in order; empty for anything else.
    var objectKeys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map { $0.key }
    }
}
