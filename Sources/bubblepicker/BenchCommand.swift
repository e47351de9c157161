import BubblePhysics
import BubbleFixtures
import BubbleScenario
import BubbleSVG
import BubbleFixtures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bubblepicker bench`: the reference workloads from shared/benchmarks, timed in-process.
enum BenchCommand: Subcommand {
    static let name = "bench"
    static let summary = "Benchmark the solver on the reference workloads (build with -c release)."
    static let help = """
    Usage: bubblepicker bench crowd --count N [--count N ...] [--runs R] [--steps S] [--threads N] [--csv]
           bubblepicker bench rest [--runs R] [--csv]
           bubblepicker bench fit [--runs SEEDS] [--steps S] [--csv]

    crowd: builds the reference 'crowd' scene (BubblePhysics.docc/CrowdBenchmark.md) for each N, steps
    it, and prints substeps, milliseconds per step (median over runs), nanoseconds per bubble-step,
    largest and mean overlap as a fraction of the smaller radius, bubbles outside the container, NaN
    count, the process's peak resident memory (VmHWM on Linux) after the first run (one scene built
    and stepped, before the quality diagnostics) and per bubble, contacts per bubble, contact builds,
    threads, and the state hash after the last step (the same for every thread count). Counts run in
    the order given, in one process.

    rest: a 375 x 667 picker of 20 bubbles stepped until it rests, then the cost of a step while it is
    awake (woken before every step) and while it rests, in microseconds (medians over runs), their
    ratio, and the cost of one interpolated frame (frame_us: what a display refresh asks for).

    fit: the fit-policy boxes (a 390 x 844 phone with 200 and 1,000 bubbles of 20-80 pt, 200 x 200 with
    8 and 10 and 150 x 600 with 8 genre bubbles, 150 x 600 and a 1024 x 1366 iPad with 200) under each
    policy, bubbles added at once (animated) and stepped until rest or S steps (default 1200): worst and
    mean overlap as a fraction of the smaller radius, pairs overlapping more than 5%, bubbles wholly
    inside another, the smallest label font drawn, labels drawn and those under 9 pt, the fit scale and
    the content's length. --runs gives the number of seeds (1, 2, ...).

    Options:
      --count N    Bubbles in the scene, 1...1000000; repeat for several counts (default 1000).
      --runs R     Timed runs per count; the median is reported, 1...50 (default 3).
      --steps S    Steps per run, 1...100000 (default 600, the reference).
      --substeps N Solver substeps per step, 1...64 (default 4).
      --hertz H    Contact stiffness in Hz, 1...1000 (default 60).
      --push P     Largest push-out speed in radii per second, 0.1...1000 (default 8).
      --margin F   Speculative contact margin as a fraction of the radius sum, 0...0.5 (default 0.25).
      --threads N  Threads per step, 1...64 (default 1); the state hash is the same for every N.
      --csv        Print CSV with a header instead of a table.
      -h, --help   Show this help.

    """

    struct Row {
        var count: Int
        var substeps: Int
        var millisecondsPerStep: Double
        var nanosecondsPerBubbleStep: Double
        var statistics: OverlapStatistics
        var outside: Int
        var nonFinite: Int
        var peakResidentBytes: Int
        var contactsPerBubble: Double
        var builds: Int
        var threads: Int
        var stateHash: UInt64
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        var scanner = ArgumentScanner(arguments, command: "bubblepicker bench")
        let counts = try scanner.values("--count").map {
            try ArgumentScanner.parseInteger($0, option: "--count", in: 1...1_000_000, command: "bubblepicker bench")
        }
        let runs = try scanner.integer("--runs", in: 1...50) ?? 3
        let stepsGiven = try scanner.integer("--steps", in: 1...100_000)
        let steps = stepsGiven ?? CrowdBenchmark.referenceSteps
        var configuration = WorldConfiguration()
        configuration.substeps = try scanner.integer("--substeps", in: 1...64) ?? configuration.substeps
        configuration.contactHertz = try scanner.number("--hertz", in: 1...1000) ?? configuration.contactHertz
        configuration.pushSpeed = try scanner.number("--push", in: 0.1...1000) ?? configuration.pushSpeed
        configuration.speculativeFraction = try scanner.number("--margin", in: 0...0.5) ?? configuration.speculativeFraction
        configuration.threads = try scanner.integer("--threads", in: 1...64) ?? configuration.threads
        let csv = try scanner.flag("--csv")
        let workloads = try scanner.positionals()
        if workloads == ["fit"] {
            guard counts.isEmpty else { throw CLIError.usage("bubblepicker bench: fit takes no --count") }
            try BenchFit.run(seeds: runs, steps: stepsGiven ?? 1200, csv: csv)
            return .success
        }
        if workloads == ["rest"] {
            guard counts.isEmpty else { throw CLIError.usage("bubblepicker bench: rest takes no --count") }
            try BenchRest.run(runs: runs, csv: csv)
            return .success
        }
        guard workloads == ["crowd"] else {
            throw CLIError.usage("bubblepicker bench: name one workload: 'crowd', 'rest' or 'fit' (see bubblepicker bench --help)")
        }
        print(csv ? "count,substeps,ms_per_step,ns_per_bubble_step,max_overlap,mean_overlap,outside,nan,peak_rss_bytes,threads,state_hash"
                  : "    count  substeps  ms/step  ns/bubble-step  max_overlap  mean_overlap  outside  nan  peak_rss_MB  B/bubble  contacts  builds  threads  state_hash")
        for count in counts.isEmpty ? [1000] : counts {
            let row = try measureCrowd(count: count, runs: runs, steps: steps, configuration: configuration)
            print(csv ? csvLine(row) : tableLine(row))
        }
        return .success
    }

    /// Times `runs` runs of `steps` steps (setup excluded) and measures quality at the end.
    static func measureCrowd(count: Int, runs: Int, steps: Int, configuration: WorldConfiguration) throws -> Row {
        var timings: [Double] = []
        var finalWorld: World?
        var peak = 0
        for run in 0..<runs {
            finalWorld = nil  // one world alive at a time
            var world = try crowd(count: count, configuration: configuration)
            let start = monotonicNanoseconds()
            for _ in 0..<steps { world.step() }
            let elapsed = Double(monotonicNanoseconds() - start)
            timings.append(elapsed / Double(steps) / 1e6)
            // Memory of building and stepping one scene: after the first run, before later runs
            // add only the allocator's fragmentation from rebuilding scenes in one process, and
            // before the diagnostics below build grids of their own.
            if run == 0 { peak = peakResidentBytes() }
            finalWorld = world
        }
        timings.sort()
        let median = timings[timings.count / 2]
        guard let world = finalWorld else { throw CLIError.failure("bubblepicker bench: no run") }
        return Row(count: count, substeps: world.configuration.substeps, millisecondsPerStep: median,
                   nanosecondsPerBubbleStep: median * 1e6 / Double(count), statistics: world.overlapStatistics(),
                   outside: world.countOutside(world.container.rect), nonFinite: world.nonFiniteCount,
                   peakResidentBytes: peak, contactsPerBubble: Double(world.contactCount) / Double(count),
                   builds: world.contactBuilds, threads: configuration.threads, stateHash: world.stateHash())
    }

    /// The crowd scene; a configuration out of range is a usage error naming the setting.
    static func crowd(count: Int, configuration: WorldConfiguration) throws -> World {
        do {
            return try CrowdBenchmark.makeWorld(count: count, configuration: configuration)
        } catch {
            throw CLIError.usage("bubblepicker bench: \(error)")
        }
    }

    static func csvLine(_ row: Row) -> String {
        [String(row.count), String(row.substeps), fixed(row.millisecondsPerStep, 4), fixed(row.nanosecondsPerBubbleStep, 1),
         fixed(row.statistics.largest, 4), fixed(row.statistics.mean, 4), String(row.outside), String(row.nonFinite),
         String(row.peakResidentBytes), String(row.threads), StateHasher.hexDigits(row.stateHash)].joined(separator: ",")
    }

    static func tableLine(_ row: Row) -> String {
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        return pad(String(row.count), 9) + pad(String(row.substeps), 10) + pad(fixed(row.millisecondsPerStep, 3), 9)
            + pad(fixed(row.nanosecondsPerBubbleStep, 1), 16) + pad(fixed(row.statistics.largest * 100, 2) + "%", 13)
            + pad(fixed(row.statistics.mean * 100, 3) + "%", 14) + pad(String(row.outside), 9) + pad(String(row.nonFinite), 5)
            + pad(fixed(Double(row.peakResidentBytes) / 1_048_576, 1), 13)
            + pad(String(row.peakResidentBytes / row.count), 11) + pad(fixed(row.contactsPerBubble, 2), 10)
            + pad(String(row.builds), 8) + pad(String(row.threads), 9) + "  " + StateHasher.hexDigits(row.stateHash)
    }

    /// A number with exactly `digits` decimals, without Foundation.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let fractionText = String(fraction)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// A monotonic clock in nanoseconds (bench timing only; the library never reads a clock).
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Peak resident set size of this process image, in bytes. On Linux this is `VmHWM` from
    /// /proc/self/status: `getrusage`'s `ru_maxrss` survives `execve`, so under `swift run` it
    /// would report SwiftPM's own peak instead of the benchmark's.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let status = try? TextFile.read("/proc/self/status"),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            return kilobytes * 1024
        }
        #endif
        var usage = rusage()
        #if canImport(Darwin)
        let who = RUSAGE_SELF
        #else
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Apple platforms
        #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}
