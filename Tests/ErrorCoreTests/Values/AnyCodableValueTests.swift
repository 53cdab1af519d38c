import ErrorCore
import Foundation
import TestSupport
import Testing

@Suite struct AnyCodableValueTests {
    private func decode(_ json: String, with decoder: JSONDecoder = JSONDecoder()) throws -> AnyCodableValue {
        try decoder.decode(AnyCodableValue.self, from: Data(json.utf8))
    }

    @Test func decodesEveryKind() throws {
        let value = try decode(#"{"s":"x","i":-7,"d":1.5,"b":true,"n":null,"a":[1,"2"],"o":{"k":false}}"#)
        #expect(
            value
                == .object([
                    "s": .string("x"), "i": .int(-7), "d": .double(1.5), "b": .bool(true), "n": .null,
                    "a": .array([.int(1), .string("2")]), "o": .object(["k": .bool(false)]),
                ]))
    }

    @Test func booleansAndNumbersNeverCrossOver() throws {
        #expect(try decode("[true,false,0,1]") == [.bool(true), .bool(false), .int(0), .int(1)])
    }

    @Test(arguments: [
        ("2", AnyCodableValue.int(2)),
        ("2.0", .int(2)),
        ("1e3", .int(1000)),
        ("-0", .int(0)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775807", .int(Int.max)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("1e30", .double(1e30)),
        ("2.5", .double(2.5)),
        ("-0.1", .double(-0.1)),
        ("1e-7", .double(1e-7)),
    ])
    func numbersDecodeAsDocumented(json: String, expected: AnyCodableValue) throws {
        #expect(try decode(json) == expected)
    }

    @Test func nestedDocumentRoundTrips() throws {
        let json = #"""
            {"user":{"id":"u_1","tags":["a","b",null],"score":12.75,"verified":false,
             "meta":{"deep":[[1,2],[{"x":null}]],"empty":{},"list":[]}},
             "count":3,"ratio":0.1,"note":"é \"quoted\" \\ / 👍🏽\n"}
            """#
        let value = try decode(json)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(AnyCodableValue.self, from: encoded) == value)
        #expect(value["user"]?["meta"]?["deep"]?[1]?[0]?["x"] == .null)
        #expect(value["note"]?.stringValue == "é \"quoted\" \\ / 👍🏽\n")
    }

    @Test func objectKeysStayVerbatimThroughSnakeCaseCoders() throws {
        let decoded = try decode(
            #"{"current_epoch":7,"userId":1,"nested":{"a_b":[{"c_d":1}]}}"#,
            with: SDKCoders.snakeCaseDecoder())
        #expect(decoded.objectValue.map { Set($0.keys) } == ["current_epoch", "userId", "nested"])
        #expect(decoded["nested"]?["a_b"]?[0]?["c_d"] == 1)

        let encoded = try SDKCoders.snakeCaseEncoder().encode(
            ["userName": 1, "a_b": ["innerKey": true]] as AnyCodableValue)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"a_b":{"innerKey":true},"userName":1}"#)
    }

    @Test func nonFiniteDoubleFailsToEncode() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(AnyCodableValue.double(.nan)) }
    }

    @Test func hostileJSONThrowsInsteadOfCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DecodingError.self) { try decode(deep) }
        #expect(throws: DecodingError.self) { try decode(#"{"a":"#) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnyCodableValue.self, from: Data([0xFF, 0xFE]))
        }
    }

    @Test func accessorsConvertOnlyWhereDocumented() {
        #expect(AnyCodableValue.double(2.0).intValue == 2)
        #expect(AnyCodableValue.double(2.5).intValue == nil)
        #expect(AnyCodableValue.double(1e30).intValue == nil)
        #expect(AnyCodableValue.string("2").intValue == nil)
        #expect(AnyCodableValue.bool(true).intValue == nil)
        #expect(AnyCodableValue.int(3).doubleValue == 3.0)
        #expect(AnyCodableValue.double(0.5).doubleValue == 0.5)
        #expect(AnyCodableValue.int(1).boolValue == nil)
        #expect(AnyCodableValue.bool(false).boolValue == false)
        #expect(AnyCodableValue.int(1).stringValue == nil)
        #expect(AnyCodableValue.string("x").stringValue == "x")
        #expect(AnyCodableValue.null.isNull)
        #expect(!AnyCodableValue.string("").isNull)
        #expect(AnyCodableValue.array([1]).arrayValue == [1])
        #expect(AnyCodableValue.array([1]).objectValue == nil)
        #expect(AnyCodableValue.object(["a": 1]).objectValue == ["a": 1])
    }

    @Test func subscriptsNeverTrap() {
        let value: AnyCodableValue = ["list": [10, 20], "gone": nil]
        #expect(value["list"]?[1] == 20)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["gone"] == .null)
        #expect(value[0] == nil)
        #expect(value["list"]?["key"] == nil)
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: AnyCodableValue = ["s": "x", "i": 1, "d": 2.0, "b": true, "n": nil, "a": [1, "a"]]
        #expect(value["s"] == .string("x"))
        #expect(value["i"] == .int(1))
        #expect(value["d"] == .double(2.0))
        #expect(value["b"] == .bool(true))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.int(1), .string("a")]))
        let duplicate: AnyCodableValue = ["k": 1, "k": 2]
        #expect(duplicate == ["k": 2])
    }

    @Test func equalityIsByCase() {
        #expect(AnyCodableValue.int(2) != .double(2.0))
        #expect(Set<AnyCodableValue>([1, 1, "1", 1.0]).count == 3)
    }

    @Test func jsonTextIsCompactSortedAndJavaScriptLike() {
        let value: AnyCodableValue = [
            "z": [1, 2.5, 1e-7, 1.5e21, 100.0, -0.0, .double(.infinity)], "a": "q\"\\\n\t\u{01}/é👍",
            "～": true, "👍": nil, "é": [:],
        ]
        #expect(
            value.jsonText
                == #"{"a":"q\"\\\n\t\u0001/é👍","z":[1,2.5,1e-7,1.5e+21,100,0,null],"é":{},"👍":null,"～":true}"#)
        #expect(value.description == value.jsonText)
    }

    /// Keys sort by UTF-16 code units however they mix ASCII, two- and three-byte characters on either
    /// side of U+E000 and characters above U+FFFF (where UTF-16 order and scalar order part).
    @Test func objectKeysSortByUTF16CodeUnitsWhateverTheyContain() {
        let alphabet: [String] = ["a", "b", "Z", "0", "é", "中", "\u{E000}", "～", "\u{FFFD}", "👍", "😀", "\u{10000}"]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<200 {
            var keys = Set<String>()
            for _ in 0..<8 {
                let length = Int(generator.next() % 4) + 1
                keys.insert((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined())
            }
            let object = AnyCodableValue.object(
                Dictionary(uniqueKeysWithValues: keys.map { ($0, AnyCodableValue.int(1)) }))
            let expected = keys.sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) }
            #expect(object.jsonText == "{" + expected.map { "\"\($0)\":1" }.joined(separator: ",") + "}")
            #expect(object.jsonData == Data(object.jsonText.utf8))
        }
    }

    /// An escaped byte next to a combining mark or a joiner: the text around each escape is kept
    /// scalar for scalar, and the whole string round-trips through a JSON parser.
    @Test(arguments: [
        "\"\u{301}", "e\u{301}\"", "\u{200D}\"\u{1F600}", "\\\u{301}\n\u{301}", "\u{1F469}\u{200D}\u{1F4BB}\"x",
        "plain text with no escape", "", "\u{1F}\u{0}\u{7F}",
    ])
    func stringsNextToEscapesKeepEveryScalar(text: String) throws {
        let json = AnyCodableValue.string(text).jsonText
        #expect(Array(json.unicodeScalars).filter { $0.value < 0x20 }.isEmpty)
        let decoded = try JSONDecoder().decode(String.self, from: Data(json.utf8))
        #expect(Array(decoded.unicodeScalars) == Array(text.unicodeScalars))
    }

    @Test(arguments: [
        (0.1, "0.1"), (0.000001, "0.000001"), (0.0000001, "1e-7"), (123e-20, "1.23e-18"),
        (1e21, "1e+21"), (1e20, "100000000000000000000"), (123456789012345680000.0, "123456789012345680000"),
        (-1.5, "-1.5"), (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (0.30000000000000004, "0.30000000000000004"), (1e16, "10000000000000000"), (4.35, "4.35"),
    ])
    func doublesRenderLikeJavaScript(value: Double, expected: String) {
        #expect(AnyCodableValue.double(value).jsonText == expected)
    }
}

@Suite struct AnyCodableValueTypedTests {
    struct TodoLocked: Decodable, Equatable {
        var retryAfter: Int
        var lockedAt: Date
    }

    @Test func decodesThroughTheSnakeCaseCodersByDefault() {
        let data: AnyCodableValue = ["retry_after": 30, "locked_at": "2023-11-14T22:13:20.000Z", "extra": [1]]
        #expect(
            data.decoded(as: TodoLocked.self)
                == TodoLocked(retryAfter: 30, lockedAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test func mismatchIsNilNotAThrow() {
        #expect(AnyCodableValue.object(["retry_after": "soon"]).decoded(as: TodoLocked.self) == nil)
        #expect(AnyCodableValue.null.decoded(as: TodoLocked.self) == nil)
        #expect(AnyCodableValue.double(.nan).decoded(as: Double.self) == nil)
    }

    @Test func camelCaseDecoderCanBeChosen() {
        struct Usage: Decodable, Equatable { var creditsUsed: Int }
        let camel: AnyCodableValue = ["creditsUsed": 2]
        let snake: AnyCodableValue = ["credits_used": 2]
        #expect(camel.decoded(as: Usage.self, using: SDKCoders.camelCaseDecoder()) == Usage(creditsUsed: 2))
        #expect(snake.decoded(as: Usage.self, using: SDKCoders.camelCaseDecoder()) == nil)
        #expect(snake.decoded(as: Usage.self) == Usage(creditsUsed: 2))
    }
}
