import Balloons
import BubbleScene

/// The measurer a session's scenes lay labels out with once the page has measured its font:
/// the page's widths over the built-in table, seen through the scene's bold widening.
public typealias SceneLabelWidths = BoldCoveringWidths<FontWidthTable>

/// Labels laid out in the page's real font: the page measures the advances of the graphemes its
/// labels use (canvas `measureText`, regular and bold) and passes them in; the scene then sizes
/// and wraps labels with those widths instead of the built-in table. Only the scene changes: the
/// picker's state and its hash do not depend on fonts, so nothing is journaled.
extension PlaygroundSession {
    /// How much wider `SceneBuilder` draws bold labels than their regular widths measure. The
    /// measurer divides the bold widths by it, so a label's drawn width is its measured bold width.
    public static let sceneBoldWidening = 1.1

    /// The most graphemes one call may supply.
    public static let maximumMeasuredGraphemes = 65_536

    /// The built-in table as a `SceneLabelWidths` with nothing measured: every advance and
    /// kerning is the table's (`max(a, a / widening)` is `a`), so scenes laid out with it are the
    /// table's scenes exactly.
    static var builtInLabelWidths: SceneLabelWidths {
        MeasuredWidths(fontFamily: FontWidthTable.liberationSans.fontFamily, fallback: FontWidthTable.liberationSans)
            .coveringBold(widening: sceneBoldWidening)
    }

    /// Lays labels out with widths measured in `fontFamily`: `graphemes[i]` is `regular[i]` em
    /// wide in the regular weight and `bold[i]` em in the bold one (the label weight); graphemes
    /// not supplied are measured by the built-in table. Replaces any earlier widths; the scene's
    /// cached label layouts start afresh (and with them its camera and callout history).
    /// - Throws: `.invalidArgument` naming the field and value for an empty family, more than
    ///   `maximumMeasuredGraphemes`, counts that differ, or a width that is not a finite number of
    ///   em in 0...`MeasuredWidths.maximumAdvance`; nothing changes then.
    /// - Complexity: O(n) for n graphemes.
    public mutating func setLabelWidths(fontFamily: String, graphemes: [Character], regular: [Double],
                                        bold: [Double]) throws(PlaygroundError) {
        guard !fontFamily.isEmpty else { throw .invalidArgument("font family \"\": must name a font") }
        guard graphemes.count <= Self.maximumMeasuredGraphemes else {
            throw .invalidArgument("graphemes count \(graphemes.count): at most \(Self.maximumMeasuredGraphemes)")
        }
        let widths: MeasuredWidths<FontWidthTable>
        do {
            widths = try MeasuredWidths(fontFamily: fontFamily, graphemes: graphemes, regular: regular, bold: bold,
                                        fallback: FontWidthTable.liberationSans)
        } catch {
            throw .invalidArgument(error.description)
        }
        labelWidths = widths.coveringBold(widening: Self.sceneBoldWidening)
        sceneBuilder.reset()
    }

    /// Back to the built-in width table for labels.
    public mutating func clearLabelWidths() {
        guard labelWidths != nil else { return }
        labelWidths = nil
        sceneBuilder.reset()
    }
}
