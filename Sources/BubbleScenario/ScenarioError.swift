import BubbleGeometry

/// Why a scenario (or a golden trace) was rejected: where, what, and the offending value.
///
/// `description` is one line: `timeline[3].at: step 900 is beyond the end (steps = 600) (got 900)`,
/// or `line 4:17: trailing comma before '}'` for JSON syntax. The CLI puts the file name in front.
public struct ScenarioError: Error, Equatable, CustomStringConvertible {
    /// A field path such as `container.width` or `timeline[3].tag`, or `line L:C` for syntax errors;
    /// empty for the document as a whole.
    public var location: String
    /// What is wrong.
    public var problem: String
    /// The offending value, as a short excerpt; nil when there is none to show.
    public var got: String?

    /// An error at `location` (a field path), saying what is wrong, with the offending value.
    /// User text in the location (a key) and the value are made safe for one line: control
    /// characters shown as escapes, and cut with "…" (see `InvalidValue.excerpt(_:limit:)`).
    public init(_ location: String, _ problem: String, got: String? = nil) {
        self.location = InvalidValue.excerpt(location, limit: 160)
        self.problem = problem
        self.got = got.map { InvalidValue.excerpt($0) }
    }

    /// A JSON syntax error, located by line and column.
    public init(syntax: JSONSyntaxError) {
        self.init("line \(syntax.line):\(syntax.column)", syntax.problem)
    }

    /// The one-line message (field path, value, problem), as the CLI prints it.
    public var description: String {
        var text = location.isEmpty ? problem : "\(location): \(problem)"
        if let got { text += " (got \(got))" }
        return text
    }
}
