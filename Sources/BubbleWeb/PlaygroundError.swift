import BubblePicker

/// Why the playground refused a call.
public enum PlaygroundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container refused it (a value out of range).
    case container(BubbleContainerError)
    /// A setting's number means nothing (NaN, a flag other than 0/1, a fractional count).
    case invalidSetting(String, Double)
    /// An argument of a call is out of its range or meaningless; the text names it and its value.
    case invalidArgument(String)
    /// A scenario did not load or could not run on.
    case scenario(ScenarioFailure)
    /// A line of a session script could not be read.
    case script(line: Int, text: String)
    /// A snapshot could not be restored; the text names the line and the problem.
    case snapshot(String)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .container(let error): return error.description
        case .invalidSetting(let name, let value): return "\(name): \(value.description) is not a valid value"
        case .invalidArgument(let text): return text
        case .scenario(let failure): return failure.description
        case .script(let line, let text): return "script line \(line): cannot read \"\(text)\""
        case .snapshot(let text): return "snapshot: " + text
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
