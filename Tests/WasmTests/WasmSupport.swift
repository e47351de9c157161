import Foundation
import Testing

/// Building and running the wasm modules and the browser from tests. They build the modules with
/// `.ci/wasm` (minutes of compiling), so `swift test` skips them unless asked:
/// `BUBBLEPICKER_WASM_TESTS=1` runs them when the tools are installed (else skips them), and
/// `BUBBLEPICKER_REQUIRE_WASM=1` (as `.ci/run` sets) runs them and fails when a tool is missing.
/// The tools: the Debian packages `wasi-libc` and `libclang-rt-14-dev-wasm32` (linking), `binaryen`
/// (wasm-opt), `esbuild` and `brotli` (the served files), the toolchain's `wasmkit` and, for the
/// browser test, `chromium`.
enum WasmSupport {
    /// The package root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// True when CI demands the wasm tests run (a missing tool is then a failure, not a skip).
    static var required: Bool { ProcessInfo.processInfo.environment["BUBBLEPICKER_REQUIRE_WASM"] == "1" }

    /// True when the wasm tests were asked for: `BUBBLEPICKER_WASM_TESTS=1`, or required.
    static var requested: Bool { ProcessInfo.processInfo.environment["BUBBLEPICKER_WASM_TESTS"] == "1" || required }

    /// What is missing to link and run the modules ("" when nothing).
    static let missingTools: String = {
        var missing: [String] = []
        if !FileManager.default.fileExists(atPath: "/usr/lib/wasm32-wasi/libc.a") { missing.append("wasi-libc") }
        if !hasClangBuiltins() { missing.append("libclang-rt-14-dev-wasm32") }
        if executable("wasmkit") == nil { missing.append("wasmkit (Swift toolchain)") }
        for (tool, package) in [("wasm-opt", "binaryen"), ("esbuild", "esbuild"), ("brotli", "brotli")]
        where executable(tool) == nil {
            missing.append(package)
        }
        return missing.joined(separator: ", ")
    }()

    /// Whether some /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a exists.
    static func hasClangBuiltins() -> Bool {
        let files = FileManager.default
        for llvm in (try? files.contentsOfDirectory(atPath: "/usr/lib")) ?? [] where llvm.hasPrefix("llvm-") {
            let clang = "/usr/lib/\(llvm)/lib/clang"
            for version in (try? files.contentsOfDirectory(atPath: clang)) ?? []
            where files.fileExists(atPath: "\(clang)/\(version)/lib/wasi/libclang_rt.builtins-wasm32.a") {
                return true
            }
        }
        return false
    }

    /// The browser, if installed.
    static let chromium: String? = executable("chromium") ?? executable("chromium-browser")

    /// Whether the replay test runs: asked for and the tools are there, or required (a missing
    /// tool then fails it).
    static var replayEnabled: Bool { (requested && missingTools.isEmpty) || required }
    /// Whether the browser test runs.
    static var browserEnabled: Bool { (requested && missingTools.isEmpty && chromium != nil) || required }

    /// Why the replay tests are skipped.
    static var replaySkip: Comment {
        requested ? "skipped: \(missingTools) missing (apt-get install wasi-libc libclang-rt-14-dev-wasm32 binaryen esbuild brotli); BUBBLEPICKER_REQUIRE_WASM=1 makes this a failure"
            : "skipped: set BUBBLEPICKER_WASM_TESTS=1 to build the wasm modules and run them"
    }
    /// Why the browser test is skipped.
    static var browserSkip: Comment {
        requested ? "skipped: needs \(missingTools.isEmpty ? "chromium" : missingTools)"
            : "skipped: set BUBBLEPICKER_WASM_TESTS=1 to build the playground and test it in Chromium"
    }

    /// `name` on the PATH, or nil.
    static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A finished process: exit status and output.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program (a path, or a name on the PATH) in the package root; output goes through
    /// temporary files (no pipe can fill up and stall it).
    static func run(_ program: String, _ arguments: [String], stdin: URL? = nil) throws -> Output {
        let process = Process()
        let direct = program.hasPrefix("/") || program.hasPrefix(".")
        process.executableURL = URL(fileURLWithPath: direct ? program : "/usr/bin/env")
        process.arguments = direct ? arguments : [program] + arguments
        process.currentDirectoryURL = root
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wasmtests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                      stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// `.ci/wasm playground`, once per test process: the modules in out/wasm/ and out/playground.html.
    static let build: Result<String, BuildFailure> = {
        do {
            let output = try run(".ci/wasm", ["playground"])
            guard output.status == 0 else {
                return .failure(BuildFailure(message: ".ci/wasm playground exited \(output.status): \(output.stderr.suffix(3000))"))
            }
            return .success(output.stdout)
        } catch {
            return .failure(BuildFailure(message: ".ci/wasm playground did not run: \(error)"))
        }
    }()

    /// Why the wasm build failed.
    struct BuildFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Builds (once) and fails the test with the reason when the build failed.
    static func requireBuild() throws {
        if !missingTools.isEmpty {
            Issue.record("BUBBLEPICKER_REQUIRE_WASM=1 but missing: \(missingTools)")
        }
        _ = try build.get()
    }

    /// The bundled scenario names (Scenarios/*.json without the schema), sorted.
    static let scenarioNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenarios").path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { String($0.dropLast(5)) }.sorted()
    }()
}
