import Foundation
import Testing

/// Runs the built `bubblepicker bench` and checks its output format, help and exit codes.
@Suite("bubblepicker bench")
struct BenchCLITests {
    @Test("--help prints usage to stdout and exits 0")
    func help() throws {
        let result = try CLIRunner.run(["bench", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: bubblepicker bench crowd"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--csv prints the documented header and one row per count")
    func csv() throws {
        let result = try CLIRunner.run(["bench", "crowd", "--count", "30", "--count", "50", "--steps", "20", "--runs", "1", "--csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "count,substeps,ms_per_step,ns_per_bubble_step,max_overlap,mean_overlap,outside,nan,peak_rss_bytes,threads,state_hash")
        #expect(lines.count == 3)
        let row = lines.dropFirst().first?.split(separator: ",").map(String.init) ?? []
        #expect(row.count == 11)
        #expect(row[9] == "1" && row[10].count == 16, "one thread, a 64-bit hash in hex: \(row)")
        #expect(row.first == "30" && row[1] == "4")
        #expect(row[6] == "0" && row[7] == "0", "nothing outside, no NaN")
        #expect(Double(row[4]).map { $0 >= 0 && $0 < 1 } == true, "overlap is a fraction: \(row[4])")
        #expect(Int(row[8]).map { $0 > 1_000_000 } == true, "peak RSS in bytes: \(row[8])")
    }

    @Test("--threads 2 prints the same state hash as --threads 1")
    func threadsHash() throws {
        func hash(_ threads: String) throws -> String? {
            let result = try CLIRunner.run(["bench", "crowd", "--count", TestSize.pick("1500", long: "3000"),
                                            "--steps", TestSize.pick("20", long: "30"), "--runs", "1", "--threads", threads, "--csv"])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").dropFirst().first?.split(separator: ",").last.map(String.init)
        }
        let one = try hash("1"), two = try hash("2")
        #expect(one != nil && one == two, "\(one ?? "-") vs \(two ?? "-")")
    }

    @Test("bench rest prints an awake and a resting step cost and their ratio")
    func rest() throws {
        let result = try CLIRunner.run(["bench", "rest", "--runs", "1", "--csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        let row = lines.last?.split(separator: ",").compactMap { Double($0) } ?? []
        #expect(row.count >= 3 && row.allSatisfy { $0.isFinite && $0 >= 0 }, "\(lines)")
    }

    @Test("bad arguments are one-line usage errors with exit 64", arguments: [
        ["bench"], ["bench", "crowd", "--count", "0"], ["bench", "crowd", "--count", "1000000000"],
        ["bench", "crowd", "--count", "ten"], ["bench", "crowd", "--count"], ["bench", "crowd", "--steps", "-1"],
        ["bench", "crowd", "--hertz", "nan"], ["bench", "crowd", "--push", "inf"], ["bench", "crowd", "--frobnicate"],
        ["bench", "storm"], ["bench", "crowd", "--runs", "1", "--runs", "2"],
    ])
    func badArguments(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("bubblepicker bench: ") == true, "\(result.stderr)")
    }

    @Test("an unknown command is exit 64; top-level help is exit 0 and lists every command")
    func topLevel() throws {
        let unknown = try CLIRunner.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown command 'frobnicate'"))
        let help = try CLIRunner.run(["--help"])
        #expect(help.status == 0)
        for command in ["simulate", "verify", "render", "balloon", "bench"] {
            #expect(help.stdout.contains("  \(command) "), "help lists \(command)")
        }
    }
}
