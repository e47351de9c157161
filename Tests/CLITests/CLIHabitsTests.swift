import Foundation
import Testing

/// What a new user types first: `--key=value`, `help COMMAND`, `--version`; and what `simulate`
/// dumps for bubbles that never appeared.
@Suite("bubblepicker habits")
struct CLIHabitsTests {
    static let commands = ["simulate", "verify", "render", "balloon", "bench"]

    @Test("--key=value gives the same output as --key value", arguments: [
        (["simulate", "--steps=100", "--every=50", "--format=jsonl"], ["simulate", "--steps", "100", "--every", "50", "--format", "jsonl"]),
        (["render", "Scenarios/demo.json", "--step=3"], ["render", "Scenarios/demo.json", "--step", "3"]),
        (["render", "Scenarios/cycling.json", "--animate", "--steps=20", "--every=10"],
         ["render", "Scenarios/cycling.json", "--animate", "--steps", "20", "--every", "10"]),
        (["balloon", "--width=120", "--height=40", "--stem-offset=-10", "--fill=#ff0000"],
         ["balloon", "--width", "120", "--height", "40", "--stem-offset", "-10", "--fill", "#ff0000"]),
    ])
    func equalsForm(joined: [String], spaced: [String]) throws {
        let a = try CLIRunner.run(joined), b = try CLIRunner.run(spaced)
        #expect(a.status == 0 && a.stderr.isEmpty, "\(joined): \(a.stderr)")
        #expect(a.stdout == b.stdout && !a.stdout.isEmpty)
    }

    @Test("--key= forms are checked like any value: one line, exit 64", arguments: [
        (["simulate", "--steps="], "bubblepicker simulate: --steps must be a whole number, got ''"),
        (["simulate", "--every=0"], "bubblepicker simulate: --every must be in 1...1000000, got 0"),
        (["simulate", "--steps=99999999999999999999"], "bubblepicker simulate: --steps must be a whole number, got '99999999999999999999'"),
        (["simulate", "--steps=1000001"], "bubblepicker simulate: --steps must be in 0...1000000, got 1000001"),
        (["simulate", "--steps=5", "--steps", "6"], "bubblepicker simulate: --steps given more than once"),
        (["verify", "--record=yes"], "bubblepicker verify: --record takes no value"),
        (["render", "Scenarios/demo.json", "--animate=1"], "bubblepicker render: --animate takes no value"),
        (["simulate", "--colour=red"], "bubblepicker simulate: unknown option '--colour' (see bubblepicker simulate --help)"),
        (["bench", "crowd", "--count=0"], "bubblepicker bench: --count must be in 1...1000000, got 0"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64 && result.stderr == message + "\n", "\(arguments): \(result.stderr)")
    }

    @Test("--output=FILE writes the file", arguments: [["simulate", "--steps=3"], ["render", "Scenarios/demo.json", "--step=0"]])
    func outputEquals(arguments: [String]) throws {
        let directory = try CLIRunner.temporaryDirectory("habits")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out").path
        let written = try CLIRunner.run(arguments + ["--output=\(path)"])
        let printed = try CLIRunner.run(arguments)
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)
    }

    @Test("help COMMAND prints that command's help, the same as COMMAND --help", arguments: commands)
    func helpCommand(command: String) throws {
        let help = try CLIRunner.run(["help", command]), flag = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0 && help.stdout == flag.stdout && help.stdout.hasPrefix("Usage: bubblepicker \(command)"))
    }

    @Test("help with an unknown command, --version, and the top-level help's pointers")
    func helpAndVersion() throws {
        let unknown = try CLIRunner.run(["help", "simulat"])
        #expect(unknown.status == 64 && unknown.stderr == "bubblepicker help: unknown command 'simulat' (see bubblepicker --help)\n")
        let version = try CLIRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout == "bubblepicker 1.0.0 (scenario format 1, trace format 1)\n")
        let top = try CLIRunner.run(["help"])
        #expect(top.stdout.contains("bubblepicker help <command>") && top.stdout.contains("--key=value") && top.stdout.contains("--version"))
    }

    @Test("a bubble removed while still waiting for the container's size is never in the simulate dump")
    func waitingBubbleDump() throws {
        let text = ScenarioCLIFixtures.scenario(
            steps: 40, container: #""width": 0, "height": 667"#,
            bubbles: #"[{"text": "A", "tag": 1}, {"text": "B", "tag": 2}, {"text": "C", "tag": 3}]"#,
            timeline: #"[{"at": 2, "event": "remove", "tag": 2}, {"at": 3, "event": "moveAnchor", "x": 10, "y": -10},"#
                + #" {"at": 5, "event": "resize", "width": 375, "height": 667}, {"at": 6, "event": "moveAnchor", "x": 0.5, "y": 0.5}]"#)
        let (directory, path) = try ScenarioCLITests.write(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["csv", "jsonl"] {
            let result = try CLIRunner.run(["simulate", path, "--format", format])
            #expect(result.status == 0, "\(result.stderr)")
            var rows = result.stdout.split(separator: "\n").map(String.init)
            if format == "csv" { rows.removeFirst() }
            #expect(!rows.isEmpty)
            for row in rows {
                let fields: [String]
                if format == "csv" {
                    fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                } else {
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
                    fields = ["step", "id", "tag", "x", "y", "diameter"].map { "\(object[$0] ?? "")" }
                }
                let step = try #require(Int(fields[0])), tag = fields[2]
                let x = try #require(Double(fields[3])), y = try #require(Double(fields[4])), diameter = try #require(Double(fields[5]))
                #expect(tag != "2", "the removed waiting bubble: \(row)")
                #expect(step >= 5, "nothing appears before the container has a size: \(row)")
                #expect(diameter > 0 && x >= 0 && x <= 375 && y >= 0 && y <= 667, "\(row)")
            }
        }
    }
}
