import Foundation
import Testing

/// The browser module's boundary under attack: `.ci/wasm-fuzz.js` (node) calls the bp_* exports
/// with hostile arguments interleaved with normal use; no call may trap, the stack pointer must be
/// back at the top after each, a fresh scenario must replay to its golden hashes after every
/// hostile call in the same instance, and a forced trap must be recovered from by the page's
/// `TrapRecovery` (`.ci/wasm fuzz` runs the longer default).
@Suite(.serialized) struct ExportFuzzTests {
    static let node = WasmSupport.executable("node")

    /// Why the fuzz test is skipped: not asked for, a wasm tool missing, or node missing.
    static var skip: Comment {
        WasmSupport.requested && WasmSupport.missingTools.isEmpty ? "skipped: node missing" : WasmSupport.replaySkip
    }

    @Test("2,000 hostile and normal export calls: no trap, every replay on its golden, trap recovery",
          .enabled(if: WasmSupport.replayEnabled && (node != nil || WasmSupport.required), skip))
    func fuzz() throws {
        try WasmSupport.requireBuild()
        let output = try WasmSupport.run("node", [".ci/wasm-fuzz.js", "out/wasm/bubblepicker-playground.wasm", "2000"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr.suffix(3000))")
        #expect(output.stdout.contains(" 0 traps") && output.stdout.contains("recreated from the journal"), "\(output.stdout)")
    }
}
