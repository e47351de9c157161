import Balloons
import BubbleSVG

/// The gallery of main balloon configurations, as standalone SVG documents plus an HTML index.

/// One gallery picture.
public struct GalleryEntry: Sendable, Hashable {
    /// File name without extension, e.g. "smoothing-1".
    public var name: String
    /// One-line caption.
    public var title: String
    /// The standalone SVG document.
    public var svg: String
}

/// Builds the gallery: corner kinds, smoothing 0 / 0.6 / 1, stems on each edge, offsets into corners,
/// chat bubbles, an interpolation midpoint and placements in all 8 directions.
public enum BalloonGallery {
    static let fill = "#e8f0fe"
    static let stroke = "#1a73e8"

    /// Every entry, in display order. Deterministic: the same text on every platform.
    public static func entries() throws(BalloonError) -> [GalleryEntry] {
        var result: [GalleryEntry] = []
        let corners: [(String, CornerRadius)] = [("none", .none), ("fixed-16", .fixed(16)), ("oval", .oval)]
        for (name, radius) in corners {
            result.append(try balloon("corners-\(name)", "Corner radius \(name), smoothing 0.6",
                                      BalloonConfiguration(cornerRadius: radius, cornerSmoothing: 0.6)))
        }
        for smoothing in [0.0, 0.6, 1.0] {
            let text = SVGNumber.format(smoothing)
            result.append(try balloon("smoothing-\(text)", "Radius 32, corner smoothing \(text)",
                                      BalloonConfiguration(cornerRadius: .fixed(32), cornerSmoothing: smoothing, stem: .hidden)))
        }
        for edge in StemEdge.allCases {
            result.append(try balloon("stem-\(edge.rawValue)", "Stem on the \(edge.rawValue) edge, offset 20",
                                      BalloonConfiguration(stem: StemConfiguration(edge: edge, offset: 20))))
        }
        for (name, offset) in [("left", -1000.0), ("right", 1000.0)] {
            result.append(try balloon("offset-into-\(name)-corner", "Bottom stem pushed into the \(name) corner: the corner gives way",
                                      BalloonConfiguration(cornerRadius: .fixed(20), stem: StemConfiguration(offset: offset))))
        }
        result.append(try interpolation())
        for tail in ChatTail.allCases { result.append(try chat(tail)) }
        for direction in StemDirection.allCases { result.append(try placement(direction)) }
        return result
    }

    /// An HTML page showing every entry's SVG file (`<name>.svg` next to it) with its caption.
    public static func indexHTML(_ entries: [GalleryEntry]) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Balloons gallery</title>
        <style>body{font-family:sans-serif;margin:24px}main{display:flex;flex-wrap:wrap;gap:16px}
        figure{margin:0;padding:8px;border:1px solid #ddd;border-radius:8px}figcaption{font-size:13px;max-width:260px}</style>
        </head>
        <body>
        <h1>Balloons gallery</h1>
        <main>

        """
        for entry in entries {
            html += "<figure><img src=\"\(entry.name).svg\" alt=\"\(SVGDocument.escape(entry.title))\">"
                + "<figcaption>\(SVGDocument.escape(entry.title))</figcaption></figure>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private static func document(_ path: BezierPath, size: Size) -> String {
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: size.width + 8, height: size.height + 8), background: "#ffffff")
        doc.add(path, fill: fill, stroke: stroke, strokeWidth: 1.5)
        return doc.text
    }

    private static func balloon(_ name: String, _ title: String, _ configuration: BalloonConfiguration) throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        return GalleryEntry(name: name, title: title, svg: document(try BezierPath.balloon(in: rect, configuration: configuration), size: rect.size))
    }

    private static func interpolation() throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        let a = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .none, cornerSmoothing: 0, stem: StemConfiguration(edge: .top)))
        let b = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .oval, cornerSmoothing: 1, stem: StemConfiguration(edge: .right)))
        let mid = try a.interpolated(to: b, fraction: 0.5)
        return GalleryEntry(name: "interpolation", title: "Halfway from square/top stem to oval/right stem", svg: document(mid, size: rect.size))
    }

    private static func chat(_ tail: ChatTail) throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 200, height: 60)
        let path = try BezierPath.chatBubble(in: rect, tail: tail, style: ChatBubbleStyle(borderWidth: 2))
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: rect.width + 8, height: rect.height + 8), background: "#ffffff")
        doc.add(path, fill: tail == .bottomRight ? "#d9fdd3" : "#f1f3f4", stroke: "#5f6368", strokeWidth: 2)
        doc.addRect(rect, stroke: "#bbbbbb", dashed: true)
        return GalleryEntry(name: "chat-\(tail.rawValue)", title: "Chat bubble, tail \(tail.rawValue), border 2 inside the dashed bounds", svg: doc.text)
    }

    /// A 320 x 220 container with a target circle placed so that `direction` is needed near one side.
    private static func placement(_ direction: StemDirection) throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 320, height: 220)
        let center = Vector2(x: 160 + direction.dx * 95, y: 110 + direction.dy * 70)
        let radius = 18.0
        let label = "Bubble \(direction.rawValue)"
        let content = Size(width: Double(label.count) * 7, height: 16)
        let placed = try BalloonPlacement.place(targetCircle: center, radius: radius, contentSize: content, container: container,
                                                permitted: [direction], configuration: BalloonConfiguration())
        var doc = SVGDocument(viewBox: container.insetBy(dx: -4, dy: -4), background: "#ffffff")
        doc.addRect(container, stroke: "#bbbbbb", dashed: true)
        doc.addCircle(center: center, radius: radius, fill: "#fbbc04")
        doc.add(try placed.path, fill: fill, stroke: stroke, strokeWidth: 1.5)
        doc.addText(label, center: placed.contentRect.center, size: 12)
        return GalleryEntry(name: "placement-\(direction.rawValue)",
                            title: "Placement, stem \(direction.rawValue)\(placed.fits ? "" : " (does not fit)")", svg: doc.text)
    }
}
