import BubblePicker

/// The colours and sizes of everything a scene draws that the bubbles' own appearances do not
/// set: the container, callouts, overlays and the limits of label fitting.
public struct SceneTheme: Hashable, Sendable {
    /// Behind everything. Default white.
    public var background = BubbleColor.white
    /// The container's area. Default a very light grey.
    public var containerFill = BubbleColor(red: 0.97, green: 0.97, blue: 0.98)
    /// A solid border. Default near-black, 2 pt.
    public var solidBorder = BubbleColor(red: 0.11, green: 0.11, blue: 0.12)
    /// An open border, dashed. Default grey, 1 pt.
    public var openBorder = BubbleColor(red: 0.56, green: 0.56, blue: 0.58)
    /// The thin outline of an unselected bubble, so overlapping circles stay distinct. Default
    /// translucent white, 1 pt.
    public var bubbleOutline = BubbleColor(red: 1, green: 1, blue: 1, alpha: 0.35)
    /// The ring drawn around a selected bubble, 3 pt. Default pink.
    public var selectedRing = BubbleColor(red: 1, green: 0.22, blue: 0.37)
    /// Image placeholder tint. Default white.
    public var placeholder = BubbleColor.white
    /// Callout balloon fill, outline and text.
    public var calloutFill = BubbleColor(red: 1, green: 0.984, blue: 0.902)
    /// Callout outline.
    public var calloutStroke = BubbleColor(red: 0.71, green: 0.54, blue: 0)
    /// Callout text.
    public var calloutText = BubbleColor(red: 0.11, green: 0.11, blue: 0.12)
    /// Callout font size, points. Default 13.
    public var calloutFontSize = 13.0
    /// Widest callout text, points (longer text is ellipsized). Default 220.
    public var calloutMaxTextWidth = 220.0
    /// The attraction point and the off-screen markers. Default blue.
    public var anchor = BubbleColor(red: 0.04, green: 0.52, blue: 1)
    /// The finger and its path. Default translucent orange.
    public var finger = BubbleColor(red: 1, green: 0.58, blue: 0, alpha: 0.8)
    /// Smallest label font size, points: below it a label is ellipsized, and a bubble too small
    /// for even "…" at this size shows no label. Default 7.
    public var minimumLabelSize = 7.0
    /// Space around the container in the view, points. Default 40.
    public var margin = 40.0
    /// How far the camera moves toward its target per frame with open borders (0...1). Default 0.2.
    public var cameraSmoothing = 0.2

    /// The default theme.
    public init() {}
}
