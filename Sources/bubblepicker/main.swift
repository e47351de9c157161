#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every subcommand, in the order the help lists them. Each lives in its own file.
let subcommands: [any Subcommand.Type] = [
    SimulateCommand.self,
    VerifyCommand.self,
    RenderCommand.self,
    BalloonCommand.self,
    BenchCommand.self,
]

let topLevelHelp: String = {
    var text = """
    bubblepicker: simulate, verify, render and benchmark BubblePicker scenarios.

    Usage: bubblepicker <command> [options]

    Commands:

    """
    for command in subcommands {
        let padded = command.name + String(repeating: " ", count: max(1, 10 - command.name.count))
        text += "  \(padded)\(command.summary)\n"
    }
    text += "\nRun 'bubblepicker <command> --help' for a command's options.\n"
    return text
}()

@MainActor func runMain(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
        print(topLevelHelp, terminator: "")
        return .success
    }
    if first == "--help" || first == "-h" || first == "help" {
        print(topLevelHelp, terminator: "")
        return .success
    }
    guard let command = subcommands.first(where: { $0.name == first }) else {
        printError("bubblepicker: unknown command '\(first)' (see bubblepicker --help)")
        return .usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help, terminator: command.help.hasSuffix("\n") ? "" : "\n")
        return .success
    }
    do {
        return try command.run(rest)
    } catch let error as CLIError {
        printError(error.message)
        return error.code
    } catch {
        printError("bubblepicker \(command.name): \(error)")
        return .failure
    }
}

exit(runMain(Array(CommandLine.arguments.dropFirst())).rawValue)
