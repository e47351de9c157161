import BubbleScenario
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
    text += "\nRun 'bubblepicker help <command>' (or 'bubblepicker <command> --help') for a command's options,\n"
    text += "'bubblepicker --version' for the version. Options take '--key value' or '--key=value'.\n"
    return text
}()

/// The release this tool belongs to (the package's version tag).
let toolVersion = "1.0.0"

/// `bubblepicker --version`: the tool's version and the file formats it reads and writes.
let versionText = "bubblepicker \(toolVersion) (scenario format \(Scenario.formatVersion), trace format \(Trace.formatVersion))\n"

/// Prints a command's help to stdout.
func printHelp(_ command: any Subcommand.Type) {
    print(command.help, terminator: command.help.hasSuffix("\n") ? "" : "\n")
}

@MainActor func runMain(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
        print(topLevelHelp, terminator: "")
        return .success
    }
    if first == "--version" || first == "-V" {
        print(versionText, terminator: "")
        return .success
    }
    if first == "help" && arguments.count > 1 {
        guard arguments.count == 2, let command = subcommands.first(where: { $0.name == arguments[1] }) else {
            printError("bubblepicker help: unknown command '\(arguments.dropFirst().joined(separator: " "))' (see bubblepicker --help)")
            return .usage
        }
        printHelp(command)
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
        printHelp(command)
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

var exitCode = runMain(Array(CommandLine.arguments.dropFirst()))
// Help, status lines and tables went through `print` (buffered): lost output is a failure too.
if fflush(nil) != 0 {
    printError("bubblepicker: cannot write to standard output: \(String(cString: strerror(errno)))")
    if exitCode == .success { exitCode = .failure }
}
exit(exitCode.rawValue)
