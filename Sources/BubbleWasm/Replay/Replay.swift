// The WASI command module `bubblepicker-replay.wasm`: reads a scenario's JSON on standard input,
// replays it exactly as the golden traces were recorded (`ScenarioRunner`), and prints one line
// per step, `step hash` (16 hex digits), the same lines as a golden trace's. Timing goes to
// standard error. Built by `.ci/wasm build` from the same sources as the native libraries
// (Embedded Swift); run with `wasmkit run bubblepicker-replay.wasm < Scenarios/demo.json`.
import BubblePhysics
import BubbleScenario

@_extern(c, "read") func c_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
@_extern(c, "write") func c_write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
@_extern(c, "exit") func c_exit(_ code: Int32)
@_extern(c, "clock_gettime") func c_clock_gettime(_ clock: Int32, _ time: UnsafeMutablePointer<Int64>?) -> Int32

/// Standard input, whole.
func readStandardInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { c_read(0, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// Writes `text` to a file descriptor, whole.
func write(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { c_write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
    bytes.removeAll()
}

/// Monotonic seconds (WASI `clock_time_get`; wasi-libc's `struct timespec` is two 64-bit fields).
func monotonicSeconds() -> Double {
    var timespec: (Int64, Int64) = (0, 0)
    _ = withUnsafeMutablePointer(to: &timespec) {
        $0.withMemoryRebound(to: Int64.self, capacity: 2) { c_clock_gettime(1, $0) }  // CLOCK_MONOTONIC
    }
    return Double(timespec.0) + Double(timespec.1) * 1e-9
}

@main
struct Replay {
    static func main() {
        let json = String(decoding: readStandardInput(), as: UTF8.self)
        let scenario: Scenario
        var runner: ScenarioRunner
        do {
            scenario = try Scenario(json: json, name: "stdin")
            runner = try ScenarioRunner(scenario)
        } catch {
            write("bubblepicker-replay: \(error.description)\n", to: 2)
            c_exit(65)
            return
        }
        var lines = "0 " + StateHasher.hexDigits(runner.stateHash()) + "\n"
        let start = monotonicSeconds()
        while runner.stepsTaken < scenario.steps {
            do { try runner.step() } catch {
                write(lines, to: 1)
                write("bubblepicker-replay: step \(runner.stepsTaken): \(error.description)\n", to: 2)
                c_exit(65)
                return
            }
            lines += String(runner.stepsTaken) + " " + StateHasher.hexDigits(runner.stateHash()) + "\n"
        }
        let seconds = monotonicSeconds() - start
        write(lines, to: 1)
        let microsPerStep = Int64(seconds * 1e6 / Double(max(scenario.steps, 1)))
        write("replayed \(scenario.steps) steps in \(Int64(seconds * 1000)) ms: \(microsPerStep) us/step\n", to: 2)
    }
}
