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

    /// The colour every renderer in this package draws: each component clamped to 0...1, with NaN
    /// red, green or blue read as 0 and a NaN alpha as 1 (a colour with every component NaN is
    /// opaque black: drawn, never dropped). Colours come from an app's own types, so the scene
    /// model, the SVG writers and the browser encoding apply this before any number is written.
    public var sanitized: BubbleColor {
        func unit(_ value: Double, nan: Double) -> Double { value.isNaN ? nan : (value < 0 ? 0 : (value > 1 ? 1 : value)) }
        return BubbleColor(red: unit(red, nan: 0), green: unit(green, nan: 0), blue: unit(blue, nan: 0),
                           alpha: unit(alpha, nan: 1))
    }
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
    /// What assistive technology calls the bubble (VoiceOver reads it; an ARIA option's name):
    /// a short noun such as the genre's name, without "selected" or "button" (those are
    /// traits). Default: the unselected appearance's text, or "" when it has none.
    var accessibilityLabel: String { get }
}

extension BubbleLayoutProvider {
    /// An empty circle in the renderer's colour.
    public func appearance(selected: Bool) -> BubbleAppearance { BubbleAppearance() }

    /// The unselected appearance's text, or "".
    public var accessibilityLabel: String { appearance(selected: false).text ?? "" }
}
