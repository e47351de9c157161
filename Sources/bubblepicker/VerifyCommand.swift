import BubbleScenario

/// `bubblepicker verify`: replays scenarios and compares them with their golden traces.
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "Replay scenarios and compare them exactly with their golden traces."
    static let help = """
    Usage: bubblepicker verify [SCENARIO.json ...] [--record]

    Replays each scenario and compares the state hash after every step, and the positions sampled
    every few steps, with its golden trace Expected/<name>.trace beside the scenario file.
    With no SCENARIO it verifies every Scenarios/*.json (except *.schema.json) under the
    current directory. Prints one line per scenario: "ok NAME (N steps)" on standard output, or
    the first diverging step and the first differing bubble field on standard error.

    Options:
      --record            Write (or overwrite) the golden traces from this replay instead of comparing.
      -h, --help          Show this help.

    Exit codes: 0 every scenario matches (or was recorded), 1 a replay diverged or has no golden,
    64 bad arguments, 65 an invalid scenario or golden trace, 66 a scenario file or the Scenarios
    directory not found. With several problems the code is 66, else 65, else 1.
    """

    static func run(_ arguments: [String]) throws -> ExitCode {
        let command = "bubblepicker verify"
        var scanner = ArgumentScanner(arguments, command: command)
        let record = try scanner.flag("--record")
        var files = try scanner.positionals()
        if files.isEmpty {
            do {
                files = try ScenarioCatalog.scenarioFiles(in: "Scenarios")
            } catch {
                throw CLIError.missingFile("\(command): no Scenarios directory here (\(error)); name the scenario files")
            }
            if files.isEmpty { throw CLIError.missingFile("\(command): no scenario files in Scenarios/") }
        }
        var worst = ExitCode.success
        var passed = 0
        for file in files {
            let code = verify(file, record: record, command: command)
            if code == .success { passed += 1 }
            worst = worse(worst, code)
        }
        print("\(record ? "recorded" : "verified") \(passed) of \(files.count) scenario\(files.count == 1 ? "" : "s")")
        return worst
    }

    /// Checks one file and reports it; returns its exit code.
    static func verify(_ file: String, record: Bool, command: String) -> ExitCode {
        do {
            let (scenario, _) = try ScenarioInput.load(file, command: command)
            var progress = Progress(total: scenario.steps, command: "\(command): \(scenario.name)")
            let golden = ScenarioCatalog.goldenPath(forScenario: file)
            let outcome: VerifyOutcome
            do {
                outcome = try ScenarioCatalog.verify(scenario, goldenPath: golden, record: record) { progress.update($0) }
            } catch let error as ScenarioError {
                throw ScenarioInput.invalid(file, error, command: command)
            } catch let error as GoldenError {
                throw CLIError.badData("\(command): \(error)")
            } catch let error as TextFileError {
                throw ScenarioInput.fileError(error, command: command)
            }
            progress.finish()
            return report(outcome, file: file, scenario: scenario, command: command)
        } catch let error as CLIError {
            printError(error.message)
            return error.code
        } catch {
            printError("\(command): \(file): \(error)")
            return .failure
        }
    }

    static func report(_ outcome: VerifyOutcome, file: String, scenario: Scenario, command: String) -> ExitCode {
        switch outcome {
        case .matched:
            print("ok \(scenario.name) (\(scenario.steps) steps)")
            return .success
        case .recorded:
            print("recorded \(scenario.name) -> \(ScenarioCatalog.goldenPath(forScenario: file))")
            return .success
        case .missingGolden(let path):
            printError("\(command): \(file): no golden trace at \(path) (record it with --record)")
            return .failure
        case .diverged(let detail):
            printError("\(command): \(file): \(detail)")
            return .failure
        }
    }

    /// The more serious of two exit codes: 66, then 65, then 1, then 0.
    static func worse(_ a: ExitCode, _ b: ExitCode) -> ExitCode {
        let rank: [ExitCode] = [.success, .failure, .usage, .badData, .missingFile]
        return (rank.firstIndex(of: a) ?? 0) >= (rank.firstIndex(of: b) ?? 0) ? a : b
    }
}
