import Balloons
import BubblePicker

/// What to draw for one frame of a picker: a view box and a list of items in drawing order. Every
/// renderer — the SVG writers, the browser playground, an app's own view — draws this list and
/// nothing else, so they all show the same picture.
///
/// Items come in layer order (``SceneLayer``): the container, then every bubble's circle, then every
/// label and check mark, then callouts, then overlays (finger, drag path, attraction point,
/// off-screen markers). Which optional layers appear is the ``SceneTheme``'s choice.
public struct DrawList: Hashable, Sendable {
    /// Container steps taken.
    public var step: Int
    /// The area shown, points (the camera): the container plus a margin, or, with open borders,
    /// a window that follows the bubbles.
    public var viewBox: Rect
    /// Colour behind everything.
    public var background: BubbleColor
    /// Everything to draw, in order.
    public var items: [SceneItem]
    /// Callouts that had to cover a label, a callout or a selected bubble because no direction
    /// was free of them (placed with the least overlap).
    public var crowdedCallouts: Int

    /// A scene from its parts.
    public init(step: Int, viewBox: Rect, background: BubbleColor, items: [SceneItem], crowdedCallouts: Int = 0) {
        self.step = step
        self.viewBox = viewBox
        self.background = background
        self.items = items
        self.crowdedCallouts = crowdedCallouts
    }
}

/// The layers of a scene, bottom to top.
public enum SceneLayer: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// The container's background and borders.
    case container
    /// Bubble circles and image placeholders.
    case bubbles
    /// Bubble labels and check marks, above every circle so no neighbour hides them.
    case labels
    /// Callout balloons over selected bubbles, with their text.
    case callouts
    /// The finger, the drag path, the attraction point and off-screen markers.
    case overlays

    /// Lower layers are drawn first.
    public static func < (a: SceneLayer, b: SceneLayer) -> Bool { a.rawValue < b.rawValue }
}

/// One thing to draw.
public struct SceneItem: Hashable, Sendable {
    /// What the item shows; with `bubble`, it identifies the item across frames (animations).
    public var role: SceneRole
    /// The bubble it belongs to, if any (circles, labels, placeholders, callouts).
    public var bubble: BubbleID?
    /// What it is.
    public var shape: SceneShape

    /// An item from its parts.
    public init(role: SceneRole, bubble: BubbleID? = nil, shape: SceneShape) {
        self.role = role
        self.bubble = bubble
        self.shape = shape
    }

    /// Its layer (from its role).
    public var layer: SceneLayer { role.layer }
}

/// What a scene item shows.
public enum SceneRole: Hashable, Sendable {
    /// The container's area.
    case containerArea
    /// One border of the container (solid, or dashed when open).
    case border(Borders)
    /// A bubble's circle.
    case bubble
    /// The stand-in for a bubble's image (the app resolves the image by name).
    case imagePlaceholder
    /// A bubble's label.
    case label
    /// The image's name, written on its placeholder.
    case imageName
    /// A selected bubble's check mark: a disc, then the tick over it (two items).
    case checkMark
    /// A selected bubble's callout balloon.
    case callout
    /// The text in a callout.
    case calloutText
    /// The attraction point.
    case anchor
    /// The finger of a gesture in progress.
    case finger
    /// The finger's recent path.
    case trail
    /// A marker at the edge of the view pointing at bubbles outside it (sector 0...7: the edge and
    /// corner directions clockwise from the top).
    case offscreen(Int)
    /// The number of bubbles beside an off-screen marker (same sector).
    case offscreenCount(Int)
    /// The scroll indicator: where the view lies in content longer than it (the fit policy scrolls).
    case scrollIndicator

    /// The layer items of this role are drawn in.
    public var layer: SceneLayer {
        switch self {
        case .containerArea, .border: return .container
        case .bubble, .imagePlaceholder: return .bubbles
        case .label, .imageName, .checkMark: return .labels
        case .callout, .calloutText: return .callouts
        case .scrollIndicator: return .callouts  // view chrome: shown wherever callouts are, debug or not
        case .anchor, .finger, .trail, .offscreen, .offscreenCount: return .overlays
        }
    }
}

/// The primitives a renderer must know: five shapes with a paint.
public enum SceneShape: Hashable, Sendable {
    /// An axis-aligned rectangle.
    case rect(Rect, ScenePaint)
    /// A straight segment from the first point to the second.
    case line(Vector2, Vector2, ScenePaint)
    /// A circle: centre and radius, points.
    case circle(Vector2, radius: Double, ScenePaint)
    /// A path of lines and Béziers (callout balloons, markers, check marks); a renderer draws
    /// its strokes with round caps and joins.
    case path(BezierPath, ScenePaint)
    /// A single line of text, already laid out (see ``SceneText``).
    case text(SceneText)
}

/// How a shape is filled and stroked.
public struct ScenePaint: Hashable, Sendable {
    /// Fill colour, or nil for none.
    public var fill: BubbleColor?
    /// Stroke colour, or nil for none.
    public var stroke: BubbleColor?
    /// Stroke width, points.
    public var lineWidth: Double
    /// Dash pattern (on, off, …), points; empty for a solid line.
    public var dash: [Double]

    /// A paint; by default nothing is drawn.
    public init(fill: BubbleColor? = nil, stroke: BubbleColor? = nil, lineWidth: Double = 1, dash: [Double] = []) {
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.dash = dash
    }
}

/// One line of text, centred on a point, already laid out: a renderer draws `text` at `fontSize` in
/// `fontFamily` (the font its width was measured for) and it is `width` wide by that measure, within
/// `maxWidth`. Text of several lines is one item per line, top to bottom, in the same role.
public struct SceneText: Hashable, Sendable {
    /// The text to draw (possibly ellipsized).
    public var text: String
    /// Centre of the text, points.
    public var center: Vector2
    /// Font size, points.
    public var fontSize: Double
    /// Colour.
    public var color: BubbleColor
    /// Its width at `fontSize` by the measurer that laid it out, points.
    public var width: Double
    /// True for bold (callout titles).
    public var bold: Bool
    /// The CSS `font-family` list the width was measured for (`TextMeasuring.fontFamily`).
    public var fontFamily: String
    /// The widest the line may be drawn, points: the room of its box (a bubble's chord, a callout's
    /// content width). A renderer whose font runs wider than measured may squeeze the line to it.
    public var maxWidth: Double

    /// A text item from its parts; `fontFamily` defaults to the package's default table's
    /// (Liberation Sans) and `maxWidth` to `width`.
    public init(text: String, center: Vector2, fontSize: Double, color: BubbleColor, width: Double, bold: Bool = false,
                fontFamily: String = FontWidthTable.liberationSans.fontFamily, maxWidth: Double? = nil) {
        self.text = text
        self.center = center
        self.fontSize = fontSize
        self.color = color
        self.width = width
        self.bold = bold
        self.fontFamily = fontFamily
        self.maxWidth = maxWidth ?? width
    }
}
