import ErrorCore
import Foundation
import Testing

@Suite struct PurseErrorEnvelopeTests {
    private func read(_ body: String, status: Int = 409, headers: [String: String] = [:]) -> PurseErrorEnvelope {
        PurseErrorEnvelope(status: status, headers: headers, body: Data(body.utf8))
    }

    @Test func readsProblemDetails() {
        let envelope = read(
            #"""
            {"type":"https://docs.purse.tech/errors/session","title":"Conflict","status":409,
             "detail":"Session already submitted","instance":"/checkout/v1/sessions/s1/validate",
             "error_code":"SESSION_ALREADY_SUBMITTED_ERROR","request_id":"rq_1",
             "errors":[{"pointer":"/items/0/amount","detail":"too big"},"junk",{"pointer":7}],
             "data":{"global_status":"SUCCESS"},"unknown":[1]}
            """#, headers: ["X-Request-ID": "rq_header", "Retry-After": "1"])
        #expect(
            envelope
                == PurseErrorEnvelope(
                    code: "SESSION_ALREADY_SUBMITTED_ERROR", message: "Session already submitted", status: 409,
                    requestID: "rq_1", type: "https://docs.purse.tech/errors/session", title: "Conflict",
                    detail: "Session already submitted", instance: "/checkout/v1/sessions/s1/validate",
                    errors: [.init(pointer: "/items/0/amount", detail: "too big"), .init(pointer: "", detail: "")],
                    data: ["global_status": "SUCCESS"], retryAfter: 1, source: .problemDetails))
    }

    @Test func titleStandsInForAMissingDetail() {
        let envelope = read(#"{"title":"Not Found","status":404}"#, status: 404)
        #expect(envelope.code == "UNKNOWN_ERROR")
        #expect(envelope.message == "Not Found")
        #expect(envelope.source == .problemDetails)
    }

    @Test func errorFieldIsACodeWhenItLooksLikeOne() {
        let envelope = read(#"{"error":"SESSION_EXPIRED"}"#, status: 410)
        #expect(envelope.code == "SESSION_EXPIRED")
        #expect(envelope.message == "Gone")
        #expect(envelope.source == .errorField)
        #expect(read(#"{"error":"API_404"}"#, status: 404).code == "API_404")
    }

    @Test func errorFieldIsAMessageOtherwise() {
        for text in ["Session not found", "timeout", "Bad_request", "_X", "X-Y"] {
            let envelope = read(#"{"error":"\#(text)"}"#)
            #expect(envelope.code == "UNKNOWN_ERROR", "\(text)")
            #expect(envelope.message == text)
            #expect(envelope.source == .errorField)
        }
    }

    @Test func rawBodyIsTheNextFallbackCutTo500Characters() {
        let text = String(repeating: "日本", count: 400)
        let envelope = read("  \(text)  ", status: 502)
        #expect(envelope.code == "UNKNOWN_ERROR")
        #expect(envelope.message == String(text.prefix(500)))
        #expect(envelope.source == .rawBody)
        #expect(read(#"{"unexpected":"shape"}"#).message == #"{"unexpected":"shape"}"#)
    }

    @Test func statusTextIsTheLastFallback() {
        #expect(
            read("", status: 500)
                == PurseErrorEnvelope(
                    code: "UNKNOWN_ERROR", message: "Internal Server Error", status: 500, source: .none))
        let codeOnly = read(#"{"error_code":"INTERNAL_ERROR"}"#, status: 500)
        #expect(codeOnly.code == "INTERNAL_ERROR")
        #expect(codeOnly.message == "Internal Server Error")
        #expect(codeOnly.source == .none)
    }

    @Test func requestIDFallsBackToTheHeader() {
        #expect(read(#"{"error_code":"X"}"#, headers: ["x-request-id": "rq_h"]).requestID == "rq_h")
        #expect(read("oops", headers: ["X-Request-ID": "rq_h"]).requestID == "rq_h")
    }

    @Test(arguments: HostileBodies.all.map(\.name))
    func survivesHostileBodies(name: String) throws {
        let body = try #require(HostileBodies.all.first { $0.name == name }).body
        let envelope = PurseErrorEnvelope(status: 500, headers: [:], body: body)
        #expect(envelope.status == 500)
        #expect(!envelope.code.isEmpty)
        #expect(!envelope.message.isEmpty)
        #expect(envelope.message.count <= 500 || envelope.source == .errorField || envelope.source == .problemDetails)
    }

    @Test func invalidUTF8BodyFallsToTheStatusText() {
        let envelope = PurseErrorEnvelope(status: 400, headers: [:], body: Data([0xC3, 0x28, 0xFF]))
        #expect(envelope.message == "Bad Request")
        #expect(envelope.source == .none)
    }
}
