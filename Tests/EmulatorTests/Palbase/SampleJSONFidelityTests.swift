import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Issue 18 §7, on the wire: free-form `metadata`, documented as "stored and returned verbatim", comes
/// back with every number as it was written and every key as it was spelled, and a key repeated in one
/// object keeps its last value (JavaScript's `JSON.parse`, the backend's rule), never the first.
@Suite struct SampleJSONFidelityTests {
    /// `text` contains `snippet` byte for byte (`String.contains` would equate NFC and NFD spellings).
    private func containsBytes(_ text: Data, _ snippet: String) -> Bool {
        text.range(of: Data(snippet.utf8)) != nil
    }

    @Test func todoMetadataNumbersComeBackAsTheyWereWritten() async throws {
        try await withSampleEmulator { emulator in
            let numbers =
                #"{"big":9223372036854775808,"tiny":-1e-999999,"huge":1e400,"precise":0.1000000000000000055511151231257827,"negative_zero":-0}"#
            let created = try await emulator.send("POST", "/todos", json: #"{"title":"n","metadata":\#(numbers)}"#)
            #expect(created.status == 201)
            let id = try #require(created.json["id"].string)
            for reply in [created, try await emulator.send("GET", "/todos/\(id)")] {
                // Keys come back sorted, numbers untouched.
                #expect(
                    containsBytes(
                        reply.body,
                        #""metadata":{"big":9223372036854775808,"huge":1e400,"negative_zero":-0,"precise":0.1000000000000000055511151231257827,"tiny":-1e-999999}"#
                    ), "\(reply.text)")
            }
            let listed = try await emulator.send("GET", "/todos")
            #expect(containsBytes(listed.body, #""big":9223372036854775808"#), "\(listed.text)")
            // PATCH replaces the object, verbatim too.
            let patched = try await emulator.send(
                "PATCH", "/todos/\(id)", json: #"{"metadata":{"n":18446744073709551617}}"#)
            #expect(containsBytes(patched.body, #""metadata":{"n":18446744073709551617}"#), "\(patched.text)")
        }
    }

    @Test func roomMetadataNumbersComeBackAsTheyWereWritten() async throws {
        try await withSampleEmulator { emulator in
            let created = try await emulator.send(
                "POST", "/rooms", json: #"{"name":"r","metadata":{"big":9223372036854775808,"tiny":-1e-999999}}"#)
            #expect(created.status == 201)
            #expect(containsBytes(created.body, #""metadata":{"big":9223372036854775808,"tiny":-1e-999999}"#))
            let listed = try await emulator.send("QUERY", "/rooms/search", json: "{}")
            #expect(containsBytes(listed.body, #""big":9223372036854775808"#), "\(listed.text)")
        }
    }

    @Test func metadataKeysSpelledInNFCAndNFDAreTwoKeys() async throws {
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        try await withSampleEmulator { emulator in
            let created = try await emulator.send(
                "POST", "/todos", json: #"{"title":"u","metadata":{"\#(nfc)":1,"\#(nfd)":2}}"#)
            #expect(created.status == 201)
            #expect(containsBytes(created.body, #""\#(nfc)":1"#), "\(created.text)")
            #expect(containsBytes(created.body, #""\#(nfd)":2"#), "\(created.text)")
        }
    }

    @Test func aRepeatedKeyKeepsItsLastValue() async throws {
        try await withSampleEmulator { emulator in
            let created = try await emulator.send(
                "POST", "/todos",
                json:
                    #"{"title":"first","completed":false,"title":"last","metadata":{"k":1,"k":{"deep":true}},"completed":true}"#
            )
            #expect(created.status == 201)
            #expect(created.json["title"].string == "last")
            #expect(created.json["completed"].bool == true)
            #expect(containsBytes(created.body, #""metadata":{"k":{"deep":true}}"#), "\(created.text)")
            // The last value is the one validated: a valid first title does not hide an invalid last one.
            let invalid = try await emulator.send("POST", "/todos", json: #"{"title":"ok","title":7}"#)
            #expect(invalid.status == 400)
        }
    }
}
