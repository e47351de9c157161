import BubblePicker
import Balloons
import BubblePhysics

/// Colours, sizes and small SVG helpers shared by the frame and animation renderers.
enum SVGStyle {
    static let background = "#ffffff"
    static let bubbleFill = "#2c2c2e"
    static let selectedFill = "#ff375f"
    static let labelFill = "#ffffff"
    static let solidBorder = "#1c1c1e"
    static let openBorder = "#8e8e93"
    static let attraction = "#0a84ff"
    static let balloonFill = "#fffbe6"
    static let balloonStroke = "#b58900"
    static let balloonText = "#1c1c1e"
    /// Space drawn around the container, points.
    static let margin = 40.0
    /// Callout text height, points.
    static let calloutTextSize = 12.0

    /// A number for SVG attributes: shortest round-trip, no exponent.
    static func number(_ value: Double) -> String { SVGNumber.format(value) }

    /// A number rounded to hundredths (animation values: smaller files, sub-pixel exact enough).
    static func rounded(_ value: Double) -> String { SVGNumber.format((value * 100).rounded() / 100) }

    /// XML-escaped text.
    static func escape(_ text: String) -> String { SVGDocument.escape(text) }

    /// The text drawn for a bubble: its label, else `#id`.
    static func caption(_ bubble: BubbleSnapshot) -> String {
        let label = bubble.appearance.showsLabel || bubble.isSelected ? bubble.appearance.text ?? "" : ""
        return label.isEmpty ? "\(bubble.id)" : label
    }

    /// Label font size for a bubble of `diameter`: a sixth of it, between 4 and 16 points.
    static func labelSize(_ diameter: Double) -> Double { min(16, max(4, diameter / 6)) }

    /// The area shown: the container grown by the margin (at least 1 x 1 point).
    static func viewBox(_ container: Rect) -> Rect {
        Rect(x: container.minX - margin, y: container.minY - margin,
                           width: max(1, container.width + 2 * margin), height: max(1, container.height + 2 * margin))
    }

    /// The opening `<svg>` tag (with XML declaration and a white background).
    static func header(_ box: Rect) -> String {
        let values = [box.minX, box.minY, box.width, box.height].map(number).joined(separator: " ")
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(box.width))\" height=\"\(number(box.height))\" "
            + "viewBox=\"\(values)\" font-family=\"sans-serif\">\n"
            + "<rect x=\"\(number(box.minX))\" y=\"\(number(box.minY))\" width=\"\(number(box.width))\" "
            + "height=\"\(number(box.height))\" fill=\"\(background)\"/>\n"
    }

    /// The four borders as (name, flag, endpoints) for a container rect, in a fixed order.
    static func edges(_ rect: Rect) -> [(Borders, Vector2, Vector2)] {
        [
            (.top, Vector2(rect.minX, rect.minY), Vector2(rect.maxX, rect.minY)),
            (.right, Vector2(rect.maxX, rect.minY), Vector2(rect.maxX, rect.maxY)),
            (.bottom, Vector2(rect.maxX, rect.maxY), Vector2(rect.minX, rect.maxY)),
            (.left, Vector2(rect.minX, rect.maxY), Vector2(rect.minX, rect.minY)),
        ]
    }

    /// Stroke attributes of a border: solid and dark, or dashed and grey when open.
    static func borderStroke(solid: Bool) -> String {
        solid ? "stroke=\"\(solidBorder)\" stroke-width=\"2\"" : "stroke=\"\(openBorder)\" stroke-width=\"1\" stroke-dasharray=\"6 4\""
    }

    /// A callout over a selected bubble: a balloon whose stem touches the bubble, holding its caption.
    /// Nil when it cannot be placed (e.g. a zero-size container).
    static func callout(at center: Vector2, diameter: Double, caption: String, in container: Rect) -> (path: BezierPath, text: Vector2)? {
        let width = max(12, Double(caption.count) * calloutTextSize * 0.6)
        let area = viewBox(container)
        var configuration = BalloonConfiguration(cornerRadius: .fixed(6))
        configuration.stem.size = Size(width: 14, height: 9)
        configuration.stem.tipRounding = 0
        guard let placement = try? BalloonPlacement.place(
            targetCircle: center, radius: max(0, diameter / 2),
            contentSize: Size(width: width, height: calloutTextSize), padding: 5,
            container: Rect(x: area.minX, y: area.minY, width: area.width, height: area.height),
            permitted: [.down, .up, .left, .right, .downLeft, .downRight, .upLeft, .upRight],
            configuration: configuration),
            let path = try? placement.path else { return nil }
        return (path, placement.contentRect.center)
    }

    /// Path data with every point moved by `-origin` and rounded to tenths (compact, for animations).
    static func relativePathData(_ path: BezierPath, origin: Vector2) -> String {
        func point(_ p: Vector2) -> String {
            SVGNumber.format(((p.x - origin.x) * 10).rounded() / 10) + " " + SVGNumber.format(((p.y - origin.y) * 10).rounded() / 10)
        }
        var parts: [String] = []
        for element in path.elements {
            switch element {
            case let .move(p): parts.append("M" + point(p))
            case let .line(p): parts.append("L" + point(p))
            case let .quad(c, p): parts.append("Q" + point(c) + " " + point(p))
            case let .cubic(c1, c2, p): parts.append("C" + point(c1) + " " + point(c2) + " " + point(p))
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }
}
