import BubbleGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes (BSD sysexits): 0 success, 1 failure, 64 usage, 65 bad data, 66 missing file.
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
    case badData = 65
    case missingFile = 66
}

/// An error that ends the command with a one-line message on stderr and an exit code.
struct CLIError: Error {
    var code: ExitCode
    var message: String

    static func usage(_ message: String) -> CLIError { CLIError(code: .usage, message: message) }
    static func badData(_ message: String) -> CLIError { CLIError(code: .badData, message: message) }
    static func missingFile(_ message: String) -> CLIError { CLIError(code: .missingFile, message: message) }
    static func failure(_ message: String) -> CLIError { CLIError(code: .failure, message: message) }
}

/// One subcommand of `bubblepicker`.
protocol Subcommand {
    /// The word after `bubblepicker`.
    static var name: String { get }
    /// One sentence for the top-level help.
    static var summary: String { get }
    /// Full help text, printed to stdout by `--help`.
    static var help: String { get }
    /// Runs with the arguments after the subcommand name. Throws `CLIError` on bad input.
    static func run(_ arguments: [String]) throws -> ExitCode
}

/// Writes a line to standard error.
/// Writes a line to standard error: always one line (control characters in user text shown as
/// escapes) and at most 600 characters, whatever the user typed.
func printError(_ line: String) {
    writeStandardError(InvalidValue.excerpt(line, limit: 600) + "\n")
}

/// Writes text to standard error, unbuffered (no shared C `stderr` global: strict concurrency).
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

/// True when standard error is a terminal (progress output goes there only then).
var standardErrorIsTerminal: Bool { isatty(2) != 0 }

/// A small argument scanner: flags with values (`--key value` or `--key=value`), boolean switches
/// and positionals, with one-line usage errors. Unknown flags are errors, never silently ignored.
struct ArgumentScanner {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        self.remaining = arguments
        self.command = command
    }

    /// True when `--help` or `-h` is among the arguments.
    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// Removes a boolean switch; true when it was present. `--switch=VALUE` is a usage error.
    mutating func flag(_ name: String) throws -> Bool {
        if remaining.contains(where: { $0.hasPrefix(name + "=") }) {
            throw CLIError.usage("\(command): \(name) takes no value")
        }
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes every occurrence of `name VALUE` and `name=VALUE` and returns the values in order.
    /// (`name=VALUE` takes any value, one starting with `--` or empty included.)
    mutating func values(_ name: String) throws -> [String] {
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else if argument == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw CLIError.usage("\(command): \(name) needs a value")
                }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes `name VALUE` (at most once) and returns the value.
    mutating func value(_ name: String) throws -> String? {
        let found = try values(name)
        guard found.count <= 1 else { throw CLIError.usage("\(command): \(name) given more than once") }
        return found.first
    }

    /// Removes `name N` and parses N as an integer in `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try value(name) else { return nil }
        return try ArgumentScanner.parseInteger(text, option: name, in: range, command: command)
    }

    /// Removes `name X` and parses X as a finite number in `range`.
    mutating func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw CLIError.usage("\(command): \(name) must be a finite number, got '\(text)'")
        }
        guard range.contains(number) else {
            throw CLIError.usage("\(command): \(name) must be in \(range.lowerBound)...\(range.upperBound), got \(text)")
        }
        return number
    }

    static func parseInteger(_ text: String, option: String, in range: ClosedRange<Int>, command: String) throws -> Int {
        guard let number = Int(text) else {
            throw CLIError.usage("\(command): \(option) must be a whole number, got '\(text)'")
        }
        guard range.contains(number) else {
            throw CLIError.usage("\(command): \(option) must be in \(range.lowerBound)...\(range.upperBound), got \(text)")
        }
        return number
    }

    /// The positionals left; any leftover `--flag` is an unknown option.
    mutating func positionals() throws -> [String] {
        if let unknown = remaining.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            let name = unknown.hasPrefix("--") ? String(unknown.prefix { $0 != "=" }) : unknown
            throw CLIError.usage("\(command): unknown option '\(name)' (see \(command) --help)")
        }
        defer { remaining = [] }
        return remaining
    }

    /// Fails when anything is left over.
    mutating func finish() throws {
        let left = try positionals()
        if let first = left.first {
            throw CLIError.usage("\(command): unexpected argument '\(first)' (see \(command) --help)")
        }
    }
}
