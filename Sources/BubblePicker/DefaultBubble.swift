/// The data of a stock bubble (UEBubbleData's data half).
public struct BubbleData: Hashable, Sendable {
    /// Label text. Default "Bubble".
    public var text: String
    /// Image asset name, resolved by the front end. Default nil.
    public var imageName: String?

    /// Data with a label and an optional image name.
    public init(text: String = "Bubble", imageName: String? = nil) {
        self.text = text
        self.imageName = imageName
    }
}

/// The style of a stock bubble (UEBubbleConfiguration). The defaults give the picker people know
/// from Apple Music — a bubble in its renderer's palette colour with its label inside, selected or
/// not; `ueBubblePicker` is UEBubblePicker's look.
public struct BubbleStyle: Hashable, Sendable {
    /// Diameter when unselected, points. Default 80.
    public var minSize: Double = 80
    /// Diameter when selected, points. Default 80 × 1.33 = 106.4.
    public var maxSize: Double = 80 * 1.33
    /// Fill colour, or nil for the renderer's palette colour (different bubbles, different
    /// colours). Default nil.
    public var backgroundColor: BubbleColor? = nil
    /// Image opacity while unselected, 0...1 (selected shows it fully). Default 0.33.
    public var imageAlphaUnselected: Double = 0.33
    /// Whether the label is shown. Default true.
    public var hasLabel: Bool = true
    /// Whether a selected bubble hides its label (showing its image fully), as UEBubblePicker
    /// does. Default false: a bubble shows its label in both states.
    public var hidesLabelWhenSelected: Bool = false
    /// Label font size, points (a renderer shrinks it to fit). Default 14.
    public var labelFontSize: Double = 14
    /// Label colour. Default white.
    public var labelColor: BubbleColor = .white

    /// Diameters a bubble may have, points: what every container sanitises a provider's
    /// diameters to, and what the scenario format accepts for `minSize` and `maxSize`.
    public static var sizeRange: SettingRange<Double> { SettingRange("size", 1...10_000) }

    /// Label font sizes, points.
    public static var labelFontSizeRange: SettingRange<Double> { SettingRange("labelFontSize", 1...1000) }

    /// The stock style.
    public init() {}

    /// UEBubblePicker's look: black bubbles with a 12 pt label, hidden while selected.
    public static var ueBubblePicker: BubbleStyle {
        var style = BubbleStyle()
        style.backgroundColor = .black
        style.labelFontSize = 12
        style.hidesLabelWhenSelected = true
        return style
    }

    /// The stock style with other sizes.
    public init(minSize: Double, maxSize: Double) {
        self.minSize = minSize
        self.maxSize = maxSize
    }
}

/// The stock bubble: text, an optional image name, and a `BubbleStyle`. Unselected it shows its
/// label over a dimmed image at `minSize`; selected it grows to `maxSize` and shows the image
/// fully, with its label (hidden with `hidesLabelWhenSelected`, as in UEBubblePicker).
public struct DefaultBubble: BubbleLayoutProvider, Hashable, Sendable {
    /// Label text and image name.
    public var data: BubbleData
    /// Sizes, colours and label settings.
    public var style: BubbleStyle

    /// A stock bubble from its data and style.
    public init(data: BubbleData = BubbleData(), style: BubbleStyle = BubbleStyle()) {
        self.data = data
        self.style = style
    }

    /// A stock bubble with a label, an optional image name and a style.
    public init(text: String, imageName: String? = nil, style: BubbleStyle = BubbleStyle()) {
        self.init(data: BubbleData(text: text, imageName: imageName), style: style)
    }

    /// The style's `minSize`, or `maxSize` when selected, in points.
    public func diameter(selected: Bool) -> Double { selected ? style.maxSize : style.minSize }

    /// The style's colours, label and image, selected or not.
    public func appearance(selected: Bool) -> BubbleAppearance {
        BubbleAppearance(text: data.text, imageName: data.imageName, backgroundColor: style.backgroundColor,
                         imageAlpha: selected ? 1 : style.imageAlphaUnselected,
                         showsLabel: style.hasLabel && !(selected && style.hidesLabelWhenSelected),
                         fontSize: style.labelFontSize,
                         labelColor: style.labelColor)
    }
}
