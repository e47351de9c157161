import Foundation
import Testing
import BubbleScenario
import BubbleWeb

/// The playground in a real browser: headless Chromium opens out/playground.html#selftest, which
/// plays a scripted session through the page's own input paths (synthetic pointer events on the
/// `<bubble-picker>`'s canvas: a tap, a drag, a flick; keys on its listbox; the add, remove and
/// select buttons; settings, their limits and an attribute; a refused tap; a rotation; switching
/// and scrubbing a scenario; a forced trap) and checks each step through the element's API and
/// events. Here the results are read from the DOM, the page must have logged nothing to the
/// console, and the session's calls, replayed natively through BubbleWeb, must end on the page's
/// engine hash. Screenshots go to out/.
@Suite(.serialized) struct BrowserTests {
    static let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,860",
                        "--force-device-scale-factor=1"]

    static var page: URL { WasmSupport.root.appendingPathComponent("out/playground.html") }

    /// The text of `<pre id="…">` in a dumped DOM (entities decoded), or nil.
    static func pre(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "<pre id=\"\(id)\""), let open = html[start.upperBound...].range(of: ">"),
              let close = html[open.upperBound...].range(of: "</pre>") else { return nil }
        return String(html[open.upperBound..<close.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Runs the page's self-test; returns the dumped DOM and Chromium's log.
    static func selfTest() throws -> WasmSupport.Output {
        try WasmSupport.requireBuild()
        let browser = try #require(WasmSupport.chromium, "chromium is not installed (apt-get install chromium)")
        return try WasmSupport.run(browser, flags + ["--enable-logging=stderr", "--v=0", "--dump-dom",
                                                    "--virtual-time-budget=30000", page.absoluteString + "#selftest"])
    }

    @Test("the scripted session passes every check, with no console output, and its hash equals the native replay",
          .enabled(if: WasmSupport.browserEnabled, WasmSupport.browserSkip))
    func scriptedSession() throws {
        let output = try Self.selfTest()
        let consoleLines = output.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(consoleLines.isEmpty, "console output: \(consoleLines.joined(separator: "\n"))")
        let json = try #require(Self.pre("selftest", in: output.stdout), "no self-test result in the page")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let checks = try #require(result["checks"] as? [[String: Any]])
        #expect(checks.count >= 20)
        for check in checks where check["ok"] as? Bool != true {
            Issue.record("page check failed: \(check["name"] ?? "?") — \(check["detail"] ?? "")")
        }
        #expect((result["errors"] as? String) == "", "page errors: \(result["errors"] ?? "")")
        #expect(result["ok"] as? Bool == true)
        let pageHash = try #require(result["hash"] as? String)
        let journal = try #require(Self.pre("journal", in: output.stdout))
        #expect(journal.split(separator: "\n").count > 500, "the session's journal is too short to mean anything")
        // What JS passed, when the page's engine logs it (the older `Engine` does).
        if let callLog = Self.pre("calllog", in: output.stdout), !callLog.isEmpty {
            try Self.compare(callLog: callLog, journal: journal)
        }
        // The same calls, natively: BubbleWeb on x86-64 must reach the hash the wasm32 page reached.
        let (nativeHash, nativeStep, nativeSelected) = try Self.replay(journal)
        #expect(nativeHash == pageHash, "native \(nativeHash) vs page \(pageHash)")
        if let step = result["step"] as? Int { #expect(nativeStep == step) }
        #expect(nativeSelected == (result["selected"] as? [Int]))
    }

    /// The journal replayed natively: the hash, the step and the selection. Only scalars leave this
    /// function: a session (a large value) copied or destroyed in the test's own large debug frame
    /// crashes this toolchain (swift_retain / swift_release on a bad pointer).
    static func replay(_ journal: String) throws -> (hash: String, step: Int, selected: [Int]) {
        let replay = try PlaygroundScript(journal)
        return (StateHasher64.hex(replay.session.stateHash()), replay.session.picker.stepCount, replay.session.state.selected)
    }

    /// What JS passed (the call log) and what Swift received (the journal) are the same calls with
    /// the same numbers, exactly (JS writes numbers with String(x), Swift with description).
    static func compare(callLog: String, journal: String) throws {
        let calls = callLog.split(separator: "\n"), lines = journal.split(separator: "\n")
        #expect(calls.count == lines.count && calls.count > 500, "\(calls.count) calls, \(lines.count) journal lines")
        for (index, (call, line)) in zip(calls, lines).enumerated() {
            let a = call.split(separator: " "), b = line.split(separator: " ")
            let same = a.count == b.count && zip(a, b).allSatisfy { x, y in
                if let u = Double(x), let v = Double(y) { return u == v || (u.isNaN && v.isNaN) }
                return x == y
            }
            if !same {
                Issue.record("call \(index + 1): JS passed \"\(call)\", the engine journaled \"\(line)\"")
                return
            }
        }
    }

    @Test("screenshots: the self-test's end, the demo in the player, 1,000 bubbles",
          .enabled(if: WasmSupport.browserEnabled, WasmSupport.browserSkip))
    func screenshots() throws {
        try WasmSupport.requireBuild()
        let browser = try #require(WasmSupport.chromium)
        for (name, fragment) in [("selftest", "selftest"), ("scenario-demo", "scenario=demo&step=420"),
                                 ("stress", "stress&frames=240"), ("rotated", "rotated&frames=150")] {
            let png = WasmSupport.root.appendingPathComponent("out/playground-\(name).png")
            try? FileManager.default.removeItem(at: png)
            let output = try WasmSupport.run(browser, Self.flags + ["--screenshot=\(png.path)", "--virtual-time-budget=30000",
                                                                   Self.page.absoluteString + "#" + fragment])
            let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
            #expect(output.status == 0 && size > 30_000, "\(name): exit \(output.status), \(size) bytes")
        }
    }
}

/// A hash as the page shows it: 16 lowercase hex digits.
enum StateHasher64 {
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
