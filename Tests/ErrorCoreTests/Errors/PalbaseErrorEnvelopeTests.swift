import ErrorCore
import Foundation
import Testing

@Suite struct PalbaseErrorEnvelopeTests {
    private func read(_ json: String, status: Int = 409, headers: [String: String] = [:]) -> PalbaseErrorEnvelope {
        PalbaseErrorEnvelope(status: status, headers: headers, body: Data(json.utf8))
    }

    @Test func readsTheFullEnvelope() {
        let envelope = read(
            #"""
            {"error":"todo_locked","error_description":"Todo is locked","status":409,"request_id":"req_body",
             "details":[{"current_epoch":7}],"data":{"retry_after":30},"unknown":{"ignored":true}}
            """#, headers: ["X-Request-Id": "req_header", "Retry-After": "30"])
        #expect(
            envelope
                == PalbaseErrorEnvelope(
                    code: "todo_locked", message: "Todo is locked", status: 409, requestID: "req_body",
                    details: [["current_epoch": 7]], data: ["retry_after": 30], retryAfter: 30))
    }

    @Test func keepsTopLevelFieldsOfBoundaryValidation() {
        let envelope = read(
            #"{"error":"bad_request","error_description":"Invalid body","fields":[{"path":"title","message":"Required"}]}"#,
            status: 400)
        #expect(envelope.code == "bad_request")
        #expect(envelope.fields == [["path": "title", "message": "Required"]])
        #expect(envelope.details == nil)
    }

    @Test func requestIDFallsBackToTheHeaderCaseInsensitively() {
        #expect(read(#"{"error":"x"}"#, headers: ["x-request-id": "req_h"]).requestID == "req_h")
        #expect(read(#"{"error":"x","request_id":""}"#, headers: ["X-REQUEST-ID": "req_h"]).requestID == "req_h")
        #expect(read(#"{"error":"x"}"#, headers: ["X-Request-Id": "  "]).requestID == nil)
        #expect(read("not json", headers: ["X-Request-Id": "req_h"]).requestID == "req_h")
    }

    @Test func nonJSONMeansNoEnvelope() {
        let envelope = read("<html>Bad Gateway</html>", status: 503)
        #expect(
            envelope
                == PalbaseErrorEnvelope(
                    code: "unknown_error", message: "Service Unavailable", status: 503, hasEnvelope: false))
    }

    @Test func eachMemberIsToleratedOnItsOwn() {
        let envelope = read(
            #"{"error":42,"error_description":"Still readable","request_id":7,"details":{"a":1},"data":null,"fields":"f"}"#,
            status: 422)
        #expect(envelope.code == "unknown_error")
        #expect(envelope.message == "Still readable")
        #expect(envelope.requestID == nil)
        #expect(envelope.details == nil)
        #expect(envelope.data == nil)
        #expect(envelope.fields == "f")
        #expect(envelope.hasEnvelope)
    }

    @Test func messageFallsBackToMessageThenStatusText() {
        #expect(read(#"{"error":"x","message":"From message"}"#).message == "From message")
        #expect(read(#"{"error":"x","error_description":" "}"#).message == "Conflict")
    }

    @Test func statusIsTheResponsesNotTheBodys() {
        #expect(read(#"{"error":"x","status":200}"#, status: 404).status == 404)
    }

    @Test func hugeDescriptionIsKeptWhole() {
        let huge = String(repeating: "é", count: 300_000)
        #expect(read(#"{"error":"x","error_description":"\#(huge)"}"#).message == huge)
    }

    @Test func closureLookupIsAskedForTheDocumentedHeaders() {
        let envelope = PalbaseErrorEnvelope(status: 429, body: Data(#"{"error":"rate_limited"}"#.utf8)) { name in
            ["X-Request-Id": "req_c", "Retry-After": "12"][name]
        }
        #expect(envelope.requestID == "req_c")
        #expect(envelope.retryAfter == 12)
    }

    @Test(arguments: HostileBodies.all.map(\.name))
    func survivesHostileBodies(name: String) throws {
        let body = try #require(HostileBodies.all.first { $0.name == name }).body
        let envelope = PalbaseErrorEnvelope(status: 500, headers: [:], body: body)
        #expect(envelope.status == 500)
        #expect(!envelope.code.isEmpty)
        #expect(!envelope.message.isEmpty)
        if !(body.first == UInt8(ascii: "{") || body.starts(with: [0xEF, 0xBB, 0xBF])) {
            #expect(!envelope.hasEnvelope)
            #expect(envelope.code == "unknown_error")
            #expect(envelope.message == "Internal Server Error")
        }
    }
}
