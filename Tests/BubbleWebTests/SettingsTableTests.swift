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

    @Test("the scenario format's picker settings are the table's: same names, same kinds")
    func scenarioReaderReadsTheTable() {
        let scenarioNames = ContainerSetting.allCases.filter { $0.bubbleSetting != nil }.map(\.rawValue)
        #expect(Set(scenarioNames) == Set(BubbleSetting.allCases.filter { $0 != .substeps }.map(\.rawValue)))
        #expect(scenarioNames.count == BubbleSetting.allCases.count - 1)
        #expect(Set(ContainerSetting.allCases.filter { $0.bubbleSetting == nil }.map(\.rawValue)) == ["width", "height", "anchor", "physics"])
        #expect(PhysicsSetting.substeps.rawValue == BubbleSetting.substeps.rawValue)
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
