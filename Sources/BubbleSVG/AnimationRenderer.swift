import BubblePicker
import Balloons
import BubblePhysics

/// Draws a run as one animated SVG (SMIL `<animate>` with `values` and `keyTimes`, looping),
/// from frames sampled every few steps: bubbles move, grow and change colour, appear and
/// disappear; callouts follow the selected ones; borders and the attraction point move too.
/// Plays in any current browser.
public enum AnimationRenderer {
    /// The whole SVG document. `frames` are in step order; `timeStep` is seconds per step.
    public static func svg(_ frames: [BubbleFrame], timeStep: Double, title: String = "") -> String {
        guard let first = frames.first, let last = frames.last else { return "" }
        let timing = Timing(frames: frames, timeStep: timeStep)
        var out = SVGStyle.header(viewBox(frames))
        if !title.isEmpty { out += "<title>\(SVGStyle.escape(title))</title>\n" }
        out += borders(frames, timing)
        out += attraction(frames, timing)
        let tracks = BubbleTrack.tracks(frames)
        for track in tracks { out += bubble(track, timing) }
        for track in tracks where track.selected.contains(true) { out += callout(track, frames, timing) }
        out += "<text x=\"\(SVGStyle.number(first.container.minX))\" y=\"\(SVGStyle.number(first.container.minY - 12))\" "
            + "font-size=\"12\" fill=\"#636366\">steps \(first.step)-\(last.step), looping</text>\n"
        return out + "</svg>\n"
    }

    /// The union of every frame's container, grown by the margin.
    static func viewBox(_ frames: [BubbleFrame]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for frame in frames {
            minX = min(minX, frame.container.minX)
            minY = min(minY, frame.container.minY)
            maxX = max(maxX, frame.container.maxX)
            maxY = max(maxY, frame.container.maxY)
        }
        return SVGStyle.viewBox(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
    }

    static func borders(_ frames: [BubbleFrame], _ timing: Timing) -> String {
        var out = ""
        for index in 0..<4 {
            let ends = frames.map { SVGStyle.edges($0.container)[index] }
            let solid = ends.enumerated().map { frames[$0.offset].solidBorders.contains($0.element.0) }
            out += "<line x1=\"\(SVGStyle.rounded(ends[0].1.x))\" y1=\"\(SVGStyle.rounded(ends[0].1.y))\" "
                + "x2=\"\(SVGStyle.rounded(ends[0].2.x))\" y2=\"\(SVGStyle.rounded(ends[0].2.y))\" "
                + "\(SVGStyle.borderStroke(solid: solid[0]))>"
            out += timing.animate("x1", ends.map { SVGStyle.rounded($0.1.x) })
            out += timing.animate("y1", ends.map { SVGStyle.rounded($0.1.y) })
            out += timing.animate("x2", ends.map { SVGStyle.rounded($0.2.x) })
            out += timing.animate("y2", ends.map { SVGStyle.rounded($0.2.y) })
            out += timing.animate("stroke-dasharray", solid.map { $0 ? "none" : "6 4" }, discrete: true)
            out += "</line>\n"
        }
        return out
    }

    static func attraction(_ frames: [BubbleFrame], _ timing: Timing) -> String {
        let points = frames.map { "\(SVGStyle.rounded($0.anchorPoint.x)),\(SVGStyle.rounded($0.anchorPoint.y))" }
        var out = "<g transform=\"translate(\(points[0]))\" stroke=\"\(SVGStyle.attraction)\" stroke-width=\"1.5\" fill=\"none\">"
        out += "<circle r=\"6\"/><line x1=\"-10\" x2=\"10\"/><line y1=\"-10\" y2=\"10\"/>"
        if Set(points).count > 1 {
            out += "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(points.joined(separator: ";"))\" "
                + timing.attributes + "/>"
        }
        return out + "</g>\n"
    }

    static func bubble(_ track: BubbleTrack, _ timing: Timing) -> String {
        let cx = track.x.map(SVGStyle.rounded), cy = track.y.map(SVGStyle.rounded)
        let radius = track.diameter.map { SVGStyle.rounded(max(0, $0 / 2)) }
        let fill = track.selected.map { $0 ? SVGStyle.selectedFill : SVGStyle.bubbleFill }
        var out = "<g\(track.present.allSatisfy { $0 } ? "" : " visibility=\"hidden\"")>"
        out += timing.animate("visibility", track.present.map { $0 ? "visible" : "hidden" }, discrete: true)
        out += "<circle cx=\"\(cx[0])\" cy=\"\(cy[0])\" r=\"\(radius[0])\" fill=\"\(fill[0])\">"
        out += timing.animate("cx", cx) + timing.animate("cy", cy) + timing.animate("r", radius)
        out += timing.animate("fill", fill, discrete: true) + "</circle>"
        let size = track.diameter.map { SVGStyle.rounded(SVGStyle.labelSize($0)) }
        out += "<text x=\"\(cx[0])\" y=\"\(cy[0])\" font-size=\"\(size[0])\" text-anchor=\"middle\" dominant-baseline=\"central\" "
            + "fill=\"\(SVGStyle.labelFill)\">\(SVGStyle.escape(track.caption))"
        out += timing.animate("x", cx) + timing.animate("y", cy) + timing.animate("font-size", size)
        return out + "</text></g>\n"
    }

    /// A callout that follows a bubble: its group is translated to the bubble's centre each frame,
    /// its shape (relative to the centre) and visibility change only when they must.
    static func callout(_ track: BubbleTrack, _ frames: [BubbleFrame], _ timing: Timing) -> String {
        var shapes: [String] = [], xs: [String] = [], ys: [String] = [], shown: [String] = [], centres: [String] = []
        for index in frames.indices {
            let origin = Vector2(x: track.x[index], y: track.y[index])
            let placed = track.present[index] && track.selected[index]
                ? SVGStyle.callout(at: origin, diameter: track.diameter[index], caption: track.caption, in: frames[index].container) : nil
            shapes.append(placed.map { SVGStyle.relativePathData($0.path, origin: origin) } ?? shapes.last ?? "M0 0")
            xs.append(placed.map { SVGStyle.rounded($0.text.x - origin.x) } ?? xs.last ?? "0")
            ys.append(placed.map { SVGStyle.rounded($0.text.y - origin.y) } ?? ys.last ?? "0")
            shown.append(placed == nil ? "hidden" : "visible")
            centres.append("\(SVGStyle.rounded(origin.x)),\(SVGStyle.rounded(origin.y))")
        }
        var out = "<g visibility=\"\(shown[0])\" transform=\"translate(\(centres[0]))\">"
        out += timing.animate("visibility", shown, discrete: true)
        if centres.contains(where: { $0 != centres[0] }) {
            out += "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(centres.joined(separator: ";"))\" "
                + timing.attributes + "/>"
        }
        out += "<path d=\"\(shapes[0])\" fill=\"\(SVGStyle.balloonFill)\" stroke=\"\(SVGStyle.balloonStroke)\" stroke-width=\"1\">"
        out += timing.animate("d", shapes, discrete: true) + "</path>"
        out += "<text x=\"\(xs[0])\" y=\"\(ys[0])\" font-size=\"\(SVGStyle.number(SVGStyle.calloutTextSize))\" text-anchor=\"middle\" "
            + "dominant-baseline=\"central\" fill=\"\(SVGStyle.balloonText)\">\(SVGStyle.escape(track.caption))"
        out += timing.animate("x", xs, discrete: true) + timing.animate("y", ys, discrete: true)
        return out + "</text></g>\n"
    }
}

/// Shared timing of every animation in a document: duration and key times.
struct Timing {
    /// `dur`, `keyTimes` and `repeatCount` attributes.
    let attributes: String
    /// The key time of each frame, as text.
    let keyTimes: [String]
    /// `dur` and `repeatCount` attributes alone.
    let duration: String

    init(frames: [BubbleFrame], timeStep: Double) {
        let firstStep = frames.first?.step ?? 0
        let span = max(1, (frames.last?.step ?? 0) - firstStep)
        keyTimes = frames.map { SVGNumber4.format(Double($0.step - firstStep) / Double(span)) }
        let seconds = max(0.001, Double(span) * timeStep)
        duration = "dur=\"\(SVGStyle.rounded(seconds))s\" repeatCount=\"indefinite\""
        attributes = "keyTimes=\"\(keyTimes.joined(separator: ";"))\" " + duration
    }

    /// An `<animate>` of `attribute` through `values` (one per frame); empty when they never change.
    /// Discrete animations list only the frames where the value changes.
    func animate(_ attribute: String, _ values: [String], discrete: Bool = false) -> String {
        guard let first = values.first, values.contains(where: { $0 != first }) else { return "" }
        guard discrete else {
            return "<animate attributeName=\"\(attribute)\" values=\"\(values.joined(separator: ";"))\" " + attributes + "/>"
        }
        var changes: [String] = [], times: [String] = []
        for (index, value) in values.enumerated() where index == 0 || value != values[index - 1] {
            changes.append(value)
            times.append(keyTimes[index])
        }
        return "<animate attributeName=\"\(attribute)\" values=\"\(changes.joined(separator: ";"))\" calcMode=\"discrete\" "
            + "keyTimes=\"\(times.joined(separator: ";"))\" " + duration + "/>"
    }
}

/// Key times to four decimals (the last one exactly 1).
enum SVGNumber4 {
    static func format(_ value: Double) -> String { SVGStyle.number((value * 10_000).rounded() / 10_000) }
}

/// One bubble through every sampled frame: present or not, and where (held at the nearest known
/// values while absent, so nothing flies in from the origin).
struct BubbleTrack {
    let id: Int
    var caption: String
    var present: [Bool]
    var x: [Double]
    var y: [Double]
    var diameter: [Double]
    var selected: [Bool]

    /// Tracks of every bubble seen in any frame, in id order.
    static func tracks(_ frames: [BubbleFrame]) -> [BubbleTrack] {
        var index: [Int: Int] = [:]
        var tracks: [BubbleTrack] = []
        let count = frames.count
        for (frameIndex, frame) in frames.enumerated() {
            for bubble in frame.bubbles {
                let slot: Int
                if let known = index[bubble.id.rawValue] {
                    slot = known
                } else {
                    slot = tracks.count
                    index[bubble.id.rawValue] = slot
                    tracks.append(BubbleTrack(id: bubble.id.rawValue, caption: SVGStyle.caption(bubble), present: Array(repeating: false, count: count),
                                              x: Array(repeating: .nan, count: count), y: Array(repeating: .nan, count: count),
                                              diameter: Array(repeating: 0, count: count), selected: Array(repeating: false, count: count)))
                }
                tracks[slot].present[frameIndex] = true
                tracks[slot].x[frameIndex] = bubble.center.x
                tracks[slot].y[frameIndex] = bubble.center.y
                tracks[slot].diameter[frameIndex] = bubble.drawnDiameter
                tracks[slot].selected[frameIndex] = bubble.isSelected
            }
        }
        for slot in tracks.indices { tracks[slot].fillGaps() }
        return tracks.sorted { $0.id < $1.id }
    }

    /// Holds the last known position through gaps, and the first known before it appears.
    mutating func fillGaps() {
        guard let first = present.firstIndex(of: true) else { return }
        for i in 0..<present.count where !present[i] {
            let source = i < first ? first : i - 1
            x[i] = x[source]
            y[i] = y[source]
            diameter[i] = i < first ? diameter[source] : 0
        }
    }
}
