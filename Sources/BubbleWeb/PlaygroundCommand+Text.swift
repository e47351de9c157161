import BubbleGeometry
import BubblePicker

extension PlaygroundCommand {
    /// The command's one-line text form (see the type's documentation).
    public var text: String {
        switch self {
        case .add(let kind, let selected, let atCenter): return "add \(kind.rawValue) \(selected ? 1 : 0) \(atCenter ? 1 : 0)"
        case .addMany(let count, let kind): return "addMany \(count) \(kind.rawValue)"
        case .addBubble(let spec): return "bubble " + Self.words(spec)
        case .addRandom(let count, let seed, let minSize, let maxSize): return "random \(count) \(seed) " + Self.numbers([minSize, maxSize])
        case .update(let id, let update): return "update \(id.rawValue) " + Self.words(update)
        case .remove(let id): return "remove \(id.rawValue)"
        case .removeTag(let tag): return "removeTag \(tag)"
        case .removeAt(let point, let time): return "removeAt " + Self.numbers([point.x, point.y, time])
        case .removeSelected: return "removeSelected"
        case .select(let id): return "select \(id.rawValue)"
        case .deselect(let id): return "deselect \(id.rawValue)"
        case .toggle(let id): return "toggle \(id.rawValue)"
        case .selectTag(let tag): return "selectTag \(tag)"
        case .selectAll: return "selectAll"
        case .deselectAll: return "deselectAll"
        case .pointerDown(let point, let time): return "down " + Self.numbers([point.x, point.y, time])
        case .pointerMove(let point, let time): return "move " + Self.numbers([point.x, point.y, time])
        case .pointerUp(let point, let time): return "up " + Self.numbers([point.x, point.y, time])
        case .pointerCancel: return "cancel"
        case .touch(let phase, let id, let point, let stamp): return "\(phase.rawValue) \(id) " + Self.numbers([point.x, point.y, stamp])
        case .touchCancel(let id): return "pcancel \(id)"
        case .frame(let stamp): return "frame \(stamp.description)"
        case .focus(let id): return "focus " + (id.map { String($0.rawValue) } ?? "-")
        case .moveFocus(let direction): return "moveFocus \(direction.rawValue)"
        case .activateFocused: return "activateFocused"
        case .removeFocused: return "removeFocused"
        case .resize(let size): return "resize " + Self.numbers([size.width, size.height])
        case .set(let setting, let value): return "set \(setting.rawValue) \(value.description)"
        case .advance(let seconds): return "advance \(seconds.description)"
        case .scroll(let delta): return "scroll \(delta.description)"
        case .step: return "step"
        case .restore(let snapshot): return "restore " + Self.escaped(snapshot)
        }
    }

    static func words(_ s: PlaygroundBubbleSpec) -> String {
        ["\(s.tag)", optional(s.size), s.selected ? "1" : "0"] .joined(separator: " ") + " "
            + colorWords(s.color) + " " + optional(s.at?.x) + " " + optional(s.at?.y) + " " + escaped(s.label)
    }

    static func words(_ u: PlaygroundBubbleUpdate) -> String {
        (u.tag.map { String($0) } ?? "-") + " " + optional(u.size) + " " + colorWords(u.color) + " " + (u.label.map(escaped) ?? "-")
    }

    static func colorWords(_ c: BubbleColor?) -> String {
        guard let c else { return "- - -" }
        return numbers([c.red, c.green, c.blue])
    }

    static func optional(_ value: Double?) -> String { value?.description ?? "-" }

    /// Numbers as shortest round-trip decimals, space-separated.
    static func numbers(_ values: [Double]) -> String {
        values.map { $0.description }.joined(separator: " ")
    }

    /// A text as one word: `=` then the text with `%`, space, line feed and carriage return escaped.
    static func escaped(_ text: String) -> String {
        var out = "="
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case " ": out += "%20"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text `escaped` wrote, or nil for a word it did not write.
    static func unescaped(_ word: String) -> String? {
        var scalars = Array(word.unicodeScalars)
        guard scalars.first == "=" else { return nil }
        scalars.removeFirst()
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%" {
                guard index + 2 < scalars.count else { return nil }
                switch String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)])) {
                case "25": out.append("%")
                case "20": out.append(" ")
                case "0A": out.append("\n")
                case "0D": out.append("\r")
                default: return nil
                }
                index += 3
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}
