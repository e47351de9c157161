import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Output that is what it claims: one-line errors however hostile the input, and lost output
/// reported as a failure, never as success.
@Suite("bubblepicker output safety")
struct OutputSafetyCLITests {
    @Test("an unknown key with an escape sequence, a newline and 20,000 characters gives one short, escaped line")
    func hostileKey() throws {
        let key = "bad\u{1B}[31mkey\nx" + String(repeating: "a", count: 20_000)
        let escapedKey = key.replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\n", with: "\\n")
        let text = #"{"format":1,"description":"x","seed":1,"steps":5,"container":{"width":10,"height":10,""#
            + escapedKey + #"":1}}"#
        let (directory, path) = try ScenarioCLITests.write(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run(["simulate", path])
        #expect(result.status == 65)
        ScenarioCLITests.expectOneLine(result, prefix: "bubblepicker simulate: \(path): container.bad\\u{1B}[31mkey\\nxaaa")
        #expect(!result.stderr.contains("\u{1B}") && result.stderr.count <= 602 && result.stderr.contains("…"))
    }

    @Test("simulate to a full disk or a closed standard output fails with exit 1 and one line")
    func lostOutput() throws {
        guard let binary = CLIRunner.binary, FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let full = try CLIRunner.runTool("/bin/sh", ["-c", "'\(binary.path)' simulate > /dev/full"])
        #expect(full.status == 1, "exit \(full.status): \(full.stderr)")
        #expect(full.stderr.contains("cannot write to standard output"))
        let closed = try CLIRunner.runTool("/bin/sh", ["-c", "'\(binary.path)' simulate >&-"])
        #expect(closed.status == 1, "exit \(closed.status): \(closed.stderr)")
    }

    @Test("a label with control characters renders to well-formed XML")
    func controlCharacterLabel() throws {
        let text = #"{"format":1,"description":"x","seed":1,"steps":30,"container":{"width":200,"height":200},"#
            + #""bubbles":[{"text":"a\u0001b\u001f<&>","selected":true},{"text":"c\u0008d"}]}"#
        let (directory, path) = try ScenarioCLITests.write(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["render", path, "--step", "30"], ["render", path, "--animate"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(XMLParser(data: Data(result.stdout.utf8)).parse(), "\(arguments): not well-formed")
        }
    }
}
