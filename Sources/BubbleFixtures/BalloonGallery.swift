import Balloons
import BubbleSVG

/// The gallery of balloon configurations, as standalone SVG documents plus an HTML index.

/// One gallery picture.
public struct GalleryEntry: Sendable, Hashable {
    /// File name without extension, e.g. "smoothing-1".
    public var name: String
    /// One-line caption.
    public var title: String
    /// The standalone SVG document.
    public var svg: String
}

/// Builds the gallery: corner kinds, smoothing 0...1 with curvature combs, stems on each edge, stems
/// pushed into corners and an offset sweep, join smoothing × tip rounding, interpolation, chat bubbles
/// and a conversation, multi-line callouts, scripts and emoji, placements in all 8 directions and
/// stress cases, edge targets, diagonal slides, a group of callouts in a tight cluster, and the
/// Floating UI features side by side.
public enum BalloonGallery {
    static let fill = "#e8f0fe"
    static let stroke = "#1a73e8"
    static let comb = "#e37400"
    static let caption = "#5f6368"

    /// Every entry, in display order. Deterministic: the same text on every platform.
    public static func entries() throws(BalloonError) -> [GalleryEntry] {
        var result: [GalleryEntry] = []
        let corners: [(String, CornerRadius)] = [("none", .none), ("fixed-16", .fixed(16)), ("oval", .oval)]
        for (name, radius) in corners {
            result.append(try balloon("corners-\(name)", "Corner radius \(name), smoothing 0.6",
                                      BalloonConfiguration(cornerRadius: radius, cornerSmoothing: 0.6)))
        }
        for smoothing in [0.0, 0.3, 0.6, 1.0] { result.append(try combed(smoothing)) }
        for edge in StemEdge.allCases {
            result.append(try balloon("stem-\(edge.rawValue)", "Stem on the \(edge.rawValue) edge, offset 20",
                                      BalloonConfiguration(stem: StemConfiguration(edge: edge, offset: 20))))
        }
        for (name, offset) in [("left", -1000.0), ("right", 1000.0)] {
            result.append(try balloon("offset-into-\(name)-corner",
                                      "Bottom stem pushed into the \(name) corner: the corner gives way, no ledge",
                                      BalloonConfiguration(cornerRadius: .fixed(20), stem: StemConfiguration(offset: offset))))
        }
        result.append(try offsetSweep())
        result.append(try joinTipGrid())
        result.append(try interpolation())
        result.append(try morph())
        for tail in ChatTail.allCases { result.append(try chat(tail)) }
        result.append(try conversation())
        result.append(try multilineCallouts())
        result.append(try scripts())
        for direction in StemDirection.allCases { result.append(try placement(direction)) }
        result += try placementStress()
        result.append(try edgeTargets())
        result.append(try diagonalSlides())
        result.append(try groupCluster())
        result.append(try floatingFeatures())
        return result
    }

    /// An HTML page showing every entry's SVG file (`<name>.svg` next to it) with its caption.
    public static func indexHTML(_ entries: [GalleryEntry]) -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Balloons gallery</title>
        <style>body{font-family:sans-serif;margin:24px}main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        figure{margin:0;padding:8px;border:1px solid #ddd;border-radius:8px}figcaption{font-size:13px;max-width:420px}</style>
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

    // MARK: - Single balloons

    static func document(_ path: BezierPath, size: Size) -> String {
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: size.width + 8, height: size.height + 8), background: "#ffffff")
        doc.add(path, fill: fill, stroke: stroke, strokeWidth: 1.5)
        return doc.text
    }

    static func balloon(_ name: String, _ title: String, _ configuration: BalloonConfiguration) throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        return GalleryEntry(name: name, title: title, svg: document(try BezierPath.balloon(in: rect, configuration: configuration), size: rect.size))
    }

    /// A stemless balloon with its curvature comb: a tooth out of every sampled point, as long as the
    /// curvature there (×512 pt²), and the line through the teeth's ends. Where the comb's outline
    /// jumps, curvature jumps (smoothing 0: where each arc meets its edge); where it is continuous, the
    /// corner is G2.
    static func combed(_ smoothing: Double) throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        let path = try BezierPath.balloon(around: rect, configuration: BalloonConfiguration(
            cornerRadius: .fixed(32), cornerSmoothing: smoothing, stem: .hidden))
        var doc = SVGDocument(viewBox: rect.insetBy(dx: -24, dy: -24), background: "#ffffff")
        doc.add(path, fill: fill, stroke: stroke, strokeWidth: 1.5)
        let (teeth, envelope) = curvatureComb(path, scale: 512)
        doc.addSegments(teeth, stroke: comb, strokeWidth: 0.5)
        for line in envelope { doc.addPolyline(line, stroke: comb, strokeWidth: 1) }
        let text = SVGNumber.format(smoothing)
        let comment = smoothing == 0 ? "curvature jumps where each arc meets its edge" : "continuous: G2 corners"
        return GalleryEntry(name: "smoothing-\(text)", title: "Radius 32, corner smoothing \(text), with its curvature comb (\(comment))",
                            svg: doc.text)
    }

    /// Teeth (point, point + outward normal × curvature × `scale`) at 24 samples per visible segment,
    /// and the comb's outline, one polyline per segment (so a jump in curvature shows as a gap).
    static func curvatureComb(_ path: BezierPath, scale: Double) -> ([(Vector2, Vector2)], [[Vector2]]) {
        var teeth: [(Vector2, Vector2)] = []
        var envelope: [[Vector2]] = []
        for segment in path.segments where !segment.isDegenerate {
            var line: [Vector2] = []
            for i in 0...24 {
                let t = Double(i) / 24
                let d = segment.derivative(at: t)
                guard d.length > 0 else { continue }
                let outward = Vector2(x: d.y, y: -d.x) / d.length   // left of travel: outside a clockwise outline
                let p = segment.point(at: t)
                let end = p + outward * (segment.curvature(at: t) * scale)
                if i % 2 == 0 { teeth.append((p, end)) }
                line.append(end)
            }
            envelope.append(line)
        }
        return (teeth, envelope)
    }

    /// `path` scaled by `scale` about the origin, then moved by `offset`.
    static func placed(_ path: BezierPath, at offset: Vector2, scale: Double = 1) -> BezierPath {
        BezierPath(path.elements.map { $0.mapped { $0 * scale + offset } })
    }

    // MARK: - Sheets of several balloons

    /// The brief's corner case swept: a 220 x 140, radius 32 balloon with the bottom stem moving from
    /// the centre into the left corner, six panels side by side.
    static func offsetSweep() throws(BalloonError) -> GalleryEntry {
        let offsets = [0.0, -50, -70, -80, -90, -100]
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        let scale = 0.6, pitch = 140.0
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: Double(offsets.count) * pitch + 2, height: 108), background: "#ffffff")
        for (i, offset) in offsets.enumerated() {
            var configuration = BalloonConfiguration(cornerRadius: .fixed(32))
            configuration.stem.offset = offset
            let origin = Vector2(x: Double(i) * pitch, y: 0)
            let path = placed(try BezierPath.balloon(in: rect, configuration: configuration), at: origin, scale: scale)
            doc.add(path, fill: fill, stroke: stroke, strokeWidth: 1.2)
            doc.addText("offset \(SVGNumber.format(offset))", center: origin + Vector2(x: 66, y: 96), size: 11, fill: caption)
        }
        return GalleryEntry(name: "offset-sweep", title: "Stem sliding into the left corner (220 x 140, radius 32, offsets 0 to -100): "
            + "the corner shrinks, then swings round to meet the stem's side", svg: doc.text)
    }

    /// Join smoothing 0, 0.3, 0.6, 1 (columns) × tip rounding 0, 2, 4, 8 (rows), stem 44 x 26.
    static func joinTipGrid() throws(BalloonError) -> GalleryEntry {
        let joins = [0.0, 0.3, 0.6, 1.0], roundings = [0.0, 2.0, 4.0, 8.0]
        let rect = Rect(x: 0, y: 0, width: 120, height: 72)
        var doc = SVGDocument(viewBox: Rect(x: -40, y: -22, width: 4 * 140 + 44, height: 4 * 96 + 26), background: "#ffffff")
        for (column, join) in joins.enumerated() {
            doc.addText("join \(SVGNumber.format(join))", center: Vector2(x: Double(column) * 140 + 60, y: -12), size: 11, fill: caption)
            for (row, rounding) in roundings.enumerated() {
                let stem = StemConfiguration(size: Size(width: 44, height: 26), joinSmoothing: join, tipRounding: rounding)
                let path = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .fixed(10), stem: stem))
                doc.add(placed(path, at: Vector2(x: Double(column) * 140, y: Double(row) * 96)), fill: fill, stroke: stroke, strokeWidth: 1.5)
                if column == 0 {
                    doc.addText("tip \(SVGNumber.format(rounding))", at: Vector2(x: -6, y: Double(row) * 96 + 36), size: 11, fill: caption, anchor: .end)
                }
            }
        }
        return GalleryEntry(name: "join-tip-grid", title: "Join smoothing 0 / 0.3 / 0.6 / 1 (columns) × tip rounding 0 / 2 / 4 / 8 pt (rows)", svg: doc.text)
    }

    static func interpolation() throws(BalloonError) -> GalleryEntry {
        let (a, b, rect) = try morphEnds()
        let mid = try a.interpolated(to: b, fraction: 0.5)
        return GalleryEntry(name: "interpolation", title: "Halfway from square/top stem to oval/right stem", svg: document(mid, size: rect.size))
    }

    static func morphEnds() throws(BalloonError) -> (BezierPath, BezierPath, Rect) {
        let rect = Rect(x: 0, y: 0, width: 220, height: 140)
        let a = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .none, cornerSmoothing: 0, stem: StemConfiguration(edge: .top)))
        let b = try BezierPath.balloon(in: rect, configuration: BalloonConfiguration(cornerRadius: .oval, cornerSmoothing: 1, stem: StemConfiguration(edge: .right)))
        return (a, b, rect)
    }

    /// The interpolation at fractions 0, 0.25, 0.5, 0.75 and 1, side by side at half size.
    static func morph() throws(BalloonError) -> GalleryEntry {
        let (a, b, _) = try morphEnds()
        let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: Double(fractions.count) * 122 + 4, height: 92), background: "#ffffff")
        for (i, fraction) in fractions.enumerated() {
            let origin = Vector2(x: Double(i) * 122, y: 0)
            doc.add(placed(try a.interpolated(to: b, fraction: fraction), at: origin, scale: 0.5), fill: fill, stroke: stroke, strokeWidth: 1.2)
            doc.addText(SVGNumber.format(fraction), center: origin + Vector2(x: 55, y: 80), size: 11, fill: caption)
        }
        return GalleryEntry(name: "interpolation-morph", title: "Interpolation at 0, 0.25, 0.5, 0.75 and 1: every balloon has the same 42 elements", svg: doc.text)
    }

    // MARK: - Chat

    static func chat(_ tail: ChatTail) throws(BalloonError) -> GalleryEntry {
        let rect = Rect(x: 0, y: 0, width: 200, height: 60)
        let path = try BezierPath.chatBubble(in: rect, tail: tail, style: ChatBubbleStyle(borderWidth: 2))
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: rect.width + 8, height: rect.height + 8), background: "#ffffff")
        doc.add(path, fill: tail == .bottomRight ? "#d9fdd3" : "#f1f3f4", stroke: "#5f6368", strokeWidth: 2)
        doc.addRect(rect, stroke: "#bbbbbb", dashed: true)
        return GalleryEntry(name: "chat-\(tail.rawValue)", title: "Chat bubble, tail \(tail.rawValue), border 2 inside the dashed bounds", svg: doc.text)
    }

    // MARK: - Placement

    /// A 320 x 220 container with a target circle placed so that `direction` is needed near one side.
    static func placement(_ direction: StemDirection) throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 320, height: 220)
        let center = Vector2(x: 160 + direction.dx * 95, y: 110 + direction.dy * 70)
        var doc = SVGDocument(viewBox: container.insetBy(dx: -4, dy: -4), background: "#ffffff")
        doc.addRect(container, stroke: "#bbbbbb", dashed: true)
        let placed = try callout("Bubble \(direction.rawValue)", target: center, radius: 18, in: container, permitted: [direction], into: &doc)
        return GalleryEntry(name: "placement-\(direction.rawValue)",
                            title: "Placement, stem \(direction.rawValue)\(placed.fits ? "" : " (does not fit)")", svg: doc.text)
    }

    /// A callout with `label` (12 pt, its width from the gallery's table) placed on a target circle.
    static func callout(_ label: String, target: Vector2, radius: Double, in container: Rect,
                        permitted: [StemDirection]) throws(BalloonError) -> Placement {
        let content = Size(width: try line(label).boxWidth, height: 16)
        return try BalloonPlacement.place(targetCircle: target, radius: radius, contentSize: content, container: container,
                                          permitted: permitted, configuration: BalloonConfiguration())
    }

    /// Draws the target circle and the callout `placed` on it; one that does not fit is drawn dashed red.
    static func draw(_ placed: Placement, label: String, target: Vector2, radius: Double, into doc: inout SVGDocument) throws(BalloonError) {
        doc.addCircle(center: target, radius: radius, fill: "#fbbc04")
        doc.add(try placed.path, fill: fill, stroke: placed.fits ? stroke : "#d93025", strokeWidth: 1.5, dashed: !placed.fits)
        doc.addText(label, center: placed.contentRect.center, size: 12, fontFamily: measurer.fontFamily, maxWidth: placed.contentRect.width)
    }

    /// Places and draws a callout in one go.
    @discardableResult
    static func callout(_ label: String, target: Vector2, radius: Double, in container: Rect, permitted: [StemDirection],
                        into doc: inout SVGDocument) throws(BalloonError) -> Placement {
        let placed = try callout(label, target: target, radius: radius, in: container, permitted: permitted)
        try draw(placed, label: label, target: target, radius: radius, into: &doc)
        return placed
    }

    /// Stress cases: targets on the container's edges and corners (all directions permitted), a
    /// container too small for anything, and restricted directions.
    static func placementStress() throws(BalloonError) -> [GalleryEntry] {
        let container = Rect(x: 0, y: 0, width: 480, height: 300)
        var edges = SVGDocument(viewBox: container.insetBy(dx: -20, dy: -20), background: "#ffffff")
        edges.addRect(container, stroke: "#bbbbbb", dashed: true)
        let targets = [Vector2(x: 0, y: 0), Vector2(x: 240, y: 0), Vector2(x: 480, y: 0), Vector2(x: 0, y: 150),
                       Vector2(x: 480, y: 150), Vector2(x: 0, y: 300), Vector2(x: 240, y: 300), Vector2(x: 480, y: 300)]
        for (i, target) in targets.enumerated() {
            try callout("Target \(i + 1)", target: target, radius: 14, in: container, permitted: StemDirection.allCases, into: &edges)
        }
        let small = Rect(x: 0, y: 0, width: 150, height: 70)
        let label = "A rather long label here", target = Vector2(x: 75, y: 35)
        let tightFit = try callout(label, target: target, radius: 12, in: small, permitted: StemDirection.allCases)
        var tight = SVGDocument(viewBox: small.union(tightFit.bounds).union(Rect(x: 63, y: 23, width: 24, height: 24)).insetBy(dx: -8, dy: -8),
                                background: "#ffffff")
        tight.addRect(small, stroke: "#bbbbbb", dashed: true)
        try draw(tightFit, label: label, target: target, radius: 12, into: &tight)
        var restricted = SVGDocument(viewBox: container.insetBy(dx: -4, dy: -4), background: "#ffffff")
        restricted.addRect(container, stroke: "#bbbbbb", dashed: true)
        try callout("Left or right only", target: Vector2(x: 120, y: 30), radius: 18, in: container, permitted: [.left, .right], into: &restricted)
        try callout("Up only", target: Vector2(x: 400, y: 40), radius: 18, in: container, permitted: [.up], into: &restricted)
        try callout("Diagonals only", target: Vector2(x: 90, y: 250), radius: 18, in: container,
                    permitted: [.upLeft, .upRight, .downLeft, .downRight], into: &restricted)
        try callout("Down, else up", target: Vector2(x: 330, y: 250), radius: 18, in: container, permitted: [.down, .up], into: &restricted)
        return [
            GalleryEntry(name: "placement-stress-edges", title: "Targets on the container's edges and corners, all directions permitted", svg: edges.text),
            GalleryEntry(name: "placement-stress-tight", title: "A container too small for the label: fits == \(tightFit.fits), "
                + "the least-bad direction (\(tightFit.direction.rawValue)) is drawn dashed", svg: tight.text),
            GalleryEntry(name: "placement-stress-restricted", title: "Restricted directions: left or right only near the top, up only, "
                + "diagonals only, down (else up) near the bottom", svg: restricted.text),
        ]
    }
}
