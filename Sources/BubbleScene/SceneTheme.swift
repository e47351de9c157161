import BubblePicker

/// The look of everything a scene draws that the bubbles' own appearances do not set: the
/// palette a bubble without a colour of its own is painted from, how a selected bubble stands out,
/// the container, the optional callouts and debug overlays, and the limits of label fitting.
///
/// The default theme is the picker people know from Apple Music: bubbles in saturated, distinct
/// colours with their label inside; a selected bubble grows (its content's diameter), turns a
/// deeper shade of its colour and shows a check mark. No callouts, no borders, no debug overlays.
/// ``callouts`` adds a balloon over each selected bubble; ``debug`` also draws the borders, the
/// attraction point and the finger.
public struct SceneTheme: Hashable, Sendable {
    // MARK: Canvas

    /// Behind everything. Default white.
    public var background = BubbleColor.white
    /// The container's area. Default a very light grey (iOS's grouped background).
    public var containerFill = BubbleColor(red: 0.949, green: 0.949, blue: 0.969)
    /// Whether the container's borders are drawn: solid ones as lines, open ones dashed.
    /// Default false.
    public var showsBorders = false
    /// A solid border. Default near-black, 2 pt.
    public var solidBorder = BubbleColor(red: 0.11, green: 0.11, blue: 0.12)
    /// An open border, dashed. Default grey, 1 pt.
    public var openBorder = BubbleColor(red: 0.56, green: 0.56, blue: 0.58)
    /// The scroll indicator drawn while the content is longer than the view (a 3 pt bar along the
    /// scroll axis' far edge, as long as the view's share of the content), or nil for none.
    /// Default translucent grey.
    public var scrollIndicator: BubbleColor? = BubbleColor(red: 0.5, green: 0.5, blue: 0.52, alpha: 0.6)

    // MARK: Bubbles

    /// Fill colours of bubbles whose appearance gives none (`BubbleAppearance.backgroundColor`
    /// nil): bubble `id` takes `palette[id % palette.count]`, so a bubble keeps its colour all its
    /// life and bubbles added one after another differ. Default ``defaultPalette``; an empty
    /// palette paints such bubbles `BubbleColor.black`.
    public var palette: [BubbleColor] = SceneTheme.defaultPalette
    /// How a selected bubble's fill differs from its colour. Default a deeper shade: mixed with
    /// black by 0.3.
    public var selectedFill = SelectionFill.mixed(.black, amount: 0.3)
    /// The ring around a selected bubble, 3 pt, or nil for none. Default nil.
    public var selectedRing: BubbleColor? = nil
    /// Whether a selected bubble shows a check mark (a disc of `checkMarkBackground` with a tick
    /// in the bubble's fill, inside its upper right rim; drawn as paths, never as a font glyph).
    /// Bubbles under 24 pt across get none. Default true.
    public var showsCheckMark = true
    /// The check mark's disc. Default white.
    public var checkMarkBackground = BubbleColor.white
    /// The thin outline of every bubble, so overlapping circles of one colour stay apart, or nil
    /// for none. Default translucent white, 1 pt.
    public var bubbleOutline: BubbleColor? = BubbleColor(red: 1, green: 1, blue: 1, alpha: 0.35)
    /// Whether labels are bold (semibold in the picker people know). Default true.
    public var boldLabels = true
    /// Image placeholder tint. Default white.
    public var placeholder = BubbleColor.white
    /// Smallest label font size, points: below it a label is ellipsized, and a bubble too small
    /// for even "…" at this size shows no label (its full label stays in the accessibility
    /// element). A bubble asking for a smaller font gets this size too. Default 11: readable on
    /// a phone, whatever the fit policy shrinks.
    public var minimumLabelSize = 11.0

    // MARK: Callouts

    /// Whether each selected bubble gets a callout balloon holding its text, placed inside the
    /// container where it covers no label, callout or selected bubble. Default false. A build
    /// compiled with `-D SCENE_WITHOUT_CALLOUTS` (the WebAssembly modules, whose exports never
    /// turn callouts on) draws none: the balloon placement code is left out of the module.
    public var showsCallouts = false
    /// Callout balloon fill.
    public var calloutFill = BubbleColor(red: 1, green: 0.984, blue: 0.902)
    /// Callout outline.
    public var calloutStroke = BubbleColor(red: 0.71, green: 0.54, blue: 0)
    /// Callout text.
    public var calloutText = BubbleColor(red: 0.11, green: 0.11, blue: 0.12)
    /// Callout font size, points. Default 13.
    public var calloutFontSize = 13.0
    /// Widest callout text, points (longer text is ellipsized). Default 220.
    public var calloutMaxTextWidth = 220.0

    // MARK: Overlays

    /// Whether the debug overlays are drawn: the attraction point's crosshair, and the finger and
    /// its recent path while a pointer is down. Default false. A build compiled with
    /// `-D SCENE_WITHOUT_DEBUG_OVERLAYS` (the WebAssembly modules, whose exports never turn them
    /// on) draws none.
    public var showsOverlays = false
    /// Whether markers at the edge of the view point at bubbles outside it (open borders), each
    /// with a count. Default true.
    public var showsOffscreenMarkers = true
    /// The attraction point and the off-screen markers. Default blue.
    public var anchor = BubbleColor(red: 0.04, green: 0.52, blue: 1)
    /// The finger and its path. Default translucent orange.
    public var finger = BubbleColor(red: 1, green: 0.58, blue: 0, alpha: 0.8)

    // MARK: Camera

    /// Space around the container in the view, points. Default 40.
    public var margin = 40.0
    /// How far the camera moves toward its target per frame with open borders (0...1). Default 0.2.
    public var cameraSmoothing = 0.2

    /// The default theme: the picker people know (see the type's description).
    public init() {}
}

extension SceneTheme {
    /// Ten saturated colours, each far from the next in order and dark enough for a white label:
    /// red, blue, green, purple, orange, teal, magenta, indigo, amber, brown.
    public static let defaultPalette: [BubbleColor] = [
        BubbleColor(red: 0.843, green: 0.0, blue: 0.082),   // red
        BubbleColor(red: 0.0, green: 0.251, blue: 0.867),   // blue
        BubbleColor(red: 0.141, green: 0.541, blue: 0.239), // green
        BubbleColor(red: 0.537, green: 0.267, blue: 0.671), // purple
        BubbleColor(red: 0.788, green: 0.204, blue: 0.0),   // orange
        BubbleColor(red: 0.0, green: 0.443, blue: 0.643),   // teal
        BubbleColor(red: 0.706, green: 0.075, blue: 0.498), // magenta
        BubbleColor(red: 0.212, green: 0.204, blue: 0.639), // indigo
        BubbleColor(red: 0.659, green: 0.392, blue: 0.0),   // amber
        BubbleColor(red: 0.498, green: 0.396, blue: 0.271), // brown
    ]

    /// The default theme with a callout balloon over each selected bubble, holding its text.
    public static var callouts: SceneTheme {
        var theme = SceneTheme()
        theme.showsCallouts = true
        return theme
    }

    /// The callout theme with the debug layers too: borders (open ones dashed), the attraction
    /// point, and the finger with its path.
    public static var debug: SceneTheme {
        var theme = SceneTheme.callouts
        theme.showsBorders = true
        theme.showsOverlays = true
        return theme
    }

    /// The fill of a bubble: its appearance's colour, else its palette colour; changed by
    /// `selectedFill` when selected.
    public func fill(of bubble: BubbleSnapshot) -> BubbleColor {
        let base = bubble.appearance.backgroundColor?.sanitized ?? paletteColor(for: bubble.id)
        guard bubble.isSelected else { return base }
        switch selectedFill {
        case .unchanged: return base
        case .mixed(let color, let amount): return base.mixed(with: color, by: amount)
        case .solid(let color): return color
        }
    }

    /// The palette colour of a bubble: `palette[id % count]` (black for an empty palette).
    public func paletteColor(for id: BubbleID) -> BubbleColor {
        guard !palette.isEmpty else { return .black }
        let count = palette.count
        return palette[(id.rawValue % count + count) % count]
    }
}

/// How a selected bubble's fill differs from its colour (``SceneTheme/selectedFill``).
public enum SelectionFill: Hashable, Sendable {
    /// The bubble's colour, unchanged.
    case unchanged
    /// The bubble's colour mixed with a colour by an amount, 0...1 (0 keeps it, 1 gives the other
    /// colour), channel by channel, its alpha kept.
    case mixed(BubbleColor, amount: Double)
    /// One colour for every selected bubble.
    case solid(BubbleColor)
}

extension BubbleColor {
    /// This colour moved toward `other` by `fraction` (0 keeps it, 1 gives `other`), channel by
    /// channel, alpha kept.
    func mixed(with other: BubbleColor, by fraction: Double) -> BubbleColor {
        let t = min(max(fraction, 0), 1)
        return BubbleColor(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                           blue: blue + (other.blue - blue) * t, alpha: alpha)
    }
}
