import Foundation
import Testing

/// Files the CLI writes: a temporary beside a regular target (never through a planted symlink),
/// devices and FIFOs written in place and never replaced, one clean line for every failure.
/// Devices and a full disk are shown in a private mount namespace (`unshare -m` with a tmpfs on
/// /dev), so no real device and no real disk is touched.
@Suite("bubblepicker output files")
struct OutputFileCLITests {
    /// The names the writer tries for `target` when `BUBBLEPICKER_TEMPORARY_SEED` is `seed`, in
    /// order (SplitMix64, 48 bits, 12 hex digits: the same rule as `TemporaryNames`).
    static func temporaryNames(for target: String, seed: UInt64, count: Int = 8) -> [String] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            let bits = (z ^ (z >> 31)) & 0xFFFF_FFFF_FFFF
            let digits = String(bits, radix: 16)
            return "." + target + "." + String(repeating: "0", count: 12 - digits.count) + digits + ".tmp"
        }
    }

    static let scenario = CLIRunner.packageRoot.appendingPathComponent("Scenarios/demo.json").path

    /// Runs a shell script with `B` (the binary) and `S` (the demo scenario) set, in `directory`.
    static func shell(_ script: String, in directory: URL, seed: UInt64? = nil, namespace: Bool = false) throws -> CLIRunner.Result {
        let binary = try #require(CLIRunner.binary, "bubblepicker binary not found")
        var prefix = "B='\(binary.path)'; S='\(scenario)'; cd '\(directory.path)'; umask 022; "
        if let seed { prefix += "export BUBBLEPICKER_TEMPORARY_SEED=\(seed); " }
        let command = namespace ? ["/usr/bin/unshare", "-m", "/bin/sh", "-c", prefix + script] : ["/bin/sh", "-c", prefix + script]
        return try CLIRunner.runProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), in: directory)
    }

    /// Whether this machine can make a private mount namespace (root, util-linux `unshare`).
    static let namespaces: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = try? CLIRunner.runProcess(URL(fileURLWithPath: "/usr/bin/unshare"),
                                              ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs /mnt"], in: URL(fileURLWithPath: "/"))
        return probe?.status == 0
    }()

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test("/dev/null and /dev/full (made in a private namespace) are written in place, never replaced; a full device is exit 1",
          .enabled(if: namespaces, "needs root and unshare -m"))
    func devices() throws {
        let directory = try CLIRunner.temporaryDirectory("devices")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("""
            mount -t tmpfs tmpfs /dev && mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/full c 1 7 || exit 99
            "$B" simulate --output /dev/null; echo "null $?"
            "$B" render "$S" --step 3 --output=/dev/full 2>err; echo "full $?"
            "$B" simulate --steps 2 --output /dev/full 2>>err; echo "full-simulate $?"
            "$B" balloon --width 100 --height 40 --output /dev/null; echo "balloon $?"
            "$B" --version > /dev/full 2>>err; echo "version $?"
            stat -c '%n %F %t,%T' /dev/null /dev/full; ls -A /dev | tr '\\n' ' '; echo; cat err
            """, in: directory, namespace: true)
        let out = Self.lines(result.stdout)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(out.prefix(5) == ["null 0", "full 1", "full-simulate 1", "balloon 0", "version 1"], "\(out)")
        #expect(out.contains("/dev/null character special file 1,3") && out.contains("/dev/full character special file 1,7"), "\(out)")
        #expect(out.contains("full null "), "only the two devices, no temporary left: \(out)")
        #expect(out.contains("bubblepicker render: cannot write '/dev/full': No space left on device"), "\(out)")
        #expect(out.contains("bubblepicker simulate: cannot write '/dev/full': No space left on device"), "\(out)")
        #expect(out.contains("bubblepicker: cannot write to standard output: No space left on device"), "\(out)")
    }

    @Test("a full file system: exit 1 with one line, the old file intact, no temporary left",
          .enabled(if: namespaces, "needs root and unshare -m"))
    func fullDisk() throws {
        let directory = try CLIRunner.temporaryDirectory("fulldisk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("""
            mkdir small && mount -t tmpfs -o size=64k tmpfs small || exit 99
            echo old > small/out.csv
            "$B" simulate --output small/out.csv 2>err; echo "exit $?"
            cat small/out.csv; ls -A small | tr '\\n' ' '; echo; cat err
            """, in: directory, namespace: true)
        #expect(Self.lines(result.stdout) == ["exit 1", "old", "out.csv ",
                                              "bubblepicker simulate: cannot write 'small/out.csv': No space left on device"],
                "\(result.stdout) \(result.stderr)")
    }

    @Test("a symlink planted at every temporary name the writer could use is never followed")
    func plantedSymlinks() throws {
        let directory = try CLIRunner.temporaryDirectory("planted")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = Self.temporaryNames(for: "out.svg", seed: 42)
        var plant = "echo victim > victim; "
        for (index, name) in names.enumerated() {
            // Links to a file that exists, and dangling links (following one would create its target).
            plant += index % 2 == 0 ? "ln -s victim '\(name)'; " : "ln -s ghost\(index) '\(name)'; "
        }
        plant += "ln -s victim out.svg.tmp; "  // the old fixed name
        let taken = try Self.shell(plant + """
            "$B" render "$S" --step 3 --output out.svg 2>err; echo "exit $?"
            cat victim; ls ghost* out.svg 2>/dev/null | wc -l; cat err
            """, in: directory, seed: 42)
        #expect(Self.lines(taken.stdout) == ["exit 1", "victim", "0",
            "bubblepicker render: cannot write 'out.svg': no free temporary name beside it (8 tried, each already taken)"],
                "\(taken.stdout) \(taken.stderr)")
        // One name free (the last): the writer skips every planted link and uses it.
        let free = try Self.shell("rm '\(names[7])'; " + """
            "$B" render "$S" --step 3 --output out.svg; echo "exit $?"
            cat victim; ls ghost* 2>/dev/null | wc -l; stat -c '%F %a' out.svg; ls -A | grep -c '\\.tmp$'
            """, in: directory, seed: 42)
        #expect(Self.lines(free.stdout) == ["exit 0", "victim", "0", "regular file 644", "8"], "\(free.stdout) \(free.stderr)")
        let svg = try String(contentsOf: directory.appendingPathComponent("out.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    @Test("a symlink or a read-only file named as the target is replaced, not written through; permissions kept")
    func replacedTargets() throws {
        let directory = try CLIRunner.temporaryDirectory("targets")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("""
            echo victim > victim; ln -s victim link.csv; echo old > private.csv; chmod 600 private.csv
            "$B" simulate --steps 2 --output link.csv; echo "link $?"
            "$B" simulate --steps 2 --output private.csv; echo "private $?"
            "$B" simulate --steps 2 --output new.csv; echo "new $?"
            cat victim; stat -c '%n %F %a' link.csv private.csv new.csv; cmp -s link.csv private.csv && echo same
            """, in: directory)
        #expect(Self.lines(result.stdout) == ["link 0", "private 0", "new 0", "victim", "link.csv regular file 644",
                                              "private.csv regular file 600", "new.csv regular file 644", "same"],
                "\(result.stdout) \(result.stderr)")
    }

    @Test("a dump streamed to a file that fails mid-run (a timeline event with no match) leaves the old file and no temporary")
    func failedRun() throws {
        let text = ScenarioCLIFixtures.scenario(steps: 60, timeline: #"[{"at": 40, "event": "remove", "tag": 42}]"#)
        let (directory, path) = try ScenarioCLITests.write(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("""
            echo old > out.csv; "$B" simulate '\(path)' --output out.csv 2>err; echo "exit $?"
            cat out.csv; ls -A | tr '\\n' ' '; echo
            """, in: directory)
        #expect(Self.lines(result.stdout) == ["exit 65", "old", "err out.csv s.json "], "\(result.stdout) \(result.stderr)")
    }

    @Test("a FIFO is written in place and stays a FIFO")
    func fifo() throws {
        let directory = try CLIRunner.temporaryDirectory("fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.shell("""
            mkfifo pipe; cat pipe > copy & "$B" simulate --steps 5 --output pipe; echo "exit $?"; wait
            stat -c '%F' pipe; "$B" simulate --steps 5 | cmp -s - copy && echo same
            """, in: directory)
        #expect(Self.lines(result.stdout) == ["exit 0", "fifo", "same"], "\(result.stdout) \(result.stderr)")
    }

    @Test("a directory, a missing directory, '-' and every other target: one line, the path once", arguments: [
        ("dir", "bubblepicker simulate: cannot write 'dir': is a directory", Int32(1)),
        ("missing/out.csv", "bubblepicker simulate: cannot write 'missing/out.csv': No such file or directory", Int32(1)),
        ("dir/", "bubblepicker simulate: cannot write 'dir/': is a directory", Int32(1)),
    ])
    func badTargets(target: String, message: String, status: Int32) throws {
        let directory = try CLIRunner.temporaryDirectory("bad-target")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("dir"), withIntermediateDirectories: true)
        let result = try CLIRunner.run(["simulate", "--steps", "2", "--output", target], in: directory)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n", "\(result.stderr)")
        let dash = try CLIRunner.run(["simulate", "--steps", "2", "--output", "-"], in: directory)
        #expect(dash.status == 0 && dash.stdout.hasPrefix("step,id,") && !FileManager.default.fileExists(atPath: directory.path + "/-"))
    }

    @Test("the balloon gallery and verify --record go through the same writer")
    func galleryAndRecord() throws {
        let directory = try CLIRunner.temporaryDirectory("gallery")
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = Self.temporaryNames(for: "index.html", seed: 7)[0]
        let trace = Self.temporaryNames(for: "demo.trace", seed: 7)[0]
        let result = try Self.shell("""
            echo victim > victim; mkdir g; ln -s ../victim 'g/\(name)'; ln -s ../victim g/index.html.tmp
            "$B" balloon --gallery g > /dev/null; echo "gallery $?"
            mkdir -p s/Expected; cp "$S" s/demo.json; ln -s ../../victim 's/Expected/\(trace)'
            "$B" verify --record s/demo.json > /dev/null; echo "record $?"
            "$B" verify s/demo.json; echo "verify $?"
            cat victim; stat -c '%F' g/index.html s/Expected/demo.trace
            """, in: directory, seed: 7)
        #expect(Self.lines(result.stdout) == ["gallery 0", "record 0", "ok demo (600 steps)", "verified 1 of 1 scenario",
                                              "verify 0", "victim", "regular file", "regular file"],
                "\(result.stdout) \(result.stderr)")
    }
}
