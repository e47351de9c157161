import BubbleGeometry
import BubblePicker

extension PlaygroundCommand {
    /// Reads a command from its text form; nil when the line is not one.
    public init?(text: String) {
        let words = text.split(separator: " ").map { String($0) }
        guard let word = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        let numbers = arguments.compactMap { Double($0) }
        if let command = Self.simple(word, arguments: arguments.count)
            ?? Self.withBubble(word, numbers, count: arguments.count)
            ?? Self.withPoint(word, numbers, count: arguments.count)
            ?? Self.driven(word, arguments, numbers)
            ?? Self.other(word, arguments, numbers)
            ?? Self.content(word, arguments) {
            self = command
        } else {
            return nil
        }
    }

    /// Commands without arguments.
    static func simple(_ word: String, arguments: Int) -> PlaygroundCommand? {
        guard arguments == 0 else { return nil }
        switch word {
        case "removeSelected": return .removeSelected
        case "selectAll": return .selectAll
        case "deselectAll": return .deselectAll
        case "cancel": return .pointerCancel
        case "step": return .step
        case "activateFocused": return .activateFocused
        case "removeFocused": return .removeFocused
        default: return nil
        }
    }

    /// Commands taking one bubble id or tag.
    static func withBubble(_ word: String, _ numbers: [Double], count: Int) -> PlaygroundCommand? {
        guard count == 1, numbers.count == 1 else { return nil }
        if let tag = tagNumber(numbers[0]) {
            if word == "removeTag" { return .removeTag(tag) }
            if word == "selectTag" { return .selectTag(tag) }
        }
        guard let id = wholeNumber(numbers[0]) else { return nil }
        switch word {
        case "remove": return .remove(BubbleID(id))
        case "select": return .select(BubbleID(id))
        case "deselect": return .deselect(BubbleID(id))
        case "toggle": return .toggle(BubbleID(id))
        case "pcancel": return .touchCancel(id: id)
        case "focus": return .focus(BubbleID(id))
        default: return nil
        }
    }

    /// Commands taking a point and a time.
    static func withPoint(_ word: String, _ numbers: [Double], count: Int) -> PlaygroundCommand? {
        guard count == 3, numbers.count == 3 else { return nil }
        let point = Vector2(numbers[0], numbers[1]), time = numbers[2]
        switch word {
        case "down": return .pointerDown(point, time: time)
        case "move": return .pointerMove(point, time: time)
        case "up": return .pointerUp(point, time: time)
        case "removeAt": return .removeAt(point, time: time)
        default: return nil
        }
    }

    /// The driver's commands: pointers with ids, frames, focus.
    static func driven(_ word: String, _ arguments: [String], _ numbers: [Double]) -> PlaygroundCommand? {
        if let phase = PlaygroundTouchPhase(rawValue: word) {
            guard arguments.count == 4, numbers.count == 4, let id = wholeNumber(numbers[0]) else { return nil }
            return .touch(phase, id: id, Vector2(numbers[1], numbers[2]), timestamp: numbers[3])
        }
        switch (word, arguments.count) {
        case ("frame", 1): return numbers.count == 1 ? .frame(numbers[0]) : nil
        case ("focus", 1): return arguments[0] == "-" ? .focus(nil) : nil
        case ("moveFocus", 1): return FocusDirection(rawValue: arguments[0]).map { .moveFocus($0) }
        default: return nil
        }
    }

    /// `add`, `addMany`, `random`, `resize`, `set`, `advance`.
    static func other(_ word: String, _ arguments: [String], _ numbers: [Double]) -> PlaygroundCommand? {
        switch (word, arguments.count) {
        case ("add", 3):
            guard let kind = PlaygroundBubbleKind(rawValue: arguments[0]) else { return nil }
            return .add(kind, selected: arguments[1] == "1", atCenter: arguments[2] == "1")
        case ("addMany", 2):
            guard let count = Double(arguments[0]).flatMap(wholeNumber),
                  let kind = PlaygroundBubbleKind(rawValue: arguments[1]) else { return nil }
            return .addMany(count, kind)
        case ("random", 4):
            guard numbers.count == 4, let count = wholeNumber(numbers[0]), let seed = UInt64(arguments[1]) else { return nil }
            return .addRandom(count: count, seed: seed, minSize: numbers[2], maxSize: numbers[3])
        case ("resize", 2):
            return numbers.count == 2 ? .resize(Size(width: numbers[0], height: numbers[1])) : nil
        case ("set", 2):
            guard let setting = BubbleSetting(rawValue: arguments[0]), let value = Double(arguments[1]) else { return nil }
            return .set(setting, value)
        case ("advance", 1):
            return numbers.count == 1 ? .advance(numbers[0]) : nil
        case ("scroll", 1):
            return numbers.count == 1 ? .scroll(numbers[0]) : nil
        default:
            return nil
        }
    }

    /// `bubble`, `update`, `restore`: commands carrying texts.
    static func content(_ word: String, _ a: [String]) -> PlaygroundCommand? {
        switch (word, a.count) {
        case ("bubble", 9):
            guard let tag = Double(a[0]).flatMap(tagNumber), let size = optional(a[1]), a[2] == "0" || a[2] == "1",
                  let color = color(a[3], a[4], a[5]), let x = optional(a[6]), let y = optional(a[7]),
                  (x == nil) == (y == nil), let label = unescaped(a[8]) else { return nil }
            let at = x.flatMap { x in y.map { Vector2(x, $0) } }
            return .addBubble(PlaygroundBubbleSpec(label: label, tag: tag, size: size, selected: a[2] == "1", color: color, at: at))
        case ("update", 7):
            let tag: Int?? = a[1] == "-" ? .some(nil) : Double(a[1]).flatMap(tagNumber).map { .some($0) }
            guard let id = Double(a[0]).flatMap(wholeNumber), let tag, let size = optional(a[2]),
                  let color = color(a[3], a[4], a[5]) else { return nil }
            let label: String?? = a[6] == "-" ? .some(nil) : unescaped(a[6]).map { .some($0) }
            guard let label else { return nil }
            return .update(BubbleID(id), PlaygroundBubbleUpdate(label: label, tag: tag, size: size, color: color))
        case ("restore", 1):
            return unescaped(a[0]).map { .restore($0) }
        default:
            return nil
        }
    }

    /// `-` as nil, a number as itself; nil (not a command) for anything else.
    static func optional(_ word: String) -> Double?? {
        if word == "-" { return .some(nil) }
        return Double(word).map { .some($0) }
    }

    /// Three `-` as no colour, three numbers as a colour; nil (not a command) otherwise.
    static func color(_ r: String, _ g: String, _ b: String) -> BubbleColor?? {
        if r == "-" && g == "-" && b == "-" { return .some(nil) }
        guard let r = Double(r), let g = Double(g), let b = Double(b) else { return nil }
        return .some(BubbleColor(red: r, green: g, blue: b))
    }

    /// A whole number within 32 bits, 0 or more, or nil (never traps, whatever the width of `Int`).
    static func wholeNumber(_ value: Double) -> Int? {
        guard value == value.rounded(.towardZero), value >= 0, value <= 2_147_483_647 else { return nil }
        return Int(value)
    }

    /// A whole number within 32 bits, negative allowed (tags), or nil.
    static func tagNumber(_ value: Double) -> Int? { BubbleSetting.whole(value) }
}
