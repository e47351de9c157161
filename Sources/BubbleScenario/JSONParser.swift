/// A syntax error in a JSON document, with the 1-based line and column (in characters) where it is.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in bytes) of the problem.
    public var column: Int
    /// What is wrong.
    public var problem: String

    /// `line L:C: problem`.
    public var description: String { "line \(line):\(column): \(problem)" }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes, on the standard library alone.
///
/// Rejects everything RFC 8259 does not allow, with a line:column: `NaN` and `Infinity`,
/// trailing commas, duplicate keys, leading zeros, invalid escapes and lone surrogates, raw
/// control characters in strings, numbers out of `Double` range, and anything after the value.
///
/// The parser does not recurse: open arrays and objects are kept on an explicit stack on the heap,
/// so the call stack it uses is the same at any depth. Nesting deeper than `maximumDepth` is still
/// refused with a syntax error, because a `JSONValue` is a tree and everything that walks one
/// (destroying it, comparing it, writing it back out for an error message) recurses once per level.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted: 64 levels. A scenario needs 4 (the document,
    /// `timeline`, an event, a `tags` list). The bound keeps every recursive walk of a parsed value
    /// (its destruction, `==`, `JSONWriter`) to a few kilobytes of call stack at any depth accepted,
    /// far inside the smallest stack this package runs on: the WebAssembly modules' 256 KiB.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// An array or object still open, with what it holds so far.
    private struct OpenContainer {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var seen = Set<String>()
        /// The key whose value is being read (objects).
        var key = ""
    }

    /// Parses a whole document.
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    /// - Complexity: O(length); the call stack used does not grow with nesting.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // tolerate a UTF-8 byte order mark
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeHere()) after the end of the document") }
        return value
    }

    // MARK: Values

    /// One value, nested ones included, with the open containers on `stack` instead of the call stack.
    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var stack: [OpenContainer] = []
        while true {
            // Read a value; an array or object that is not empty opens and the loop reads its first value.
            var value: JSONValue
            if let opened = try open(depth: stack.count) {
                stack.append(opened)
                continue
            }
            value = try parseScalarOrEmpty()
            // Hand the value to the container it belongs to; close every container that ends here.
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].key, value: value))
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                if consume(UInt8(ascii: ",")) {
                    skipWhitespace()
                    if stack[top].isObject {
                        stack[top].key = try parseKey(&stack[top].seen)
                    } else if peek(UInt8(ascii: "]")) {
                        throw error("trailing comma before ']'")
                    }
                    break
                }
                let closed = stack.removeLast()
                if closed.isObject {
                    guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object, got \(describeHere())") }
                    value = .object(closed.members)
                } else {
                    guard consume(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array, got \(describeHere())") }
                    value = .array(closed.elements)
                }
            }
            if stack.isEmpty { return value }
        }
    }

    /// At `[` or `{` followed by a first value: consumes up to that value and returns the open
    /// container. Nil for anything else (empty containers included: `parseScalarOrEmpty` reads them).
    private mutating func open(depth: Int) throws(JSONSyntaxError) -> OpenContainer? {
        guard let byte = current, byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { return nil }
        if depth + 1 > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
        let isObject = byte == UInt8(ascii: "{")
        let start = index
        index += 1
        skipWhitespace()
        if consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            index = start  // empty: read as a value
            return nil
        }
        var container = OpenContainer(isObject: isObject)
        if isObject {
            container.key = try parseKey(&container.seen)
        } else if peek(UInt8(ascii: "]")) {
            throw error("trailing comma before ']'")
        }
        return container
    }

    /// An object's key and its colon, then the whitespace before the value; duplicates refused.
    private mutating func parseKey(_ seen: inout Set<String>) throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error(peek(UInt8(ascii: "}")) ? "trailing comma before '}'" : "expected a key in double quotes, got \(describeHere())")
        }
        let keyStart = index
        let key = try parseString()
        guard seen.insert(key).inserted else { throw error("duplicate key \"\(key)\"", at: keyStart) }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after key \"\(key)\", got \(describeHere())") }
        skipWhitespace()
        return key
    }

    /// A value that holds no other value: a string, number, literal, `[]` or `{}`.
    private mutating func parseScalarOrEmpty() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[index] == UInt8(ascii: "{")
            index += 1
            skipWhitespace()
            index += 1  // the closing bracket `open(depth:)` found
            return isObject ? .object([]) : .array([])
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "+"), UInt8(ascii: "."):
            throw error("\(describeWord()) is not a JSON number (NaN, Infinity, '+' and bare '.' are not allowed)")
        default:
            throw error("unexpected \(describeHere()), expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("\(describeWord()) is not a JSON value")
        }
        index += expected.count
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if peekWord("Infinity") { throw error("-Infinity is not a JSON number", at: start) }
        guard let first = current, isDigit(first) else { throw error("expected a digit after '-'", at: start) }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
            throw error("leading zeros are not allowed in numbers", at: start)
        }
        skipDigits()
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard let digit = current, isDigit(digit) else { throw error("expected a digit after '.'", at: start) }
            skipDigits()
        }
        if let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw error("expected a digit in the exponent", at: start) }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }  // 64 bits on every platform (wasm32 too)
        guard let number = Double(text), number.isFinite else {
            throw error("number \(text.prefix(40)) is out of range", at: start)
        }
        return .number(number)
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            if byte == UInt8(ascii: "\"") {
                appendRun(runStart, to: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("raw control character 0x\(String(byte, radix: 16)) in a string (use an escape)") }
            if byte == UInt8(ascii: "\\") {
                appendRun(runStart, to: &scalars)
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// Appends the bytes from `start` to the current index (valid UTF-8: the input is a `String`).
    private func appendRun(_ start: Int, to scalars: inout String.UnicodeScalarView) {
        guard start < index else { return }
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let byte = current else { throw error("unterminated escape", at: start) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape(start: start)
        default:
            throw error("invalid escape '\\\(describeByte(byte))' in a string", at: start)
        }
    }

    private mutating func parseUnicodeEscape(start: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hexQuad(start: start)
        if (0xDC00...0xDFFF).contains(high) { throw error("lone low surrogate \\u\(hex(high)) in a string", at: start) }
        guard (0xD800...0xDBFF).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape", at: start) }
            return scalar
        }
        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            throw error("lone high surrogate \\u\(hex(high)) in a string", at: start)
        }
        index += 2
        let low = try hexQuad(start: start)
        guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
            throw error("high surrogate \\u\(hex(high)) not followed by a low surrogate", at: start)
        }
        return scalar
    }

    private mutating func hexQuad(start: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw error("\\u must be followed by four hexadecimal digits", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Scanning and errors

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(_ byte: UInt8) -> Bool { current == byte }

    private func peekWord(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        return bytes.count - index >= expected.count && Array(bytes[index..<index + expected.count]) == expected
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// The character at the current index, quoted, or "end of file".
    private func describeHere() -> String {
        guard let byte = current else { return "end of file" }
        if byte < 0x80 { return "'\(describeByte(byte))'" }
        let end = min(bytes.count, index + 4)
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self).prefix(1))'"
    }

    private func describeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }

    /// The run of letters, digits and signs at the current index (e.g. `NaN`, `tru`), quoted.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 20 {
            let byte = bytes[end]
            let isWordByte = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || isDigit(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !isWordByte { break }
            end += 1
        }
        if end == index { return describeHere() }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"  // ASCII letters, digits, signs only
    }

    private func error(_ problem: String, at position: Int? = nil) -> JSONSyntaxError {
        let target = min(position ?? index, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<target] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, problem: problem)
    }
}
