import Foundation
import Testing

/// `verify` against the goldens (debug and, when built, release binaries), divergence reports,
/// `--record`, and `render` pictures.
@Suite("bubblepicker verify and render")
struct ScenarioVerifyRenderCLITests {
    /// A copy of `Scenarios/<name>.json` and its golden in a fresh directory; returns the directory.
    static func copyScenario(_ name: String, golden: Bool = true) throws -> URL {
        let directory = try CLIRunner.temporaryDirectory("scenario-verify")
        let scenarios = CLIRunner.packageRoot.appendingPathComponent("Scenarios")
        try FileManager.default.copyItem(at: scenarios.appendingPathComponent(name + ".json"),
                                         to: directory.appendingPathComponent(name + ".json"))
        if golden {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("Expected"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: scenarios.appendingPathComponent("Expected/\(name).trace"),
                                             to: directory.appendingPathComponent("Expected/\(name).trace"))
        }
        return directory
    }

    static let releaseBinary = CLIRunner.packageRoot.appendingPathComponent(".build/release/bubblepicker")

    @Test("verify replays every scenario bit-identically to its golden (the test build's binary; three of them, all long)")
    func verifyAll() throws {
        let directory = try TestSize.scenarioDirectory()
        defer { if directory != CLIRunner.packageRoot { try? FileManager.default.removeItem(at: directory) } }
        let result = try CLIRunner.run(["verify"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Scenarios").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
        for name in names { #expect(result.stdout.contains("ok \(name.dropLast(5)) ("), "\(name)") }
        #expect(result.stdout.contains("verified \(names.count) of \(names.count) scenarios"))
        #expect(result.stderr.isEmpty)
    }

    @Test("the release binary replays every scenario bit-identically too",
          .enabled(if: FileManager.default.isExecutableFile(atPath: releaseBinary.path), "build it with swift build -c release"))
    func verifyRelease() throws {
        let process = Process()
        process.executableURL = Self.releaseBinary
        process.arguments = ["verify"]
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a changed golden makes verify exit 1 naming the first diverging step")
    func divergence() throws {
        let directory = try Self.copyScenario("demo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("Expected/demo.trace")
        var lines = try String(contentsOf: trace, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("123 ") })
        lines[index] = "123 0000000000000000"
        try lines.joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["verify", "demo.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("bubblepicker verify: demo.json: first divergence at step 123: state hash "))
        #expect(result.stderr.contains(", golden 0000000000000000"))
        #expect(result.stdout.contains("verified 0 of 1 scenario"))
    }

    @Test("a missing golden exits 1; --record writes one identical to the repository's, which then verifies")
    func record() throws {
        let directory = try Self.copyScenario("max-selection-refuse", golden: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try CLIRunner.run(["verify", "max-selection-refuse.json"], in: directory)
        #expect(missing.status == 1 && missing.stderr.contains("no golden trace at ./Expected/max-selection-refuse.trace"))
        let recorded = try CLIRunner.run(["verify", "--record", "max-selection-refuse.json"], in: directory)
        #expect(recorded.status == 0 && recorded.stdout.contains("recorded max-selection-refuse"))
        let written = try String(contentsOf: directory.appendingPathComponent("Expected/max-selection-refuse.trace"), encoding: .utf8)
        let golden = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Scenarios/Expected/max-selection-refuse.trace"),
                                encoding: .utf8)
        #expect(written == golden)
        #expect(try CLIRunner.run(["verify", "max-selection-refuse.json"], in: directory).status == 0)
    }

    @Test("render --step draws one frame: bubbles with labels and check marks; --theme debug adds borders, attraction point, callouts")
    func renderFrame() throws {
        let result = try CLIRunner.run(["render", "Scenarios/demo.json", "--step", "540", "--theme", "debug"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let svg = result.stdout
        #expect(svg.hasPrefix("<?xml") && svg.contains("viewBox=\"-40 -40 455 747\"") && svg.hasSuffix("</svg>\n"))
        // In the demo at step 540, four of the 20 bubbles are selected: four check marks (a disc and a tick each).
        #expect(svg.components(separatedBy: "<circle cx=").count - 1 == 20 + 4)
        #expect(svg.contains(">Rock</text>") && svg.contains("step 540"))
        // Four callouts, four ticks and the anchor's crosshair.
        #expect(svg.components(separatedBy: "<path d=\"M").count - 1 == 4 + 4 + 1)
        #expect(svg.components(separatedBy: "<line ").count - 1 == 4)
        let face = try CLIRunner.run(["render", "Scenarios/demo.json", "--step", "540"])
        #expect(face.status == 0 && face.stdout.components(separatedBy: "<path d=\"M").count - 1 == 4)  // the ticks only
        #expect(!face.stdout.contains("<line "))
        let bad = try CLIRunner.run(["render", "Scenarios/demo.json", "--step", "540", "--theme", "pink"])
        #expect(bad.status == 64 && bad.stderr.contains("--theme must be default, callouts or debug"))
    }

    @Test("render --animate writes an animated SVG file with SMIL key frames")
    func renderAnimation() throws {
        let directory = try CLIRunner.temporaryDirectory("scenario-render")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("demo.svg").path
        let result = try CLIRunner.run(["render", "Scenarios/demo.json", "--animate", "--every", "10", "--output", path])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("<animate attributeName=\"cx\"") && svg.contains("repeatCount=\"indefinite\""))
        #expect(svg.contains("dur=\"11.5s\""))  // 10 s of run, the last frame held 1.5 s
        #expect(svg.utf8.count < 250_000)
    }
}
