/// Writes `JSONValue`s as JSON text: compact (one line) or pretty (two-space indents).
///
/// Numbers are written exactly: integers in full, doubles as their shortest round-trip decimal
/// (`Double.description`), so parsing the output gives back the same bits.
public enum JSONWriter {
    /// One line, no spaces.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil)
        return out
    }

    /// Two-space indents, one member or element per line, a trailing newline.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "")
        return out + "\n"
    }

    /// A JSON string literal, with quotes and escapes.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - digits.utf8.count) + digits
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A number as JSON: the shortest round-trip decimal; `null` for a non-finite value.
    public static func number(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let integer): out += String(integer)
        case .number(let number): out += Self.number(number)
        case .string(let text): out += quoted(text)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, into: &out, indent: indent) { index, out, inner in
                write(elements[index], into: &out, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, into: &out, indent: indent) { index, out, inner in
                out += quoted(members[index].key) + (inner == nil ? ":" : ": ")
                write(members[index].value, into: &out, indent: inner)
            }
        }
    }

    private static func writeContainer(open: String, close: String, count: Int, into out: inout String, indent: String?,
                                       element: (Int, inout String, String?) -> Void) {
        out += open
        guard count > 0 else { out += close; return }
        let inner = indent.map { $0 + "  " }
        for index in 0..<count {
            if index > 0 { out += "," }
            if let inner { out += "\n" + inner }
            element(index, &out, inner)
        }
        if let indent { out += "\n" + indent }
        out += close
    }
}
