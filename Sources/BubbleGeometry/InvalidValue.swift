/// Why a value given to a BubblePicker API, read from a scenario or passed on the command line
/// was rejected: which field, the value as given, and what it must be.
///
/// Every module reports bad data with this (directly, or wrapped in its own error enum), so a
/// message always reads `field value requirement`, e.g. `timeStep 0 must be in 0.0001...0.1`.
/// The value text is made safe for a one-line message: control characters are shown as escapes
/// and long text is shortened (see `InvalidValue.excerpt(_:)`).
public struct InvalidValue: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field, named as in the API or the file (`timeStep`, `container.width`, `rect width`).
    public var field: String
    /// The rejected value as text, already shortened and escaped.
    public var value: String
    /// What the value must be, e.g. `must be in 0...1`.
    public var requirement: String

    /// An error for `field`, whose `value` (any text; it is excerpted) fails `requirement`.
    public init(field: String, value: String, requirement: String) {
        self.field = field
        self.value = InvalidValue.excerpt(value)
        self.requirement = requirement
    }

    /// An error for a number, written as its `description` (`0.0`, `-5.0`); a `SettingRange` check
    /// writes whole numbers without the fraction (`0`) through `SettingBound.settingText`.
    public init(field: String, value: Double, requirement: String) {
        self.init(field: field, value: value.description, requirement: requirement)
    }

    /// An error for an integer.
    public init(field: String, value: Int, requirement: String) {
        self.init(field: field, value: String(value), requirement: requirement)
    }

    /// `field value requirement`, one line.
    public var description: String { "\(field) \(value) \(requirement)" }

    /// Longest excerpt of user text kept in a message, in characters (before the ellipsis).
    public static let excerptLimit = 80

    /// `text` made safe for a one-line message: control characters (C0, DEL, C1) and the line and
    /// paragraph separators shown as `\n`, `\t`, `\u{1B}`…, and cut to `excerptLimit` characters
    /// with a trailing `…`.
    /// - Complexity: O(`excerptLimit`), whatever the length of `text`.
    public static func excerpt(_ text: String, limit: Int = excerptLimit) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit { return out + "…" }
            out += escaped(scalar)
            count += 1
        }
        return out
    }

    /// One scalar as it appears in a message: itself, or an escape for a control character.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: return String(scalar)
        }
    }
}
