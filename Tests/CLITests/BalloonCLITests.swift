import Foundation
import Testing

/// Runs the built `bubblepicker` binary and checks `balloon`'s output, help and exit codes.
@Suite("bubblepicker balloon")
struct BalloonCLITests {
    typealias Result = CLIRunner.Result

    static func temporaryDirectory() throws -> URL { try CLIRunner.temporaryDirectory("balloon-cli") }

    /// Runs `bubblepicker balloon <arguments>`.
    static func run(_ arguments: [String]) throws -> Result { try CLIRunner.run(["balloon"] + arguments) }

    /// True when no number in any path's `d` attribute is in exponent notation, NaN or infinite.
    static func hasPlainNumbers(_ svg: String) -> Bool {
        svg.components(separatedBy: " d=\"").dropFirst().allSatisfy { chunk in
            let d = chunk.prefix { $0 != "\"" }
            return d.allSatisfy { "MLQCZ0123456789.- ".contains($0) }
        }
    }

    /// Number of commands in the first path's `d` attribute.
    static func commandCount(_ svg: String) -> Int {
        guard let start = svg.range(of: "d=\"M") else { return 0 }
        let rest = svg[start.upperBound...]
        let d = rest.prefix { $0 != "\"" }
        return d.filter { "MLQCZ".contains($0) }.count + 1
    }

    @Test("--help prints every option to stdout and exits 0")
    func help() throws {
        let result = try Self.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for option in ["--width", "--height", "--radius", "--smoothing", "--stem-edge", "--stem-offset", "--stem-width",
                       "--stem-depth", "--join-smoothing", "--tip-rounding", "--fill", "--stroke", "--output", "--gallery"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }

    @Test("writes a standalone SVG with a viewBox and the 42-command balloon path")
    func svgToStdout() throws {
        let result = try Self.run(["--width", "200", "--height", "100", "--radius", "oval", "--smoothing", "1",
                                   "--stem-edge", "left", "--stem-offset", "-10", "--stem-width", "30", "--stem-depth", "15",
                                   "--join-smoothing", "0.5", "--tip-rounding", "2", "--fill", "#ffcc00", "--stroke", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(result.stdout.contains("viewBox=\"0 0 200 100\""))
        #expect(result.stdout.contains("fill=\"#ffcc00\"") && !result.stdout.contains("stroke="))
        #expect(result.stdout.hasSuffix("</svg>\n"))
        #expect(Self.commandCount(result.stdout) == 42)
        #expect(Self.hasPlainNumbers(result.stdout))
        let again = try Self.run(["--width", "200", "--height", "100", "--radius", "oval", "--smoothing", "1",
                                  "--stem-edge", "left", "--stem-offset", "-10", "--stem-width", "30", "--stem-depth", "15",
                                  "--join-smoothing", "0.5", "--tip-rounding", "2", "--fill", "#ffcc00", "--stroke", "none"])
        #expect(again.stdout == result.stdout)
    }

    @Test("bad values give one line on stderr and exit 64", arguments: [
        [], ["--height", "10"], ["--width", "0", "--height", "10"], ["--width", "-3", "--height", "10"],
        ["--width", "abc", "--height", "10"], ["--width", "1e6", "--height", "10"], ["--width", "nan", "--height", "10"],
        ["--width", "10", "--height", "inf"], ["--width", "10", "--height", "10", "--radius", "round"],
        ["--width", "10", "--height", "10", "--radius", "-2"], ["--width", "10", "--height", "10", "--smoothing", "1.5"],
        ["--width", "10", "--height", "10", "--stem-edge", "middle"], ["--width", "10", "--height", "10", "--stem-width", "-1"],
        ["--width", "10", "--height", "10", "--join-smoothing", "2"], ["--width", "10", "--height", "10", "--fill", "<script>"],
        ["--width", "10", "--height", "10", "--bogus"], ["--width", "10", "--height", "10", "--width", "20"],
        ["--width", "10", "--height", "10", "extra"], ["--width"],
    ])
    func badValues(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("bubblepicker balloon: ") == true, "\(result.stderr)")
    }

    @Test("--output writes the same SVG to a file; an unwritable file exits 1 with a message")
    func output() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("b.svg")
        let written = try Self.run(["--width", "120", "--height", "80", "--output", file.path])
        #expect(written.status == 0 && written.stdout.isEmpty)
        let stdout = try Self.run(["--width", "120", "--height", "80"])
        #expect(try String(contentsOf: file, encoding: .utf8) == stdout.stdout)
        let bad = try Self.run(["--width", "120", "--height", "80", "--output", directory.appendingPathComponent("missing/dir/b.svg").path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("cannot write"))
    }

    @Test("--gallery writes index.html linking one valid SVG per main configuration")
    func gallery() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.run(["--gallery", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let index = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        let svgs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(svgs.count >= 20)
        for name in ["corners-none", "corners-oval", "smoothing-0", "smoothing-0.6", "smoothing-1", "stem-top", "stem-left",
                     "offset-into-left-corner", "chat-bottomLeft", "chat-bottomRight", "placement-upLeft", "placement-downRight"] {
            #expect(svgs.contains(name + ".svg"), "\(name)")
        }
        for svg in svgs {
            #expect(index.contains("src=\"\(svg)\""))
            let text = try String(contentsOf: directory.appendingPathComponent(svg), encoding: .utf8)
            #expect(text.hasPrefix("<?xml") && text.contains("viewBox=\"") && text.hasSuffix("</svg>\n"), "\(svg)")
            #expect(Self.hasPlainNumbers(text), "\(svg)")
        }
        #expect(!index.contains("does not fit"), "every placement example fits")
        for name in ["smoothing-0.3", "offset-sweep", "join-tip-grid", "interpolation-morph", "chat-conversation",
                     "placement-stress-edges", "placement-stress-tight", "placement-stress-restricted", "text-multiline-callouts",
                     "text-scripts", "placement-edge-targets", "placement-diagonal-slides", "placement-group-cluster",
                     "placement-floating-ui", "chat-none"] {
            #expect(svgs.contains(name + ".svg"), "\(name)")
        }
        let combs = try String(contentsOf: directory.appendingPathComponent("smoothing-1.svg"), encoding: .utf8)
        #expect(combs.contains("<polyline"), "the curvature comb is drawn")
        #expect(index.contains("fits == false"), "the stress case that does not fit says so")
    }

    @Test("--stem-width 0 draws no stem: the body fills the rect whatever the depth (no hairline needle)")
    func noStem() throws {
        let base = ["--width", "200", "--height", "100", "--stem-width", "0"]
        let shallow = try Self.run(base + ["--stem-depth", "20"])
        let deep = try Self.run(base + ["--stem-depth", "45", "--stem-offset", "-1000"])
        let flat = try Self.run(["--width", "200", "--height", "100", "--stem-depth", "0"])
        #expect(shallow.status == 0 && deep.status == 0 && flat.status == 0, "\(shallow.stderr)")
        #expect(shallow.stdout == deep.stdout && shallow.stdout == flat.stdout)
        #expect(Self.commandCount(shallow.stdout) == 42)
        // The bottom edge runs straight at y = 100: no point of the path lies below it.
        #expect(shallow.stdout.contains(" 100") && !shallow.stdout.contains(" 120"))
    }

    @Test("a stem pushed into a corner (220 x 140, radius 32, offset -100) still writes the 42-command path")
    func stemIntoCorner() throws {
        let arguments = ["--width", "220", "--height", "140", "--radius", "32", "--stem-offset", "-100"]
        let result = try Self.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.commandCount(result.stdout) == 42)
        #expect(Self.hasPlainNumbers(result.stdout))
        // The bottom edge no longer runs on to the left corner point: nothing ends at (0, 120).
        #expect(!result.stdout.contains(" 0 120 ") && !result.stdout.contains("L0 120 "))
        #expect(try Self.run(arguments).stdout == result.stdout)
    }
}
