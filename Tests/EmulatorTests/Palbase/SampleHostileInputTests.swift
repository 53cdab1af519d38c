import Emulator
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Hostile input over real HTTP: every answer is a 4xx error envelope, never a 500, never a crash, and the
/// server keeps serving afterwards.
@Suite struct SampleHostileInputTests {
    /// `(method, raw target, body, expected status, expected code)`.
    static let requests: [(String, String, String?, Int, String)] = [
        ("POST", "/todos", "{", 400, "bad_request"),
        ("POST", "/todos", #"{"title":}"#, 400, "bad_request"),
        ("POST", "/todos", #"{"title":"x"} trailing"#, 400, "bad_request"),
        ("POST", "/todos", "null", 400, "bad_request"),
        ("POST", "/todos", #"{"title":"x","due_date":"2025-13-01T00:00:00Z"}"#, 400, "bad_request"),
        ("POST", "/todos/..%2F..%2Fetc%2Fpasswd/lock", #"{"seconds":1}"#, 404, "todo_not_found"),
        ("PATCH", "/todos/..%2F..", "{}", 404, "todo_not_found"),
        ("GET", "/todos/..%2F..", nil, 404, "todo_not_found"),
        ("GET", "/todos/'%20OR%201=1%20--", nil, 404, "todo_not_found"),
        ("GET", "/todos/%F0%9F%98%80", nil, 404, "todo_not_found"),
        ("GET", "/todos/" + String(repeating: "a", count: 4000), nil, 404, "todo_not_found"),
        ("GET", "/todos/..", nil, 400, "bad_request"),
        ("GET", "/todos/%2e%2e", nil, 400, "bad_request"),
        ("GET", "/todos/%00", nil, 400, "bad_request"),
        ("GET", "/todos/%zz", nil, 400, "bad_request"),
        ("POST", "/v1/docs/..%2Fnotes/x", nil, 405, "method_not_allowed"),
        ("GET", "/v1/docs/..%2Fnotes/x", nil, 400, "bad_request"),
        ("GET", "/nowhere", nil, 404, "not_found"),
        ("GET", "/todos/a/b/c/d", nil, 404, "not_found"),
        ("PUT", "/todos", "{}", 405, "method_not_allowed"),
        ("POST", "/health", nil, 405, "method_not_allowed"),
        ("DELETE", "/rooms", nil, 405, "method_not_allowed"),
        ("GET", "/todos?page=-1", nil, 400, "bad_request"),
        ("GET", "/todos?page=%zz", nil, 400, "bad_request"),
        ("POST", "/todos/x/lock", #"{"seconds":1e400}"#, 400, "bad_request"),
        ("POST", "/todos/x/lock", #"{"seconds":9223372036854775808}"#, 400, "bad_request"),
        ("QUERY", "/rooms/search", #"{"limit":true}"#, 400, "bad_request"),
    ]

    @Test(arguments: requests)
    func answersAnEnvelopeNeverA500(
        _ method: String, _ target: String, _ body: String?, _ status: Int, _ code: String
    ) async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send(method, target, json: body)
            expectEnvelope(reply, status, code)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(try await emulator.send("GET", "/health").status == 200, "still serving")
        }
    }

    @Test func nonUTF8AndBinaryBodiesAreBadRequest() async throws {
        try await withSampleEmulator { emulator in
            for bytes: [UInt8] in [[0xFF, 0xFE, 0x00, 0x7B], [0x7B, 0x22, 0x74, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]] {
                let reply = try await emulator.send("POST", "/todos", headers: [], body: Data(bytes))
                expectEnvelope(reply, 400, "bad_request")
            }
        }
    }

    @Test func deepNestingIsRefusedBeforeDecoding() async throws {
        try await withSampleEmulator { emulator in
            let deep = String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
            let reply = try await emulator.send("POST", "/todos", json: #"{"title":"x","metadata":{"a":\#(deep)}}"#)
            let envelope = expectEnvelope(reply, 400, "bad_request")
            #expect(envelope["fields"][0]["message"].string == "Nested deeper than 64 levels")

            let allowed = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
            let created = try await emulator.send(
                "POST", "/todos", json: #"{"title":"x","metadata":{"a":\#(allowed)}}"#)
            #expect(created.status == 201, "\(created.text)")
            let brackets =
                #"{"title":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"}"#
            #expect(
                try await emulator.send("POST", "/todos", json: brackets).status == 201,
                "brackets in strings do not count")
        }
    }

    @Test func oversizedBodiesAre413Envelopes() async throws {
        try await withSampleEmulator { emulator in
            let sampleLimit = #"{"title":"x","note":"\#(String(repeating: "n", count: 70_000))"}"#
            expectEnvelope(try await emulator.send("POST", "/todos", json: sampleLimit), 413, "payload_too_large")
            let platformLimit = String(repeating: " ", count: 2 << 20)
            expectEnvelope(try await emulator.send("POST", "/todos", json: platformLimit), 413, "payload_too_large")
            #expect(try await emulator.send("GET", "/todos").header("X-Total-Count") == "0")
        }
    }

    @Test func duplicateKeysAndUnknownKeysDoNotBreakAnything() async throws {
        try await withSampleEmulator { emulator in
            let duplicate = try await emulator.send("POST", "/todos", json: #"{"title":"a","title":5}"#)
            #expect((200..<500).contains(duplicate.status), "\(duplicate.status) \(duplicate.text)")
            let unknown = try await emulator.send(
                "POST", "/todos", json: #"{"title":"a","__proto__":{"x":1},"id":"todo_mine"}"#)
            #expect(unknown.status == 201)
            #expect(unknown.json["id"].string != "todo_mine", "ids are the server's")
        }
    }

    @Test func aMissingAPIKeyNeverReachesTheBackend() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send(
                "POST", "/todos", headers: [("apikey", "wrong")], body: Data(#"{"title":"x"}"#.utf8))
            expectEnvelope(reply, 401, "invalid_api_key")
            #expect(try await emulator.send("GET", "/todos").header("X-Total-Count") == "0")
        }
    }
}
