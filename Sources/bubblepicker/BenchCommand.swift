/// `bubblepicker bench`: placeholder until the solver lands.
enum BenchCommand: Subcommand {
    static let name = "bench"
    static let summary = "Benchmark the solver on the reference workloads."
    static let help = "Usage: bubblepicker bench crowd --count N [--count N ...] [--csv]\n"
    static func run(_ arguments: [String]) throws -> ExitCode {
        throw CLIError.failure("bubblepicker bench: not yet available")
    }
}
