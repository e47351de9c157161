import Testing
import BubbleGeometry
@testable import Balloons

/// Widths a page measured in its font, regular and bold, as a layout sees them.
@Suite("Measured widths, regular and bold")
struct MeasuredBoldWidthsTests {
    static let graphemes: [Character] = ["J", "a", "z", "é", "👍🏽"]
    static let regular = [0.5, 0.6, 0.55, 0.6, 1.2]
    static let bold = [0.56, 0.7, 0.6, 0.7, 1.2]

    static func widths() throws -> MeasuredWidths<FontWidthTable> {
        try MeasuredWidths(fontFamily: "monospace", graphemes: graphemes, regular: regular, bold: bold,
                           fallback: FontWidthTable.liberationSans)
    }

    @Test("built from the page's numbers: regular and bold advances per grapheme, the fallback for the rest")
    func built() throws {
        let widths = try Self.widths()
        for (index, grapheme) in Self.graphemes.enumerated() {
            #expect(widths.advance(of: grapheme) == Self.regular[index])
            #expect(widths.boldAdvance(of: grapheme) == Self.bold[index])
        }
        #expect(widths.advance(of: "Q") == FontWidthTable.liberationSans.advance(of: "Q"))
        #expect(widths.boldAdvance(of: "Q") == FontWidthTable.liberationSans.advance(of: "Q"))
        #expect(widths.count == 5 && widths.fontFamily == "monospace")
    }

    @Test("every width that is not a finite number of em in 0...64 is refused, naming the weight, grapheme and value",
          arguments: [Double.nan, -0.01, .infinity, -.infinity, 64.5, 1e300])
    func refused(_ bad: Double) throws {
        var regular = Self.regular, bold = Self.bold
        regular[2] = bad
        #expect(throws: BalloonError.self) {
            _ = try MeasuredWidths(fontFamily: "x", graphemes: Self.graphemes, regular: regular, bold: Self.bold,
                                   fallback: FontWidthTable.liberationSans)
        }
        do {
            _ = try MeasuredWidths(fontFamily: "x", graphemes: Self.graphemes, regular: regular, bold: Self.bold,
                                   fallback: FontWidthTable.liberationSans)
        } catch {
            #expect(error.description == "regular width of \"z\" \(bad.description) must be a finite number of em in 0...64")
        }
        bold[4] = bad
        do {
            _ = try MeasuredWidths(fontFamily: "x", graphemes: Self.graphemes, regular: Self.regular, bold: bold,
                                   fallback: FontWidthTable.liberationSans)
            Issue.record("bold \(bad) accepted")
        } catch {
            #expect(error.description.hasPrefix("bold width of \"👍🏽\" \(bad.description)"), "\(error.description)")
        }
        var one = try Self.widths()
        #expect(throws: BalloonError.self) { try one.setBold("a", em: bad) }
        #expect(one.boldAdvance(of: "a") == 0.7, "a refused width changes nothing")
    }

    @Test("counts that differ from the graphemes' are refused, naming the list and its count")
    func counts() {
        do {
            _ = try MeasuredWidths(fontFamily: "x", graphemes: Self.graphemes, regular: [0.5], bold: Self.bold,
                                   fallback: FontWidthTable.liberationSans)
            Issue.record("short regular list accepted")
        } catch {
            #expect(error.description == "regular widths count 1 must equal the count of graphemes, 5")
        }
        #expect(throws: BalloonError.self) {
            _ = try MeasuredWidths(fontFamily: "x", graphemes: Self.graphemes, regular: Self.regular, bold: [],
                                   fallback: FontWidthTable.liberationSans)
        }
    }

    @Test("the bold-covering view: max(regular, bold / widening), so widened bold text and regular text both fit")
    func covering() throws {
        let view = try Self.widths().coveringBold(widening: 1.1)
        for (index, grapheme) in Self.graphemes.enumerated() {
            #expect(view.advance(of: grapheme) == max(Self.regular[index], Self.bold[index] / 1.1))
            #expect(view.advance(of: grapheme) * 1.1 >= Self.bold[index] - 1e-12)
            #expect(view.advance(of: grapheme) >= Self.regular[index])
        }
        #expect(view.fontFamily == "monospace")
        #expect(abs(view.emWidth(of: "Jazz") - (view.advance(of: "J") + view.advance(of: "a") + 2 * view.advance(of: "z"))) < 1e-12)
    }

    @Test("labels laid out in circles with wide measured widths fit: every line's box inside its circle, measured bold")
    func fitsInCircles() throws {
        // A wide face: every ASCII letter 0.75 em regular and 0.82 em bold (wider than Liberation Sans's ~0.55).
        let letters = (32...126).map { Character(Unicode.Scalar(UInt8($0))) }
        let widths = try MeasuredWidths(fontFamily: "wide", graphemes: letters, regular: letters.map { _ in 0.75 },
                                        bold: letters.map { _ in 0.82 }, fallback: FontWidthTable.liberationSans)
        let view = widths.coveringBold(widening: 1.1)
        let style = TextStyle(preferredSize: 15, minimumSize: 9, maximumLines: 2, lineHeight: 1.2)
        for (label, radius) in [("Alternative", 40.0), ("Hip-Hop", 30), ("Singer Songwriter", 55), ("Jazz", 20), ("Electronic Dance", 35)] {
            let laid = try view.layout(label, inCircleOfRadius: radius, margin: 0.92 / 1.1, style: style)
            #expect(!laid.lines.isEmpty, "\(label)")
            for line in laid.lines {
                let regularDrawn = widths.emWidth(of: line.text) * laid.fontSize
                let boldDrawn = line.text.reduce(0.0) { $0 + widths.boldAdvance(of: $1) } * laid.fontSize
                #expect(line.width * 1.1 >= boldDrawn - 1e-9 && line.width >= regularDrawn - 1e-9, "\(label): \(line.text)")
                // The widest point of the line's box: its half width at the block's top or bottom edge.
                let half = boldDrawn / 2, reach = laid.height / 2
                #expect(half * half + reach * reach <= radius * radius + 1e-9, "\(label): \(line.text) leaves radius \(radius)")
            }
        }
    }
}
