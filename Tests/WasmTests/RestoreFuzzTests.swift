import Foundation
import Testing

/// The saved-state fuzzer through the browser module's `bp_restore` (`.ci/wasm-restore-fuzz.js`):
/// mutated real snapshots, resealed; no trap, every accepted state stepped and still valid. A
/// small size here; `.ci/wasm fuzz` (CI's fuzz step) runs 5,000 cases.
@Suite(.serialized) struct RestoreFuzzTests {
    @Test("400 mutated snapshots through bp_restore: no trap, every accepted state stepped and valid",
          .enabled(if: WasmSupport.replayEnabled && (ExportFuzzTests.node != nil || WasmSupport.required), ExportFuzzTests.skip))
    func restoreFuzz() throws {
        try WasmSupport.requireBuild()
        let output = try WasmSupport.run("node", [".ci/wasm-restore-fuzz.js", "out/wasm/bubblepicker-playground.wasm", "400", "200"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr.suffix(3000))")
        #expect(output.stdout.contains(" 0 traps, 0 problems"), "\(output.stdout)")
    }
}
