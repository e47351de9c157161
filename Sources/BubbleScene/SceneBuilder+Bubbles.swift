import Balloons
import BubblePicker

/// Bubbles: every circle (with its image placeholder), then every label and check mark above all
/// circles.
extension SceneBuilder {
    /// The circles and placeholders (bubble layer) and the labels, image names and check marks
    /// (label layer).
    func bubbleItems(_ frame: BubbleFrame) -> (circles: [SceneItem], labels: [SceneItem]) {
        var circles: [SceneItem] = [], labels: [SceneItem] = []
        for bubble in frame.bubbles {
            let radius = bubble.drawnDiameter * 0.5
            guard radius > 0, bubble.center.isFinite else { continue }  // waiting, or never shown
            let look = bubble.appearance
            let fill = theme.fill(of: bubble)
            let ring = bubble.isSelected ? theme.selectedRing : nil
            let paint = ring.map { ScenePaint(fill: fill, stroke: $0, lineWidth: 3) }
                ?? ScenePaint(fill: fill, stroke: theme.bubbleOutline, lineWidth: 1)
            circles.append(SceneItem(role: .bubble, bubble: bubble.id, shape: .circle(bubble.center, radius: radius, paint)))
            let label = look.showsLabel ? look.text ?? "" : ""
            if let image = look.imageName {
                circles.append(placeholder(bubble, radius: radius))
                let below = label.isEmpty ? 0 : 0.42 * radius
                if let name = fittedText(image, in: radius, offset: below, preferred: look.fontSize * 0.75,
                                         color: look.labelColor.withAlpha(look.imageAlpha), at: bubble.center) {
                    labels.append(SceneItem(role: .imageName, bubble: bubble.id, shape: .text(name)))
                }
            }
            if let text = labelText(label, of: bubble, radius: radius) {
                labels.append(SceneItem(role: .label, bubble: bubble.id, shape: .text(text)))
            }
            if bubble.isSelected && theme.showsCheckMark { labels += checkMark(bubble, radius: radius, tick: fill) }
        }
        return (circles, labels)
    }

    /// A bubble's label, laid out inside it (the one place labels are laid out): centred, fitted
    /// by `fittedText`; nil when empty or when the bubble is too small for it.
    func labelText(_ label: String, of bubble: BubbleSnapshot, radius: Double) -> SceneText? {
        guard !label.isEmpty else { return nil }
        return fittedText(label, in: radius, offset: 0, preferred: bubble.appearance.fontSize,
                          color: bubble.appearance.labelColor, at: bubble.center, bold: theme.boldLabels)
    }

    /// A translucent disc standing in for the bubble's image, at the image's opacity.
    func placeholder(_ bubble: BubbleSnapshot, radius: Double) -> SceneItem {
        let tint = theme.placeholder.withAlpha(0.25 * bubble.appearance.imageAlpha)
        let stroke = theme.placeholder.withAlpha(0.6 * bubble.appearance.imageAlpha)
        return SceneItem(role: .imagePlaceholder, bubble: bubble.id, shape: .circle(
            bubble.center, radius: radius * 0.7, ScenePaint(fill: tint, stroke: stroke, lineWidth: 1, dash: [3, 2])))
    }

    /// `text` fitted on a horizontal line `offset` below the centre of a circle of `radius`: at
    /// `preferred` size when it fits, shrunk down to the theme's minimum, then ellipsized; nil when
    /// not even "…" fits. The text's box (width × 1.2 em, bold text counted wider) lies inside the
    /// circle.
    func fittedText(_ text: String, in radius: Double, offset: Double, preferred: Double,
                    color: BubbleColor, at center: Vector2, bold: Bool = false) -> SceneText? {
        let minimum = theme.minimumLabelSize
        // The largest size whose line box fits the circle's height at this offset.
        let room = radius - abs(offset)
        let size = min(preferred, room / 0.6 * 0.9)
        guard size >= minimum else { return nil }
        let half = (radius * radius - (abs(offset) + 0.6 * size) * (abs(offset) + 0.6 * size))
        guard half > 0 else { return nil }
        let width = 2 * half.squareRoot() * 0.92
        let widening = bold ? TextFitting.boldWidening : 1
        guard let fitted = TextFitting.fit(text, preferred: size, minimum: minimum, width: width / widening) else { return nil }
        return SceneText(text: fitted.text, center: Vector2(center.x, center.y + offset), fontSize: fitted.fontSize,
                         color: color, width: fitted.width * widening, bold: bold)
    }
}

extension BubbleColor {
    /// The colour with its alpha multiplied by `factor`.
    func withAlpha(_ factor: Double) -> BubbleColor {
        BubbleColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }
}

/// Fitting one line of text to a width with the package's text width model (Balloons'
/// `TextMetrics.sansSerif`): shrink, then ellipsize.
enum TextFitting {
    /// The metrics every scene uses.
    static let metrics = TextMetrics.sansSerif
    /// How much wider bold text is than the metrics' regular text.
    static let boldWidening = 1.1

    /// `text` at the largest size ≤ `preferred` (and ≥ `minimum`) at which it is no wider than
    /// `width`; failing that, cut and ended with "…" at `minimum`; nil when not even "…" fits.
    static func fit(_ text: String, preferred: Double, minimum: Double,
                    width: Double) -> (text: String, fontSize: Double, width: Double)? {
        guard let fitted = try? metrics.fit(text, width: max(0, width), preferredSize: preferred,
                                            minimumSize: min(minimum, preferred)),
              !fitted.text.isEmpty || text.isEmpty else { return nil }
        return (fitted.text, fitted.fontSize, fitted.width)
    }

    /// Width of `text` at `fontSize`, points.
    static func width(_ text: String, fontSize: Double) -> Double {
        metrics.emWidth(of: text) * fontSize
    }
}
