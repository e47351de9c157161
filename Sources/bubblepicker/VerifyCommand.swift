/// `bubblepicker verify`: placeholder until its issue lands.
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "(not yet available)"
    static let help = "Usage: bubblepicker verify\n\nNot yet available.\n"
    static func run(_ arguments: [String]) throws -> ExitCode {
        throw CLIError.failure("bubblepicker verify: not yet available")
    }
}
