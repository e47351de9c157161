import Balloons
import BubblePicker

/// Bubbles: every circle (with its image placeholder), then every label above all circles.
extension SceneBuilder {
    /// The circles and placeholders (bubble layer) and the labels and image names (label layer).
    func bubbleItems(_ frame: BubbleFrame) -> (circles: [SceneItem], labels: [SceneItem]) {
        var circles: [SceneItem] = [], labels: [SceneItem] = []
        for bubble in frame.bubbles {
            let radius = bubble.drawnDiameter * 0.5
            guard radius > 0, bubble.center.isFinite else { continue }  // waiting, or never shown
            let look = bubble.appearance.sanitized
            let paint = bubble.isSelected ? ScenePaint(fill: look.backgroundColor, stroke: theme.selectedRing, lineWidth: 3)
                                          : ScenePaint(fill: look.backgroundColor, stroke: theme.bubbleOutline, lineWidth: 1)
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
            if !label.isEmpty, let text = fittedText(label, in: radius, offset: 0, preferred: look.fontSize,
                                                     color: look.labelColor, at: bubble.center) {
                labels.append(SceneItem(role: .label, bubble: bubble.id, shape: .text(text)))
            }
        }
        return (circles, labels)
    }

    /// A translucent disc standing in for the bubble's image, at the image's opacity.
    func placeholder(_ bubble: BubbleSnapshot, radius: Double) -> SceneItem {
        let imageAlpha = bubble.appearance.sanitized.imageAlpha
        let tint = theme.placeholder.withAlpha(0.25 * imageAlpha)
        let stroke = theme.placeholder.withAlpha(0.6 * imageAlpha)
        return SceneItem(role: .imagePlaceholder, bubble: bubble.id, shape: .circle(
            bubble.center, radius: radius * 0.7, ScenePaint(fill: tint, stroke: stroke, lineWidth: 1, dash: [3, 2])))
    }

    /// `text` fitted on a horizontal line `offset` below the centre of a circle of `radius`: at
    /// `preferred` size when it fits, shrunk down to the theme's minimum, then ellipsized; nil when
    /// not even "…" fits. The text's box (width × 1.2 em) lies inside the circle.
    func fittedText(_ text: String, in radius: Double, offset: Double, preferred: Double,
                    color: BubbleColor, at center: Vector2) -> SceneText? {
        let minimum = theme.minimumLabelSize
        // The largest size whose line box fits the circle's height at this offset.
        let room = radius - abs(offset)
        let size = min(preferred, room / 0.6 * 0.9)
        guard size >= minimum else { return nil }
        let half = (radius * radius - (abs(offset) + 0.6 * size) * (abs(offset) + 0.6 * size))
        guard half > 0 else { return nil }
        let width = 2 * half.squareRoot() * 0.92
        guard let fitted = TextFitting.fit(text, preferred: size, minimum: minimum, width: width) else { return nil }
        return SceneText(text: fitted.text, center: Vector2(center.x, center.y + offset), fontSize: fitted.fontSize,
                         color: color, width: fitted.width)
    }
}

extension BubbleColor {
    /// The colour (sanitised) with its alpha multiplied by `factor` (a factor in 0...1 keeps it in 0...1).
    func withAlpha(_ factor: Double) -> BubbleColor {
        let color = sanitized
        return BubbleColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * factor)
    }
}

extension BubbleAppearance {
    /// The appearance as the scene draws it. It comes from the app's own layout provider, so every
    /// number is made drawable here: colours as `BubbleColor.sanitized`, a NaN `imageAlpha` as 1
    /// (others clamped to 0...1), a NaN font size as 12 (an infinite or huge one is limited by the
    /// circle, a negative one shows no label).
    var sanitized: BubbleAppearance {
        var look = self
        look.backgroundColor = backgroundColor.sanitized
        look.labelColor = labelColor.sanitized
        look.imageAlpha = imageAlpha.isNaN ? 1 : min(max(imageAlpha, 0), 1)
        if fontSize.isNaN { look.fontSize = 12 }
        return look
    }
}

/// Fitting one line of text to a width with the package's text width model (Balloons'
/// `TextMetrics.sansSerif`): shrink, then ellipsize.
enum TextFitting {
    /// The metrics every scene uses.
    static let metrics = TextMetrics.sansSerif

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
