import BubblePhysics

/// The picker's live settings, defined once: each one's name (as in `BubbleContainerConfiguration`
/// and the scenario format), kind, range (the configuration's own `…Range` constants), default
/// (the value in `BubbleContainerConfiguration()`), and how to read and write it on a
/// configuration as one number. The scenario reader, the web exports and the page's controls all
/// read this table, in this order: the order of `BubbleContainerConfiguration`'s properties and of
/// a scenario's `container` fields, then `substeps`.
///
/// As one number: flags are 0 or 1, choices their index in the kind's list, the optional limits
/// (`maxSelected`, `maxBubbles`) -1 for "no limit". Size, anchor and seed are not live settings
/// (they have their own calls); `substeps` is the solver's `physics.substeps` (in a scenario, a
/// field of the `physics` object).
public enum BubbleSetting: String, CaseIterable, Sendable {
    /// `fieldLaw`: a `FieldLaw` by index.
    case fieldLaw
    /// `fieldStrength`.
    case fieldStrength
    /// `falloffRadius`, points.
    case falloffRadius
    /// `resistance`, per second.
    case resistance
    /// `densitySelected`, mass per pt².
    case densitySelected
    /// `densityUnselected`, mass per pt².
    case densityUnselected
    /// `horizontalScroll`: opens the left and right borders.
    case horizontalScroll
    /// `verticalScroll`: opens the top and bottom borders.
    case verticalScroll
    /// `growInDuration`, seconds.
    case growInDuration
    /// `selectionDuration`, seconds.
    case selectionDuration
    /// `removalDuration`, seconds.
    case removalDuration
    /// `selectionPushSpeed`, points per second.
    case selectionPushSpeed
    /// `selectionPushReach`, selected diameters.
    case selectionPushReach
    /// `maxSelected`; -1 for no limit.
    case maxSelected
    /// `maxSelectedPolicy`: a `MaxSelectedPolicy` by index.
    case maxSelectedPolicy
    /// `maxBubbles` (cycling); -1 for no limit.
    case maxBubbles
    /// `backgroundScrollEnabled`: a background drag moves the anchor.
    case backgroundScrollEnabled
    /// `tapMaxDistance`, points.
    case tapMaxDistance
    /// `tapMaxDuration`, seconds.
    case tapMaxDuration
    /// `flickWindow`, seconds.
    case flickWindow
    /// `maxFlickSpeed`, diameters per second.
    case maxFlickSpeed
    /// `dragFrequency`, Hz.
    case dragFrequency
    /// `anchorSmoothing`, fraction per step.
    case anchorSmoothing
    /// `longPressDuration`, seconds.
    case longPressDuration
    /// `longPressAction`: a `LongPressAction` by index.
    case longPressAction
    /// `fitPolicy`: a `FitPolicy` by index.
    case fitPolicy
    /// `fitMinimumScale`, a fraction of each bubble's diameter.
    case fitMinimumScale
    /// `backgroundDragScrolls`: a background drag scrolls overflowing content.
    case backgroundDragScrolls
    /// `physics.substeps`.
    case substeps

    /// The kind of value the setting takes, with its range or choices.
    public var kind: BubbleSettingKind {
        typealias C = BubbleContainerConfiguration
        switch self {
        case .fieldLaw: return .choice(FieldLaw.allCases.map { $0.rawValue })
        case .maxSelectedPolicy: return .choice(MaxSelectedPolicy.allCases.map { $0.rawValue })
        case .longPressAction: return .choice(LongPressAction.allCases.map { $0.rawValue })
        case .fitPolicy: return .choice(FitPolicy.allCases.map { $0.rawValue })
        case .horizontalScroll, .verticalScroll, .backgroundScrollEnabled, .backgroundDragScrolls: return .flag
        case .fitMinimumScale: return .number(C.fitMinimumScaleRange)
        case .maxSelected: return .optionalInteger(C.maxSelectedRange)
        case .maxBubbles: return .optionalInteger(C.maxBubblesRange)
        case .substeps: return .integer(WorldConfiguration.substepsRange)
        case .fieldStrength: return .number(C.fieldStrengthRange)
        case .falloffRadius: return .number(C.falloffRadiusRange)
        case .resistance: return .number(C.resistanceRange)
        case .densitySelected, .densityUnselected: return .number(C.densityRange)
        case .growInDuration, .selectionDuration, .removalDuration: return .number(C.durationRange)
        case .selectionPushSpeed: return .number(C.selectionPushSpeedRange)
        case .selectionPushReach: return .number(C.selectionPushReachRange)
        case .tapMaxDistance: return .number(C.tapMaxDistanceRange)
        case .tapMaxDuration: return .number(C.tapMaxDurationRange)
        case .flickWindow: return .number(C.flickWindowRange)
        case .maxFlickSpeed: return .number(C.maxFlickSpeedRange)
        case .dragFrequency: return .number(C.dragFrequencyRange)
        case .anchorSmoothing: return .number(C.anchorSmoothingRange)
        case .longPressDuration: return .number(C.longPressDurationRange)
        }
    }

    /// The setting's value in a default configuration, as one number.
    public var defaultNumber: Double { number(in: BubbleContainerConfiguration()) }

    /// The setting's value in `c` as one number (see the type's documentation).
    /// - Complexity: O(1).
    public func number(in c: BubbleContainerConfiguration) -> Double {
        switch self {
        case .fieldLaw: return Double(FieldLaw.allCases.firstIndex(of: c.fieldLaw) ?? 0)
        case .maxSelectedPolicy: return Double(MaxSelectedPolicy.allCases.firstIndex(of: c.maxSelectedPolicy) ?? 0)
        case .longPressAction: return Double(LongPressAction.allCases.firstIndex(of: c.longPressAction) ?? 0)
        case .fitPolicy: return Double(FitPolicy.allCases.firstIndex(of: c.fitPolicy) ?? 0)
        case .backgroundDragScrolls: return c.backgroundDragScrolls ? 1 : 0
        case .horizontalScroll: return c.horizontalScroll ? 1 : 0
        case .verticalScroll: return c.verticalScroll ? 1 : 0
        case .backgroundScrollEnabled: return c.backgroundScrollEnabled ? 1 : 0
        case .maxSelected: return c.maxSelected.map { Double($0) } ?? -1
        case .maxBubbles: return c.maxBubbles.map { Double($0) } ?? -1
        case .substeps: return Double(c.physics.substeps)
        default: return plainNumber(in: c)
        }
    }

    private func plainNumber(in c: BubbleContainerConfiguration) -> Double {
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
        case .fitMinimumScale: return c.fitMinimumScale
        default: return c.longPressDuration
        }
    }

    /// `c` with this setting set to `number`, or nil when the number means nothing for the
    /// setting: NaN, a flag other than 0 or 1, a choice outside its list, a count that is not
    /// whole or beyond 32 bits. Ranges are not checked here: `validate()` checks them, as for
    /// every configuration.
    /// - Complexity: O(1).
    public func setting(_ number: Double, in c: BubbleContainerConfiguration) -> BubbleContainerConfiguration? {
        guard !number.isNaN else { return nil }
        var c = c
        switch kind {
        case .flag:
            guard number == 0 || number == 1 else { return nil }
            setFlag(number == 1, in: &c)
        case .choice(let words):
            guard let index = Self.whole(number), index >= 0, index < words.count else { return nil }
            setChoice(words[index], in: &c)
        case .optionalInteger:
            let limit: Int?
            if number < 0 { limit = nil } else if let whole = Self.whole(number) { limit = whole } else { return nil }
            if self == .maxSelected { c.maxSelected = limit } else { c.maxBubbles = limit }
        case .integer:
            guard let whole = Self.whole(number) else { return nil }
            c.physics.substeps = whole
        case .number:
            setPlain(number, in: &c)
        }
        return c
    }

    private func setFlag(_ on: Bool, in c: inout BubbleContainerConfiguration) {
        switch self {
        case .horizontalScroll: c.horizontalScroll = on
        case .verticalScroll: c.verticalScroll = on
        case .backgroundDragScrolls: c.backgroundDragScrolls = on
        default: c.backgroundScrollEnabled = on
        }
    }

    private func setChoice(_ word: String, in c: inout BubbleContainerConfiguration) {
        switch self {
        case .fieldLaw: c.fieldLaw = FieldLaw(rawValue: word) ?? c.fieldLaw
        case .maxSelectedPolicy: c.maxSelectedPolicy = MaxSelectedPolicy(rawValue: word) ?? c.maxSelectedPolicy
        case .fitPolicy: c.fitPolicy = FitPolicy(rawValue: word) ?? c.fitPolicy
        default: c.longPressAction = LongPressAction(rawValue: word) ?? c.longPressAction
        }
    }

    private func setPlain(_ v: Double, in c: inout BubbleContainerConfiguration) {
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
        case .fitMinimumScale: c.fitMinimumScale = v
        default: c.longPressDuration = v
        }
    }

    /// A whole number within 32 bits (the same `Int` on every platform), or nil.
    public static func whole(_ number: Double) -> Int? {
        guard number == number.rounded(.towardZero), number >= -2_147_483_647, number <= 2_147_483_647 else { return nil }
        return Int(number)
    }
}

/// The kind of value a `BubbleSetting` takes, with its range or choices.
public enum BubbleSettingKind: Sendable {
    /// A number in the range.
    case number(SettingRange<Double>)
    /// A whole number in the range.
    case integer(SettingRange<Int>)
    /// A whole number in the range, or no limit (-1 as one number).
    case optionalInteger(SettingRange<Int>)
    /// On or off (1 or 0).
    case flag
    /// One of these words (its index as one number).
    case choice([String])
}
