/// A parsed JSON document, on the standard library alone (no Foundation).
///
/// Objects keep their members in file order (an array of key/value pairs), so nothing ever
/// depends on `Dictionary` iteration order. Numbers written without a fraction or exponent that
/// fit in 64 bits stay exact integers (`Int64`, the same on 32-bit WebAssembly); every other number is the correctly rounded `Double`.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written as a plain integer (no `.`, `e` or `E`) that fits in 64 bits.
    case integer(Int64)
    /// Any other number: finite, correctly rounded from its decimal text.
    case number(Double)
    /// A string, escapes resolved.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// Members in file order; keys are unique (the parser rejects duplicates).
    case object([JSONMember])

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as a `Double`, for both integers and other numbers; nil for anything else.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// A short name of the kind of value, for error messages ("a string", "an object", ...).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value in compact JSON, shortened to about `limit` characters (for "got ..." in errors).
    public func excerpt(limit: Int = 40) -> String {
        let text = JSONWriter.compact(self)
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "..."
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member from its name and value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
