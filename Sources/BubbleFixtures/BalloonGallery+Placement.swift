import Balloons
import BubbleSVG

/// Gallery pages of placement: edge targets, diagonal slides, a group, Floating UI's features.
extension BalloonGallery {
    /// Draws a placed callout with `layout` and its target circle; a balloon that does not fit (or
    /// was shifted over its target) is drawn dashed red.
    static func draw(_ placed: Placement, _ layout: TextLayout, target: PlacementTarget, into doc: inout SVGDocument) throws(BalloonError) {
        switch target {
        case let .circle(center, radius): doc.addCircle(center: center, radius: radius, fill: "#fbbc04")
        case let .rect(rect): doc.addRect(rect, stroke: "#fbbc04")
        case let .point(p): doc.addCircle(center: p, radius: 2.5, fill: "#d93025")
        }
        let good = placed.fits
        doc.add(try placed.path, fill: fill, stroke: good ? stroke : "#d93025", strokeWidth: 1.5, dashed: !good)
        draw(layout, center: placed.contentRect.center, room: placed.contentRect.width, into: &doc)
    }

    /// One line of 12 pt text laid out with the gallery's table.
    static func line(_ text: String) throws(BalloonError) -> TextLayout {
        try measurer.layout(text, width: 400, style: TextStyle(preferredSize: 12, minimumSize: 12, maximumLines: 1))
    }

    /// Targets on the container's edge and in its corners: the cases.
    static func edgeTargets() throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 320, height: 240)
        var doc = SVGDocument(viewBox: container.insetBy(dx: -12, dy: -12), background: "#ffffff")
        doc.addRect(container, stroke: "#bbbbbb", dashed: true)
        let cases: [(String, Vector2)] = [("Corner (0, 0)", Vector2(x: 0, y: 0)), ("Top edge", Vector2(x: 160, y: 0)),
                                          ("Right corner", Vector2(x: 320, y: 240)), ("Left edge", Vector2(x: 0, y: 150))]
        for (text, focus) in cases {
            let layout = try line(text)
            let placed = try BalloonPlacement.place(target: .point(focus), contentSize: layout.size, container: container)
            try draw(placed, layout, target: .point(focus), into: &doc)
        }
        return GalleryEntry(name: "placement-edge-targets", title: "Targets on the container's edge and corners fit: the rounded tip's apex "
            + "lands on the target, the body slides inside", svg: doc.text)
    }

    /// The diagonal slide, and diagonals slid along the edge: the stem's base follows its tip.
    static func diagonalSlides() throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 320, height: 240)
        var doc = SVGDocument(viewBox: container.insetBy(dx: -6, dy: -6), background: "#ffffff")
        doc.addRect(container, stroke: "#bbbbbb", dashed: true)
        let configuration = BalloonConfiguration(cornerRadius: .fixed(10), stem: StemConfiguration(size: Size(width: 16, height: 8)))
        let cases: [(String, PlacementTarget, StemDirection)] = [
            ("Covers its target: no fit", .circle(center: Vector2(x: 70, y: 150), radius: 60), .downRight),
            ("Slid: stem follows", .point(Vector2(x: 250, y: 60)), .upLeft),
            ("Slid the other way", .point(Vector2(x: 300, y: 200)), .downLeft),
        ]
        for (text, target, direction) in cases {
            let layout = try line(text)
            let placed = try BalloonPlacement.place(target: target, contentSize: Size(width: max(layout.width, 126), height: layout.height),
                                                    container: container, permitted: [direction], configuration: configuration)
            try draw(placed, layout, target: target, into: &doc)
        }
        return GalleryEntry(name: "placement-diagonal-slides", title: "Diagonal placements slid along their edge: the stem's base follows the "
            + "tip (at most 60° off the normal); a body over its own target is not a fit (dashed)", svg: doc.text)
    }

    /// Six callouts over a tight cluster: each placed alone (left, overlapping) and as a group (right).
    static func groupCluster() throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 300, height: 260)
        let centers = [Vector2(x: 120, y: 110), Vector2(x: 160, y: 105), Vector2(x: 140, y: 140), Vector2(x: 180, y: 140),
                       Vector2(x: 110, y: 150), Vector2(x: 155, y: 175)]
        let names = ["Jazz", "Blues", "Soul", "Funk", "Gospel", "R&B"]
        let layouts = try names.map { (name: String) throws(BalloonError) -> TextLayout in try line(name) }
        let options = PlacementOptions(padding: 6)
        let configuration = BalloonConfiguration(cornerRadius: .fixed(7), stem: StemConfiguration(size: Size(width: 14, height: 9)))
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: 2 * 300 + 28, height: 268), background: "#ffffff")
        let requests = zip(centers, layouts).map { PlacementRequest(target: .circle(center: $0, radius: 14), contentSize: $1.size) }
        for panel in 0..<2 {
            let shift = Vector2(x: Double(panel) * 320, y: 0)
            let box = Rect(x: shift.x, y: 0, width: container.width, height: container.height)
            doc.addRect(box, stroke: "#bbbbbb", dashed: true)
            let moved = requests.map { PlacementRequest(target: .circle(center: $0.target.bounds.center + shift, radius: 14), contentSize: $0.contentSize) }
            let placements: [Placement]
            if panel == 0 {
                placements = try moved.map { (r: PlacementRequest) throws(BalloonError) -> Placement in
                    try BalloonPlacement.place(target: r.target, contentSize: r.contentSize, container: box, options: options, configuration: configuration)
                }
            } else {
                placements = try BalloonPlacement.placeGroup(moved, container: box, options: options, configuration: configuration).placements
            }
            for request in moved {
                if case let .circle(center, radius) = request.target { doc.addCircle(center: center, radius: radius, fill: "#fbbc04", stroke: "#ffffff") }
            }
            for (placed, layout) in zip(placements, layouts) {
                doc.add(try placed.path, fill: fill, stroke: stroke, strokeWidth: 1.2)
                draw(layout, center: placed.contentRect.center, room: placed.contentRect.width, into: &doc)
            }
        }
        return GalleryEntry(name: "placement-group-cluster", title: "Six callouts over a tight cluster: placed one by one (left, they overlap) "
            + "and together with placeGroup (right: none overlaps another balloon or another target)", svg: doc.text)
    }

    /// Floating UI's features side by side: offset, arrow padding, autoPlacement, shift over the
    /// target, size (text wrapped to the room available) and hide.
    static func floatingFeatures() throws(BalloonError) -> GalleryEntry {
        let panel = Size(width: 200, height: 150)
        var doc = SVGDocument(viewBox: Rect(x: -4, y: -4, width: 3 * 216 + 4, height: 2 * 178 + 4), background: "#ffffff")
        let cases: [(String, Vector2, PlacementOptions, [StemDirection], String)] = [
            ("offset 10", Vector2(x: 100, y: 110), PlacementOptions(offset: 10), [.down], "Gap of 10"),
            ("arrow padding 12", Vector2(x: 40, y: 110), PlacementOptions(arrowPadding: 12), [.down], "Stem off the corner"),
            ("autoPlacement", Vector2(x: 160, y: 120), PlacementOptions(autoPlacement: true), StemDirection.allCases, "Most room"),
            ("shift over target", Vector2(x: 100, y: 75), PlacementOptions(shiftOverTarget: true), [.down], "Nothing fits: shifted over"),
            ("size: wrap to room", Vector2(x: 100, y: 60), PlacementOptions(), [.up], "Text wrapped to the width available on this side"),
            ("hide", Vector2(x: 226, y: 60), PlacementOptions(), [.right], "Target hidden"),
        ]
        for (index, (caption, target, options, permitted, text)) in cases.enumerated() {
            let origin = Vector2(x: Double(index % 3) * 216, y: Double(index / 3) * 178)
            let box = Rect(x: origin.x, y: origin.y + 20, width: panel.width, height: panel.height)
            doc.addRect(box, stroke: "#bbbbbb", dashed: true)
            doc.addText(caption, at: origin + Vector2(x: 0, y: 9), size: 11, fill: caption, anchor: .start, maxWidth: 200)
            let radius = index == 3 ? 40.0 : 10
            let center = Vector2(x: box.minX + target.x, y: box.minY + target.y)
            var layout = try measurer.layout(text, width: 170, style: TextStyle(preferredSize: 12, minimumSize: 12, maximumLines: 3))
            if index == 4 {
                // Floating UI's `size`: ask for the room on the chosen side, then lay the text out to it.
                let probe = try BalloonPlacement.place(target: .circle(center: center, radius: radius), contentSize: Size(width: 1, height: 1),
                                                       container: box, permitted: permitted, options: options)
                layout = try measurer.layout(text, width: min(probe.availableSize.width, 110),
                                             style: TextStyle(preferredSize: 12, minimumSize: 12, maximumLines: 4))
            }
            let placed = try BalloonPlacement.place(target: .circle(center: center, radius: radius), contentSize: layout.size,
                                                    container: box, permitted: permitted, options: options)
            try draw(placed, layout, target: .circle(center: center, radius: radius), into: &doc)
            let flags = (placed.isReferenceHidden ? " hidden" : "") + (placed.isShiftedOverTarget ? " shifted" : "") + (placed.fits ? " fits" : "")
            doc.addText(placed.direction.rawValue + flags, at: origin + Vector2(x: 200, y: 9), size: 10, fill: caption, anchor: .end, maxWidth: 100)
        }
        return GalleryEntry(name: "placement-floating-ui", title: "Floating UI's features: offset, arrow padding, autoPlacement, shift over "
            + "the target when nothing fits, size (text wrapped to the room on its side), hide (target outside the container)", svg: doc.text)
    }
}
