import Foundation
import Testing
@testable import BubbleScenario

/// The JSON Schema beside the scenarios lists exactly the fields the decoder reads.
@Suite("Scenario schema")
struct SchemaTests {
    static func schema() throws -> JSONValue {
        let url = ScenarioTestSupport.scenariosDirectory.appendingPathComponent("scenario.schema.json")
        return try JSONParser.parse(try String(contentsOf: url, encoding: .utf8))
    }

    static func keys(_ value: JSONValue?) -> [String] { value?.objectKeys ?? [] }

    @Test("top-level, container, physics, style and crowd fields match the decoder's")
    func fieldsMatch() throws {
        let schema = try Self.schema()
        let properties = schema["properties"]
        #expect(Set(Self.keys(properties)) == Set(Scenario.topLevelFields))
        #expect(Set(Self.keys(properties?["container"]?["properties"])) == Set(ConfigurationReader.settings.map(\.name)))
        #expect(Self.keys(properties?["container"]?["properties"]?["physics"]?["properties"]).count == 8)
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
}
