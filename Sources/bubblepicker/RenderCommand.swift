import BubblePicker
import BubbleScenario
import BubbleScene
import BubbleSVG
import BubbleFixtures

/// `bubblepicker render`: draws one frame of a scenario, or its whole run animated, as SVG.
enum RenderCommand: Subcommand {
    static let name = "render"
    static let summary = "Draw a scenario's frame at a step, or its whole run animated, as SVG."
    static let help = """
    Usage: bubblepicker render SCENARIO.json --step N [--theme NAME] [--output FILE.svg]
           bubblepicker render SCENARIO.json --animate [--every K] [--steps N] [--theme NAME] [--output FILE.svg]

    Draws the container and every bubble in its colour with its label inside; a selected bubble
    is larger, a deeper shade, with a check mark. Themes: 'default' (that, plus markers toward
    bubbles outside the view), 'callouts' (also a callout balloon over each selected bubble,
    holding its label), 'debug' (callouts, the borders with open ones dashed, the attraction point
    as a blue crosshair, and the finger with its path).

    Options:
      --step N            Draw the state after N steps, 0...the scenario's steps.
      --animate           Draw the run as one looping animated SVG (SMIL), playable in a browser.
      --every K           With --animate: one key frame every K steps, 1...10000 (default 4).
      --steps N           With --animate: animate the first N steps only (default: all of them).
      --theme NAME        default, callouts or debug (default: default).
      --output FILE.svg   Write to FILE instead of standard output.
      -h, --help          Show this help.

    Exit codes: 0 success, 1 the output could not be written, 64 bad arguments,
    65 invalid scenario, 66 scenario file not found.
    """

    static func run(_ arguments: [String]) throws -> ExitCode {
        let command = "bubblepicker render"
        var scanner = ArgumentScanner(arguments, command: command)
        let animate = try scanner.flag("--animate")
        let step = try scanner.integer("--step", in: 0...1_000_000)
        let every = try scanner.integer("--every", in: 1...10_000)
        let steps = try scanner.integer("--steps", in: 1...1_000_000)
        let output = try scanner.value("--output")
        let theme = try Self.theme(try scanner.value("--theme"), command: command)
        let files = try scanner.positionals()
        guard files.count == 1, let file = files.first else {
            throw CLIError.usage("\(command): expected one scenario file (see \(command) --help)")
        }
        guard animate != (step != nil) else { throw CLIError.usage("\(command): give exactly one of --step N and --animate") }
        if !animate && (every != nil || steps != nil) {
            throw CLIError.usage("\(command): --every and --steps go with --animate")
        }
        let (scenario, label) = try ScenarioInput.load(file, command: command)
        let svg: String
        if let step {
            guard step <= scenario.steps else {
                throw CLIError.usage("\(command): --step must be in 0...\(scenario.steps) (the scenario's steps), got \(step)")
            }
            let frame = try frames(scenario, label: label, through: step, every: step == 0 ? 1 : step, command: command)
            var builder = SceneBuilder(theme: theme)
            svg = SceneSVG.document(builder.scene(for: frame[frame.count - 1]), title: "\(scenario.name), step \(step)",
                                    caption: "step \(step)")
        } else {
            let last = min(steps ?? scenario.steps, scenario.steps)
            let sampled = try frames(scenario, label: label, through: last, every: every ?? 4, command: command)
            var builder = SceneBuilder(theme: theme)
            let scenes = sampled.map { builder.scene(for: $0) }
            svg = SceneAnimationSVG.document(scenes, timeStep: scenario.configuration.physics.timeStep, title: scenario.name)
        }
        if let output {
            try ScenarioInput.write(svg, to: output, command: command)
        } else {
            try StandardOutput.write(svg, command: command)
        }
        return .success
    }

    /// The scene theme named by `--theme` (the default theme when absent).
    static func theme(_ name: String?, command: String) throws -> SceneTheme {
        switch name {
        case nil, "default": return SceneTheme()
        case "callouts": return .callouts
        case "debug": return .debug
        case let other?:
            throw CLIError.usage("\(command): --theme must be default, callouts or debug, got '\(other)'")
        }
    }

    /// Frames at steps 0, K, 2K, ... up to `last`, and `last` itself.
    static func frames(_ scenario: Scenario, label: String, through last: Int, every: Int, command: String) throws -> [BubbleFrame] {
        var frames: [BubbleFrame] = []
        var progress = Progress(total: last, command: command)
        do {
            var runner = try ScenarioRunner(scenario)
            try runner.run(through: last, every: every, progress: { progress.update($0) }) { (runner: ScenarioRunner) throws(ScenarioError) in
                frames.append(runner.frame())
            }
            if last % every != 0 { frames.append(runner.frame()) }
        } catch {
            throw ScenarioInput.invalid(label, error, command: command)
        }
        progress.finish()
        return frames
    }
}
