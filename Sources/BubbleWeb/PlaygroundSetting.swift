import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario

/// Every picker setting the playground's controls change, each as one number so a page (or any
/// caller across a C ABI) can pass it: flags are 0 or 1, `fieldLaw` is 0 spring / 1 radial
/// gravity / 2 uniform spring, `maxSelectedPolicy` is 0 refuse / 1 deselect oldest, and the optional limits
/// `maxSelected` and `maxBubbles` are -1 for "no limit". The raw values are the codes the wasm
/// exports use.
public enum PlaygroundSetting: Int, Hashable, Sendable, CaseIterable {
    /// `fieldLaw`: 0 spring, 1 radial gravity, 2 uniform spring (the default).
    case fieldLaw = 0
    /// `fieldStrength`.
    case fieldStrength
    /// `falloffRadius`, points (radial gravity).
    case falloffRadius
    /// `resistance`, per second.
    case resistance
    /// `densitySelected`.
    case densitySelected
    /// `densityUnselected`.
    case densityUnselected
    /// `maxSelected`; -1 for no limit.
    case maxSelected
    /// `maxSelectedPolicy`: 0 refuse, 1 deselect oldest.
    case maxSelectedPolicy
    /// `maxBubbles` (cycling); -1 for no limit.
    case maxBubbles
    /// `horizontalScroll`: 1 opens the left and right borders.
    case horizontalScroll
    /// `verticalScroll`: 1 opens the top and bottom borders.
    case verticalScroll
    /// `backgroundScrollEnabled`: 1 lets a background drag move the anchor.
    case backgroundScroll
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
    /// `physics.substeps`.
    case substeps

    /// The scenario format's setting this code stands for (nil for `substeps`, a physics setting):
    /// names, kinds and ranges are defined once there and in the configuration types.
    public var containerSetting: ContainerSetting? {
        switch self {
        case .fieldLaw: return .fieldLaw
        case .fieldStrength: return .fieldStrength
        case .falloffRadius: return .falloffRadius
        case .resistance: return .resistance
        case .densitySelected: return .densitySelected
        case .densityUnselected: return .densityUnselected
        case .maxSelected: return .maxSelected
        case .maxSelectedPolicy: return .maxSelectedPolicy
        case .maxBubbles: return .maxBubbles
        case .horizontalScroll: return .horizontalScroll
        case .verticalScroll: return .verticalScroll
        case .backgroundScroll: return .backgroundScrollEnabled
        case .growInDuration: return .growInDuration
        case .selectionDuration: return .selectionDuration
        case .removalDuration: return .removalDuration
        case .selectionPushSpeed: return .selectionPushSpeed
        case .selectionPushReach: return .selectionPushReach
        case .tapMaxDistance: return .tapMaxDistance
        case .tapMaxDuration: return .tapMaxDuration
        case .flickWindow: return .flickWindow
        case .maxFlickSpeed: return .maxFlickSpeed
        case .dragFrequency: return .dragFrequency
        case .anchorSmoothing: return .anchorSmoothing
        case .substeps: return nil
        }
    }

    /// The setting's name as in `BubbleContainerConfiguration` (and the scenario format).
    public var name: String { containerSetting?.rawValue ?? PhysicsSetting.substeps.rawValue }

    /// The setting with this name, or nil.
    public init?(name: String) {
        guard let setting = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = setting
    }

    /// The setting's value in `configuration`, as a number (see the type's documentation).
    public func value(in configuration: BubbleContainerConfiguration) -> Double {
        guard let setting = containerSetting else { return Double(configuration.physics.substeps) }
        return setting.number(in: configuration) ?? .nan
    }

    /// `configuration` with this setting set to `value`. The container validates ranges
    /// (`setConfiguration`); here only what a number cannot mean is refused: NaN, a flag or law
    /// other than its codes, a count that is not whole or beyond 32 bits (converting such a `Double`
    /// to `Int` would trap on 32-bit WebAssembly).
    /// - Throws: `.invalidSetting` naming the setting and the value.
    public func applying(_ value: Double, to configuration: BubbleContainerConfiguration) throws(PlaygroundError) -> BubbleContainerConfiguration {
        var c = configuration
        if let setting = containerSetting {
            guard let change = setting.change(number: value) else { throw .invalidSetting(name, value) }
            change.apply(to: &c)
        } else {
            guard let substeps = ContainerSetting.whole(value) else { throw .invalidSetting(name, value) }
            c.physics.substeps = substeps
        }
        return c
    }
}

/// Why the playground refused a call.
public enum PlaygroundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container refused it (a value out of range).
    case container(BubbleContainerError)
    /// A setting's number means nothing (NaN, a flag other than 0/1, a fractional count).
    case invalidSetting(String, Double)
    /// A scenario did not load or could not run on.
    case scenario(ScenarioFailure)
    /// A line of a session script could not be read.
    case script(line: Int, text: String)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .container(let error): return error.description
        case .invalidSetting(let name, let value): return "\(name): \(value.description) is not a valid value"
        case .scenario(let failure): return failure.description
        case .script(let line, let text): return "script line \(line): cannot read \"\(text)\""
        }
    }
}

/// A scenario error as text (`ScenarioError` itself lives in BubbleScenario; this keeps the
/// error enum's payload a plain value).
public struct ScenarioFailure: Equatable, Sendable, CustomStringConvertible {
    /// The error's one-line description.
    public var description: String

    /// A failure with its message.
    public init(_ description: String) { self.description = description }
}
