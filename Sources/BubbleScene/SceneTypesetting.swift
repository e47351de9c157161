import Balloons

/// How the scene lays out text: line counts and spacing for bubble labels and callouts. The fonts'
/// widths come from the measurer given to `SceneBuilder.scene(for:measuring:)`; sizes and colours
/// from the theme.
public struct SceneTypesetting: Hashable, Sendable {
    /// The most lines a bubble label may take before it shrinks (then "…"). Default 2.
    public var labelMaximumLines = 2
    /// The most lines a callout's text may take before it is ellipsized (callouts do not shrink).
    /// Default 3.
    public var calloutMaximumLines = 3
    /// Distance between baselines, times the font size. Default 1.2.
    public var lineHeight = 1.2
    /// Share of a bubble's chord a label line may take, 0...1 (air at the rim). Default 0.92.
    public var labelMargin = 0.92

    /// The default typesetting.
    public init() {}
}
