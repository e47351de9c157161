import BubblePhysics
import BubblePicker

/// Reads the `container` object (and a `set` event's `settings`) into typed `SettingChange`s,
/// at load time: every field optional except where noted, each checked against its one range
/// with its field path, unknown fields rejected.
enum ConfigurationReader {
    /// The changes named by `value`, in `ContainerSetting.allCases` order.
    static func changes(_ value: JSONValue, path: String) throws(ScenarioError) -> [SettingChange] {
        let settings = ContainerSetting.allCases
        let reader = try FieldReader(value, path: path, allowed: settings.map { $0.name })
        var result: [SettingChange] = []
        for setting in settings where reader.has(setting.name) {
            result.append(SettingChange(setting: setting, value: try read(setting.name, kind: setting.kind, from: reader)))
        }
        return result
    }

    /// The `container` object over the default configuration: `width` and `height` are required;
    /// the combination is validated.
    static func container(_ value: JSONValue, path: String, seed: UInt64) throws(ScenarioError) -> BubbleContainerConfiguration {
        var configuration = BubbleContainerConfiguration()
        configuration.seed = seed
        let reader = try FieldReader(value, path: path, allowed: ContainerSetting.allCases.map { $0.name })
        _ = try reader.required("width")
        _ = try reader.required("height")
        for change in try changes(value, path: path) { change.apply(to: &configuration) }
        try check(configuration, path: path)
        return configuration
    }

    /// Fails when the configuration as a whole is rejected by the container.
    static func check(_ configuration: BubbleContainerConfiguration, path: String) throws(ScenarioError) {
        do { try configuration.validate() } catch { throw ScenarioError(FieldReader.join(path, error.field), error.requirement, got: error.value) }
    }

    /// The `physics` object.
    static func physics(_ value: JSONValue, path: String) throws(ScenarioError) -> [PhysicsChange] {
        let reader = try FieldReader(value, path: path, allowed: PhysicsSetting.allCases.map { $0.rawValue })
        var result: [PhysicsChange] = []
        for setting in PhysicsSetting.allCases where reader.has(setting.rawValue) {
            result.append(PhysicsChange(setting: setting, value: try read(setting.rawValue, kind: setting.kind, from: reader)))
        }
        return result
    }

    /// One field's value by its kind.
    static func read(_ key: String, kind: SettingKind, from reader: FieldReader) throws(ScenarioError) -> SettingValue {
        switch kind {
        case .scalar(let kind): return try scalar(key, kind: kind, from: reader)
        case .point(let range): return .point(try point(try reader.required(key), path: reader.path(key), range: range))
        case .physics: return .physics(try physics(try reader.required(key), path: reader.path(key)))
        }
    }

    /// One field's single value by the table's kind, checked against its range or choices.
    static func scalar(_ key: String, kind: BubbleSettingKind, from reader: FieldReader) throws(ScenarioError) -> SettingValue {
        switch kind {
        case .number(let range): return .number(try reader.number(key, in: range))
        case .integer(let range): return .integer(try reader.integer(key, in: range.bounds))
        case .optionalInteger(let range):
            if reader.value(key) == .null { return .optionalInteger(nil) }
            return .optionalInteger(try reader.integer(key, in: range.bounds))
        case .flag: return .flag(try reader.bool(key, false))
        case .choice(let words): return .choice(try reader.choice(key, from: words))
        }
    }

    /// `{"x": X, "y": Y}` with both in `range`.
    static func point(_ value: JSONValue, path: String, range: SettingRange<Double>) throws(ScenarioError) -> Vector2 {
        let reader = try FieldReader(value, path: path, allowed: ["x", "y"])
        return Vector2(try reader.number("x", in: range), try reader.number("y", in: range))
    }
}
