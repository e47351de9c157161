import Foundation
import Testing
@testable import BubbleScenario

/// The stdlib JSON parser: what it accepts, exactly, and what it rejects, with line:column.
@Suite("JSON parser")
struct JSONParserTests {
    @Test("parses every kind of value, keeping member order")
    func values() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5, true, false, null], "a": "x\n\u00e9\ud83d\ude00", "c": {}}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["b"] == .array([.integer(1), .number(-2.5), .bool(true), .bool(false), .null]))
        #expect(value["a"] == .string("x\né😀"))
        #expect(value["c"] == .object([]))
    }

    @Test("numbers are exact: integers stay integers, doubles are correctly rounded")
    func numbers() throws {
        #expect(try JSONParser.parse("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try JSONParser.parse("-0") == .integer(0))
        #expect(try JSONParser.parse("0.1") == .number(0.1))
        #expect(try JSONParser.parse("1e2") == .number(100))
        #expect(try JSONParser.parse("2.2250738585072014E-308") == .number(2.2250738585072014e-308))
        #expect(try JSONParser.parse("99999999999999999999") == .number(1e20))
        for text in ["0.1", "1.7976931348623157e308", "5e-324", "123.456", "-0.0"] {
            let parsed = try JSONParser.parse(text)
            #expect(parsed.doubleValue?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("rejects invalid documents with line and column", arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("[1, 2,]", 1, 7, "trailing comma"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
        ("[01]", 1, 2, "leading zeros"),
        ("[NaN]", 1, 2, "NaN"),
        ("{\n  \"x\": Infinity\n}", 2, 8, "Infinity"),
        ("[-Infinity]", 1, 2, "-Infinity"),
        ("[1e999]", 1, 2, "out of range"),
        ("[\"\\x\"]", 1, 3, "invalid escape"),
        ("[\"\\ud800\"]", 1, 3, "lone high surrogate"),
        ("[\"a\nb\"]", 1, 4, "control character"),
        ("[1.]", 1, 2, "digit after '.'"),
        ("[.5]", 1, 2, "not a JSON number"),
        ("[+1]", 1, 2, "not a JSON number"),
        ("{a: 1}", 1, 2, "double quotes"),
        ("[1] 2", 1, 5, "after the end"),
        ("", 1, 1, "end of file"),
        ("[tru]", 1, 2, "not a JSON value"),
        ("[\"é\", x]", 1, 7, "unexpected 'x'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("\"abc", 1, 1, "unterminated"),
    ])
    func rejects(text: String, line: Int, column: Int, problem: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.problem.contains(problem), "\(text): \(error)")
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func depth() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        let limit = JSONParser.maximumDepth
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect((try? JSONParser.parse(fine)) != nil)
        let objects = String(repeating: #"{"a":"#, count: limit - 1) + "[1, \"{}[]\"]" + String(repeating: "}", count: limit - 1)
        #expect((try? JSONParser.parse(objects)) != nil)
        for deeper in ["[" + fine + "]", String(repeating: #"{"a":"#, count: limit) + "[]" + String(repeating: "}", count: limit)] {
            do {
                _ = try JSONParser.parse(deeper)
                Issue.record("accepted \(limit + 1) levels")
            } catch {
                #expect(error.problem == "nested deeper than \(limit) levels" && error.line == 1, "\(error)")
            }
        }
    }

    @Test("the explicit stack parses wide and mixed nesting like the grammar says", arguments: [
        (#"[[1,[2,[]],{}],{"a":{"b":[true,null]},"c":"d"}]"#, 2),
        (#"{"a":[{"b":[{"c":{}}]}],"e":[[[]]]}"#, 2),
        ("[ [ ] , { } , [ [ 1 ] ] ]", 3),
    ])
    func mixedNesting(text: String, count: Int) throws {
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
        switch value {
        case .array(let elements): #expect(elements.count == count)
        case .object(let members): #expect(members.count == count)
        default: Issue.record("not a container")
        }
        let wide = "[" + Array(repeating: "[1,{\"k\":[]}]", count: 20_000).joined(separator: ",") + "]"
        guard case .array(let rows) = try JSONParser.parse(wide) else { Issue.record("not an array"); return }
        #expect(rows.count == 20_000)
    }

    @Test("writer round-trips: compact and pretty parse back to the same value")
    func roundTrip() throws {
        let text = #"{"s": "q\"\\\/\b\f\n\r\t\u0001é", "n": [0.1, 1e-7, 1e300, -3, 123456789012], "o": {"k": [[], {}]}}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
        #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
        #expect(JSONWriter.compact(.array([.number(0.1), .integer(7)])) == "[0.1,7]")
    }

    @Test("agrees with Foundation's JSONSerialization on valid documents")
    func agreesWithFoundation() throws {
        let text = #"{"a": [1.5, 2, "x", null, {"b": false}], "c": -0.001}"#
        let ours = try JSONParser.parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let array = try #require(theirs?["a"] as? [Any])
        #expect(array.count == 5)
        #expect((theirs?["c"] as? Double) == ours["c"]?.doubleValue)
    }
}
