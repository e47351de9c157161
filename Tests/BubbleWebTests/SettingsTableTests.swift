import Testing
import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario
@testable import BubbleWeb

/// The one settings table: every setting round-trips, its range is the one `validate()` uses,
/// the scenario reader and the web list read it.
@Suite struct SettingsTableTests {
    /// A value inside the setting's range other than its default, as one number.
    static func other(_ setting: BubbleSetting) -> Double {
        switch setting.kind {
        case .number(let range): return setting.defaultNumber == range.upperBound ? range.lowerBound : range.upperBound
        case .integer(let range), .optionalInteger(let range): return Double(setting.defaultNumber == Double(range.upperBound) ? range.lowerBound : range.upperBound)
        case .flag: return 1 - setting.defaultNumber
        case .choice(let words): return Double((Int(setting.defaultNumber) + 1) % words.count)
        }
    }

    @Test("every setting round-trips through its number, and its default is the configuration's")
    func roundTrip() throws {
        let defaults = BubbleContainerConfiguration()
        for setting in BubbleSetting.allCases {
            #expect(setting.number(in: defaults) == setting.defaultNumber)
            let value = Self.other(setting)
            let changed = try #require(setting.setting(value, in: defaults), "\(setting)")
            #expect(setting.number(in: changed) == value, "\(setting)")
            try changed.validate()
            for other in BubbleSetting.allCases where other != setting {
                #expect(other.number(in: changed) == other.defaultNumber, "\(setting) changed \(other)")
            }
            #expect(setting.setting(.nan, in: defaults) == nil)
        }
    }

    @Test("each range is the one validate() enforces: just past either bound is refused naming the setting")
    func rangesAreTheConfigurations() throws {
        let defaults = BubbleContainerConfiguration()
        for setting in BubbleSetting.allCases {
            let outside: [Double]
            switch setting.kind {
            case .number(let range): outside = [range.lowerBound - max(1, abs(range.lowerBound)), range.upperBound * 2 + 1]
            case .integer(let range): outside = [Double(range.lowerBound - 1), Double(range.upperBound + 1)]
            case .optionalInteger(let range): outside = [Double(range.upperBound + 1)]
            case .flag, .choice: outside = []
            }
            for value in outside {
                guard let changed = setting.setting(value, in: defaults) else { continue }
                #expect(throws: InvalidValue.self, "\(setting) \(value)") { try changed.validate() }
                do { try changed.validate() } catch {
                    #expect(error.field.hasSuffix(setting.rawValue) || setting.rawValue.hasPrefix("density"), "\(error.field) for \(setting)")
                }
            }
        }
    }

    @Test("the scenario's container fields are derived from the table: size, anchor, every setting but substeps in table order, physics")
    func scenarioFieldsAreTheTable() {
        let live = BubbleSetting.allCases.filter { $0 != .substeps }
        #expect(ContainerSetting.allCases.map(\.name) == ["width", "height", "anchor"] + live.map(\.rawValue) + ["physics"])
        #expect(ContainerSetting.allCases.compactMap(\.bubbleSetting) == live)
        for setting in ContainerSetting.allCases { #expect(ContainerSetting(name: setting.name) == setting, "\(setting.name)") }
        for name in ["substeps", "seed", "size", "Width", ""] { #expect(ContainerSetting(name: name) == nil, "\(name)") }
        #expect(PhysicsSetting.substeps.rawValue == BubbleSetting.substeps.rawValue)
    }

    /// A table value (one number) as the JSON a scenario file holds for it.
    static func json(_ setting: BubbleSetting, _ number: Double) -> String {
        switch setting.kind {
        case .flag: return number == 1 ? "true" : "false"
        case .choice(let words): return JSONWriter.quoted(words[Int(number)])
        case .optionalInteger where number < 0: return "null"
        default: return number == number.rounded() ? String(Int(number)) : JSONWriter.number(number)
        }
    }

    /// A scenario with `field` (JSON members) in its container, and `settings` in a `set` event.
    static func scenario(container field: String, set settings: String) -> String {
        #"{"format": 1, "description": "t", "seed": 1, "steps": 2, "container": {"width": 300, "height": 200"#
            + (field.isEmpty ? "" : ", " + field) + #"}, "bubbles": [], "timeline": [{"at": 1, "event": "set", "settings": {"#
            + settings + "}}]}"
    }

    /// `setting: json` as a container or `settings` member (`substeps` inside `physics`).
    static func member(_ setting: BubbleSetting, _ json: String) -> String {
        setting == .substeps ? #""physics": {"substeps": \#(json)}"# : "\"\(setting.rawValue)\": \(json)"
    }

    @Test("every table setting is read from a scenario's container and set events into the configuration")
    func scenarioReadsEverySetting() throws {
        for setting in BubbleSetting.allCases {
            let value = Self.other(setting), member = Self.member(setting, Self.json(setting, value))
            let scenario = try Scenario(json: Self.scenario(container: member, set: member), name: "t")
            #expect(setting.number(in: scenario.configuration) == value, "container.\(setting)")
            guard case .set(let changes) = scenario.timeline.first?.action else { Issue.record("no set event"); continue }
            var configuration = BubbleContainerConfiguration()
            for change in changes { change.apply(to: &configuration) }
            #expect(setting.number(in: configuration) == value, "set \(setting)")
        }
    }

    /// Values a scenario file may not give `setting`, as JSON.
    static func refused(_ setting: BubbleSetting) -> [String] {
        switch setting.kind {
        case .number(let range):
            return [range.lowerBound - max(1, abs(range.lowerBound)), range.upperBound * 2 + 1].map { json(setting, $0) }
        case .integer(let range), .optionalInteger(let range): return [String(range.lowerBound - 1), String(range.upperBound + 1), "1.5"]
        case .flag: return ["1", #""yes""#]
        case .choice: return [#""nope""#, "0"]
        }
    }

    @Test("a scenario value outside a setting's range or choices is refused naming the field and the value")
    func scenarioRefusesOutOfRange() {
        for setting in BubbleSetting.allCases {
            let field = setting == .substeps ? "physics.substeps" : setting.rawValue
            for json in Self.refused(setting) {
                let member = Self.member(setting, json)
                for (text, location) in [(Self.scenario(container: member, set: ""), "container." + field),
                                         (Self.scenario(container: "", set: member), "timeline[0].settings." + field)] {
                    do {
                        _ = try Scenario(json: text, name: "t")
                        Issue.record("\(location) = \(json) accepted")
                    } catch {
                        #expect(error.location == location && error.got == json, "\(error)")
                    }
                }
            }
        }
    }

    @Test("the exported list: one entry per setting in code order, with its kind, range and default")
    func exportedList() throws {
        let list = try JSONParser.parse(PlaygroundSession.settingsJSON())
        guard case .array(let entries) = list else { Issue.record("not an array"); return }
        #expect(entries.count == BubbleSetting.allCases.count)
        for (entry, setting) in zip(entries, BubbleSetting.allCases) {
            guard case .string(let name)? = entry["name"], case .string(let kind)? = entry["kind"] else { Issue.record("\(entry)"); continue }
            #expect(name == setting.rawValue)
            #expect(entry["default"]?.doubleValue == setting.defaultNumber)
            switch setting.kind {
            case .number(let range):
                #expect(kind == "number" && entry["min"]?.doubleValue == range.lowerBound && entry["max"]?.doubleValue == range.upperBound)
            case .integer(let range), .optionalInteger(let range):
                #expect(kind == "integer" && entry["min"]?.doubleValue == Double(range.lowerBound) && entry["max"]?.doubleValue == Double(range.upperBound))
            case .flag: #expect(kind == "boolean")
            case .choice(let words):
                #expect(kind == "choice" && entry["choices"] == .array(words.map { .string($0) }))
            }
        }
    }
}
