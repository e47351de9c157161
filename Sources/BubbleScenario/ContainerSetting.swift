import BubblePhysics
import BubblePicker

/// Every field of a scenario's `container` object (and of a `set` event's `settings`): its name
/// in the file, the kind of value it takes and, for numbers, the accepted range — read from the
/// configuration types' own `SettingRange` constants, never restated here. The reader, the
/// `set` events and the JSON Schema test all go through this table.
public enum ContainerSetting: String, CaseIterable, Sendable {
    /// Container width, points.
    case width
    /// Container height, points.
    case height
    /// Attraction anchor, fractions of the size.
    case anchor
    /// `spring` or `radialGravity`.
    case fieldLaw
    /// Field strength.
    case fieldStrength
    /// Radial gravity falloff, points.
    case falloffRadius
    /// Linear damping per second.
    case resistance
    /// Density of selected bubbles.
    case densitySelected
    /// Density of unselected bubbles.
    case densityUnselected
    /// Open left and right borders.
    case horizontalScroll
    /// Open top and bottom borders.
    case verticalScroll
    /// Grow-in, seconds.
    case growInDuration
    /// Selection size animation, seconds.
    case selectionDuration
    /// Shrink-out, seconds.
    case removalDuration
    /// Push given to neighbours on selection, points per second.
    case selectionPushSpeed
    /// Reach of that push, selected diameters.
    case selectionPushReach
    /// Most bubbles selected at once, or `null`.
    case maxSelected
    /// `refuse` or `deselectOldest`.
    case maxSelectedPolicy
    /// Most bubbles alive (cycling), or `null`.
    case maxBubbles
    /// Whether a background drag moves the anchor.
    case backgroundScrollEnabled
    /// Largest travel of a tap, points.
    case tapMaxDistance
    /// Longest press of a tap, seconds.
    case tapMaxDuration
    /// Flick velocity window, seconds.
    case flickWindow
    /// Flick speed cap, diameters per second.
    case maxFlickSpeed
    /// Drag spring frequency, Hz.
    case dragFrequency
    /// Anchor smoothing per step.
    case anchorSmoothing
    /// Long press duration, seconds.
    case longPressDuration
    /// `remove`, `reportOnly` or `disabled`.
    case longPressAction
    /// The nested solver settings.
    case physics

    /// The picker setting this field is, from the one settings table (nil for `width`, `height`,
    /// `anchor` and `physics`, which are not live settings).
    public var bubbleSetting: BubbleSetting? {
        self == .physics ? nil : BubbleSetting(rawValue: rawValue)
    }

    /// The kind of value the field takes (for picker settings, read from `BubbleSetting`).
    public var kind: SettingKind {
        switch self {
        case .width, .height: return .number(BubbleContainerConfiguration.sideRange)
        case .anchor: return .point(BubbleContainerConfiguration.anchorRange)
        case .physics: return .physics
        default:
            switch bubbleSetting?.kind ?? .flag {
            case .number(let range): return .number(range)
            case .integer(let range): return .integer(range)
            case .optionalInteger(let range): return .optionalInteger(range)
            case .flag: return .flag
            case .choice(let words): return .choice(words)
            }
        }
    }

    /// Writes `value` (of this setting's kind) into `configuration`.
    func apply(_ value: SettingValue, to c: inout BubbleContainerConfiguration) {
        switch (self, value) {
        case (.width, .number(let v)): c.size.width = v
        case (.height, .number(let v)): c.size.height = v
        case (.anchor, .point(let v)): c.anchor = v
        case (.physics, .physics(let changes)): for change in changes { change.setting.apply(change.value, to: &c.physics) }
        default:
            guard let setting = bubbleSetting, let number = Self.number(of: value, kind: kind),
                  let changed = setting.setting(number, in: c) else { return }
            c = changed
        }
    }

    /// A decoded value as the table's one number (nil for a value of another kind).
    static func number(of value: SettingValue, kind: SettingKind) -> Double? {
        switch (value, kind) {
        case (.number(let v), .number): return v
        case (.flag(let on), .flag): return on ? 1 : 0
        case (.optionalInteger(let v), .optionalInteger): return v.map { Double($0) } ?? -1
        case (.choice(let word), .choice(let words)): return words.firstIndex(of: word).map { Double($0) }
        default: return nil
        }
    }
}

/// Settings as single numbers, for callers that can only pass a number (a control panel, a C
/// ABI): flags 0 or 1, choices by their index in the setting's list, "no limit" as -1 (see
/// `BubbleSetting`). Anchor and physics objects are not numbers (nil).
extension ContainerSetting {
    /// The setting's value in `configuration` as one number, or nil for `anchor` and `physics`.
    public func number(in c: BubbleContainerConfiguration) -> Double? {
        switch self {
        case .width: return c.size.width
        case .height: return c.size.height
        default: return bubbleSetting?.number(in: c)
        }
    }

    /// A change setting this to `number` (see `number(in:)`), or nil when the number means nothing
    /// for it (NaN, a flag other than 0 or 1, a choice out of its list, a count that is not whole or
    /// beyond 32 bits). Ranges are checked by the configuration's `validate()`, as for every change.
    public func change(number: Double) -> SettingChange? {
        guard !number.isNaN else { return nil }
        switch kind {
        case .number: return SettingChange(setting: self, value: .number(number))
        case .flag:
            guard number == 0 || number == 1 else { return nil }
            return SettingChange(setting: self, value: .flag(number == 1))
        case .choice(let words):
            guard let index = Self.whole(number), index >= 0, index < words.count else { return nil }
            return SettingChange(setting: self, value: .choice(words[index]))
        case .optionalInteger:
            if number < 0 { return SettingChange(setting: self, value: .optionalInteger(nil)) }
            guard let count = Self.whole(number) else { return nil }
            return SettingChange(setting: self, value: .optionalInteger(count))
        case .integer, .point, .physics: return nil
        }
    }

    /// A whole number within 32 bits (the same `Int` on every platform), or nil.
    public static func whole(_ number: Double) -> Int? { BubbleSetting.whole(number) }
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
        case .timeStep: return .number(W.timeStepRange)
        case .substeps: return .integer(W.substepsRange)
        case .contactHertz: return .number(W.contactHertzRange)
        case .contactDampingRatio: return .number(W.contactDampingRatioRange)
        case .pushSpeed: return .number(W.pushSpeedRange)
        case .elasticity: return .number(W.elasticityRange)
        case .speculativeFraction: return .number(W.speculativeFractionRange)
        case .maxStepsPerAdvance: return .integer(W.maxStepsPerAdvanceRange)
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

/// The kind of value a setting takes, with its range.
public enum SettingKind: Sendable {
    /// A number in the range.
    case number(SettingRange<Double>)
    /// A whole number in the range.
    case integer(SettingRange<Int>)
    /// A whole number in the range, or `null` for "no limit".
    case optionalInteger(SettingRange<Int>)
    /// `true` or `false`.
    case flag
    /// One of these words.
    case choice([String])
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
