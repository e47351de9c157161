/// `bubblepicker render`: placeholder until its issue lands.
enum RenderCommand: Subcommand {
    static let name = "render"
    static let summary = "(not yet available)"
    static let help = "Usage: bubblepicker render\n\nNot yet available.\n"
    static func run(_ arguments: [String]) throws -> ExitCode {
        throw CLIError.failure("bubblepicker render: not yet available")
    }
}
