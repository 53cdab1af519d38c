import ErrorCore
import Foundation
import Testing

/// ``JSONWriter`` writes what it is told, in that order, with ``AnyCodableValue/jsonText``'s escapes
/// and numbers: written in `jsonText`'s key order, its bytes are the equivalent value's `jsonData`.
@Suite struct JSONWriterTests {
    @Test func membersInSortedOrderGiveTheBytesOfTheEquivalentValue() {
        let nested: AnyCodableValue = ["z": [1, 2.5, nil, "x\"y\\\n\u{1}"], "a": [:], "é": "☕"]
        var json = JSONWriter()
        json.beginObject()
        json.member("amount", .int(-4_999))
        json.key("items")
        json.beginArray()
        json.value(nested)
        json.beginObject()
        json.endObject()
        json.beginArray()
        json.endArray()
        json.value(.bool(false))
        json.endArray()
        json.member("none", nil)
        json.key("note")
        json.beginObject()
        json.member("text", "line\u{2028}\ttab \u{1F600}")
        json.member("when", .double(1e21))
        json.endObject()
        json.endObject()
        let equivalent: AnyCodableValue = [
            "amount": -4_999, "items": [nested, [:], [], false],
            "note": ["text": "line\u{2028}\ttab \u{1F600}", "when": .double(1e21)], "none": nil,
        ]
        #expect(String(decoding: json.data, as: UTF8.self) == equivalent.jsonText)
        #expect(json.data == equivalent.jsonData)
    }

    @Test func itWritesInTheOrderItIsTold() {
        var json = JSONWriter()
        json.beginObject()
        json.member("b", 1)
        json.member("a", 2)
        json.endObject()
        #expect(String(decoding: json.data, as: UTF8.self) == #"{"b":1,"a":2}"#)
        var array = JSONWriter()
        array.beginArray()
        array.value("x")
        array.value(3)
        array.endArray()
        #expect(String(decoding: array.data, as: UTF8.self) == #"["x",3]"#)
    }
}
