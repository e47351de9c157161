import Balloons
import BubblePicker
import BubbleScene

/// The `<animate>` children of one track: geometry linear where it moves continuously, colours
/// and container geometry discrete (a resize in the model is instant, so the outline jumps).
enum TrackAnimation {
    /// Animations of every attribute of `shapes` (one per scene) that changes.
    static func attributes(of shapes: [SceneShape], _ timing: AnimationTiming) -> String {
        guard let first = shapes.first else { return "" }
        let r = SceneAnimationSVG.rounded
        switch first {
        case .rect:
            let rects = shapes.compactMap { if case .rect(let rect, _) = $0 { return rect } else { return nil } }
            return timing.animate("x", rects.map { r($0.minX) }, discrete: true) + timing.animate("y", rects.map { r($0.minY) }, discrete: true)
                + timing.animate("width", rects.map { r($0.width) }, discrete: true)
                + timing.animate("height", rects.map { r($0.height) }, discrete: true)
        case .line:
            let ends = shapes.compactMap { if case .line(let a, let b, _) = $0 { return (a, b) } else { return nil } }
            return timing.animate("x1", ends.map { r($0.0.x) }, discrete: true) + timing.animate("y1", ends.map { r($0.0.y) }, discrete: true)
                + timing.animate("x2", ends.map { r($0.1.x) }, discrete: true) + timing.animate("y2", ends.map { r($0.1.y) }, discrete: true)
                + paint(shapes, timing)
        case .circle:
            let circles = shapes.compactMap { if case .circle(let c, let radius, _) = $0 { return (c, radius) } else { return nil } }
            return timing.animate("cx", circles.map { r($0.0.x) }) + timing.animate("cy", circles.map { r($0.0.y) })
                + timing.animate("r", circles.map { r($0.1) }) + paint(shapes, timing)
        case .path:
            return paint(shapes, timing)
        case .text:
            let texts = shapes.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
            return timing.animate("x", texts.map { r($0.center.x) }) + timing.animate("y", texts.map { r($0.center.y) })
                + timing.animate("font-size", texts.map { r($0.fontSize) })
                + timing.animate("fill", texts.map { XMLText.hex($0.color) }, discrete: true)
        }
    }

    /// Fill and stroke colours, discrete.
    static func paint(_ shapes: [SceneShape], _ timing: AnimationTiming) -> String {
        let paints: [ScenePaint] = shapes.compactMap {
            switch $0 {
            case .rect(_, let p), .line(_, _, let p), .circle(_, _, let p), .path(_, let p): return p
            case .text: return nil
            }
        }
        return timing.animate("fill", paints.map { $0.fill.map(XMLText.hex) ?? "none" }, discrete: true)
            + timing.animate("stroke", paints.map { $0.stroke.map(XMLText.hex) ?? "none" }, discrete: true)
    }

    /// A path that moves (a callout following its bubble): a group translated to the path's start
    /// point (linear), holding the path relative to that point, whose shape changes only when it
    /// must (discrete). Far smaller than morphing every coordinate of every key frame.
    static func movingPath(_ shapes: [SceneShape], _ timing: AnimationTiming, hidden: String, visibility: String) -> String {
        let paths = shapes.compactMap { if case .path(let path, _) = $0 { return path } else { return nil } }
        guard let first = shapes.first, case .path(_, let style) = first else { return "" }
        let origins = paths.map { $0.elements.first?.endPoint ?? .zero }
        let relative = zip(paths, origins).map { roundedPathData($0.0, origin: $0.1) }
        let r = SceneAnimationSVG.rounded
        let translations = origins.map { "\(r($0.x)),\(r($0.y))" }
        var out = "<g transform=\"translate(\(translations[0]))\"\(hidden)>" + visibility
        if translations.contains(where: { $0 != translations[0] }) {
            out += "<animateTransform attributeName=\"transform\" type=\"translate\" values=\""
                + (translations + [translations[translations.count - 1]]).joined(separator: ";")
                + "\" keyTimes=\"\(timing.keyTimes.joined(separator: ";"))\" \(timing.duration)/>"
        }
        out += "<path d=\"\(relative[0])\"\(SceneSVG.attributes(style)) stroke-linejoin=\"round\">"
        out += timing.animate("d", relative, discrete: true) + paint(shapes, timing)
        return out + "</path></g>"
    }

    /// Path data relative to `origin`, coordinates rounded to tenths (compact).
    static func roundedPathData(_ path: BezierPath, origin: Vector2 = .zero) -> String {
        func p(_ v: Vector2) -> String {
            SVGNumber.format(((v.x - origin.x) * 10).rounded() / 10) + " " + SVGNumber.format(((v.y - origin.y) * 10).rounded() / 10)
        }
        var parts: [String] = []
        for element in path.elements {
            switch element {
            case let .move(a): parts.append("M" + p(a))
            case let .line(a): parts.append("L" + p(a))
            case let .quad(c, a): parts.append("Q" + p(c) + " " + p(a))
            case let .cubic(c1, c2, a): parts.append("C" + p(c1) + " " + p(c2) + " " + p(a))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
