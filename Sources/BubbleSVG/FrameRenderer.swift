import BubblePicker
import Balloons
import BubblePhysics

/// Draws one frame as a standalone SVG: the container's borders (solid or dashed when open), the
/// attraction point, every bubble with its label (selected ones highlighted), and a callout
/// balloon, placed with `BalloonPlacement`, over each selected bubble.
public enum FrameRenderer {
    /// The whole SVG document.
    public static func svg(_ frame: BubbleFrame, title: String = "") -> String {
        var out = SVGStyle.header(SVGStyle.viewBox(frame.container))
        if !title.isEmpty { out += "<title>\(SVGStyle.escape(title))</title>\n" }
        out += borders(frame)
        out += attractionPoint(frame.anchorPoint)
        for bubble in frame.bubbles { out += self.bubble(bubble) }
        for bubble in frame.bubbles where bubble.isSelected { out += callout(bubble, container: frame.container) }
        out += "<text x=\"\(SVGStyle.number(frame.container.minX))\" y=\"\(SVGStyle.number(frame.container.minY - 12))\" "
            + "font-size=\"12\" fill=\"#636366\">step \(frame.step)</text>\n"
        return out + "</svg>\n"
    }

    static func borders(_ frame: BubbleFrame) -> String {
        var out = ""
        for (edge, start, end) in SVGStyle.edges(frame.container) {
            out += "<line x1=\"\(SVGStyle.number(start.x))\" y1=\"\(SVGStyle.number(start.y))\" x2=\"\(SVGStyle.number(end.x))\" "
                + "y2=\"\(SVGStyle.number(end.y))\" \(SVGStyle.borderStroke(solid: frame.solidBorders.contains(edge)))/>\n"
        }
        return out
    }

    static func attractionPoint(_ point: Vector2) -> String {
        let x = SVGStyle.number(point.x), y = SVGStyle.number(point.y)
        return "<g stroke=\"\(SVGStyle.attraction)\" stroke-width=\"1.5\" fill=\"none\">"
            + "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"6\"/>"
            + "<line x1=\"\(SVGStyle.number(point.x - 10))\" y1=\"\(y)\" x2=\"\(SVGStyle.number(point.x + 10))\" y2=\"\(y)\"/>"
            + "<line x1=\"\(x)\" y1=\"\(SVGStyle.number(point.y - 10))\" x2=\"\(x)\" y2=\"\(SVGStyle.number(point.y + 10))\"/></g>\n"
    }

    static func bubble(_ bubble: BubbleSnapshot) -> String {
        let x = SVGStyle.number(bubble.center.x), y = SVGStyle.number(bubble.center.y)
        let fill = bubble.isSelected ? SVGStyle.selectedFill : SVGStyle.bubbleFill
        var out = "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(SVGStyle.number(max(0, bubble.drawnDiameter / 2)))\" fill=\"\(fill)\"/>\n"
        let caption = SVGStyle.caption(bubble)
        if bubble.drawnDiameter >= 8 {
            out += "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(SVGStyle.number(SVGStyle.labelSize(bubble.drawnDiameter)))\" "
                + "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(SVGStyle.labelFill)\">"
                + "\(SVGStyle.escape(caption))</text>\n"
        }
        return out
    }

    static func callout(_ bubble: BubbleSnapshot, container: Rect) -> String {
        guard let (path, center) = SVGStyle.callout(at: bubble.center, diameter: bubble.drawnDiameter, caption: SVGStyle.caption(bubble), in: container) else { return "" }
        return "<path d=\"\(path.svgPathData)\" fill=\"\(SVGStyle.balloonFill)\" stroke=\"\(SVGStyle.balloonStroke)\" stroke-width=\"1\" "
            + "stroke-linejoin=\"round\"/>\n"
            + "<text x=\"\(SVGStyle.number(center.x))\" y=\"\(SVGStyle.number(center.y))\" font-size=\"\(SVGStyle.number(SVGStyle.calloutTextSize))\" "
            + "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(SVGStyle.balloonText)\">"
            + "\(SVGStyle.escape(SVGStyle.caption(bubble)))</text>\n"
    }
}
