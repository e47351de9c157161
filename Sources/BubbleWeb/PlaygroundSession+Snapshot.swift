import BubblePicker

/// Snapshot and restore: the picker's saved state (`BubbleContainer.savedState(content:)`)
/// between a header with the session's catalogue counters and a checksum over the whole text, so
/// a restored session continues bit-identically, adds the same bubbles next, and no edit of the
/// header goes unnoticed.
///
/// Format 2: `bubbleweb-session 2`, `session standard=S badge=B small=N numbered=R` (named;
/// unknown fields ignored, a missing counter is 0), the picker's saved state, then
/// `session.checksum <16 hex digits>` (FNV-1a 64 of every byte before that line). Format 1
/// (`bubbleweb-session 1 S B N R`, then the picker's state) still reads. Counters above 2^30
/// are refused (each added bubble increments one; 2^30 leaves a billion additions before a
/// 32-bit `Int` would overflow).
extension PlaygroundSession {
    /// The snapshot format's first word.
    static let snapshotMagic = "bubbleweb-session"
    /// The largest catalogue counter a snapshot may hold.
    static let snapshotCounterLimit = 1 << 30

    /// The session's state as text (format 2, above). The driver's transient state (pointers,
    /// focus) is not included: pointers down are cancelled in the snapshot.
    /// - Complexity: O(n + contacts).
    public func snapshot() -> String {
        let c = counters
        let text = "\(Self.snapshotMagic) 2\nsession standard=\(c.standard) badge=\(c.badge) small=\(c.small) numbered=\(c.numbered)\n"
            + picker.savedState(content: { $0.savedText })
        return text + "session.checksum " + Self.hexDigits(Self.checksum(text.utf8)) + "\n"
    }

    /// Replaces the state with `text` (see `snapshot()`): the restored picker stands for the
    /// display time of the last frame, so the next frame steps on from the saved state.
    /// - Throws: `.snapshot` naming the problem; nothing changes then.
    mutating func restoreSnapshot(_ text: String) throws(PlaygroundError) {
        guard let newline = text.firstIndex(of: "\n") else { throw .snapshot("line 1: not a playground snapshot") }
        let words = text[..<newline].split(separator: " ")
        guard words.count >= 2, words[0] == Self.snapshotMagic else { throw .snapshot("line 1: not a playground snapshot") }
        let numbers: [Int], pickerText: Substring
        switch words[1] {
        case "1" where words.count == 6:
            numbers = words[2...].map { Int($0) ?? -1 }
            pickerText = text[text.index(after: newline)...]
        case "2" where words.count == 2:
            (numbers, pickerText) = try Self.sealedBody(text[text.index(after: newline)...])
        default:
            throw .snapshot("line 1: version \(words[1]) is not supported (1 and 2 are)")
        }
        guard numbers.allSatisfy({ $0 >= 0 && $0 <= Self.snapshotCounterLimit }) else {
            throw .snapshot("line \(words[1] == "1" ? 1 : 2): counters must be whole numbers in 0...\(Self.snapshotCounterLimit)")
        }
        let restored: BubbleContainer<PlaygroundBubble>
        do {
            restored = try BubbleContainer(savedState: String(pickerText), content: { PlaygroundBubble(savedText: $0) })
        } catch {
            throw .snapshot(error.description)
        }
        counters = PlaygroundCounters(standard: numbers[0], badge: numbers[1], small: numbers[2], numbered: numbers[3])
        driver.restore(restored)
        fraction = driver.interpolation
        lastFrame = nil
    }

    /// Format 2 after its first line: checks the checksum over the whole text, reads the
    /// counters line; returns the counters and the picker's text.
    private static func sealedBody(_ rest: Substring) throws(PlaygroundError) -> ([Int], Substring) {
        let whole = rest.base
        let body = rest.hasSuffix("\n") ? rest.dropLast() : rest
        guard let lastLine = body.lastIndex(of: "\n").map({ body.index(after: $0) }),
              body[lastLine...].hasPrefix("session.checksum ") else {
            throw .snapshot("the last line must be 'session.checksum' (the text is cut or edited)")
        }
        let written = body[lastLine...].dropFirst("session.checksum ".count)
        guard hexDigits(checksum(whole[whole.startIndex..<lastLine].utf8)) == written else {
            throw .snapshot("session.checksum does not match the text (edited or corrupted)")
        }
        guard let counterEnd = rest.firstIndex(of: "\n"), rest[..<counterEnd].hasPrefix("session") else {
            throw .snapshot("line 2: must be 'session standard=… badge=… small=… numbered=…'")
        }
        var numbers = [0, 0, 0, 0]
        for word in rest[..<counterEnd].split(separator: " ").dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { continue }
            let name = word[..<equals]
            guard let slot = ["standard", "badge", "small", "numbered"].firstIndex(where: { $0 == name }) else { continue }
            numbers[slot] = Int(word[word.index(after: equals)...]) ?? -1
        }
        return (numbers, rest[rest.index(after: counterEnd)..<lastLine])
    }

    /// FNV-1a, 64 bits.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 16 lower-case hex digits.
    static func hexDigits(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((value >> UInt64(shift)) & 15)]) }
        return String(decoding: out, as: UTF8.self)
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
