import BubblePhysics
import BubblePicker

/// Every field of a scenario's `container` object (and of a `set` event's `settings`): the size,
/// the anchor and the solver's `physics` object, and every live picker setting of the one settings
/// table (`BubbleSetting`), under the table's name, kind and range — never restated here. The
/// reader, the `set` events and the JSON Schema test all go through this enum.
public enum ContainerSetting: CaseIterable, Hashable, Sendable {
    /// `width`: container width, points.
    case width
    /// `height`: container height, points.
    case height
    /// `anchor`: attraction anchor, fractions of the size.
    case anchor
    /// A live picker setting, under its `BubbleSetting` name. `live(.substeps)` is the solver's
    /// `physics.substeps`: a file names it inside `physics`, so it is not among `allCases` and
    /// `init?(name:)` does not read it.
    case live(BubbleSetting)
    /// `physics`: the nested solver settings (see `PhysicsSetting`).
    case physics

    /// Every field, in the order the reader reads them and its errors list them: `width`,
    /// `height`, `anchor`, the table's settings in `BubbleSetting.allCases` order (without
    /// `substeps`), `physics`.
    /// - Complexity: O(n) in the number of settings (built on each call).
    public static var allCases: [ContainerSetting] {
        [.width, .height, .anchor] + BubbleSetting.allCases.filter { $0 != .substeps }.map { .live($0) } + [.physics]
    }

    /// The field's name in a scenario file (for a live setting, its `BubbleSetting` raw value).
    public var name: String {
        switch self {
        case .width: return "width"
        case .height: return "height"
        case .anchor: return "anchor"
        case .live(let setting): return setting.rawValue
        case .physics: return "physics"
        }
    }

    /// The field named `name` in a scenario's `container` object, or nil when there is none.
    /// - Complexity: O(n) in the number of settings.
    public init?(name: String) {
        guard let setting = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = setting
    }

    /// The picker setting this field is, from the one settings table (nil for `width`, `height`,
    /// `anchor` and `physics`, which are not live settings).
    public var bubbleSetting: BubbleSetting? {
        guard case .live(let setting) = self else { return nil }
        return setting
    }

    /// The kind of value the field takes: a live setting's is the table's own `BubbleSetting.kind`.
    public var kind: SettingKind {
        switch self {
        case .width, .height: return .scalar(.number(BubbleContainerConfiguration.sideRange))
        case .anchor: return .point(BubbleContainerConfiguration.anchorRange)
        case .live(let setting): return .scalar(setting.kind)
        case .physics: return .physics
        }
    }

    /// Writes `value` (of this setting's kind) into `configuration`; a live setting through the
    /// table's `BubbleSetting.setting(_:in:)`.
    func apply(_ value: SettingValue, to c: inout BubbleContainerConfiguration) {
        switch (self, value) {
        case (.width, .number(let v)): c.size.width = v
        case (.height, .number(let v)): c.size.height = v
        case (.anchor, .point(let v)): c.anchor = v
        case (.physics, .physics(let changes)): for change in changes { change.setting.apply(change.value, to: &c.physics) }
        case (.live(let setting), _):
            guard let number = Self.number(of: value, kind: setting.kind), let changed = setting.setting(number, in: c) else { return }
            c = changed
        default: break
        }
    }

    /// A decoded value as the table's one number (nil for a value of another kind).
    static func number(of value: SettingValue, kind: BubbleSettingKind) -> Double? {
        switch (value, kind) {
        case (.number(let v), .number): return v
        case (.integer(let v), .integer): return Double(v)
        case (.flag(let on), .flag): return on ? 1 : 0
        case (.optionalInteger(let v), .optionalInteger): return v.map { Double($0) } ?? -1
        case (.choice(let word), .choice(let words)): return words.firstIndex(of: word).map { Double($0) }
        default: return nil
        }
    }
}

/// Every field of the `physics` object: the world's solver settings, ranges from `WorldConfiguration`.
public enum PhysicsSetting: String, CaseIterable, Sendable {
    /// Seconds per step.
    case timeStep
    /// Substeps per step.
    case substeps
    /// Contact stiffness, Hz.
    case contactHertz
    /// Contact damping ratio.
    case contactDampingRatio
    /// Largest push-out speed, radii per second.
    case pushSpeed
    /// Restitution, 0...1.
    case elasticity
    /// Speculative contact margin.
    case speculativeFraction
    /// Most steps one `advance(by:)` runs.
    case maxStepsPerAdvance

    /// The kind of value the field takes.
    public var kind: SettingKind {
        typealias W = WorldConfiguration
        switch self {
        case .timeStep: return .scalar(.number(W.timeStepRange))
        case .substeps: return .scalar(BubbleSetting.substeps.kind)
        case .contactHertz: return .scalar(.number(W.contactHertzRange))
        case .contactDampingRatio: return .scalar(.number(W.contactDampingRatioRange))
        case .pushSpeed: return .scalar(.number(W.pushSpeedRange))
        case .elasticity: return .scalar(.number(W.elasticityRange))
        case .speculativeFraction: return .scalar(.number(W.speculativeFractionRange))
        case .maxStepsPerAdvance: return .scalar(.integer(W.maxStepsPerAdvanceRange))
        }
    }

    /// Writes `value` (of this setting's kind) into `physics`.
    func apply(_ value: SettingValue, to physics: inout WorldConfiguration) {
        switch (self, value) {
        case (.timeStep, .number(let v)): physics.timeStep = v
        case (.substeps, .integer(let v)): physics.substeps = v
        case (.contactHertz, .number(let v)): physics.contactHertz = v
        case (.contactDampingRatio, .number(let v)): physics.contactDampingRatio = v
        case (.pushSpeed, .number(let v)): physics.pushSpeed = v
        case (.elasticity, .number(let v)): physics.elasticity = v
        case (.speculativeFraction, .number(let v)): physics.speculativeFraction = v
        case (.maxStepsPerAdvance, .integer(let v)): physics.maxStepsPerAdvance = v
        default: break
        }
    }
}

/// The kind of value a scenario field takes, with its range.
public enum SettingKind: Sendable {
    /// One value of a `BubbleSettingKind` (a number, a whole number, a limit, a switch or a word),
    /// with its range or choices: for a live setting, the table's own kind.
    case scalar(BubbleSettingKind)
    /// `{"x", "y"}`, each in the range.
    case point(SettingRange<Double>)
    /// The nested `physics` object.
    case physics
}

/// A decoded setting value.
public enum SettingValue: Sendable, Equatable {
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A whole number or no limit.
    case optionalInteger(Int?)
    /// A switch.
    case flag(Bool)
    /// A word (validated against the setting's choices).
    case choice(String)
    /// A point.
    case point(Vector2)
    /// The changes inside a `physics` object.
    case physics([PhysicsChange])
}

/// One decoded container setting: applied over the configuration in force when it takes effect.
public struct SettingChange: Sendable, Equatable {
    /// Which setting.
    public var setting: ContainerSetting
    /// Its new value.
    public var value: SettingValue

    /// Writes the change into `configuration`.
    public func apply(to configuration: inout BubbleContainerConfiguration) {
        setting.apply(value, to: &configuration)
    }
}

/// One decoded physics setting.
public struct PhysicsChange: Sendable, Equatable {
    /// Which setting.
    public var setting: PhysicsSetting
    /// Its new value.
    public var value: SettingValue
}
