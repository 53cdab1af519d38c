import ErrorCore
import Foundation
import Testing

@Suite struct ChatbaseErrorEnvelopeTests {
    private func read(_ body: String, status: Int = 400, headers: [String: String] = [:]) -> ChatbaseErrorEnvelope {
        ChatbaseErrorEnvelope(status: status, headers: headers, body: Data(body.utf8))
    }

    @Test func readsCodeMessageAndStringifiesDetails() {
        let envelope = read(
            #"""
            {"error":{"code":"VALIDATION_INVALID_BODY","message":"Invalid body",
             "details":{"name":"Required","max":20,"ratio":1.5,"tiny":1e-7,"ok":true,"gone":null,
                        "list":["a",1],"obj":{"b":2,"a":"x"}}},"extra":1}
            """#)
        #expect(
            envelope
                == ChatbaseErrorEnvelope(
                    code: "VALIDATION_INVALID_BODY", message: "Invalid body",
                    details: [
                        "name": "Required", "max": "20", "ratio": "1.5", "tiny": "1e-7", "ok": "true", "gone": "null",
                        "list": #"["a",1]"#, "obj": #"{"a":"x","b":2}"#,
                    ], status: 400))
    }

    @Test func readsRetryAfterOn429() {
        let envelope = read(
            #"{"error":{"code":"RATE_LIMIT_TOO_MANY_REQUESTS","message":"Slow down"}}"#, status: 429,
            headers: ["retry-after": "7"])
        #expect(envelope.retryAfter == 7)
        #expect(envelope.code == "RATE_LIMIT_TOO_MANY_REQUESTS")
    }

    @Test func unreadableBodyKeepsStatusWithUnknownCodeAndBodyText() {
        #expect(
            read("<h1>Bad Gateway</h1>", status: 502)
                == ChatbaseErrorEnvelope(
                    code: "UNKNOWN", message: "<h1>Bad Gateway</h1>", status: 502, hasEnvelope: false))
        #expect(
            read("", status: 500)
                == ChatbaseErrorEnvelope(code: "UNKNOWN", message: "", status: 500, hasEnvelope: false))
        #expect(read(#"{"error":"flat"}"#).message == #"{"error":"flat"}"#)
        #expect(read(String(repeating: "a", count: 900)).message.count == 500)
    }

    @Test func toleratesEachMember() {
        #expect(read(#"{"error":{}}"#) == ChatbaseErrorEnvelope(code: "UNKNOWN", message: "", status: 400))
        #expect(
            read(#"{"error":{"code":5,"message":false,"details":["x"]}}"#)
                == ChatbaseErrorEnvelope(code: "UNKNOWN", message: "", status: 400))
        #expect(read(#"{"error":{"code":"AUTH_INVALID_JWT"}}"#, status: 401).message == "")
    }

    @Test(arguments: HostileBodies.all.map(\.name))
    func survivesHostileBodies(name: String) throws {
        let body = try #require(HostileBodies.all.first { $0.name == name }).body
        let envelope = ChatbaseErrorEnvelope(status: 503, headers: [:], body: body)
        #expect(envelope.status == 503)
        #expect(envelope.code == "UNKNOWN")
        #expect(envelope.message.count <= 500)
    }
}
