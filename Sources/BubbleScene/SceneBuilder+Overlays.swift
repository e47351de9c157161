import Balloons
import BubblePicker

/// Overlays, on top of everything: the finger and its path and the attraction point (debug
/// overlays), and markers at the edge of the view for bubbles outside it — each as the theme says.
extension SceneBuilder {
    /// The overlay items.
    func overlayItems(_ frame: BubbleFrame, viewBox: Rect) -> [SceneItem] {
        var items: [SceneItem] = []
        // The scroll indicator is in the callouts layer (view chrome), so it comes first.
        if let color = theme.scrollIndicator, let bar = scrollIndicator(frame, color: color) { items.append(bar) }
        #if !SCENE_WITHOUT_DEBUG_OVERLAYS
        if theme.showsOverlays { items += debugOverlays(frame) }
        #endif
        if theme.showsOffscreenMarkers && !frame.scrolls { items += offscreenMarkers(frame, viewBox: viewBox) }
        return items
    }

    /// A bar along the scrolling axis' far edge, inset 4 pt, whose length and place are the
    /// view's share of the content and its place in it; nil while nothing scrolls.
    func scrollIndicator(_ frame: BubbleFrame, color: BubbleColor) -> SceneItem? {
        guard frame.scrolls else { return nil }
        let view = frame.container, content = frame.content
        let horizontal = content.width > view.width
        let viewLength = horizontal ? view.width : view.height, contentLength = horizontal ? content.width : content.height
        let track = viewLength - 8
        guard track > 0, contentLength > viewLength else { return nil }
        let length = max(track * viewLength / contentLength, min(24, track))
        let travelled = horizontal ? view.minX - content.minX : view.minY - content.minY
        let start = 4 + (track - length) * min(max(travelled / (contentLength - viewLength), 0), 1)
        let paint = ScenePaint(stroke: color, lineWidth: 3)
        let a = horizontal ? Vector2(view.minX + start, view.maxY - 4) : Vector2(view.maxX - 4, view.minY + start)
        let b = horizontal ? Vector2(a.x + length, a.y) : Vector2(a.x, a.y + length)
        return SceneItem(role: .scrollIndicator, shape: .line(a, b, paint))
    }

    /// The finger, its recent path and the attraction point's crosshair.
    func debugOverlays(_ frame: BubbleFrame) -> [SceneItem] {
        var items: [SceneItem] = []
        if let pointer = frame.pointer {
            if pointer.trail.count > 1 {
                var path = BezierPath()
                path.move(to: pointer.trail[0])
                for point in pointer.trail.dropFirst() { path.line(to: point) }
                items.append(SceneItem(role: .trail, shape: .path(path, ScenePaint(stroke: theme.finger, lineWidth: 3))))
            }
            items.append(SceneItem(role: .finger, shape: .circle(pointer.location, radius: 14, ScenePaint(
                fill: theme.finger.withAlpha(0.35), stroke: theme.finger, lineWidth: 2))))
        }
        items.append(SceneItem(role: .anchor, shape: .path(crosshair(at: frame.anchorPoint), ScenePaint(
            stroke: theme.anchor, lineWidth: 1.5))))
        return items
    }

    /// A circle of radius 6 with a cross of 20 pt, as one path.
    func crosshair(at point: Vector2) -> BezierPath {
        var path = BezierPath()
        let k = 0.5522847498307936 * 6
        path.move(to: Vector2(point.x + 6, point.y))
        path.cubic(to: Vector2(point.x, point.y + 6), control1: Vector2(point.x + 6, point.y + k), control2: Vector2(point.x + k, point.y + 6))
        path.cubic(to: Vector2(point.x - 6, point.y), control1: Vector2(point.x - k, point.y + 6), control2: Vector2(point.x - 6, point.y + k))
        path.cubic(to: Vector2(point.x, point.y - 6), control1: Vector2(point.x - 6, point.y - k), control2: Vector2(point.x - k, point.y - 6))
        path.cubic(to: Vector2(point.x + 6, point.y), control1: Vector2(point.x + k, point.y - 6), control2: Vector2(point.x + 6, point.y - k))
        path.move(to: Vector2(point.x - 10, point.y))
        path.line(to: Vector2(point.x + 10, point.y))
        path.move(to: Vector2(point.x, point.y - 10))
        path.line(to: Vector2(point.x, point.y + 10))
        return path
    }

    /// One arrow per direction (8 sectors, clockwise from the top) in which bubbles lie wholly
    /// outside the view, at the view's edge, with the count beside it.
    func offscreenMarkers(_ frame: BubbleFrame, viewBox: Rect) -> [SceneItem] {
        var counts = [Int](repeating: 0, count: 8)
        for bubble in frame.bubbles where bubble.drawnDiameter > 0 && bubble.center.isFinite {
            let r = bubble.drawnDiameter / 2, c = bubble.center
            let column = c.x + r < viewBox.minX ? -1 : (c.x - r > viewBox.maxX ? 1 : 0)
            let row = c.y + r < viewBox.minY ? -1 : (c.y - r > viewBox.maxY ? 1 : 0)
            guard column != 0 || row != 0 else { continue }
            counts[Self.sector(column: column, row: row)] += 1
        }
        var items: [SceneItem] = []
        for sector in 0..<8 where counts[sector] > 0 {
            let (dx, dy) = Self.sectorDirection(sector)
            let inset = 16.0
            let tip = Vector2(dx < 0 ? viewBox.minX + 4 : (dx > 0 ? viewBox.maxX - 4 : viewBox.midX),
                              dy < 0 ? viewBox.minY + 4 : (dy > 0 ? viewBox.maxY - 4 : viewBox.midY))
            let back = Vector2(tip.x - dx * inset, tip.y - dy * inset)
            let side = Vector2(-dy, dx) * 7
            var arrow = BezierPath()
            arrow.move(to: tip)
            arrow.line(to: back + side)
            arrow.line(to: back - side)
            arrow.close()
            items.append(SceneItem(role: .offscreen(sector), shape: .path(arrow, ScenePaint(fill: theme.anchor))))
            let label = String(counts[sector])
            let size = 11.0
            let at = Vector2(back.x - dx * 12, back.y - dy * 12)
            items.append(SceneItem(role: .offscreenCount(sector), shape: .text(SceneText(
                text: label, center: at, fontSize: size, color: theme.anchor, width: TextFitting.width(label, fontSize: size)))))
        }
        return items
    }

    /// Sector 0 top, 1 top right, 2 right, … 7 top left.
    static func sector(column: Int, row: Int) -> Int {
        switch (column, row) {
        case (0, -1): return 0
        case (1, -1): return 1
        case (1, 0): return 2
        case (1, 1): return 3
        case (0, 1): return 4
        case (-1, 1): return 5
        case (-1, 0): return 6
        default: return 7
        }
    }

    /// The unit-ish direction of a sector (diagonals not normalised; only signs matter).
    static func sectorDirection(_ sector: Int) -> (Double, Double) {
        let table: [(Double, Double)] = [(0, -1), (0.7071, -0.7071), (1, 0), (0.7071, 0.7071), (0, 1),
                                         (-0.7071, 0.7071), (-1, 0), (-0.7071, -0.7071)]
        return table[sector]
    }
}
