import Balloons
import BubblePicker
import BubbleScene

/// Writes a scene as a standalone SVG document: a thin back end of the scene model, drawing its
/// items in order and nothing else.
public enum SceneSVG {
    /// The whole document, with an optional title and a caption line above the view.
    /// - Complexity: O(items).
    public static func document(_ scene: DrawList, title: String = "", caption: String? = nil) -> String {
        var out = header(scene.viewBox, background: scene.background)
        if !title.isEmpty { out += "<title>\(XMLText.escape(title))</title>\n" }
        for item in scene.items { out += element(item.shape) + "\n" }
        if let caption {
            out += "<text x=\"\(number(scene.viewBox.minX + 6))\" y=\"\(number(scene.viewBox.minY + 14))\" font-size=\"11\" "
                + "fill=\"#636366\">\(XMLText.escape(caption))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// The font family of text that names none (captions): the default table's list.
    static let defaultFontFamily = FontWidthTable.liberationSans.fontFamily

    /// The XML declaration and the opening `<svg>` with its view box and background.
    static func header(_ box: Rect, background: BubbleColor) -> String {
        let values = [box.minX, box.minY, box.width, box.height].map(number).joined(separator: " ")
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(box.width))\" height=\"\(number(box.height))\" "
            + "viewBox=\"\(values)\" font-family=\"\(XMLText.escape(defaultFontFamily))\" style=\"background:\(XMLText.hex(background))\">\n"
    }

    /// One shape as an SVG element, with extra attributes and child elements (animations).
    static func element(_ shape: SceneShape, attributes extra: String = "", children: String = "") -> String {
        func close(_ name: String) -> String { children.isEmpty ? extra + "/>" : extra + ">" + children + "</\(name)>" }
        switch shape {
        case .rect(let rect, let paint):
            return "<rect x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\" width=\"\(number(rect.width))\" "
                + "height=\"\(number(rect.height))\"\(attributes(paint))" + close("rect")
        case .line(let a, let b, let paint):
            return "<line x1=\"\(number(a.x))\" y1=\"\(number(a.y))\" x2=\"\(number(b.x))\" y2=\"\(number(b.y))\"\(attributes(paint))"
                + close("line")
        case .circle(let center, let radius, let paint):
            return "<circle cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\"\(attributes(paint))"
                + close("circle")
        case .path(let path, let paint):
            return "<path d=\"\(path.svgPathData)\"\(attributes(paint)) stroke-linejoin=\"round\" stroke-linecap=\"round\""
                + close("path")
        case .text(let text):
            // The document's font family is the default table's; other families are named per text.
            let family = text.fontFamily == defaultFontFamily ? "" : " font-family=\"\(XMLText.escape(text.fontFamily))\""
            return "<text x=\"\(number(text.center.x))\" y=\"\(number(text.center.y))\"\(family) "
                + "font-size=\"\(number(text.fontSize))\" data-width=\"\(number(text.width))\" data-max-width=\"\(number(text.maxWidth))\""
                + "\(text.bold ? " font-weight=\"bold\"" : "") text-anchor=\"middle\" dominant-baseline=\"central\""
                + "\(colorAttributes("fill", text.color))\(extra)>\(children)\(XMLText.escape(text.text))</text>"
        }
    }

    /// Fill, stroke, width and dashes of a paint.
    static func attributes(_ paint: ScenePaint) -> String {
        var out = paint.fill.map { colorAttributes("fill", $0) } ?? " fill=\"none\""
        if let stroke = paint.stroke {
            out += colorAttributes("stroke", stroke) + " stroke-width=\"\(number(paint.lineWidth))\""
            if !paint.dash.isEmpty { out += " stroke-dasharray=\"\(paint.dash.map(number).joined(separator: " "))\"" }
        }
        return out
    }

    /// ` name="#rrggbb"`, plus ` name-opacity="a"` when not opaque.
    static func colorAttributes(_ name: String, _ color: BubbleColor) -> String {
        let color = color.sanitized
        var out = " \(name)=\"\(XMLText.hex(color))\""
        if color.alpha < 1 { out += " \(name)-opacity=\"\(number((color.alpha * 1000).rounded() / 1000))\"" }
        return out
    }

    /// Shortest round-trip decimal, no exponent.
    static func number(_ value: Double) -> String { SVGNumber.format(value) }
}
