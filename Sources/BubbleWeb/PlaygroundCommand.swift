import BubbleGeometry
import BubblePicker

/// One call a front end made on a `PlaygroundSession`, as a value with a one-line text form.
/// A session records the commands it performs (`journal`), so a session played in the browser
/// can be replayed natively, call for call, and must end with the same state hash.
///
/// Text form: a word and its numbers, separated by single spaces; numbers are Swift's shortest
/// round-trip decimals, so the text is exact:
/// `add standard 0 0`, `addMany 1000 small`, `remove 3`, `removeAt 120.5 300 2.25`,
/// `removeSelected`, `select 3`, `deselect 3`, `toggle 3`, `selectAll`, `deselectAll`,
/// `down 120.5 300 2.25`, `move 130 310 2.2666666666666666`, `up 130 310 2.3`, `cancel`,
/// `resize 375 667`, `set fieldStrength 30000`, `advance 0.016666666666666666`, `step`.
public enum PlaygroundCommand: Equatable, Sendable {
    /// Adds one bubble of a kind, optionally selected and at the anchor.
    case add(PlaygroundBubbleKind, selected: Bool, atCenter: Bool)
    /// Adds many bubbles of a kind.
    case addMany(Int, PlaygroundBubbleKind)
    /// Removes a bubble (animated).
    case remove(BubbleID)
    /// A long press: removes the bubble under the point (if any) and ends the gesture.
    case removeAt(Vector2, time: Double)
    /// Removes every selected bubble.
    case removeSelected
    /// Selects a bubble.
    case select(BubbleID)
    /// Deselects a bubble.
    case deselect(BubbleID)
    /// Toggles a bubble.
    case toggle(BubbleID)
    /// Selects every bubble (as far as `maxSelected` allows).
    case selectAll
    /// Deselects every bubble.
    case deselectAll
    /// A finger touches down, container points, simulated seconds.
    case pointerDown(Vector2, time: Double)
    /// The finger moves.
    case pointerMove(Vector2, time: Double)
    /// The finger lifts.
    case pointerUp(Vector2, time: Double)
    /// The gesture is cancelled.
    case pointerCancel
    /// Resizes the container.
    case resize(Size)
    /// Changes one setting.
    case set(PlaygroundSetting, Double)
    /// Advances the frame clock by seconds (whole steps run, the rest is carried).
    case advance(Double)
    /// Takes one fixed step.
    case step

    /// The command's one-line text form.
    public var text: String {
        switch self {
        case .add(let kind, let selected, let atCenter):
            return "add \(kind.rawValue) \(selected ? 1 : 0) \(atCenter ? 1 : 0)"
        case .addMany(let count, let kind): return "addMany \(count) \(kind.rawValue)"
        case .remove(let id): return "remove \(id.rawValue)"
        case .removeAt(let point, let time): return "removeAt " + Self.numbers([point.x, point.y, time])
        case .removeSelected: return "removeSelected"
        case .select(let id): return "select \(id.rawValue)"
        case .deselect(let id): return "deselect \(id.rawValue)"
        case .toggle(let id): return "toggle \(id.rawValue)"
        case .selectAll: return "selectAll"
        case .deselectAll: return "deselectAll"
        case .pointerDown(let point, let time): return "down " + Self.numbers([point.x, point.y, time])
        case .pointerMove(let point, let time): return "move " + Self.numbers([point.x, point.y, time])
        case .pointerUp(let point, let time): return "up " + Self.numbers([point.x, point.y, time])
        case .pointerCancel: return "cancel"
        case .resize(let size): return "resize " + Self.numbers([size.width, size.height])
        case .set(let setting, let value): return "set \(setting.name) \(value.description)"
        case .advance(let seconds): return "advance \(seconds.description)"
        case .step: return "step"
        }
    }

    /// Reads a command from its text form; nil when the line is not one.
    public init?(text: String) {
        let words = text.split(separator: " ").map { String($0) }
        guard let word = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        let numbers = arguments.compactMap { Double($0) }
        if let command = Self.simple(word, arguments: arguments.count) {
            self = command
        } else if let command = Self.withBubble(word, numbers, count: arguments.count) {
            self = command
        } else if let command = Self.withPoint(word, numbers, count: arguments.count) {
            self = command
        } else if let command = Self.other(word, arguments, numbers) {
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
        default: return nil
        }
    }

    /// Commands taking one bubble id.
    static func withBubble(_ word: String, _ numbers: [Double], count: Int) -> PlaygroundCommand? {
        guard count == 1, numbers.count == 1, let id = wholeNumber(numbers[0]) else { return nil }
        switch word {
        case "remove": return .remove(BubbleID(id))
        case "select": return .select(BubbleID(id))
        case "deselect": return .deselect(BubbleID(id))
        case "toggle": return .toggle(BubbleID(id))
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

    /// `add`, `addMany`, `resize`, `set`, `advance`.
    static func other(_ word: String, _ arguments: [String], _ numbers: [Double]) -> PlaygroundCommand? {
        switch (word, arguments.count) {
        case ("add", 3):
            guard let kind = PlaygroundBubbleKind(rawValue: arguments[0]) else { return nil }
            return .add(kind, selected: arguments[1] == "1", atCenter: arguments[2] == "1")
        case ("addMany", 2):
            guard let count = Double(arguments[0]).flatMap(wholeNumber),
                  let kind = PlaygroundBubbleKind(rawValue: arguments[1]) else { return nil }
            return .addMany(count, kind)
        case ("resize", 2):
            return numbers.count == 2 ? .resize(Size(width: numbers[0], height: numbers[1])) : nil
        case ("set", 2):
            guard let setting = PlaygroundSetting(name: arguments[0]), let value = Double(arguments[1]) else { return nil }
            return .set(setting, value)
        case ("advance", 1):
            return numbers.count == 1 ? .advance(numbers[0]) : nil
        default:
            return nil
        }
    }

    /// A whole number within 32 bits, or nil (never traps, whatever the width of `Int`).
    static func wholeNumber(_ value: Double) -> Int? {
        guard value == value.rounded(.towardZero), value >= 0, value <= 2_147_483_647 else { return nil }
        return Int(value)
    }

    /// Numbers as shortest round-trip decimals, space-separated.
    static func numbers(_ values: [Double]) -> String {
        values.map { $0.description }.joined(separator: " ")
    }
}
