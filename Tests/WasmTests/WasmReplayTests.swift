import Foundation
import Testing

/// Cross-architecture determinism, checked: every bundled scenario replayed by the wasm32 command
/// module (Embedded Swift, run by the toolchain's `wasmkit`) gives exactly the per-step hashes of
/// its golden trace, which was recorded natively on x86-64.
@Suite(.serialized) struct WasmReplayTests {
    @Test("the wasm replay of every scenario equals its golden trace at every step",
          .enabled(if: WasmSupport.replayEnabled, WasmSupport.replaySkip),
          arguments: WasmSupport.scenarioNames)
    func replay(name: String) throws {
        try WasmSupport.requireBuild()
        let scenario = WasmSupport.root.appendingPathComponent("Scenarios/\(name).json")
        let output = try WasmSupport.run("wasmkit", ["run", "out/wasm/bubblepicker-replay.wasm"], stdin: scenario)
        #expect(output.status == 0, "\(name): wasmkit exited \(output.status): \(output.stderr)")
        let golden = try String(contentsOf: WasmSupport.root.appendingPathComponent("Scenarios/Expected/\(name).trace"), encoding: .utf8)
            .split(separator: "\n").filter { line in  // the `step hash` lines
                let words = line.split(separator: " ")
                return !line.hasPrefix(" ") && words.count == 2 && Int(words[0]) != nil && words[1].count == 16
            }
        let replayed = output.stdout.split(separator: "\n")
        #expect(golden.count > 1 && replayed.count == golden.count, "\(name): \(replayed.count) steps replayed, golden has \(golden.count)")
        if let step = zip(replayed, golden).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(name): first divergence at step \(step): wasm \(replayed[step]), golden \(golden[step])")
        }
    }

    @Test("a bad scenario on stdin is one error line and exit status 65",
          .enabled(if: WasmSupport.replayEnabled, WasmSupport.replaySkip))
    func badInput() throws {
        try WasmSupport.requireBuild()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try #"{"format": 1, "description": "x", "seed": 1, "steps": 10, "container": {"width": -3, "height": 1}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try WasmSupport.run("wasmkit", ["run", "out/wasm/bubblepicker-replay.wasm"], stdin: file)
        #expect(output.status == 65 && output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("bubblepicker-replay: container.width"), "\(output.stderr)")
    }
}
