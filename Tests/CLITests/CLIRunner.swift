import Foundation
import Testing

/// Runs the built `bubblepicker` binary for the CLI tests.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built binary: next to the test bundle/executable in the build products directory (found from
    /// `arguments[0]`, walking out of an `.xctest` bundle), else the package's `.build/debug`.
    static let binary: URL? = {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let first = ProcessInfo.processInfo.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("bubblepicker"))
                directory = directory.deletingLastPathComponent()
            }
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("bubblepicker"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/bubblepicker"))
        return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
    }()

    /// The package's root directory (where Package.swift is).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary directory; the caller removes it.
    static func temporaryDirectory(_ prefix: String = "cli") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `bubblepicker <arguments>` in `directory` (default: the package root).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let binary = try #require(Self.binary, "bubblepicker binary not found; build it with swift build")
        return try runProcess(binary, arguments, in: directory ?? packageRoot)
    }

    /// Runs another tool (such as script(1)) in the package root.
    static func runTool(_ path: String, _ arguments: [String]) throws -> Result {
        try runProcess(URL(fileURLWithPath: path), arguments, in: packageRoot)
    }

    /// Runs an executable, capturing output through files (no pipe deadlocks), with standard input
    /// from /dev/null.
    static func runProcess(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Result {
        let scratch = try temporaryDirectory("run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let err = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
