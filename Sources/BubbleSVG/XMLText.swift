import BubblePicker

/// Text and numbers made safe for XML: every document this module writes is well-formed, whatever
/// a label contains.
public enum XMLText {
    /// `text` escaped for element content and attribute values: `& < > " '` as entities, and the
    /// characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return,
    /// U+FFFE, U+FFFF) replaced by U+FFFD.
    /// - Complexity: O(length).
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&apos;"
            case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A colour as `#rrggbb` (alpha is written separately as an opacity), from
    /// `color.sanitized`: components clamped to 0...1, NaN as 0, so any colour gives six digits.
    public static func hex(_ color: BubbleColor) -> String {
        let color = color.sanitized
        func channel(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())  // 0...255: `sanitized` leaves no NaN and nothing outside 0...1
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + channel(color.red) + channel(color.green) + channel(color.blue)
    }
}
