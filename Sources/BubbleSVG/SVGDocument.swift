import Balloons

/// A minimal standalone SVG document builder (strings only, no Foundation), for galleries and renderers.

/// A standalone SVG file: a viewBox, and paths and text drawn in order.
public struct SVGDocument: Sendable, Hashable {
    /// The area shown, points; also the document's width and height.
    public var viewBox: Rect
    /// Optional background fill (e.g. "#ffffff"); nil = transparent.
    public var background: String?
    private var body: [String] = []

    /// An empty document showing `viewBox` (points), on `background` when given.
    public init(viewBox: Rect, background: String? = nil) {
        self.viewBox = viewBox
        self.background = background
    }

    /// Draws `path` with a fill and an optional stroke (round joins, so thick strokes stay close to the
    /// outline), dashed when `dashed`.
    public mutating func add(_ path: BezierPath, fill: String, stroke: String? = nil, strokeWidth: Double = 1, dashed: Bool = false) {
        var attributes = "d=\"\(path.svgPathData)\" fill=\"\(Self.escape(fill))\""
        if let stroke {
            attributes += " stroke=\"\(Self.escape(stroke))\" stroke-width=\"\(SVGNumber.format(strokeWidth))\" stroke-linejoin=\"round\""
            if dashed { attributes += " stroke-dasharray=\"5 3\"" }
        }
        body.append("<path \(attributes)/>")
    }

    /// Draws an open polyline through `points` (a closed polygon when `closed`), stroke only.
    public mutating func addPolyline(_ points: [Vector2], stroke: String, strokeWidth: Double = 1, closed: Bool = false) {
        guard !points.isEmpty else { return }
        let coordinates = points.map { SVGNumber.format($0.x) + "," + SVGNumber.format($0.y) }.joined(separator: " ")
        body.append("<\(closed ? "polygon" : "polyline") points=\"\(coordinates)\" fill=\"none\" "
            + "stroke=\"\(Self.escape(stroke))\" stroke-width=\"\(SVGNumber.format(strokeWidth))\" stroke-linejoin=\"round\"/>")
    }

    /// Draws the straight segments `(from, to)` as one path, stroke only (e.g. the teeth of a curvature comb).
    public mutating func addSegments(_ segments: [(Vector2, Vector2)], stroke: String, strokeWidth: Double = 1) {
        guard !segments.isEmpty else { return }
        let d = segments.map { "M" + Self.point($0.0) + " L" + Self.point($0.1) }.joined(separator: " ")
        body.append("<path d=\"\(d)\" fill=\"none\" stroke=\"\(Self.escape(stroke))\" stroke-width=\"\(SVGNumber.format(strokeWidth))\"/>")
    }

    /// Where a text's `x` sits: its start, middle or end (SVG `text-anchor`).
    public enum TextAnchor: String, Sendable, Hashable {
        /// `x` is where the text starts (left, for left-to-right text).
        case start
        /// `x` is the text's middle.
        case middle
        /// `x` is where the text ends.
        case end
    }

    /// Writes `text` `size` points high in `fontFamily` (a CSS list; by default the one the default
    /// table measures, `FontWidthTable.liberationSans.fontFamily`), vertically centred on `point.y`,
    /// anchored at `point.x` by `anchor`. With `maxWidth`, the room the text was laid out for is
    /// recorded as `data-max-width` (checked by `.ci/textcheck`).
    public mutating func addText(_ text: String, at point: Vector2, size: Double, fill: String = "#222222", anchor: TextAnchor,
                                 fontFamily: String = FontWidthTable.liberationSans.fontFamily, maxWidth: Double? = nil) {
        let room = maxWidth.map { " data-max-width=\"\(SVGNumber.format($0))\"" } ?? ""
        body.append("<text x=\"\(SVGNumber.format(point.x))\" y=\"\(SVGNumber.format(point.y))\" font-family=\"\(Self.escape(fontFamily))\"\(room) "
            + "font-size=\"\(SVGNumber.format(size))\" text-anchor=\"\(anchor.rawValue)\" dominant-baseline=\"central\" "
            + "fill=\"\(Self.escape(fill))\">\(Self.escape(text))</text>")
    }

    private static func point(_ p: Vector2) -> String { SVGNumber.format(p.x) + " " + SVGNumber.format(p.y) }

    /// Writes `text` centred on `center`, `size` points high (see `addText(_:at:size:fill:anchor:fontFamily:maxWidth:)`).
    public mutating func addText(_ text: String, center: Vector2, size: Double = 12, fill: String = "#222222",
                                 fontFamily: String = FontWidthTable.liberationSans.fontFamily, maxWidth: Double? = nil) {
        addText(text, at: center, size: size, fill: fill, anchor: .middle, fontFamily: fontFamily, maxWidth: maxWidth)
    }

    /// Draws a circle (for targets in galleries and pickers).
    public mutating func addCircle(center: Vector2, radius: Double, fill: String, stroke: String? = nil) {
        var attributes = "cx=\"\(SVGNumber.format(center.x))\" cy=\"\(SVGNumber.format(center.y))\" r=\"\(SVGNumber.format(radius))\" "
            + "fill=\"\(Self.escape(fill))\""
        if let stroke { attributes += " stroke=\"\(Self.escape(stroke))\"" }
        body.append("<circle \(attributes)/>")
    }

    /// Draws an outline-only rect (e.g. a container), dashed when `dashed`.
    public mutating func addRect(_ rect: Rect, stroke: String, dashed: Bool = false) {
        body.append("<rect x=\"\(SVGNumber.format(rect.minX))\" y=\"\(SVGNumber.format(rect.minY))\" "
            + "width=\"\(SVGNumber.format(rect.width))\" height=\"\(SVGNumber.format(rect.height))\" fill=\"none\" "
            + "stroke=\"\(Self.escape(stroke))\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")/>")
    }

    /// The complete document, with XML declaration, xmlns, width, height and viewBox.
    public var text: String {
        let v = [viewBox.minX, viewBox.minY, viewBox.width, viewBox.height].map(SVGNumber.format).joined(separator: " ")
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGNumber.format(viewBox.width))\" "
                + "height=\"\(SVGNumber.format(viewBox.height))\" viewBox=\"\(v)\">",
        ]
        if let background {
            lines.append("<rect x=\"\(SVGNumber.format(viewBox.minX))\" y=\"\(SVGNumber.format(viewBox.minY))\" width=\"100%\" "
                + "height=\"100%\" fill=\"\(Self.escape(background))\"/>")
        }
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text made safe for XML (see `XMLText.escape(_:)`: entities, forbidden characters replaced).
    public static func escape(_ text: String) -> String { XMLText.escape(text) }
}
