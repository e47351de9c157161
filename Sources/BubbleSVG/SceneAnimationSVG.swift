import Balloons
import BubblePicker
import BubbleScene

/// Writes a sequence of scenes as one looping animated SVG (SMIL `<animate>`): every scene item
/// is followed across the scenes by its role and bubble, so bubbles move, grow and change colour,
/// callouts follow their bubbles, the camera pans. The last scene is held before the loop
/// restarts; the container's outline and the view jump (never sweep) when the container is
/// resized at once, as it is in the model.
public enum SceneAnimationSVG {
    /// The document. `scenes` are in step order; `timeStep` is seconds per step; `hold` is how long
    /// the last scene stays before looping, seconds.
    /// - Complexity: O(scenes × items).
    public static func document(_ scenes: [DrawList], timeStep: Double, hold: Double = 1.5, title: String = "") -> String {
        guard let first = scenes.first, let last = scenes.last else { return "" }
        let timing = AnimationTiming(steps: scenes.map { $0.step }, timeStep: timeStep, hold: hold)
        var out = SceneSVG.header(first.viewBox, background: first.background)
        out.removeLast(2)  // reopen the <svg> tag's content: the view box animates inside it
        out += ">\n" + viewBoxAnimation(scenes, timing) + "\n"
        if !title.isEmpty { out += "<title>\(XMLText.escape(title))</title>\n" }
        for track in Track.tracks(scenes) { out += track.element(timing) + "\n" }
        out += "<text x=\"\(SceneSVG.number(first.viewBox.minX + 6))\" y=\"\(SceneSVG.number(first.viewBox.minY + 14))\" "
            + "font-size=\"11\" fill=\"#636366\">steps \(first.step)-\(last.step), looping</text>\n"
        return out + "</svg>\n"
    }

    /// The view box through the scenes: linear while it only pans, discrete when its size jumps.
    static func viewBoxAnimation(_ scenes: [DrawList], _ timing: AnimationTiming) -> String {
        let boxes = scenes.map { $0.viewBox }
        let values = boxes.map { [$0.minX, $0.minY, $0.width, $0.height].map(rounded).joined(separator: " ") }
        let resized = zip(boxes, boxes.dropFirst()).contains { $0.size != $1.size }
        return timing.animate("viewBox", values, discrete: resized)
    }

    /// Hundredths: smaller files, sub-pixel exact enough.
    static func rounded(_ value: Double) -> String { SVGNumber.format((value * 100).rounded() / 100) }
}

/// Timing shared by every animation of a document: key times of the scenes, plus a hold at the end.
struct AnimationTiming {
    /// The key time of each scene, plus 1 for the held copy of the last.
    let keyTimes: [String]
    /// `dur` and `repeatCount` attributes.
    let duration: String

    init(steps: [Int], timeStep: Double, hold: Double) {
        let first = steps.first ?? 0
        let run = Double(max(0, (steps.last ?? 0) - first)) * timeStep
        let total = max(0.001, run + max(0, hold))
        keyTimes = steps.map { SVGNumber.format((Double($0 - first) * timeStep / total * 10_000).rounded() / 10_000) } + ["1"]
        duration = "dur=\"\(SceneAnimationSVG.rounded(total))s\" repeatCount=\"indefinite\""
    }

    /// An `<animate>` of `attribute` through `values` (one per scene; the last is held); empty
    /// when the value never changes. Discrete animations list only the changes.
    func animate(_ attribute: String, _ values: [String], discrete: Bool = false) -> String {
        guard let first = values.first, values.contains(where: { $0 != first }) else { return "" }
        let held = values + [values[values.count - 1]]
        guard discrete else {
            return "<animate attributeName=\"\(attribute)\" values=\"\(held.joined(separator: ";"))\" "
                + "keyTimes=\"\(keyTimes.joined(separator: ";"))\" \(duration)/>"
        }
        var changes: [String] = [], times: [String] = []
        for (index, value) in values.enumerated() where index == 0 || value != values[index - 1] {
            changes.append(value)
            times.append(keyTimes[index])
        }
        return "<animate attributeName=\"\(attribute)\" values=\"\(changes.joined(separator: ";"))\" calcMode=\"discrete\" "
            + "keyTimes=\"\(times.joined(separator: ";"))\" \(duration)/>"
    }
}
