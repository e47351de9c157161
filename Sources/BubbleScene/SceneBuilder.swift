import Balloons
import BubblePicker

/// Turns frames into scenes. It keeps a little state between frames — the camera's position with
/// open borders and each callout's direction — so a sequence of scenes moves smoothly and callouts
/// do not flicker between sides; feed it every frame you draw, in order. Deterministic: the same
/// frames give the same scenes.
///
/// ```swift
/// var builder = SceneBuilder()
/// let scene = builder.scene(for: picker.frame())
/// for item in scene.items { draw(item) }
/// ```
public struct SceneBuilder: Sendable {
    /// Colours, sizes and fitting limits.
    public var theme: SceneTheme
    /// Line counts and spacing of labels and callouts.
    public var typesetting = SceneTypesetting()
    /// The camera's centre after the last frame (nil before the first).
    var cameraCenter: Vector2? = nil
    /// The step of the last frame, to tell a continuing sequence from a jump.
    var lastStep: Int? = nil
    /// Each selected bubble's callout direction in the last frame, in insertion order.
    var calloutDirections: [(BubbleID, StemDirection)] = []
    /// Keep label layouts from frame to frame (same scenes, less text layout). The cache assumes
    /// one measurer per `fontFamily`; `reset()` empties it.
    public var cachesLabelLayouts = false
    var labelLayouts = LabelLayoutCache()

    /// A builder with a theme.
    public init(theme: SceneTheme = SceneTheme()) {
        self.theme = theme
    }

    /// The scene of one frame: container, bubbles, labels, callouts, overlays, in that order (the
    /// callouts and overlays as the theme says), its text measured with the default table
    /// (`FontWidthTable.liberationSans`).
    /// - Complexity: O(n) for n bubbles; O(n + s²) with callouts for s selected ones (callouts
    ///   avoid each other).
    public mutating func scene(for frame: BubbleFrame) -> DrawList {
        scene(for: frame, measuring: FontWidthTable.liberationSans)
    }

    /// The scene of one frame with its text measured by `measurer` (for example widths the page
    /// measured in its real font, `MeasuredWidths`); every text item names `measurer.fontFamily`.
    /// - Complexity: O(n + s²) for n bubbles and s selected ones, times the text's length.
    public mutating func scene<Measurer: TextMeasuring>(for frame: BubbleFrame, measuring measurer: Measurer) -> DrawList {
        let viewBox = moveCamera(for: frame)
        labelLayouts.startFrame()
        var items = containerItems(frame)
        let bubbleLayer = bubbleItems(frame, measurer)
        items += bubbleLayer.circles
        items += bubbleLayer.labels
        var callouts: (items: [SceneItem], crowded: Int) = ([], 0)
        #if SCENE_WITHOUT_CALLOUTS
        calloutDirections = []  // callouts are not compiled in (see `SceneTheme.showsCallouts`)
        #else
        if theme.showsCallouts {
            callouts = calloutItems(frame, labels: bubbleLayer.labels, measurer)
        } else {
            calloutDirections = []
        }
        #endif
        items += callouts.items
        items += overlayItems(frame, viewBox: viewBox)
        lastStep = frame.step
        return DrawList(step: frame.step, viewBox: viewBox, background: theme.background, items: items,
                     crowdedCallouts: callouts.crowded)
    }

    /// Forgets the camera and callout history (the next frame is drawn as if it were the first).
    public mutating func reset() {
        cameraCenter = nil
        lastStep = nil
        calloutDirections = []
        labelLayouts = LabelLayoutCache()
    }

    /// The container's area and, when the theme shows them, its four borders (open ones dashed).
    func containerItems(_ frame: BubbleFrame) -> [SceneItem] {
        let rect = frame.container
        var items = [SceneItem(role: .containerArea, shape: .rect(rect, ScenePaint(fill: theme.containerFill)))]
        guard theme.showsBorders else { return items }
        let corners = [Vector2(rect.minX, rect.minY), Vector2(rect.maxX, rect.minY),
                       Vector2(rect.maxX, rect.maxY), Vector2(rect.minX, rect.maxY)]
        let edges: [Borders] = [.top, .right, .bottom, .left]
        for (index, edge) in edges.enumerated() {
            let solid = frame.solidBorders.contains(edge)
            let paint = solid ? ScenePaint(stroke: theme.solidBorder, lineWidth: 2)
                              : ScenePaint(stroke: theme.openBorder, lineWidth: 1, dash: [6, 4])
            items.append(SceneItem(role: .border(edge), shape: .line(corners[index], corners[(index + 1) % 4], paint)))
        }
        return items
    }
}
