import BubblePicker

/// Snapshot and restore: the picker's saved state (`BubbleContainer.savedState(content:)`) behind
/// one line with the session's catalogue counters, so a restored session continues
/// bit-identically and adds the same bubbles next.
extension PlaygroundSession {
    /// The snapshot format's first word.
    static let snapshotMagic = "bubbleweb-session"

    /// The session's state as text: `bubbleweb-session 1 S B N R` (catalogue counters), then the
    /// picker's saved state. The driver's transient state (pointers' clock offsets, focus) is not
    /// included; pointers down are cancelled by a restore.
    /// - Complexity: O(n + contacts).
    public func snapshot() -> String {
        let c = counters
        return "\(Self.snapshotMagic) 1 \(c.standard) \(c.badge) \(c.small) \(c.numbered)\n"
            + picker.savedState(content: { $0.savedText })
    }

    /// Replaces the state with `text` (see `snapshot()`).
    /// - Throws: `.snapshot` naming the problem; nothing changes then.
    mutating func restoreSnapshot(_ text: String) throws(PlaygroundError) {
        guard let newline = text.firstIndex(of: "\n") else { throw .snapshot("line 1: not a playground snapshot") }
        let words = text[..<newline].split(separator: " ").map { String($0) }
        guard words.count == 6, words[0] == Self.snapshotMagic else { throw .snapshot("line 1: not a playground snapshot") }
        guard words[1] == "1" else { throw .snapshot("line 1: version \(words[1]) is not supported (1 is)") }
        let numbers = words[2...].map { Int($0) }
        guard numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else { throw .snapshot("line 1: counters must be whole numbers, 0 or more") }
        let restored: BubbleContainer<PlaygroundBubble>
        do {
            restored = try BubbleContainer(savedState: String(text[text.index(after: newline)...]), content: { PlaygroundBubble(savedText: $0) })
        } catch {
            throw .snapshot(error.description)
        }
        let n = numbers.map { $0 ?? 0 }
        counters = PlaygroundCounters(standard: n[0], badge: n[1], small: n[2], numbered: n[3])
        var driver = BubblePickerDriver(picker: restored)
        driver.isRightToLeft = self.driver.isRightToLeft
        self.driver = driver
        fraction = 1
        lastFrame = nil
    }
}

/// The playground's content as one line of text (inside a saved state).
extension PlaygroundBubble {
    /// `s` and a stock bubble's style and text, or `b` and a badge's colour, size, symbol and title.
    var savedText: String {
        switch self {
        case .standard(let bubble):
            let s = bubble.style
            var numbers = [s.minSize, s.maxSize, s.imageAlphaUnselected, s.hasLabel ? 1 : 0, s.hidesLabelWhenSelected ? 1 : 0, s.labelFontSize]
            numbers += Self.components(s.labelColor) + (s.backgroundColor.map(Self.components) ?? [])
            let image = bubble.data.imageName
            return "s " + numbers.map { $0.description }.joined(separator: " ") + " \(image.map { $0.unicodeScalars.count } ?? -1)|"
                + (image ?? "") + bubble.data.text
        case .badge(let badge):
            let numbers = Self.components(badge.color) + [badge.size]
            return "b " + numbers.map { $0.description }.joined(separator: " ") + " \(badge.symbol.unicodeScalars.count)|" + badge.symbol + badge.title
        }
    }

    static func components(_ c: BubbleColor) -> [Double] { [c.red, c.green, c.blue, c.alpha] }

    /// The content `savedText` wrote, or nil for anything else.
    init?(savedText text: String) {
        guard let bar = text.firstIndex(of: "|"), text.count > 2 else { return nil }
        let words = text[..<bar].split(separator: " ").map { String($0) }
        guard let kind = words.first, let prefixLength = Int(words[words.count - 1]) else { return nil }
        let numbers = words.dropFirst().dropLast().compactMap { Double($0) }.filter { $0.isFinite }
        guard numbers.count == words.count - 2 else { return nil }
        let rest = Array(text[text.index(after: bar)...].unicodeScalars)
        guard prefixLength >= -1, prefixLength <= rest.count else { return nil }
        let cut = max(prefixLength, 0)
        let head = String(String.UnicodeScalarView(rest[..<cut])), tail = String(String.UnicodeScalarView(rest[cut...]))
        switch (kind, numbers.count) {
        case ("s", 10), ("s", 14):
            var style = BubbleStyle(minSize: numbers[0], maxSize: numbers[1])
            style.imageAlphaUnselected = numbers[2]
            style.hasLabel = numbers[3] == 1
            style.hidesLabelWhenSelected = numbers[4] == 1
            style.labelFontSize = numbers[5]
            style.labelColor = BubbleColor(red: numbers[6], green: numbers[7], blue: numbers[8], alpha: numbers[9])
            if numbers.count == 14 { style.backgroundColor = BubbleColor(red: numbers[10], green: numbers[11], blue: numbers[12], alpha: numbers[13]) }
            self = .standard(DefaultBubble(text: tail, imageName: prefixLength < 0 ? nil : head, style: style))
        case ("b", 5) where prefixLength >= 0:
            let color = BubbleColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
            self = .badge(Badge(symbol: head, title: tail, color: color, size: numbers[4]))
        default:
            return nil
        }
    }
}
