import BubbleScenario
import BubbleSVG
import BubbleFixtures

/// `bubblepicker simulate`: replays a scenario and dumps every bubble's position per step.
enum SimulateCommand: Subcommand {
    static let name = "simulate"
    static let summary = "Replay a scenario (default: the bundled demo) and print positions per step."
    static let help = """
    Usage: bubblepicker simulate [SCENARIO.json] [--steps N] [--every K] [--format csv|jsonl] [--output FILE]

    Replays a scenario and prints one row per bubble per dumped step: the state after that many
    steps (step 0 is the initial state). With no SCENARIO it runs the bundled demo (the same as
    Scenarios/demo.json), so `swift run bubblepicker simulate` works from any directory.

    Options:
      --steps N           Steps to run, 0...1000000 (default: the scenario's "steps").
      --every K           Dump every K-th step, 1...1000000 (default 1). Steps 0, K, 2K, ... are dumped.
      --format FORMAT     csv (default): a header, then step,id,tag,x,y,diameter,selected
                          jsonl: one object per row, {"step":..,"id":..,"tag":..,"x":..,"y":..,"diameter":..,"selected":..}
      --output FILE       Write to FILE instead of standard output.
      -h, --help          Show this help.

    Numbers are shortest round-trip decimals: a dump is exact and the same on every run.
    `tag` is empty (csv) or null (jsonl) for a bubble without one; `diameter` is the drawn diameter
    (grow-in and shrink-out included).
    Progress is shown on standard error when it is a terminal.

    Exit codes: 0 success, 1 the output could not be written, 64 bad arguments,
    65 invalid scenario (message: file, field path, problem, value), 66 scenario file not found.
    """

    static func run(_ arguments: [String]) throws -> ExitCode {
        let command = "bubblepicker simulate"
        var scanner = ArgumentScanner(arguments, command: command)
        let steps = try scanner.integer("--steps", in: 0...1_000_000)
        let every = try scanner.integer("--every", in: 1...1_000_000) ?? 1
        let format = try parseFormat(try scanner.value("--format"), command: command)
        let output = try scanner.value("--output")
        let files = try scanner.positionals()
        guard files.count <= 1 else { throw CLIError.usage("\(command): expected at most one scenario, got \(files.count)") }
        let (scenario, label) = try ScenarioInput.load(files.first, command: command)
        var stream: OutputStream
        do { stream = try OutputStream(output ?? "-") } catch { throw CLIError.failure("\(command): \(error)") }
        do {
            try dump(scenario, label: label, steps: steps ?? scenario.steps, every: every, format: format, to: &stream, command: command)
            do { try stream.commit() } catch { throw CLIError.failure("\(command): \(error)") }
        } catch {
            stream.abandon()
            throw error
        }
        return .success
    }

    static func parseFormat(_ text: String?, command: String) throws -> DumpFormat {
        guard let text else { return .csv }
        guard let format = DumpFormat(rawValue: text) else {
            throw CLIError.usage("\(command): --format must be csv or jsonl, got '\(text)'")
        }
        return format
    }

    /// Runs the scenario and streams the dump to `stream` in pieces of about 64 KiB (a long run is
    /// never held in memory whole). A failed write stops the run.
    static func dump(_ scenario: Scenario, label: String, steps: Int, every: Int, format: DumpFormat,
                     to stream: inout OutputStream, command: String) throws {
        var collected = format.header
        var progress = Progress(total: steps, command: command)
        var writeError: CLIError? = nil
        do {
            var runner = try ScenarioRunner(scenario)
            try runner.run(through: steps, every: every, progress: { progress.update($0) }) { (runner: ScenarioRunner) throws(ScenarioError) in
                guard writeError == nil else { return }
                collected += format.rows(runner.frame())
                if collected.utf8.count > 1 << 16 {
                    do throws(OutputError) { try stream.write(collected) } catch { writeError = CLIError.failure("\(command): \(error)") }
                    collected = ""
                }
            }
        } catch {
            throw ScenarioInput.invalid(label, error, command: command)
        }
        if let writeError { throw writeError }
        progress.finish()
        do throws(OutputError) { try stream.write(collected) } catch { throw CLIError.failure("\(command): \(error)") }
    }
}

/// Loading scenarios and writing files for the scenario commands, with their exit codes.
enum ScenarioInput {
    /// The scenario at `path`, or the bundled demo when nil; and the name used in messages.
    static func load(_ path: String?, command: String) throws -> (Scenario, String) {
        guard let path else {
            do { return (try DemoScenario.scenario(), "(bundled demo)") } catch { throw invalid("(bundled demo)", error, command: command) }
        }
        do {
            return (try Scenario.load(path), path)
        } catch let error as ScenarioError {
            throw invalid(path, error, command: command)
        } catch let error as TextFileError {
            throw fileError(error, command: command)
        }
    }

    /// Exit 65: `command: file: field path: problem (got value)`.
    static func invalid(_ file: String, _ error: ScenarioError, command: String) -> CLIError {
        CLIError.badData("\(command): \(file): \(error)")
    }

    /// Exit 66 for a missing or unreadable file, 65 for one that is not UTF-8 or too large.
    static func fileError(_ error: TextFileError, command: String) -> CLIError {
        switch error {
        case .missing, .unreadable: return CLIError.missingFile("\(command): \(error)")
        case .invalid: return CLIError.badData("\(command): \(error)")
        case .unwritable: return CLIError.failure("\(command): \(error)")
        }
    }

    /// Writes an output file (see `OutputFile`); exit 1 with `command: cannot write 'PATH': REASON`.
    static func write(_ text: String, to path: String, command: String) throws {
        do {
            try TextFile.write(text, to: path)
        } catch {
            throw CLIError.failure("\(command): \(error)")
        }
    }
}

/// A `\r`-updated percentage on standard error, only when it is a terminal.
struct Progress {
    let total: Int
    let command: String
    let enabled = standardErrorIsTerminal
    private var shown = -1

    init(total: Int, command: String) {
        self.total = total
        self.command = command
    }

    mutating func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != shown else { return }
        shown = percent
        writeStandardError("\r\(command): \(percent)%")
    }

    func finish() {
        if enabled && shown >= 0 { writeStandardError("\r\u{1B}[K") }
    }
}
