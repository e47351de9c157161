import Balloons
import BubblePicker

/// Bubbles: every circle (with its image placeholder), then every label and check mark above all
/// circles.
extension SceneBuilder {
    /// The circles and placeholders (bubble layer) and the labels, image names and check marks
    /// (label layer), one text item per line.
    mutating func bubbleItems<M: TextMeasuring>(_ frame: BubbleFrame, _ measurer: M) -> (circles: [SceneItem], labels: [SceneItem]) {
        var circles: [SceneItem] = [], labels: [SceneItem] = []
        for bubble in frame.bubbles {
            let radius = bubble.drawnDiameter * 0.5
            guard radius > 0, bubble.center.isFinite else { continue }  // waiting, or never shown
            let look = bubble.appearance.sanitized
            let fill = theme.fill(of: bubble)
            let ring = bubble.isSelected ? theme.selectedRing : nil
            let paint = ring.map { ScenePaint(fill: fill, stroke: $0, lineWidth: 3) }
                ?? ScenePaint(fill: fill, stroke: theme.bubbleOutline, lineWidth: 1)
            circles.append(SceneItem(role: .bubble, bubble: bubble.id, shape: .circle(bubble.center, radius: radius, paint)))
            let label = look.showsLabel ? look.text ?? "" : ""
            if let image = look.imageName {
                circles.append(placeholder(bubble, radius: radius))
                let below = label.isEmpty ? 0 : 0.42 * radius
                for line in fittedText(image, in: radius, offset: below, preferred: look.fontSize * 0.75, lines: 1,
                                       color: look.labelColor.withAlpha(look.imageAlpha), at: bubble.center, measurer) {
                    labels.append(SceneItem(role: .imageName, bubble: bubble.id, shape: .text(line)))
                }
            }
            // Beside an image name the label keeps to one line.
            let lines = look.imageName == nil ? typesetting.labelMaximumLines : 1
            for line in fittedText(label, in: radius, offset: 0, preferred: look.fontSize, lines: lines,
                                   color: look.labelColor, at: bubble.center, measurer, bold: theme.boldLabels) {
                labels.append(SceneItem(role: .label, bubble: bubble.id, shape: .text(line)))
            }
            if bubble.isSelected && theme.showsCheckMark { labels += checkMark(bubble, radius: radius, tick: fill) }
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

    /// `text` laid out in up to `lines` lines centred `offset` below the centre of a circle of
    /// `radius`: wrapped before it shrinks, shrunk down to the theme's minimum, then ellipsized; no
    /// lines when not even "…" fits. Every line's box (its width × the line height; bold text
    /// counted `TextFitting.boldWidening` wider) lies inside the circle, within the typesetting's
    /// margin of its chord.
    mutating func fittedText<M: TextMeasuring>(_ text: String, in radius: Double, offset: Double, preferred: Double, lines: Int,
                                      color: BubbleColor, at center: Vector2, _ measurer: M,
                                      bold: Bool = false) -> [SceneText] {
        // Never under the theme's minimum, whatever the bubble asks for: shortened or hidden instead.
        let minimum = max(theme.minimumLabelSize, 0)
        let style = TextStyle(preferredSize: max(preferred, minimum), minimumSize: minimum, maximumLines: max(lines, 1),
                              lineHeight: typesetting.lineHeight)
        let widening = bold ? TextFitting.boldWidening : 1
        let margin = min(max(typesetting.labelMargin, 0), 1)
        let make = { try? measurer.layout(text, inCircleOfRadius: radius, offset: offset, margin: margin / widening, style: style) }
        let found: TextLayout?
        if cachesLabelLayouts {
            found = labelLayouts.layout(LabelLayoutCache.Key(text: text, radius: radius, offset: offset, margin: margin / widening,
                                                             style: style, fontFamily: measurer.fontFamily), make)
        } else {
            found = make()
        }
        guard let layout = found, !layout.lines.isEmpty else { return [] }
        let reach = abs(offset) + layout.height / 2
        let room = 2 * max(radius * radius - reach * reach, 0).squareRoot() * margin
        let centers = layout.lineCenters(around: Vector2(center.x, center.y + offset))
        return zip(layout.lines, centers).map { line, point in
            SceneText(text: line.text, center: point, fontSize: layout.fontSize, color: color,
                      width: line.width * widening, bold: bold, fontFamily: measurer.fontFamily,
                      maxWidth: max(room, line.width * widening))
        }
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
    /// number is made drawable here: colours as `BubbleColor.sanitized` (a nil background stays nil:
    /// the theme's palette), a NaN `imageAlpha` as 1 (others clamped to 0...1), a NaN font size as 12
    /// (an infinite or huge one is limited by the circle, a negative one shows no label).
    var sanitized: BubbleAppearance {
        var look = self
        look.backgroundColor = backgroundColor?.sanitized
        look.labelColor = labelColor.sanitized
        look.imageAlpha = imageAlpha.isNaN ? 1 : min(max(imageAlpha, 0), 1)
        if fontSize.isNaN { look.fontSize = 12 }
        return look
    }
}

/// Widths of short overlay texts (counts) with the default table.
enum TextFitting {
    /// The table scenes use when no measurer is given.
    static let metrics = FontWidthTable.liberationSans
    /// How much wider bold text is than the table's regular text.
    static let boldWidening = 1.1

    /// Width of `text` at `fontSize`, points.
    static func width(_ text: String, fontSize: Double) -> Double {
        metrics.emWidth(of: text) * fontSize
    }
}
