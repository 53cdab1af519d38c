import ErrorCore
import Testing

@testable import PalbeCodegen

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(CodegenError) -> ExactJSON {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func keepsObjectKeysInDocumentOrder() throws {
        let value = try parse(#"{"zeta": 1, "alpha": [true, null, "x"], "mid": {"b": 2.5e3, "a": -0}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["zeta", "alpha", "mid"])
        #expect(object["alpha"] == .array([.bool(true), .null, .string("x")]))
        #expect(object["mid"]?.objectValue?.keys == ["b", "a"])
        #expect(object["mid"]?.objectValue?["b"] == .number("2.5e3"))
        #expect(object["zeta"]?.intValue == 1)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\n\té😀"))
    }

    @Test func toleratesByteOrderMarkAndSurroundingWhitespace() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(" \n {} \t".utf8)) == .object([:]))
    }

    @Test(
        "reports line and column of the first problem",
        arguments: [
            ("{\"a\": 1,\n  \"b\" 2}", 2, 7, "expected ':' after a key"),
            ("{\"a\": tru}", 1, 7, "unexpected character 't', expected a value"),
            ("[1, 2", 1, 6, "expected ',' or ']' in an array"),
            ("{\"a\": 1} x", 1, 10, "unexpected text after the JSON value"),
            ("\"abc", 1, 5, "unterminated string"),
            ("{\"é\": \"\u{01}\"}", 1, 8, "raw control character in a string; escape it"),
            ("[01]", 1, 3, "expected ',' or ']' in an array"),
            ("[1.]", 1, 4, "expected a digit after '.'"),
            ("\"\\ud800\"", 1, 8, "unpaired UTF-16 surrogate in \\u escape"),
            ("\"\\q\"", 1, 3, "invalid escape sequence"),
            ("", 1, 1, "unexpected end of input, expected a value"),
        ])
    func reportsPosition(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: CodegenError.invalidJSON(line: line, column: column, reason: reason)) {
            try parse(text)
        }
    }

    @Test func rejectsDuplicateKeysAtTheSecondOccurrence() {
        #expect(throws: CodegenError.invalidJSON(line: 1, column: 10, reason: "duplicate key \"a\" in one object")) {
            try parse(#"{"a": 1, "a": 2}"#)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: CodegenError.invalidJSON(line: 1, column: 2, reason: "invalid UTF-8 in a string")) {
            try JSONParser.parse([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
        }
    }

    @Test func capsNestingInsteadOfExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: CodegenError.self) { try parse(deep) }
        guard case .invalidJSON(_, let column, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(column == JSONParser.maximumDepth + 1)
        #expect(reason.contains("nesting deeper"))
        #expect(try parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).arrayValue != nil)
    }

    @Test func writesBackWhatItRead() throws {
        let text = #"{"b":[1,2.5,"x\"\n\u0001",true,false,null],"a":{}}"#
        #expect(try parse(text).jsonText == text)
    }
}
