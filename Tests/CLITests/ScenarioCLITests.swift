import Foundation
import Testing

/// Runs the built `bubblepicker` binary: `simulate`, `verify` and `render` output, help, every exit
/// code, and one clear line on stderr for every kind of bad input.
@Suite("bubblepicker simulate, verify, render")
struct ScenarioCLITests {
    typealias Fixtures = ScenarioCLIFixtures

    /// Writes `text` to `name` in a fresh directory; returns the directory and the file's path.
    static func write(_ text: String, named name: String = "s.json") throws -> (URL, String) {
        let directory = try CLIRunner.temporaryDirectory("scenario-cli")
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (directory, file.path)
    }

    static func expectOneLine(_ result: CLIRunner.Result, prefix: String, _ note: String = "") {
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1 && result.stderr.hasPrefix(prefix) && result.stderr.hasSuffix("\n"), "\(note): \(result.stderr)")
    }

    // MARK: simulate

    @Test("simulate with no scenario dumps the bundled demo as CSV, every step, nothing on stderr")
    func simulateDemo() throws {
        let result = try CLIRunner.run(["simulate"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "step,id,tag,x,y,diameter,selected")
        #expect(lines.count == 1 + 20 * 601)
        let row = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(row.count == 7 && row[0] == "0" && row[1] == "0" && row[2] == "1" && row[6] == "false")
        #expect(Double(row[3]) != nil && Double(row[5]) != nil)
        #expect(lines.last?.hasPrefix("600,19,20,") == true)
    }

    @Test("the bundled demo and Scenarios/demo.json dump identically, run after run")
    func demoMatchesFile() throws {
        let bundled = try CLIRunner.run(["simulate", "--every", "50"], in: FileManager.default.temporaryDirectory)
        let file = try CLIRunner.run(["simulate", "Scenarios/demo.json", "--every", "50"])
        let again = try CLIRunner.run(["simulate", "Scenarios/demo.json", "--every", "50"])
        #expect(bundled.status == 0 && file.status == 0)
        #expect(bundled.stdout == file.stdout && file.stdout == again.stdout)
        #expect(file.stdout.split(separator: "\n").count == 1 + 20 * 13)
    }

    @Test("--format jsonl writes one JSON object per bubble per dumped step; --steps and --every pick the steps")
    func simulateJSONLines() throws {
        let result = try CLIRunner.run(["simulate", "--format", "jsonl", "--steps", "200", "--every", "100"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3 * 20)
        var steps: [Int] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["step", "id", "tag", "x", "y", "diameter", "selected"])
            #expect(object["selected"] is Bool && object["x"] is Double)
            steps.append(try #require(object["step"] as? Int))
        }
        #expect(Set(steps) == [0, 100, 200])
    }

    @Test("--output writes the same dump to a file and nothing to stdout")
    func simulateOutput() throws {
        let directory = try CLIRunner.temporaryDirectory("scenario-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.csv").path
        let toFile = try CLIRunner.run(["simulate", "Scenarios/cycling.json", "--every", "60", "--output", path])
        let toStdout = try CLIRunner.run(["simulate", "Scenarios/cycling.json", "--every", "60"])
        #expect(toFile.status == 0 && toFile.stdout.isEmpty && toFile.stderr.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == toStdout.stdout)
    }

    // MARK: help and usage

    @Test("--help on every command prints its options to stdout and exits 0", arguments: [
        ("simulate", ["--steps", "--every", "--format", "--output", "jsonl", "Exit codes"]),
        ("verify", ["--record", "Expected/", "Exit codes"]),
        ("render", ["--step", "--animate", "--every", "--output", "Exit codes"]),
    ])
    func help(command: String, options: [String]) throws {
        for flag in ["--help", "-h"] {
            let result = try CLIRunner.run([command, flag])
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout.hasPrefix("Usage: bubblepicker \(command)"))
            for option in options { #expect(result.stdout.contains(option), "\(command): \(option)") }
        }
        let top = try CLIRunner.run(["--help"])
        #expect(top.stdout.contains(command) && !top.stdout.contains("not yet available"))
    }

    @Test("bad arguments exit 64 with one line", arguments: [
        ["simulate", "--every", "0"], ["simulate", "--format", "xml"], ["simulate", "--bogus"], ["simulate", "a.json", "b.json"],
        ["simulate", "--steps", "-1"], ["simulate", "--steps"], ["simulate", "--every", "2", "--every", "3"],
        ["render"], ["render", "Scenarios/demo.json"], ["render", "Scenarios/demo.json", "--step", "1", "--animate"],
        ["render", "Scenarios/demo.json", "--step", "601"], ["render", "Scenarios/demo.json", "--step", "5", "--every", "2"],
        ["verify", "--bogus"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        Self.expectOneLine(result, prefix: "bubblepicker \(arguments[0]): ", "\(arguments)")
    }

    @Test("a missing scenario file exits 66 naming it", arguments: ["simulate", "verify", "render"])
    func missingFile(command: String) throws {
        var arguments = [command, "Scenarios/no-such-scenario.json"]
        if command == "render" { arguments += ["--step", "0"] }
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 66, "\(result.stderr)")
        Self.expectOneLine(result, prefix: "bubblepicker \(command): Scenarios/no-such-scenario.json: no such file")
    }

    @Test("verify with no arguments outside a package exits 66")
    func verifyNoDirectory() throws {
        let result = try CLIRunner.run(["verify"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 66)
        Self.expectOneLine(result, prefix: "bubblepicker verify: no Scenarios directory")
    }

    // MARK: bad data

    @Test("bad scenario data exits 65 with one line naming the file, the field and the value",
          arguments: ScenarioCLIFixtures.bad.map { $0.0 })
    func badData(name: String) throws {
        let (_, text, expected) = try #require(Fixtures.bad.first { $0.0 == name })
        let (directory, path) = try Self.write(text, named: name + ".json")
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in ["simulate", "verify", "render"] {
            var arguments = [command, path]
            if command == "render" { arguments += ["--animate"] }
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 65, "\(command) \(name): \(result.stderr)")
            Self.expectOneLine(result, prefix: "bubblepicker \(command): \(path): \(expected)", "\(command) \(name)")
        }
    }

    @Test("a file that is not UTF-8, and a list of more than 100,000 bubbles, exit 65")
    func badFiles() throws {
        let directory = try CLIRunner.temporaryDirectory("scenario-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("binary.json")
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: binary)
        let result = try CLIRunner.run(["simulate", binary.path])
        #expect(result.status == 65)
        Self.expectOneLine(result, prefix: "bubblepicker simulate: \(binary.path): not valid UTF-8")
        let many = "[" + Array(repeating: "{}", count: 100_001).joined(separator: ",") + "]"
        let (other, path) = try Self.write(Fixtures.scenario(bubbles: many))
        defer { try? FileManager.default.removeItem(at: other) }
        let huge = try CLIRunner.run(["simulate", path])
        #expect(huge.status == 65)
        Self.expectOneLine(huge, prefix: "bubblepicker simulate: \(path): bubbles: at most 100000 bubbles (got 100001)")
    }

    @Test("an unwritable --output exits 1 with one line")
    func unwritable() throws {
        let result = try CLIRunner.run(["simulate", "--steps", "1", "--output", "/nonexistent-directory/out.csv"])
        #expect(result.status == 1)
        Self.expectOneLine(result, prefix: "bubblepicker simulate: cannot write '/nonexistent-directory/out.csv'")
    }

    @Test("progress goes to stderr as a \\r-updated percentage when it is a terminal (run under script(1))",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func progressOnTerminal() throws {
        let binary = try #require(CLIRunner.binary)
        let command = "'\(binary.path)' simulate Scenarios/demo.json --steps 300 --every 1000 > /dev/null"
        let result = try CLIRunner.runTool("/usr/bin/script", ["-qc", command, "/dev/null"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\rbubblepicker simulate: 50%") && result.stdout.contains("\rbubblepicker simulate: 100%"))
    }
}
