import BubblePhysics
import BubblePicker

/// Reads the `container` object (and a `set` event's `settings`) into a
/// `BubbleContainerConfiguration`: every field optional except where noted, each range-checked
/// with its field path, unknown fields rejected.
enum ConfigurationReader {
    typealias Configuration = BubbleContainerConfiguration

    /// One settable field: its name and how to read it into a configuration.
    struct Setting {
        let name: String
        let apply: (FieldReader, inout Configuration) throws(ScenarioError) -> Void
    }

    /// Applies the fields present in `value` to `configuration`, then (when `checkWhole`) checks
    /// the combination.
    static func apply(_ value: JSONValue, path: String, to configuration: inout Configuration,
                      checkWhole: Bool = true) throws(ScenarioError) {
        let table = settings
        let reader = try FieldReader(value, path: path, allowed: table.map(\.name))
        for setting in table where reader.has(setting.name) {
            try setting.apply(reader, &configuration)
        }
        if checkWhole, let problem = configuration.validationError { throw ScenarioError(path, problem) }
    }

    /// The `container` object: `width` and `height` are required.
    static func container(_ value: JSONValue, path: String, seed: UInt64) throws(ScenarioError) -> Configuration {
        var configuration = Configuration()
        configuration.seed = seed
        let reader = try FieldReader(value, path: path, allowed: settings.map(\.name))
        _ = try reader.required("width")
        _ = try reader.required("height")
        try apply(value, path: path, to: &configuration)
        return configuration
    }

    static var settings: [Setting] {
        [
            side("width", \.size.width), side("height", \.size.height),
            Setting(name: "anchor") { reader, configuration throws(ScenarioError) in
                configuration.anchor = try point(reader.required("anchor"), path: reader.path("anchor"), range: -10...10)
            },
            Setting(name: "fieldLaw") { reader, configuration throws(ScenarioError) in
                let law = try reader.choice("fieldLaw", from: FieldLaw.allCases.map(\.rawValue))
                configuration.fieldLaw = FieldLaw(rawValue: law) ?? .spring
            },
            number("fieldStrength", 0...1e7, \.fieldStrength), number("falloffRadius", 0...1e6, \.falloffRadius),
            number("resistance", 0...1000, \.resistance),
            number("densitySelected", 0.001...1000, \.densitySelected), number("densityUnselected", 0.001...1000, \.densityUnselected),
            flag("horizontalScroll", \.horizontalScroll), flag("verticalScroll", \.verticalScroll),
            number("growInDuration", 0...60, \.growInDuration), number("selectionDuration", 0...60, \.selectionDuration),
            number("removalDuration", 0...60, \.removalDuration),
            number("selectionPushSpeed", 0...100_000, \.selectionPushSpeed), number("selectionPushReach", 0...100, \.selectionPushReach),
            optionalInteger("maxSelected", 0...Scenario.maximumBubbles, \.maxSelected),
            Setting(name: "maxSelectedPolicy") { reader, configuration throws(ScenarioError) in
                let policy = try reader.choice("maxSelectedPolicy", from: MaxSelectedPolicy.allCases.map(\.rawValue))
                configuration.maxSelectedPolicy = MaxSelectedPolicy(rawValue: policy) ?? .refuse
            },
            optionalInteger("maxBubbles", 1...Scenario.maximumBubbles, \.maxBubbles),
            flag("backgroundScrollEnabled", \.backgroundScrollEnabled),
            number("tapMaxDistance", 0...1e6, \.tapMaxDistance), number("tapMaxDuration", 0...60, \.tapMaxDuration),
            positive("flickWindow", 10, \.flickWindow), positive("maxFlickSpeed", 1000, \.maxFlickSpeed),
            positive("dragFrequency", 1000, \.dragFrequency), positive("anchorSmoothing", 1, \.anchorSmoothing),
            Setting(name: "physics") { reader, configuration throws(ScenarioError) in
                try physics(reader.required("physics"), path: reader.path("physics"), into: &configuration.physics)
            },
        ]
    }

    /// The `physics` object: the solver settings of the container's world.
    static func physics(_ value: JSONValue, path: String, into physics: inout WorldConfiguration) throws(ScenarioError) {
        let names = ["timeStep", "substeps", "contactHertz", "contactDampingRatio", "pushSpeed", "elasticity",
                     "speculativeFraction", "maxStepsPerAdvance"]
        let reader = try FieldReader(value, path: path, allowed: names)
        physics.timeStep = try reader.number("timeStep", physics.timeStep, in: 0.0001...0.1)
        physics.substeps = try reader.integer("substeps", physics.substeps, in: 1...64)
        physics.contactHertz = try reader.positive("contactHertz", physics.contactHertz, max: 10_000)
        physics.contactDampingRatio = try reader.number("contactDampingRatio", physics.contactDampingRatio, in: 0...1000)
        physics.pushSpeed = try reader.positive("pushSpeed", physics.pushSpeed, max: 1000)
        physics.elasticity = try reader.number("elasticity", physics.elasticity, in: 0...1)
        physics.speculativeFraction = try reader.number("speculativeFraction", physics.speculativeFraction, in: 0...0.5)
        physics.maxStepsPerAdvance = try reader.integer("maxStepsPerAdvance", physics.maxStepsPerAdvance, in: 1...1000)
    }

    /// `{"x": X, "y": Y}` with both in `range`.
    static func point(_ value: JSONValue, path: String, range: ClosedRange<Double>) throws(ScenarioError) -> Vector2 {
        let reader = try FieldReader(value, path: path, allowed: ["x", "y"])
        return Vector2(try reader.number("x", in: range), try reader.number("y", in: range))
    }

    // MARK: Setting builders

    static func number(_ name: String, _ range: ClosedRange<Double>, _ field: WritableKeyPath<Configuration, Double>) -> Setting {
        Setting(name: name) { reader, configuration throws(ScenarioError) in
            configuration[keyPath: field] = try reader.number(name, in: range)
        }
    }

    /// A container side: 0 (no area yet) or 1...100,000 points.
    static func side(_ name: String, _ field: WritableKeyPath<Configuration, Double>) -> Setting {
        Setting(name: name) { reader, configuration throws(ScenarioError) in
            configuration[keyPath: field] = try ConfigurationReader.side(reader.required(name), path: reader.path(name))
        }
    }

    /// 0, or a number in 1...100,000 (a positive side below a point would only make the physics degenerate).
    static func side(_ value: JSONValue, path: String) throws(ScenarioError) -> Double {
        let side = try FieldReader.number(value, path: path, in: 0...100_000)
        if side > 0 && side < 1 { throw ScenarioError(path, "must be 0 or in 1...100000", got: value.excerpt()) }
        return side
    }

    static func positive(_ name: String, _ max: Double, _ field: WritableKeyPath<Configuration, Double>) -> Setting {
        Setting(name: name) { reader, configuration throws(ScenarioError) in
            configuration[keyPath: field] = try reader.positive(name, max: max)
        }
    }

    static func flag(_ name: String, _ field: WritableKeyPath<Configuration, Bool>) -> Setting {
        Setting(name: name) { reader, configuration throws(ScenarioError) in
            configuration[keyPath: field] = try reader.bool(name, configuration[keyPath: field])
        }
    }

    /// A whole number, or `null` for "no limit".
    static func optionalInteger(_ name: String, _ range: ClosedRange<Int>, _ field: WritableKeyPath<Configuration, Int?>) -> Setting {
        Setting(name: name) { reader, configuration throws(ScenarioError) in
            if reader.value(name) == .null {
                configuration[keyPath: field] = nil
            } else {
                configuration[keyPath: field] = try reader.integer(name, in: range)
            }
        }
    }
}
