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

    /// The kind of value the field takes.
    public var kind: SettingKind {
        typealias C = BubbleContainerConfiguration
        switch self {
        case .width, .height: return .number(C.sideRange)
        case .anchor: return .point(C.anchorRange)
        case .fieldLaw: return .choice(FieldLaw.allCases.map { $0.rawValue })
        case .maxSelectedPolicy: return .choice(MaxSelectedPolicy.allCases.map { $0.rawValue })
        case .longPressAction: return .choice(LongPressAction.allCases.map { $0.rawValue })
        case .longPressDuration: return .number(C.longPressDurationRange)
        case .fieldStrength: return .number(C.fieldStrengthRange)
        case .falloffRadius: return .number(C.falloffRadiusRange)
        case .resistance: return .number(C.resistanceRange)
        case .densitySelected, .densityUnselected: return .number(C.densityRange)
        case .horizontalScroll, .verticalScroll, .backgroundScrollEnabled: return .flag
        case .growInDuration, .selectionDuration, .removalDuration: return .number(C.durationRange)
        case .selectionPushSpeed: return .number(C.selectionPushSpeedRange)
        case .selectionPushReach: return .number(C.selectionPushReachRange)
        case .maxSelected: return .optionalInteger(C.maxSelectedRange)
        case .maxBubbles: return .optionalInteger(C.maxBubblesRange)
        case .tapMaxDistance: return .number(C.tapMaxDistanceRange)
        case .tapMaxDuration: return .number(C.tapMaxDurationRange)
        case .flickWindow: return .number(C.flickWindowRange)
        case .maxFlickSpeed: return .number(C.maxFlickSpeedRange)
        case .dragFrequency: return .number(C.dragFrequencyRange)
        case .anchorSmoothing: return .number(C.anchorSmoothingRange)
        case .physics: return .physics
        }
    }

    /// Writes `value` (of this setting's kind) into `configuration`.
    func apply(_ value: SettingValue, to c: inout BubbleContainerConfiguration) {
        switch (self, value) {
        case (.width, .number(let v)): c.size.width = v
        case (.height, .number(let v)): c.size.height = v
        case (.anchor, .point(let v)): c.anchor = v
        case (.fieldLaw, .choice(let v)): c.fieldLaw = FieldLaw(rawValue: v) ?? c.fieldLaw
        case (.maxSelectedPolicy, .choice(let v)): c.maxSelectedPolicy = MaxSelectedPolicy(rawValue: v) ?? c.maxSelectedPolicy
        case (.longPressAction, .choice(let v)): c.longPressAction = LongPressAction(rawValue: v) ?? c.longPressAction
        case (.horizontalScroll, .flag(let v)): c.horizontalScroll = v
        case (.verticalScroll, .flag(let v)): c.verticalScroll = v
        case (.backgroundScrollEnabled, .flag(let v)): c.backgroundScrollEnabled = v
        case (.maxSelected, .optionalInteger(let v)): c.maxSelected = v
        case (.maxBubbles, .optionalInteger(let v)): c.maxBubbles = v
        case (.physics, .physics(let changes)): for change in changes { change.setting.apply(change.value, to: &c.physics) }
        case (_, .number(let v)): applyNumber(v, to: &c)
        default: break  // a value of another kind cannot be decoded for this setting
        }
    }

    private func applyNumber(_ v: Double, to c: inout BubbleContainerConfiguration) {
        switch self {
        case .fieldStrength: c.fieldStrength = v
        case .falloffRadius: c.falloffRadius = v
        case .resistance: c.resistance = v
        case .densitySelected: c.densitySelected = v
        case .densityUnselected: c.densityUnselected = v
        case .growInDuration: c.growInDuration = v
        case .selectionDuration: c.selectionDuration = v
        case .removalDuration: c.removalDuration = v
        case .selectionPushSpeed: c.selectionPushSpeed = v
        case .selectionPushReach: c.selectionPushReach = v
        case .tapMaxDistance: c.tapMaxDistance = v
        case .tapMaxDuration: c.tapMaxDuration = v
        case .flickWindow: c.flickWindow = v
        case .maxFlickSpeed: c.maxFlickSpeed = v
        case .dragFrequency: c.dragFrequency = v
        case .anchorSmoothing: c.anchorSmoothing = v
        case .longPressDuration: c.longPressDuration = v
        default: break
        }
    }
}

/// Settings as single numbers, for callers that can only pass a number (a control panel, a C
/// ABI): flags 0 or 1, choices by their index in the setting's list, "no limit" as -1. Anchor
/// and physics objects are not numbers (nil).
extension ContainerSetting {
    /// The setting's value in `configuration` as one number, or nil for `anchor` and `physics`.
    public func number(in c: BubbleContainerConfiguration) -> Double? {
        switch self {
        case .width: return c.size.width
        case .height: return c.size.height
        case .anchor, .physics: return nil
        case .fieldLaw: return Double(FieldLaw.allCases.firstIndex(of: c.fieldLaw) ?? 0)
        case .maxSelectedPolicy: return Double(MaxSelectedPolicy.allCases.firstIndex(of: c.maxSelectedPolicy) ?? 0)
        case .longPressAction: return Double(LongPressAction.allCases.firstIndex(of: c.longPressAction) ?? 0)
        case .horizontalScroll: return c.horizontalScroll ? 1 : 0
        case .verticalScroll: return c.verticalScroll ? 1 : 0
        case .backgroundScrollEnabled: return c.backgroundScrollEnabled ? 1 : 0
        case .maxSelected: return c.maxSelected.map { Double($0) } ?? -1
        case .maxBubbles: return c.maxBubbles.map { Double($0) } ?? -1
        default: return numericValue(in: c)
        }
    }

    /// The value of a plain numeric setting (the counterpart of `applyNumber`).
    private func numericValue(in c: BubbleContainerConfiguration) -> Double? {
        switch self {
        case .fieldStrength: return c.fieldStrength
        case .falloffRadius: return c.falloffRadius
        case .resistance: return c.resistance
        case .densitySelected: return c.densitySelected
        case .densityUnselected: return c.densityUnselected
        case .growInDuration: return c.growInDuration
        case .selectionDuration: return c.selectionDuration
        case .removalDuration: return c.removalDuration
        case .selectionPushSpeed: return c.selectionPushSpeed
        case .selectionPushReach: return c.selectionPushReach
        case .tapMaxDistance: return c.tapMaxDistance
        case .tapMaxDuration: return c.tapMaxDuration
        case .flickWindow: return c.flickWindow
        case .maxFlickSpeed: return c.maxFlickSpeed
        case .dragFrequency: return c.dragFrequency
        case .anchorSmoothing: return c.anchorSmoothing
        case .longPressDuration: return c.longPressDuration
        default: return nil
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
    public static func whole(_ number: Double) -> Int? {
        guard number == number.rounded(.towardZero), number >= -2_147_483_647, number <= 2_147_483_647 else { return nil }
        return Int(number)
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
