/// A colour with red, green, blue and alpha in 0...1 (sRGB, not premultiplied).
public struct BubbleColor: Hashable, Sendable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0...1.
    public var alpha: Double

    /// A colour from its components, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = BubbleColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = BubbleColor(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = BubbleColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// What a renderer needs to draw one bubble in one selection state. Everything is optional
/// decoration; the model itself only reads diameters.
public struct BubbleAppearance: Hashable, Sendable {
    /// Label text, or nil for none.
    public var text: String?
    /// Name of an image asset the front end resolves, or nil.
    public var imageName: String?
    /// Fill colour of the circle, or nil to let the renderer choose (the scene theme's palette
    /// colour for the bubble's identity).
    public var backgroundColor: BubbleColor?
    /// Opacity of the image, 0...1.
    public var imageAlpha: Double
    /// Whether the label is visible in this state.
    public var showsLabel: Bool
    /// Label font size in points. Typical: 12.
    public var fontSize: Double
    /// Label colour.
    public var labelColor: BubbleColor

    /// An appearance; by default an empty circle in the renderer's colour with a hidden 12 pt
    /// white label.
    public init(text: String? = nil, imageName: String? = nil, backgroundColor: BubbleColor? = nil,
                imageAlpha: Double = 1, showsLabel: Bool = false, fontSize: Double = 12,
                labelColor: BubbleColor = .white) {
        self.text = text
        self.imageName = imageName
        self.backgroundColor = backgroundColor
        self.imageAlpha = imageAlpha
        self.showsLabel = showsLabel
        self.fontSize = fontSize
        self.labelColor = labelColor
    }
}

/// The layout provider behind every bubble: its size in each selection state, and whatever a
/// renderer needs to draw it. A container is generic over it (`BubbleContainer<Content>`), so
/// `bubble.content` is the app's own type; `DefaultBubble` is the stock one. To mix stock and
/// custom bubbles in one picker, write an enum with a case for each and conform it.
///
/// Diameters come from user data, so the container sanitises them: a non-finite or
/// non-positive diameter becomes `PickerConstants.minimumDiameter` (1 pt), and anything above
/// `PickerConstants.maximumDiameter` (10,000 pt) is capped.
public protocol BubbleLayoutProvider {
    /// The diameter in points when `selected` is true or false. Typical: 80 and 106.4.
    func diameter(selected: Bool) -> Double
    /// How to draw the bubble in that state. Default: an empty circle in the renderer's colour.
    func appearance(selected: Bool) -> BubbleAppearance
}

extension BubbleLayoutProvider {
    /// An empty circle in the renderer's colour.
    public func appearance(selected: Bool) -> BubbleAppearance { BubbleAppearance() }
}
