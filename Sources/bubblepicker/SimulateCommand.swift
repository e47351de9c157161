/// `bubblepicker simulate`: placeholder until its issue lands.
enum SimulateCommand: Subcommand {
    static let name = "simulate"
    static let summary = "(not yet available)"
    static let help = "Usage: bubblepicker simulate\n\nNot yet available.\n"
    static func run(_ arguments: [String]) throws -> ExitCode {
        throw CLIError.failure("bubblepicker simulate: not yet available")
    }
}
