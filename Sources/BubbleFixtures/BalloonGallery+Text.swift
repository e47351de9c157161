import Balloons
import BubbleSVG

/// Gallery pages of text: multi-line callouts, scripts and emoji, and chat conversations.
extension BalloonGallery {
    /// The table every gallery page measures with (its SVG text names the same family list).
    static let measurer = FontWidthTable.liberationSans

    /// Draws `layout`'s lines centred on `center` (or starting at `center.x` with `.start`), each
    /// recording `room` as the width it was laid out for.
    static func draw(_ layout: TextLayout, center: Vector2, room: Double, fill: String = "#222222",
                     anchor: SVGDocument.TextAnchor = .middle, into doc: inout SVGDocument) {
        for (line, point) in zip(layout.lines, layout.lineCenters(around: center)) {
            doc.addText(line.text, at: point, size: layout.fontSize, fill: fill, anchor: anchor,
                        fontFamily: measurer.fontFamily, maxWidth: room)
        }
    }

    /// Callouts whose text wraps to up to three lines of at most 160 pt, placed over targets.
    static func multilineCallouts() throws(BalloonError) -> GalleryEntry {
        let container = Rect(x: 0, y: 0, width: 560, height: 300)
        var doc = SVGDocument(viewBox: container.insetBy(dx: -4, dy: -4), background: "#ffffff")
        doc.addRect(container, stroke: "#bbbbbb", dashed: true)
        let texts: [(String, Vector2, [StemDirection])] = [
            ("Singer/Songwriter classics from the seventies", Vector2(x: 110, y: 220), [.down]),
            ("Two lines\nexactly", Vector2(x: 290, y: 230), [.down]),
            ("A much longer description than any callout should ever carry, so it ends in an ellipsis", Vector2(x: 450, y: 220), [.down]),
            ("Short", Vector2(x: 110, y: 60), [.up]),
            ("Wraps between words, never inside one", Vector2(x: 380, y: 50), [.up]),
        ]
        let style = TextStyle(preferredSize: 13, minimumSize: 13, maximumLines: 3)
        for (text, target, permitted) in texts {
            let layout = try measurer.layout(text, width: 160, style: style)
            let placed = try BalloonPlacement.place(target: .circle(center: target, radius: 12), contentSize: layout.size,
                                                    container: container, permitted: permitted)
            doc.addCircle(center: target, radius: 12, fill: "#fbbc04")
            doc.add(try placed.path, fill: fill, stroke: stroke, strokeWidth: 1.5)
            draw(layout, center: placed.contentRect.center, room: placed.contentRect.width, into: &doc)
        }
        return GalleryEntry(name: "text-multiline-callouts", title: "Callouts wrapping at word boundaries (160 pt, up to 3 lines, "
            + "explicit newlines kept, then an ellipsis), measured with the Liberation Sans table", svg: doc.text)
    }

    /// Japanese, emoji and Devanagari labels in balloons and in circles (two lines before shrinking).
    static func scripts() throws(BalloonError) -> GalleryEntry {
        let samples = ["日本語のテキストを折り返す", "東京タワー。", "👨‍👩‍👧 🇯🇵 1️⃣ 👍🏽", "नमस्ते दुनिया", "हिन्दी संगीत", "が\u{3099}ぎぐげご"]
        var doc = SVGDocument(viewBox: Rect(x: 0, y: 0, width: 6 * 130 + 10, height: 250), background: "#ffffff")
        for (i, text) in samples.enumerated() {
            let x = 10 + Double(i) * 130
            let layout = try measurer.layout(text, width: 100, style: TextStyle(preferredSize: 15, minimumSize: 15, maximumLines: 3))
            let body = Rect(x: x, y: 10, width: 120, height: max(layout.height + 16, 40))
            doc.add(try BezierPath.balloon(around: body, configuration: BalloonConfiguration(stem: StemConfiguration(size: Size(width: 16, height: 10)))),
                    fill: fill, stroke: stroke, strokeWidth: 1.5)
            draw(layout, center: body.center, room: 100, into: &doc)
            let center = Vector2(x: x + 60, y: 180), radius = 52.0
            doc.addCircle(center: center, radius: radius, fill: "#5856d6")
            let label = try measurer.layout(text, inCircleOfRadius: radius, style: TextStyle(preferredSize: 15, minimumSize: 8, maximumLines: 2))
            let reach = label.height / 2
            let room = 2 * max(radius * radius - reach * reach, 0).squareRoot() * 0.92
            draw(label, center: center, room: room, fill: "#ffffff", into: &doc)
        }
        return GalleryEntry(name: "text-scripts", title: "Japanese (wrapped between characters, no line starting with 。), emoji sequences, "
            + "Devanagari: balloons of 100 pt text, and bubble labels of two lines before shrinking; graphemes never split", svg: doc.text)
    }

    /// A conversation: each message wrapped to at most 220 pt and 4 lines at 15 pt (12 pt minimum),
    /// its bubble sized to the text; consecutive messages from one side have no tail but the last.
    static func conversation() throws(BalloonError) -> GalleryEntry {
        let messages: [(String, ChatTail)] = [
            ("Hi! Are we still on for tonight?", .bottomLeft), ("Yes, 7:30 at the usual place", .bottomRight),
            ("Great!", .bottomLeft), ("I might be ten minutes late, the trains are a complete mess again today", .bottomRight),
            ("Sorry 🙏", .bottomRight), ("No problem", .bottomLeft), ("OK", .bottomRight),
        ]
        let width = 320.0, padding = 12.0, tailWidth = 6.0
        let style = TextStyle(preferredSize: 15, minimumSize: 12, maximumLines: 4, lineHeight: 1.25)
        var y = 8.0
        var parts: [(Rect, ChatTail, TextLayout, Bool)] = []
        for (i, (text, side)) in messages.enumerated() {
            let layout = try measurer.layout(text, width: 220, style: style)
            let height = max(layout.height + 14, 34)
            let bubbleWidth = layout.boxWidth + 2 * padding + tailWidth
            let x = side == .bottomLeft ? 8 : width - 8 - bubbleWidth
            let last = i + 1 == messages.count || messages[i + 1].1 != side
            parts.append((Rect(x: x, y: y, width: bubbleWidth, height: height), side, layout, last))
            y += height + (last ? 8 : 3)
        }
        var doc = SVGDocument(viewBox: Rect(x: 0, y: 0, width: width, height: y + 4), background: "#ffffff")
        for (rect, side, layout, last) in parts {
            // A tailless bubble is all body: it leaves the tail's width free so the bodies line up.
            let body = last ? rect : Rect(x: side == .bottomLeft ? rect.minX + tailWidth : rect.minX, y: rect.minY,
                                          width: rect.width - tailWidth, height: rect.height)
            let path = try BezierPath.chatBubble(in: body, tail: last ? side : .none, style: ChatBubbleStyle(tailWidth: tailWidth))
            doc.add(path, fill: side == .bottomRight ? "#0b84ff" : "#e9e9eb")
            let textStart = side == .bottomLeft ? rect.minX + tailWidth + padding : rect.minX + padding
            draw(layout, center: Vector2(x: textStart, y: rect.midY), room: layout.boxWidth, fill: side == .bottomRight ? "#ffffff" : "#111111",
                 anchor: .start, into: &doc)
        }
        return GalleryEntry(name: "chat-conversation", title: "A conversation: messages wrapped to 220 pt and 4 lines (15 pt, down to 12, "
            + "then an ellipsis), a run from one side tailless but for its last bubble", svg: doc.text)
    }
}
