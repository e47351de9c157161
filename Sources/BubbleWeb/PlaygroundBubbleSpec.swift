import BubbleGeometry
import BubblePicker

/// A bubble a page adds by its parts (`engine.add({ label, tag, size, selected, color, at })`):
/// a stock bubble with that label, its unselected diameter `size` (selected: ×`selectedGrowth`),
/// an optional fill colour and an optional place.
public struct PlaygroundBubbleSpec: Equatable, Sendable {
    /// The label.
    public var label: String
    /// The app's tag (any integer; `removeTag` and `selectTag` address bubbles by it).
    public var tag: Int
    /// Unselected diameter, points (nil: the stock 80 pt). Must be in `BubbleStyle.sizeRange`.
    public var size: Double?
    /// Added selected (as far as `maxSelected` allows).
    public var selected: Bool
    /// The fill colour (nil: the theme's palette).
    public var color: BubbleColor?
    /// Where to place it, container points (nil: the picker's spawn rule).
    public var at: Vector2?

    /// Selected bubbles grow by this factor (the stock bubble's).
    public static let selectedGrowth = 1.33

    /// A spec from its parts.
    public init(label: String, tag: Int = 0, size: Double? = nil, selected: Bool = false, color: BubbleColor? = nil, at: Vector2? = nil) {
        self.label = label
        self.tag = tag
        self.size = size
        self.selected = selected
        self.color = color
        self.at = at
    }

    /// The stock bubble this spec describes.
    var content: PlaygroundBubble {
        var style = size.map { BubbleStyle(minSize: $0, maxSize: $0 * Self.selectedGrowth) } ?? BubbleStyle()
        style.backgroundColor = color
        if let size { style.labelFontSize = Self.fontSize(for: size) }
        return .standard(DefaultBubble(text: label, style: style))
    }

    /// The label's font size for a diameter: the stock 14 pt at 80 pt, in proportion below it.
    static func fontSize(for size: Double) -> Double { size >= 80 ? 14 : max(6, 14 * size / 80) }

    /// Throws `.invalidArgument` naming the first field out of range.
    func validate() throws(PlaygroundError) {
        if let size, !BubbleStyle.sizeRange.contains(size) {
            throw .invalidArgument("size: \(size.description) \(BubbleStyle.sizeRange.requirement)")
        }
        if let color { try Self.check(color) }
        if let at, !(at.x.isFinite && at.y.isFinite && abs(at.x) <= 1e7 && abs(at.y) <= 1e7) {
            throw .invalidArgument("at: (\(at.x.description), \(at.y.description)) must be finite points within ±10000000")
        }
    }

    /// Throws `.invalidArgument` unless each component is in 0...1.
    static func check(_ color: BubbleColor) throws(PlaygroundError) {
        for value in [color.red, color.green, color.blue] where !(value >= 0 && value <= 1) {
            throw .invalidArgument("color: component \(value.description) must be in 0...1")
        }
    }
}

/// What `engine.update(id, { label, tag, size, color })` changes: nil fields stay.
public struct PlaygroundBubbleUpdate: Equatable, Sendable {
    /// A new label.
    public var label: String?
    /// A new tag.
    public var tag: Int?
    /// A new unselected diameter, points (in `BubbleStyle.sizeRange`).
    public var size: Double?
    /// A new fill colour.
    public var color: BubbleColor?

    /// An update from its parts.
    public init(label: String? = nil, tag: Int? = nil, size: Double? = nil, color: BubbleColor? = nil) {
        self.label = label
        self.tag = tag
        self.size = size
        self.color = color
    }

    /// `content` with this update's label, size and colour applied (a badge becomes a stock
    /// bubble only when a field that only stock bubbles have changes).
    func applied(to content: PlaygroundBubble) -> PlaygroundBubble {
        guard label != nil || size != nil || color != nil else { return content }
        var bubble: DefaultBubble
        switch content {
        case .standard(let stock): bubble = stock
        case .badge(let badge):
            var style = BubbleStyle(minSize: badge.size, maxSize: badge.size * Badge.selectedGrowth)
            style.backgroundColor = badge.color
            bubble = DefaultBubble(text: badge.title, style: style)
        }
        if let label { bubble.data.text = label }
        if let size {
            bubble.style.minSize = size
            bubble.style.maxSize = size * PlaygroundBubbleSpec.selectedGrowth
            bubble.style.labelFontSize = PlaygroundBubbleSpec.fontSize(for: size)
        }
        if let color { bubble.style.backgroundColor = color }
        return .standard(bubble)
    }

    /// Throws `.invalidArgument` naming the first field out of range.
    func validate() throws(PlaygroundError) {
        if let size, !BubbleStyle.sizeRange.contains(size) {
            throw .invalidArgument("size: \(size.description) \(BubbleStyle.sizeRange.requirement)")
        }
        if let color { try PlaygroundBubbleSpec.check(color) }
    }
}
