import ChatbaseSDK
import Foundation
import Testing

@Suite struct ModelDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func jsonValueReadsKindsInTheDocumentedOrder() throws {
        let value = try decode(
            JSONValue.self, #"{"b":true,"i":9,"d":9.5,"s":"x","n":null,"a":[1,"2"],"o":{"k":"v"}}"#)
        #expect(value["b"] == .bool(true))
        #expect(value["i"] == .int(9))
        #expect(value["d"] == .number(9.5))
        #expect(value["s"]?.stringValue == "x")
        #expect(value["n"] == .null)
        #expect(value["a"] == [1, "2"])
        #expect(value["o"]?["k"]?.stringValue == "v")
        #expect(value["missing"] == nil)
        #expect(value["s"]?["k"] == nil)
        #expect(JSONValue.number(9).intValue == nil)
        #expect(JSONValue.int(9).numberValue == 9)
        #expect(JSONValue.int(1).boolValue == nil)
    }

    @Test func jsonValueRoundTrips() throws {
        let value: JSONValue = ["list": [1, 2.5, "x", true, .null], "nested": ["k": "v"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func messageDecodesTheWireShape() throws {
        let message = try decode(
            Message.self,
            #"""
            {"id":"msg_1","role":"assistant","createdAt":1764450000.123,"feedback":"positive","metadata":{"score":0.9},
             "parts":[{"type":"text","text":"Hello "},{"type":"tool-call","toolCallId":"c1","toolName":"w","input":{"city":"Oslo"}},
                      {"type":"tool-result","toolCallId":"c1","toolName":"w","output":{"t":3}},{"type":"text","text":"world"}]}
            """#)
        #expect(message.id == "msg_1")
        #expect(message.sender == .agent)
        #expect(message.text == "Hello world")
        #expect(message.feedback == .positive)
        #expect(message.score == 0.9)
        #expect(abs(message.date.timeIntervalSince1970 - 1_764_450_000.123) < 0.000_1)
        #expect(message.parts.count == 4)
        #expect(message.parts[1] == .toolCall(toolCallId: "c1", toolName: "w", input: ["city": "Oslo"]))
        #expect(message.parts[2] == .toolResult(toolCallId: "c1", toolName: "w", output: ["t": 3]))
    }

    @Test func unknownPartsRolesAndFeedbackNeverBreakDecoding() throws {
        let before = Date()
        let message = try decode(
            Message.self,
            #"{"id":"m","role":"system","feedback":"meh","metadata":"odd","parts":[{"type":"reasoning","text":"…"},{"type":"text","text":"ok"}]}"#
        )
        #expect(message.sender == .agent)
        #expect(message.feedback == nil)
        #expect(message.score == nil)
        // Issue 17: a part of an unknown type is left out of `parts` (it used to be `.unknown(type:)`).
        #expect(message.parts == [.text("ok")])
        #expect(message.text == "ok")
        #expect(message.date >= before)
        let user = try decode(Message.self, #"{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}"#)
        #expect(user.sender == .user)
    }

    @Test func aLonePartOfAnUnknownTypeDoesNotDecode() {
        #expect(throws: DecodingError.self) { try decode(MessagePart.self, #"{"type":"reasoning","text":"…"}"#) }
        #expect(throws: DecodingError.self) {
            try decode(Message.self, #"{"id":"m","role":"user","parts":[{"type":"tool-call"}]}"#)
        }
    }

    @Test func messageRoundTripsThroughItsWireForm() throws {
        let message = Message(
            id: "m", text: "hi", sender: .user, date: Date(timeIntervalSince1970: 1_700_000_000.5), feedback: .negative,
            score: 0.5, parts: [.text("hi"), .toolResult(toolCallId: "c", toolName: "t", output: ["k": [1, .null]])])
        let decoded = try JSONDecoder().decode(Message.self, from: try JSONEncoder().encode(message))
        #expect(decoded == message)
    }

    @Test func conversationStatusesAndTimestamps() throws {
        let list = try decode(
            [Conversation].self,
            #"""
            [{"id":"a","title":"T","createdAt":1764450000,"updatedAt":1764450001.5,"userId":null,"status":"ongoing"},
             {"id":"b","createdAt":1764450000,"updatedAt":1764450000,"userId":"u","status":"taken_over"},
             {"id":"c","createdAt":1764450000,"updatedAt":1764450000,"status":"archived"},
             {"id":"d","createdAt":1764450000,"updatedAt":1764450000,"status":"ended"}]
            """#)
        #expect(list.map(\.status) == [.ongoing, .takenOver, .ongoing, .ended])
        #expect(list[0].title == "T")
        #expect(list[0].userId == nil)
        #expect(list[1].userId == "u")
        #expect(list[0].updatedAt.timeIntervalSince1970 == 1_764_450_001.5)
    }

    @Test func finishReasonToleratesUnknownValues() throws {
        #expect(
            try decode([FinishReason].self, #"["stop","error","tool-calls","length"]"#) == [
                .stop, .error, .toolCalls, .stop,
            ])
    }

    @Test func apiErrorDetailStringifiesNonStringDetails() throws {
        let detail = try decode(
            APIErrorDetail.self, #"{"code":"VALIDATION_INVALID_BODY","message":"bad","details":{"limit":100,"f":"x"}}"#)
        #expect(detail.details == ["limit": "100", "f": "x"])
        #expect(detail.retryAfter == nil)
        let error = APIError.httpError(
            statusCode: 429, detail: APIErrorDetail(code: "RATE_LIMIT_TOO_MANY_REQUESTS", message: "", retryAfter: 7))
        #expect(error.retryAfter == 7)
        #expect(APIError.networkError(URLError(.timedOut)).retryAfter == nil)
    }

    @Test func authStateNeverPrintsTheToken() {
        let state = AuthState.identified(token: "eyJ.secret.sig")
        #expect(!"\(state)".contains("secret"))
        #expect(!String(reflecting: state).contains("secret"))
        var dumped = ""
        dump(state, to: &dumped)
        #expect(!dumped.contains("secret"))
        #expect(Mirror(reflecting: state).children.isEmpty)
        #expect("\(AuthState.anonymous)" == "anonymous")
    }
}
