import BubblePhysics

/// Writes the saved-state text: one line per record, `key value value …`. Numbers are exact:
/// doubles as shortest round-trip decimals, single-precision values widened to double (so they
/// read back exactly with the double parser), integers in decimal, flags 0/1, absent values `-`.
struct StateWriter {
    var text = ""

    mutating func line(_ key: String, _ values: [String]) {
        text += key
        for value in values {
            text += " "
            text += value
        }
        text += "\n"
    }

    /// A line whose single value is free text (escaped: `\\`, `\n`, `\r`).
    mutating func textLine(_ key: String, _ value: String) {
        text += key + " " + StateWriter.escaped(value) + "\n"
    }

    /// The text with its checksum line appended.
    var finished: String {
        text + "checksum " + StateHasher.hexDigits(SavedStateFormat.checksum(text.utf8)) + "\n"
    }

    static func number(_ value: Double) -> String { value.description }
    static func single(_ value: Float) -> String { Double(value).description }
    static func flag(_ value: Bool) -> String { value ? "1" : "0" }
    static func integer(_ value: Int) -> String { String(value) }
    static func optional(_ value: Int?) -> String { value.map { String($0) } ?? "-" }
    static func point(_ value: Vector2) -> [String] { [number(value.x), number(value.y)] }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

/// Reads the saved-state text strictly: every line in order, each with its expected key, every
/// value checked; errors name the line.
struct StateReader {
    let text: String
    let lines: [Substring]
    /// Index of the next line to read.
    var next = 0

    init(_ text: String) {
        self.text = text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The next line, which must start with `key`: its values.
    mutating func fields(_ key: String) throws(SavedStateError) -> StateFields {
        guard next < lines.count else { throw .truncated(line: next + 1, expected: key) }
        let line = lines[next]
        next += 1
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.first.map({ $0 == key }) == true else {
            throw .invalid(line: next, InvalidValue(field: "line", value: String(line.prefix(40)), requirement: "must start with '\(key)'"))
        }
        return StateFields(line: next, key: key, values: Array(words.dropFirst()))
    }

    /// True when the next line starts with `key` (for lines a later format added: a text
    /// saved before them lacks them).
    func nextIs(_ key: String) -> Bool {
        next < lines.count && lines[next].split(separator: " ", maxSplits: 1).first.map { $0 == key } == true
    }

    /// The next line, which must be `key <free text>`: the text, unescaped.
    mutating func text(_ key: String) throws(SavedStateError) -> String {
        guard next < lines.count else { throw .truncated(line: next + 1, expected: key) }
        let line = lines[next]
        next += 1
        guard line.hasPrefix(key + " ") else {
            throw .invalid(line: next, InvalidValue(field: "line", value: String(line.prefix(40)), requirement: "must start with '\(key) '"))
        }
        return try StateReader.unescaped(line.dropFirst(key.count + 1), line: next, field: key)
    }

    /// The checksum line, which must match the text before it and end the text.
    mutating func finish() throws(SavedStateError) {
        let start = next
        var fields = try fields("checksum")
        let written = try fields.word("checksum")
        try fields.end()
        guard next == lines.count else {
            throw .invalid(line: next + 1, InvalidValue(field: "line", value: String(lines[next].prefix(40)), requirement: "must not follow the checksum"))
        }
        var covered = 0  // bytes of the lines before the checksum, newlines included
        for line in lines[0..<start] { covered += line.utf8.count + 1 }
        guard StateHasher.hexDigits(SavedStateFormat.checksum(text.utf8.prefix(covered))) == written else {
            throw .checksumMismatch(line: fields.line)
        }
    }

    static func unescaped(_ text: Substring, line: Int, field: String) throws(SavedStateError) -> String {
        var out = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\": out += "\\"
                case "n": out += "\n"
                case "r": out += "\r"
                default: throw .invalid(line: line, InvalidValue(field: field, value: "\\" + String(scalar), requirement: "is not an escape (\\\\, \\n, \\r)"))
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if escaping { throw .invalid(line: line, InvalidValue(field: field, value: "\\", requirement: "must not end in an unfinished escape")) }
        return out
    }
}

/// The values of one line, read in order by name.
struct StateFields {
    let line: Int
    let key: String
    let values: [Substring]
    var cursor = 0

    private mutating func take(_ name: String) throws(SavedStateError) -> Substring {
        guard cursor < values.count else {
            throw .invalid(line: line, InvalidValue(field: key + "." + name, value: "", requirement: "is missing"))
        }
        cursor += 1
        return values[cursor - 1]
    }

    func failure(_ name: String, _ value: Substring, _ requirement: String) -> SavedStateError {
        .invalid(line: line, InvalidValue(field: key + "." + name, value: String(value), requirement: requirement))
    }

    /// A finite double.
    mutating func number(_ name: String) throws(SavedStateError) -> Double {
        let word = try take(name)
        guard let value = Double(word), value.isFinite else { throw failure(name, word, "must be a finite number") }
        return value
    }

    /// A double within `range`.
    mutating func number(_ name: String, in range: SettingRange<Double>) throws(SavedStateError) -> Double {
        let value = try number(name)
        do { try range.check(value, field: key + "." + name) } catch { throw .invalid(line: line, error) }
        return value
    }

    /// A double that converts to a finite single-precision value exactly.
    mutating func single(_ name: String) throws(SavedStateError) -> Float {
        let word = try take(name)
        guard let value = Double(word), value.isFinite, Double(Float(value)) == value else {
            throw failure(name, word, "must be a finite single-precision number")
        }
        return Float(value)
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SavedStateError) -> Int {
        let word = try take(name)
        guard let value = Int(word), range.contains(value) else {
            throw failure(name, word, "must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    mutating func unsigned(_ name: String) throws(SavedStateError) -> UInt64 {
        let word = try take(name)
        guard let value = UInt64(word) else { throw failure(name, word, "must be an unsigned 64-bit integer") }
        return value
    }

    mutating func generation(_ name: String) throws(SavedStateError) -> UInt32 {
        let word = try take(name)
        guard let value = UInt32(word) else { throw failure(name, word, "must be an unsigned 32-bit integer") }
        return value
    }

    mutating func flag(_ name: String) throws(SavedStateError) -> Bool {
        let word = try take(name)
        guard word == "0" || word == "1" else { throw failure(name, word, "must be 0 or 1") }
        return word == "1"
    }

    /// An integer or `-` for none.
    mutating func optionalInteger(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SavedStateError) -> Int? {
        guard cursor < values.count, values[cursor] == "-" else { return try integer(name, in: range) }
        cursor += 1
        return nil
    }

    /// True (and consumed) when the next value is `-`.
    mutating func absent() -> Bool {
        guard cursor < values.count, values[cursor] == "-" else { return false }
        cursor += 1
        return true
    }

    mutating func word(_ name: String) throws(SavedStateError) -> String { String(try take(name)) }

    /// One of `choices`, by its raw text.
    mutating func choice(_ name: String, _ choices: [String]) throws(SavedStateError) -> String {
        let word = try take(name)
        guard choices.contains(String(word)) else { throw failure(name, word, "must be one of: " + choices.joined(separator: ", ")) }
        return String(word)
    }

    mutating func point(_ name: String) throws(SavedStateError) -> Vector2 {
        Vector2(try number(name + ".x"), try number(name + ".y"))
    }

    /// A count of records, at most `limit` (lines that follow run out first when the text is cut).
    mutating func count(_ name: String, limit: Int = StateFields.countLimit) throws(SavedStateError) -> Int {
        try integer(name, in: 0...limit)
    }

    /// The largest count of records a saved state may announce (a bound, not an allocation).
    static let countLimit = 100_000_000

    /// Fails when values are left over.
    func end() throws(SavedStateError) {
        guard cursor == values.count else { throw failure("end", values[cursor], "is more than the line holds") }
    }
}
