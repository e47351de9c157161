import BubblePhysics
import BubblePicker

/// Reads bubble styles, bubble entries (initial and `add` events) and the crowd generator.
enum BubbleReader {
    /// Fields of a bubble entry (an `add` event has these plus `at`, `event`, `repeat`, `every`).
    static let bubbleFields = ["text", "image", "tag", "selected", "atCenter", "animated", "minSize", "maxSize"]
    /// Largest bubble diameter, points (the container's cap).
    /// Bubble sizes, points (the container's sanitising bounds).
    static let sizeRange = BubbleStyle.sizeRange
    /// Tags are 32-bit whole numbers, the same on every platform (32-bit WebAssembly included).
    static let tagRange = SettingRange<Int>("tag", -2_147_483_647...2_147_483_647).bounds

    /// The top-level `style` object: the default bubble's look.
    static func style(_ value: JSONValue?, path: String) throws(ScenarioError) -> BubbleStyle {
        var style = BubbleStyle()
        guard let value else { return style }
        let reader = try FieldReader(value, path: path, allowed: [
            "minSize", "maxSize", "backgroundColor", "imageAlphaUnselected", "label", "labelFontSize", "labelColor",
        ])
        style.minSize = try reader.number("minSize", style.minSize, in: sizeRange)
        style.maxSize = try reader.number("maxSize", reader.has("minSize") ? style.minSize * 1.33 : style.maxSize, in: sizeRange)
        if reader.has("backgroundColor") { style.backgroundColor = try color(reader, "backgroundColor", .black) }
        style.imageAlphaUnselected = try reader.number("imageAlphaUnselected", style.imageAlphaUnselected, in: 0...1)
        style.hasLabel = try reader.bool("label", style.hasLabel)
        style.labelFontSize = try reader.number("labelFontSize", style.labelFontSize, in: BubbleStyle.labelFontSizeRange)
        style.labelColor = try color(reader, "labelColor", style.labelColor)
        return style
    }

    /// One bubble entry over the default `style`. A `minSize` without `maxSize` keeps the style's
    /// selected-to-unselected ratio.
    static func bubble(_ reader: FieldReader, style base: BubbleStyle) throws(ScenarioError) -> BubbleSpec {
        var style = base
        style.minSize = try reader.number("minSize", base.minSize, in: sizeRange)
        style.maxSize = try reader.number("maxSize", style.minSize * (base.maxSize / base.minSize), in: sizeRange)
        let text = try reader.string("text", "")
        if text.count > 1000 { throw ScenarioError(reader.path("text"), "longer than 1000 characters") }
        let image: String? = reader.has("image") ? try reader.string("image") : nil
        let tag: Int? = reader.has("tag") ? try reader.integer("tag", in: tagRange) : nil
        return BubbleSpec(text: text, imageName: image, tag: tag, selected: try reader.bool("selected", false),
                          atCenter: try reader.bool("atCenter", false), animated: try reader.bool("animated", true), style: style)
    }

    /// The `bubbles` array.
    static func bubbles(_ elements: [JSONValue], path: String, style: BubbleStyle) throws(ScenarioError) -> [BubbleSpec] {
        guard elements.count <= Scenario.maximumBubbles else {
            throw ScenarioError(path, "at most \(Scenario.maximumBubbles) bubbles", got: String(elements.count))
        }
        var result: [BubbleSpec] = []
        for (index, element) in elements.enumerated() {
            let reader = try FieldReader(element, path: "\(path)[\(index)]", allowed: bubbleFields)
            result.append(try bubble(reader, style: style))
        }
        return result
    }

    /// The `crowd` generator: `count` bubbles with seeded random sizes in `minSize..<maxSize`,
    /// labelled `text` + number. The count is checked before anything is allocated.
    static func crowd(_ value: JSONValue, path: String, style: BubbleStyle, seed: UInt64, already: Int) throws(ScenarioError) -> [BubbleSpec] {
        let reader = try FieldReader(value, path: path, allowed: ["count", "minSize", "maxSize", "tag", "text", "atCenter", "animated"])
        let count = try reader.integer("count", in: 1...Scenario.maximumBubbles)
        if count + already > Scenario.maximumBubbles {
            throw ScenarioError(reader.path("count"), "at most \(Scenario.maximumBubbles) bubbles in all (with \(already) listed)",
                                got: String(count))
        }
        let low = try reader.number("minSize", in: sizeRange)
        let high = try reader.number("maxSize", low, in: sizeRange)
        if high < low { throw ScenarioError(reader.path("maxSize"), "must not be below minSize (\(low))", got: high.description) }
        let tag: Int? = reader.has("tag") ? try reader.integer("tag", in: tagRange) : nil
        let text = try reader.string("text", "")
        let atCenter = try reader.bool("atCenter", false), animated = try reader.bool("animated", false)
        var random = SplitMix64(seed: seed ^ 0x5eed_c0de_b0bb_1e5)
        var result: [BubbleSpec] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var bubbleStyle = style
            bubbleStyle.minSize = high > low ? random.next(in: low, high) : low
            bubbleStyle.maxSize = bubbleStyle.minSize * (style.maxSize / style.minSize)
            result.append(BubbleSpec(text: text.isEmpty ? "" : text + String(index + 1), imageName: nil, tag: tag,
                                     selected: false, atCenter: atCenter, animated: animated, style: bubbleStyle))
        }
        return result
    }

    /// `"#rrggbb"` or `"#rrggbbaa"`.
    static func color(_ reader: FieldReader, _ key: String, _ fallback: BubbleColor) throws(ScenarioError) -> BubbleColor {
        guard reader.has(key) else { return fallback }
        let text = try reader.string(key)
        let digits = Array(text.utf8.dropFirst())
        let hex = Array("0123456789abcdefABCDEF".utf8)
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(hex.contains),
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw ScenarioError(reader.path(key), "expected a colour \"#rrggbb\" or \"#rrggbbaa\"", got: JSONWriter.quoted(text))
        }
        let rgba = digits.count == 6 ? value << 8 | 0xff : value
        func channel(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xff) / 255 }
        return BubbleColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }
}
