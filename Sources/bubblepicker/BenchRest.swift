import BubblePicker

/// `bubblepicker bench rest`: what a settled picker costs per step, awake and at rest, and what
/// one interpolated frame for drawing costs.
enum BenchRest {
    /// Bubbles in the picker.
    static let bubbles = 20

    /// A 375 × 667 picker of 20 default bubbles, stepped until it rests.
    static func settledPicker() throws -> BubbleContainer<DefaultBubble> {
        var configuration = BubbleContainerConfiguration()
        configuration.size = Size(width: 375, height: 667)
        var picker = try BubbleContainer<DefaultBubble>(configuration: configuration)
        for index in 0..<bubbles { picker.addDefaultBubble(text: "Bubble \(index)", tag: index % 3) }
        for _ in 0..<36_000 where !picker.isAtRest { picker.step() }
        guard picker.isAtRest else { throw CLIError.failure("bubblepicker bench: the rest picker did not come to rest") }
        _ = picker.takeEvents()
        return picker
    }

    /// Times both kinds of step and prints one row.
    static func run(runs: Int, csv: Bool) throws {
        let settled = try settledPicker()
        var awake: [Double] = [], resting: [Double] = [], frames: [Double] = []
        for _ in 0..<runs {
            var picker = settled
            let steps = 2_000
            var start = BenchCommand.monotonicNanoseconds()
            for _ in 0..<steps {
                picker.wake()
                picker.step()
            }
            awake.append(Double(BenchCommand.monotonicNanoseconds() - start) / Double(steps) / 1000)
            picker = settled
            start = BenchCommand.monotonicNanoseconds()
            for _ in 0..<(steps * 50) { picker.step() }
            resting.append(Double(BenchCommand.monotonicNanoseconds() - start) / Double(steps * 50) / 1000)
            guard picker.isAtRest else { throw CLIError.failure("bubblepicker bench: the resting picker woke") }
            frames.append(try timeFrames(of: settled, count: steps))
        }
        let active = awake.sorted()[awake.count / 2], rest = resting.sorted()[resting.count / 2]
        let frame = frames.sorted()[frames.count / 2]
        if csv {
            print("workload,bubbles,awake_us_per_step,resting_us_per_step,resting_over_awake,frame_us")
            print(["rest", String(bubbles), BenchCommand.fixed(active, 3), BenchCommand.fixed(rest, 4),
                   BenchCommand.fixed(rest / active, 4), BenchCommand.fixed(frame, 3)].joined(separator: ","))
        } else {
            print("workload  bubbles  awake_us/step  resting_us/step  resting/awake  frame_us")
            print("rest" + pad(String(bubbles), 13) + pad(BenchCommand.fixed(active, 3), 15)
                  + pad(BenchCommand.fixed(rest, 4), 17) + pad(BenchCommand.fixed(rest / active * 100, 2) + "%", 15)
                  + pad(BenchCommand.fixed(frame, 3), 10))
        }
    }

    /// Microseconds per `frame(interpolation:)` of `picker` halfway between its last two steps
    /// (what a display refresh between two steps asks for), over `count` frames.
    static func timeFrames(of picker: BubbleContainer<DefaultBubble>, count: Int) throws -> Double {
        var drawn = 0
        let start = BenchCommand.monotonicNanoseconds()
        for _ in 0..<count { drawn += picker.frame(interpolation: 0.5).bubbles.count }
        let elapsed = Double(BenchCommand.monotonicNanoseconds() - start)
        // Checking the count also keeps the frames from being optimised away.
        guard drawn == count * bubbles else { throw CLIError.failure("bubblepicker bench: a frame lost bubbles") }
        return elapsed / Double(count) / 1000
    }

    static func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
