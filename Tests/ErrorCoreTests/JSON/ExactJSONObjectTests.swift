import ErrorCore
import Foundation
import Testing

/// ``ExactJSONObject`` finds members by comparing keys while it is small and keeps a hash index once it
/// grows: both must behave the same, and the switch between them must lose nothing.
@Suite struct ExactJSONObjectTests {
    /// An object of `count` members `k0…`, read through the parser (the way every object is built).
    private func parsed(_ count: Int, duplicateKeys: ExactJSONParser.DuplicateKeys = .reject) throws -> ExactJSONObject
    {
        let members = (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let json = try ExactJSONParser.parse(Array("{\(members)}".utf8), duplicateKeys: duplicateKeys)
        return try #require(json.objectValue)
    }

    @Test(arguments: [1, 5, 12, 13, 40, 300])
    func everyMemberIsFoundAndTheOrderIsKept(count: Int) throws {
        let object = try parsed(count)
        #expect(object.count == count)
        #expect(object.keys == (0..<count).map { "k\($0)" })
        for index in 0..<count { #expect(object["k\(index)"] == .number("\(index)")) }
        #expect(object["k\(count)"] == nil)
        #expect(object["K0"] == nil)
    }

    @Test(arguments: [3, 12, 13, 40])
    func aRepeatedKeyIsRefusedOrReplacedInItsPlace(count: Int) throws {
        let members = (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let text = Array("{\(members),\"k1\":\"again\"}".utf8)
        #expect(throws: ExactJSONParser.SyntaxError.self) {
            try ExactJSONParser.parse(text, duplicateKeys: .reject)
        }
        let object = try #require(try ExactJSONParser.parse(text, duplicateKeys: .lastWins).objectValue)
        #expect(object.count == count)
        #expect(object.keys[1] == "k1")
        #expect(object["k1"] == .string("again"))
    }

    @Test func removingAMemberAcrossTheThresholdKeepsTheRestFindable() throws {
        var object = try parsed(14)
        object["k3"] = nil
        object["k0"] = nil
        #expect(object.count == 12)
        #expect(object["k3"] == nil)
        for index in (0..<14) where index != 0 && index != 3 { #expect(object["k\(index)"] == .number("\(index)")) }
        object["k3"] = .bool(true)
        #expect(object.keys.last == "k3")
        #expect(object["k3"] == .bool(true))
        object["k99"] = .null
        object["k100"] = .null
        #expect(object.count == 15)
        #expect(object["k13"] == .number("13"))
        #expect(object["k100"] == .null)
    }

    @Test func keysAreToldApartByTheirExactScalarsAtAnySize() throws {
        for filler in [0, 20] {
            var object = ExactJSONObject()
            for index in 0..<filler { _ = object.insert(.null, forKey: "f\(index)") }
            let nfc = object.insert(.number("1"), forKey: "caf\u{E9}")
            let nfd = object.insert(.number("2"), forKey: "cafe\u{301}")
            let again = object.insert(.number("3"), forKey: "caf\u{E9}")
            #expect(nfc && nfd && !again)
            #expect(object["caf\u{E9}"] == .number("1"))
            #expect(object["cafe\u{301}"] == .number("2"))
        }
    }

    @Test func equalityAndHashingFollowMembersInOrder() throws {
        let small: ExactJSONObject = ["a": .null, "b": .bool(true)]
        let reordered: ExactJSONObject = ["b": .bool(true), "a": .null]
        #expect(small != reordered)
        #expect(small == ["a": .null, "b": .bool(true)])
        let large = try parsed(30)
        let same = try parsed(30)
        #expect(large == same)
        #expect(large.hashValue == same.hashValue)
        var changed = same
        changed["k29"] = .number("0")
        #expect(large != changed)
    }

    @Test func stringsAndNumbersReadTheSameOnEitherPathOfTheStringReader() throws {
        let text = #"{"ascii":"plain text","utf8":"café ☕ 𝄞","escaped":"a\"b\\c\u00e9\ud834\udd1e","n":-12.5e3}"#
        let object = try #require(try ExactJSONParser.parse(Array(text.utf8), duplicateKeys: .reject).objectValue)
        #expect(object["ascii"] == .string("plain text"))
        #expect(object["utf8"] == .string("café ☕ 𝄞"))
        #expect(object["escaped"] == .string("a\"b\\cé𝄞"))
        #expect(object["n"] == .number("-12.5e3"))
        // Invalid UTF-8 after ASCII, and a lone continuation byte, are still refused.
        for bad in [[0x22, 0x61, 0xC3, 0x22], [0x22, 0x80, 0x22]] as [[UInt8]] {
            #expect(throws: ExactJSONParser.SyntaxError.self) { try ExactJSONParser.parse(bad, duplicateKeys: .reject) }
        }
        #expect(throws: ExactJSONParser.SyntaxError.self) {
            try ExactJSONParser.parse(Array("tru".utf8), duplicateKeys: .reject)
        }
        #expect(
            try ExactJSONParser.parse([0xEF, 0xBB, 0xBF] + Array("true".utf8), duplicateKeys: .reject) == .bool(true))
    }
}
