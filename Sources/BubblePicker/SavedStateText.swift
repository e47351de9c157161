import BubblePhysics

/// Writes the saved-state text (version 2): one line per record, `key name=value name=value …`,
/// a list's items after its named fields as plain words. Numbers are exact: doubles as shortest
/// round-trip decimals, single-precision values widened to double (so they read back exactly
/// with the double parser), integers in decimal, flags 0/1, absent values `-`.
struct StateWriter {
    var text = ""

    @inline(never)
    mutating func line(_ key: String, _ values: [String]) {
        text += key
        for value in values {
            text += " "
            text += value
        }
        text += "\n"
    }

    /// A line whose single value is free text (escaped: `\\`, `\n`, `\r`).
    @inline(never)
    mutating func textLine(_ key: String, _ value: String) {
        text += key + " " + StateWriter.escaped(value) + "\n"
    }

    // Streaming: `begin(key)`, then ` name=value` fields and plain words appended in place, then
    // `end()`: the same text as `line(key, values)` without an array of strings per line.

    /// Starts a line with its key.
    @inline(never)
    mutating func begin(_ key: String) { text += key }

    /// Ends the line.
    @inline(never)
    mutating func end() { text += "\n" }

    /// ` name=value`.
    @inline(never)
    mutating func put(_ name: String, _ value: String) {
        text += " "
        text += name
        text += "="
        text += value
    }

    /// ` name=` and the number (`number(_:)`).
    @inline(never)
    mutating func put(_ name: String, number value: Double) { put(name, StateWriter.number(value)) }

    /// ` name=` and the integer.
    @inline(never)
    mutating func put(_ name: String, integer value: Int) { put(name, StateWriter.integer(value)) }

    /// ` name=` and 0 or 1.
    @inline(never)
    mutating func put(_ name: String, flag value: Bool) { put(name, value ? "1" : "0") }

    /// ` name=` and the integer or `-`.
    @inline(never)
    mutating func put(_ name: String, optional value: Int?) { put(name, StateWriter.optional(value)) }

    /// ` name.x=… name.y=…`.
    @inline(never)
    mutating func put(_ name: String, point value: Vector2) {
        put(name + ".x", number: value.x)
        put(name + ".y", number: value.y)
    }

    /// A plain word (a list's item).
    @inline(never)
    mutating func word(_ value: String) {
        text += " "
        text += value
    }

    /// The text with its checksum line appended.
    var finished: String {
        text + "checksum " + StateHasher.hexDigits(SavedStateFormat.checksum(text.utf8)) + "\n"
    }

    @inline(never)
    static func number(_ value: Double) -> String { value.description }
    @inline(never)
    static func single(_ value: Float) -> String { Double(value).description }
    static func flag(_ value: Bool) -> String { value ? "1" : "0" }
    @inline(never)
    static func integer(_ value: Int) -> String { String(value) }
    @inline(never)
    static func optional(_ value: Int?) -> String { value.map { String($0) } ?? "-" }

    @inline(never)
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

/// Reads the saved-state text: every line in order, each with its expected key, every value
/// checked; errors name the line. Version 1 is positional and strict; version 2 is named: lines
/// whose key this version does not know are skipped, fields it does not know are ignored, and a
/// missing field takes its documented default (or is refused when it has none).
struct StateReader {
    let text: String
    let lines: [Substring]
    /// Index of the next line to read.
    var next = 0
    /// The format version being read (set by `header()`).
    var version = SavedStateFormat.version

    init(_ text: String) {
        self.text = text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The next line, which must start with `key`: its values.
    @inline(never)
    mutating func fields(_ key: String) throws(SavedStateError) -> StateFields {
        skipUnknownLines()
        guard next < lines.count else { throw .truncated(line: next + 1, expected: key) }
        let line = lines[next]
        next += 1
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.first.map({ $0 == key }) == true else {
            throw .invalid(line: next, InvalidValue(field: "line", value: String(line.prefix(40)), requirement: "must start with '\(key)'"))
        }
        return StateFields(line: next, key: key, words: words.dropFirst(), named: version >= 2)
    }

    /// Version 2: passes over lines whose key this version does not write (a later version's).
    mutating func skipUnknownLines() {
        guard version >= 2 else { return }
        while next < lines.count {
            let line = lines[next]
            let key = line.firstIndex(of: " ").map { line[..<$0] } ?? line
            if SavedStateFormat.keys.contains(where: { $0 == key }) { return }
            next += 1
        }
    }

    /// True when the next line starts with `key` (for lines a later format added: a text
    /// saved before them lacks them).
    func nextIs(_ key: String) -> Bool {
        next < lines.count && lines[next].split(separator: " ", maxSplits: 1).first.map { $0 == key } == true
    }

    /// The next line, which must be `key <free text>`: the text, unescaped.
    @inline(never)
    mutating func text(_ key: String) throws(SavedStateError) -> String {
        skipUnknownLines()
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
        skipUnknownLines()
        let start = next
        var fields = try fields("checksum")
        fields.readingList = true  // `checksum <16 hex digits>`, one plain word in every version
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

    @inline(never)
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

/// The values of one line, read by name. Version 1: in order, every value present. Version 2:
/// `name=value` words by name (unknown names ignored, a missing one takes the reader's default
/// or is refused), and the plain words after them as a list, read in order.
struct StateFields {
    let line: Int
    let key: String
    /// Version 1: every value; version 2: the plain words (a list's items).
    let values: [Substring]
    /// Version 2: the named fields, in the order written.
    let named: [(name: Substring, value: Substring)]
    let isNamed: Bool
    var cursor = 0
    /// True while reading a list: values come from the plain words, in order.
    var readingList = false

    init(line: Int, key: String, words: ArraySlice<Substring>, named isNamed: Bool) {
        self.line = line
        self.key = key
        self.isNamed = isNamed
        guard isNamed else {
            values = Array(words)
            named = []
            return
        }
        var plain: [Substring] = [], named: [(name: Substring, value: Substring)] = []
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                named.append((word[..<equals], word[word.index(after: equals)...]))
            } else {
                plain.append(word)
            }
        }
        values = plain
        self.named = named
    }

    @inline(never)
    private mutating func take(_ name: String) throws(SavedStateError) -> Substring {
        if isNamed && !readingList {
            guard let field = named.first(where: { $0.name == name }) else {
                throw .invalid(line: line, InvalidValue(field: key + "." + name, value: "", requirement: "is missing"))
            }
            return field.value
        }
        guard cursor < values.count else {
            throw .invalid(line: line, InvalidValue(field: key + "." + name, value: "", requirement: "is missing"))
        }
        cursor += 1
        return values[cursor - 1]
    }

    /// True when the line holds `name` (version 1: when values are left).
    @inline(never)
    func has(_ name: String) -> Bool {
        isNamed && !readingList ? named.contains { $0.name == name } : cursor < values.count
    }

    /// Plain words left to read (a bound on a list's length).
    var wordsLeft: Int { values.count - cursor }

    @inline(never)
    func failure(_ name: String, _ value: Substring, _ requirement: String) -> SavedStateError {
        .invalid(line: line, InvalidValue(field: key + "." + name, value: String(value), requirement: requirement))
    }

    /// A finite double.
    @inline(never)
    mutating func number(_ name: String) throws(SavedStateError) -> Double {
        let word = try take(name)
        guard let value = Double(word), value.isFinite else { throw failure(name, word, "must be a finite number") }
        return value
    }

    /// A double within `range`.
    @inline(never)
    mutating func number(_ name: String, in range: SettingRange<Double>) throws(SavedStateError) -> Double {
        let value = try number(name)
        do { try range.check(value, field: key + "." + name) } catch { throw .invalid(line: line, error) }
        return value
    }

    /// A double that converts to a finite single-precision value exactly.
    @inline(never)
    mutating func single(_ name: String) throws(SavedStateError) -> Float {
        let word = try take(name)
        guard let value = Double(word), value.isFinite, Double(Float(value)) == value else {
            throw failure(name, word, "must be a finite single-precision number")
        }
        return Float(value)
    }

    @inline(never)
    mutating func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SavedStateError) -> Int {
        let word = try take(name)
        guard let value = Int(word), range.contains(value) else {
            throw failure(name, word, "must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    @inline(never)
    mutating func unsigned(_ name: String) throws(SavedStateError) -> UInt64 {
        let word = try take(name)
        guard let value = UInt64(word) else { throw failure(name, word, "must be an unsigned 64-bit integer") }
        return value
    }

    @inline(never)
    mutating func generation(_ name: String) throws(SavedStateError) -> UInt32 {
        let word = try take(name)
        guard let value = UInt32(word) else { throw failure(name, word, "must be an unsigned 32-bit integer") }
        return value
    }

    @inline(never)
    mutating func flag(_ name: String) throws(SavedStateError) -> Bool {
        let word = try take(name)
        guard word == "0" || word == "1" else { throw failure(name, word, "must be 0 or 1") }
        return word == "1"
    }

    /// An integer or `-` for none.
    @inline(never)
    mutating func optionalInteger(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SavedStateError) -> Int? {
        absent(name) ? nil : try integer(name, in: range)
    }

    /// True (and consumed) when the value `name` is `-` (version 1: the next value).
    @inline(never)
    mutating func absent(_ name: String) -> Bool {
        if isNamed && !readingList { return named.first { $0.name == name }?.value == "-" }
        guard cursor < values.count, values[cursor] == "-" else { return false }
        cursor += 1
        return true
    }

    /// `number(name, in:)`, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func number(_ name: String, in range: SettingRange<Double>, or fallback: Double) throws(SavedStateError) -> Double {
        has(name) ? try number(name, in: range) : fallback
    }

    /// `integer(name, in:)`, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func integer(_ name: String, in range: ClosedRange<Int>, or fallback: Int) throws(SavedStateError) -> Int {
        has(name) ? try integer(name, in: range) : fallback
    }

    /// `optionalInteger(name, in:)`, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func optionalInteger(_ name: String, in range: ClosedRange<Int>, or fallback: Int?) throws(SavedStateError) -> Int? {
        has(name) ? try optionalInteger(name, in: range) : fallback
    }

    /// `flag(name)`, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func flag(_ name: String, or fallback: Bool) throws(SavedStateError) -> Bool {
        has(name) ? try flag(name) : fallback
    }

    /// `unsigned(name)`, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func unsigned(_ name: String, or fallback: UInt64) throws(SavedStateError) -> UInt64 {
        has(name) ? try unsigned(name) : fallback
    }

    /// One case of `Choice` by its raw text, or `fallback` when the line does not hold it.
    @inline(never)
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, or fallback: Choice) throws(SavedStateError) -> Choice
    where Choice.RawValue == String {
        guard has(name) else { return fallback }
        return Choice(rawValue: try choice(name, Choice.allCases.map { $0.rawValue })) ?? fallback
    }

    @inline(never)
    mutating func word(_ name: String) throws(SavedStateError) -> String { String(try take(name)) }

    /// One of `choices`, by its raw text.
    @inline(never)
    mutating func choice(_ name: String, _ choices: [String]) throws(SavedStateError) -> String {
        let word = try take(name)
        guard choices.contains(String(word)) else { throw failure(name, word, "must be one of: " + choices.joined(separator: ", ")) }
        return String(word)
    }

    @inline(never)
    mutating func point(_ name: String) throws(SavedStateError) -> Vector2 {
        Vector2(try number(name + ".x"), try number(name + ".y"))
    }

    /// A count of records, at most `limit` (lines that follow run out first when the text is cut).
    @inline(never)
    mutating func count(_ name: String, limit: Int = StateFields.countLimit) throws(SavedStateError) -> Int {
        try integer(name, in: 0...limit)
    }

    /// The largest count of records a saved state may announce (a bound, not an allocation).
    static let countLimit = 100_000_000

    /// Fails when values are left over.
    @inline(never)
    func end() throws(SavedStateError) {
        guard cursor == values.count else { throw failure("end", values[cursor], "is more than the line holds") }
    }
}
