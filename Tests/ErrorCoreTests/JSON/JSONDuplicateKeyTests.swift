import ErrorCore
import Foundation
import Testing

/// Issue 18 §7: wherever the package itself turns JSON text into a value, a key repeated in one object
/// keeps its last value, as JavaScript's `JSON.parse` does (Foundation's `JSONDecoder` keeps the first).
@Suite struct JSONDuplicateKeyTests {
    @Test func theRedactorShowsTheLastValueOfARepeatedKey() {
        let text = Redactor.standard.redactedBody(Data(#"{"note":"first","id":1,"note":"last"}"#.utf8))
        #expect(text == #"{"id":1,"note":"last"}"#)
    }

    @Test func parsingIntoAnyCodableValueKeepsTheLastValue() throws {
        let value = try AnyCodableValue(parsingJSON: Data(#"{"a":1,"b":{"c":true,"c":false},"a":[2]}"#.utf8))
        #expect(value == ["a": [2], "b": ["c": false]])
    }

    @Test func theLastValueTakesTheFirstOnesPlaceAndNumbersKeepTheirText() throws {
        let exact = try ExactJSONParser.parse(
            Array(#"{"z":1,"a":9223372036854775808,"z":-1e-999999}"#.utf8), duplicateKeys: .lastWins)
        #expect(exact.jsonText == #"{"z":-1e-999999,"a":9223372036854775808}"#)
        #expect(exact.sortedJSONText == #"{"a":9223372036854775808,"z":-1e-999999}"#)
        #expect(
            throws: ExactJSONParser.SyntaxError(line: 1, column: 8, reason: #"duplicate key "a" in one object"#)
        ) {
            try ExactJSONParser.parse(Array(#"{"a":1,"a":2}"#.utf8), duplicateKeys: .reject)
        }
    }

    @Test func theNumericViewMapsNumbersAsDecodingDoes() throws {
        let value = try AnyCodableValue(parsingJSON: Data(#"[1, 2.0, 1e3, 2.5, 9223372036854775808, -0]"#.utf8))
        #expect(value == [.int(1), .int(2), .int(1000), .double(2.5), .double(9_223_372_036_854_775_808), .int(0)])
        // A value built in code writes the same bytes either way.
        let built: AnyCodableValue = ["b": [1, 2.5, "x", nil, true], "a": ["k": 0.1]]
        #expect(ExactJSON(built).sortedJSONText == built.jsonText)
    }
}
