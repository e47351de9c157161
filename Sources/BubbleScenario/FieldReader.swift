import BubbleGeometry

/// Reads the members of one JSON object into typed values, with field paths in every error and
/// unknown keys rejected (a typo never passes silently).
struct FieldReader {
    /// The object's path, e.g. `container` or `timeline[2]`; empty for the document.
    let path: String
    private let members: [JSONMember]

    /// Fails unless `value` is an object whose keys are all in `allowed`.
    init(_ value: JSONValue, path: String, allowed: [String]) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(path.isEmpty ? "document" : path, "expected an object", got: value.excerpt())
        }
        for member in members where !allowed.contains(member.key) {
            throw ScenarioError(Self.join(path, member.key), "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
        }
        self.path = path
        self.members = members
    }

    /// `parent.key`, or `key` at the top.
    static func join(_ parent: String, _ key: String) -> String { parent.isEmpty ? key : parent + "." + key }

    /// The path of a member.
    func path(_ key: String) -> String { Self.join(path, key) }

    /// The member's value, or nil when absent.
    func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// True when the member is present.
    func has(_ key: String) -> Bool { value(key) != nil }

    /// The member's value; fails when it is absent.
    func required(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let value = value(key) else { throw ScenarioError(path(key), "missing required field") }
        return value
    }

    // MARK: Typed members

    /// A number in `range` (both ends included), or `fallback` when absent (nil fallback: required).
    func number(_ key: String, _ fallback: Double? = nil, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw ScenarioError(path(key), "missing required field")
        }
        return try Self.number(value, path: path(key), in: range)
    }

    /// A number within a setting's range, or `fallback` when absent (nil fallback: required).
    func number(_ key: String, _ fallback: Double? = nil, in range: SettingRange<Double>) throws(ScenarioError) -> Double {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw ScenarioError(path(key), "missing required field")
        }
        return try Self.number(value, path: path(key), in: range.bounds)
    }

    /// A number in `range` that must also be above the lower end (sizes: "must be positive").
    func positive(_ key: String, _ fallback: Double? = nil, max: Double) throws(ScenarioError) -> Double {
        let number = try self.number(key, fallback, in: 0...max)
        if number <= 0 { throw ScenarioError(path(key), "must be greater than 0", got: number.description) }
        return number
    }

    /// A whole number in `range`, or `fallback` when absent (nil fallback: required).
    func integer(_ key: String, _ fallback: Int? = nil, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw ScenarioError(path(key), "missing required field")
        }
        return try Self.integer(value, path: path(key), in: range)
    }

    /// A string, or `fallback` when absent (nil fallback: required).
    func string(_ key: String, _ fallback: String? = nil) throws(ScenarioError) -> String {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw ScenarioError(path(key), "missing required field")
        }
        guard case .string(let text) = value else { throw ScenarioError(path(key), "expected a string", got: value.excerpt()) }
        return text
    }

    /// A boolean, or `fallback` when absent.
    func bool(_ key: String, _ fallback: Bool) throws(ScenarioError) -> Bool {
        guard let value = value(key) else { return fallback }
        guard case .bool(let flag) = value else { throw ScenarioError(path(key), "expected true or false", got: value.excerpt()) }
        return flag
    }

    /// One of a fixed set of words, or `fallback` when absent (nil fallback: required).
    func choice(_ key: String, _ fallback: String? = nil, from choices: [String]) throws(ScenarioError) -> String {
        let word = try string(key, fallback)
        guard choices.contains(word) else {
            throw ScenarioError(path(key), "expected one of: \(choices.joined(separator: ", "))", got: JSONWriter.quoted(word))
        }
        return word
    }

    /// A seed: a whole number in 0...2^53 (exact in every JSON reader), as 64 bits on every platform.
    func seed(_ key: String) throws(ScenarioError) -> UInt64 {
        let value = try required(key)
        switch value {
        case .integer(let exact) where exact >= 0 && exact <= 9_007_199_254_740_992: return UInt64(exact)
        case .number(let number) where number == number.rounded(.towardZero) && number >= 0 && number <= 9_007_199_254_740_992:
            return UInt64(number)
        default: throw ScenarioError(path(key), "must be a whole number in 0...9007199254740992", got: value.excerpt())
        }
    }

    /// An array's elements, or nil when absent.
    func array(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw ScenarioError(path(key), "expected an array", got: value.excerpt()) }
        return elements
    }

    /// An array of strings, or nil when absent.
    func strings(_ key: String) throws(ScenarioError) -> [String]? {
        guard let elements = try array(key) else { return nil }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw ScenarioError("\(path(key))[\(index)]", "expected a string", got: element.excerpt())
            }
            result.append(text)
        }
        return result
    }

    // MARK: Values

    /// A JSON number as a `Double` in `range`.
    static func number(_ value: JSONValue, path: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard let number = value.doubleValue else { throw ScenarioError(path, "expected a number", got: value.excerpt()) }
        guard range.contains(number) else {
            throw ScenarioError(path, SettingRange("", range).requirement, got: value.excerpt())
        }
        return number
    }

    /// A JSON number that is a whole number in `range` (checked before any conversion can trap).
    static func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let integer: Int
        switch value {
        case .integer(let exact):
            // Within 32 bits (every platform's `Int`) before converting, so no conversion can trap.
            guard exact <= 2_147_483_647, exact >= -2_147_483_647 else {
                throw ScenarioError(path, SettingRange("", range).requirement, got: value.excerpt())
            }
            integer = Int(exact)
        case .number(let number):
            // Whole and within 32 bits (every platform's `Int`, so no conversion can trap).
            guard number == number.rounded(.towardZero), number <= 2_147_483_647, number >= -2_147_483_647 else {
                throw ScenarioError(path, "expected a whole number", got: value.excerpt())
            }
            integer = Int(number)
        default:
            throw ScenarioError(path, "expected a whole number", got: value.excerpt())
        }
        guard range.contains(integer) else {
            throw ScenarioError(path, SettingRange("", range).requirement, got: value.excerpt())
        }
        return integer
    }
}
