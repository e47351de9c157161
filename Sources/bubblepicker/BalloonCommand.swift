/// `bubblepicker balloon`: placeholder until its issue lands.
enum BalloonCommand: Subcommand {
    static let name = "balloon"
    static let summary = "(not yet available)"
    static let help = "Usage: bubblepicker balloon\n\nNot yet available.\n"
    static func run(_ arguments: [String]) throws -> ExitCode {
        throw CLIError.failure("bubblepicker balloon: not yet available")
    }
}
