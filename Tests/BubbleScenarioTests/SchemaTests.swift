import Foundation
import Testing
@testable import BubbleScenario
import BubblePicker
import BubblePhysics

/// The JSON Schema beside the scenarios lists exactly the fields the decoder reads.
@Suite("Scenario schema")
struct SchemaTests {
    static func schema() throws -> JSONValue {
        let url = ScenarioTestSupport.scenariosDirectory.appendingPathComponent("scenario.schema.json")
        return try JSONParser.parse(try String(contentsOf: url, encoding: .utf8))
    }

    static func keys(_ value: JSONValue?) -> [String] { value?.objectKeys ?? [] }

    @Test("top-level, container, physics, style and crowd fields match the decoder's (container fields in its order)")
    func fieldsMatch() throws {
        let schema = try Self.schema()
        let properties = schema["properties"]
        #expect(Set(Self.keys(properties)) == Set(Scenario.topLevelFields))
        #expect(Self.keys(properties?["container"]?["properties"]) == ContainerSetting.allCases.map { $0.name })
        #expect(Set(Self.keys(properties?["container"]?["properties"]?["physics"]?["properties"]))
                == Set(PhysicsSetting.allCases.map { $0.rawValue }))
        #expect(Set(Self.keys(properties?["bubbles"]?["items"]?["properties"])) == Set(BubbleReader.bubbleFields))
    }

    @Test("the timeline lists every event name the decoder accepts, with its fields")
    func eventsMatch() throws {
        let schema = try Self.schema()
        guard case .array(let events)? = schema["properties"]?["timeline"]?["items"]?["oneOf"] else {
            Issue.record("no timeline oneOf")
            return
        }
        var names: [String] = []
        for event in events {
            guard case .string(let name)? = event["properties"]?["event"]?["const"] else { continue }
            names.append(name)
            let fields = Set(Self.keys(event["properties"])).subtracting(TimelineReader.common)
            #expect(fields == Set(TimelineReader.fields(of: name)), "\(name)")
        }
        #expect(names == TimelineReader.eventNames)
    }

    /// `minimum` and `maximum` of a schema node, as doubles.
    static func bounds(_ node: JSONValue?) -> (Double?, Double?) {
        (node?["minimum"]?.doubleValue, node?["maximum"]?.doubleValue)
    }

    /// Records an issue unless `node` bounds numbers exactly as `range` does (no exclusive bounds).
    static func check(_ node: JSONValue?, _ lower: Double, _ upper: Double, _ what: String) {
        let (minimum, maximum) = bounds(node)
        #expect(minimum == lower && maximum == upper, "\(what): schema \(String(describing: minimum))...\(String(describing: maximum)), code \(lower)...\(upper)")
        #expect(node?["exclusiveMinimum"] == nil && node?["exclusiveMaximum"] == nil && node?["anyOf"] == nil, "\(what): one closed range")
    }

    static func check(_ node: JSONValue?, kind: SettingKind, _ what: String) {
        switch kind {
        case .scalar(.number(let range)): check(node, range.lowerBound, range.upperBound, what)
        case .scalar(.integer(let range)), .scalar(.optionalInteger(let range)):
            check(node, Double(range.lowerBound), Double(range.upperBound), what)
        case .point(let range):
            check(node?["properties"]?["x"], range.lowerBound, range.upperBound, what + ".x")
            check(node?["properties"]?["y"], range.lowerBound, range.upperBound, what + ".y")
        case .scalar(.choice(let words)):
            #expect(node?["enum"] == .array(words.map { .string($0) }), "\(what): schema enum, code \(words)")
        case .scalar(.flag), .physics: break
        }
    }

    @Test("every range and choice list in the schema is the code's (defined once, in the configuration types)")
    func rangesMatch() throws {
        let properties = try Self.schema()["properties"]
        let container = properties?["container"]?["properties"]
        for setting in ContainerSetting.allCases { Self.check(container?[setting.name], kind: setting.kind, "container." + setting.name) }
        for setting in PhysicsSetting.allCases {
            Self.check(container?["physics"]?["properties"]?[setting.rawValue], kind: setting.kind, "physics." + setting.rawValue)
        }
        let size = BubbleStyle.sizeRange
        for field in ["minSize", "maxSize"] {
            Self.check(properties?["style"]?["properties"]?[field], size.lowerBound, size.upperBound, "style." + field)
            Self.check(properties?["bubbles"]?["items"]?["properties"]?[field], size.lowerBound, size.upperBound, "bubbles." + field)
            Self.check(properties?["crowd"]?["properties"]?[field], size.lowerBound, size.upperBound, "crowd." + field)
        }
        let font = BubbleStyle.labelFontSizeRange
        Self.check(properties?["style"]?["properties"]?["labelFontSize"], font.lowerBound, font.upperBound, "style.labelFontSize")
        Self.check(properties?["crowd"]?["properties"]?["count"], 1, Double(Scenario.maximumBubbles), "crowd.count")
        Self.check(properties?["steps"], 1, Double(Scenario.maximumSteps), "steps")
        Self.check(properties?["seed"], 0, 9_007_199_254_740_992, "seed")
        let tags = BubbleReader.tagRange
        Self.check(properties?["bubbles"]?["items"]?["properties"]?["tag"], Double(tags.lowerBound), Double(tags.upperBound), "bubbles.tag")
        Self.check(properties?["crowd"]?["properties"]?["tag"], Double(tags.lowerBound), Double(tags.upperBound), "crowd.tag")
        guard case .array(let events)? = properties?["timeline"]?["items"]?["oneOf"] else { return }
        for event in events {
            guard case .string(let name)? = event["properties"]?["event"]?["const"] else { continue }
            let fields = event["properties"]
            switch name {
            case "resize":
                let side = BubbleContainerConfiguration.sideRange
                Self.check(fields?["width"], side.lowerBound, side.upperBound, "resize.width")
                Self.check(fields?["height"], side.lowerBound, side.upperBound, "resize.height")
            case "moveAnchor":
                let anchor = BubbleContainerConfiguration.anchorRange
                Self.check(fields?["x"], anchor.lowerBound, anchor.upperBound, "moveAnchor.x")
                Self.check(fields?["y"], anchor.lowerBound, anchor.upperBound, "moveAnchor.y")
            case "pointerDown", "pointerMove", "pointerUp", "tap":
                let pointer = Scenario.pointerRange
                Self.check(fields?["x"], pointer.lowerBound, pointer.upperBound, name + ".x")
                Self.check(fields?["y"], pointer.lowerBound, pointer.upperBound, name + ".y")
            default: break
            }
        }
    }
}
