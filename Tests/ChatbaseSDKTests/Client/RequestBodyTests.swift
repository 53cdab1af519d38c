import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// The request bodies as the wire has them: camelCase keys in sorted order, an absent member left out,
/// and a tool result the agent cannot take replaced by an error object.
@Suite struct RequestBodyTests {
    static func json(_ body: some Encodable) throws -> String {
        String(decoding: try ChatbaseHTTP.encoder.encode(body), as: UTF8.self)
    }

    @Test func chatContinueAndRetryBodies() throws {
        #expect(
            try Self.json(ChatBody(message: "Hi / \"there\"", conversationId: nil, stream: true))
                == #"{"message":"Hi / \"there\"","stream":true}"#)
        #expect(
            try Self.json(ChatBody(message: "héllo", conversationId: "conv_1", stream: false))
                == #"{"conversationId":"conv_1","message":"héllo","stream":false}"#)
        #expect(
            try Self.json(ContinueBody(conversationId: "conv_1", stream: true))
                == #"{"conversationId":"conv_1","stream":true}"#)
        #expect(try Self.json(RetryBody(messageId: "msg_1", stream: false)) == #"{"messageId":"msg_1","stream":false}"#)
    }

    @Test func aToolResultCarriesItsOutputOrTheErrorThatReplacesIt() throws {
        let output: JSONValue = ["city": "Lima", "temperatureC": 21, "ok": true, "none": .null]
        #expect(ChatbaseClient.sendable(output) == output)
        #expect(
            try Self.json(ToolResultBody(toolCallId: "call_1", output: output))
                == #"{"output":{"city":"Lima","none":null,"ok":true,"temperatureC":21},"toolCallId":"call_1"}"#)
        let large = JSONValue.string(String(repeating: "x", count: ChatbaseClient.toolResultLimit))
        #expect(ChatbaseClient.sendable(large) == ["error": "tool result too large"])
        let fits = JSONValue.string(String(repeating: "x", count: ChatbaseClient.toolResultLimit - 2))
        #expect(ChatbaseClient.sendable(fits) == fits, "exactly the limit, quotes included")
    }
}
