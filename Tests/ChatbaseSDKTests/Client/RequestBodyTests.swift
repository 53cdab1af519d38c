import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// The hand-written bodies must be byte for byte what the SDK's JSONEncoder writes.
@Suite struct RequestBodyTests {
    static let texts = [
        "Hi there", "", "quote \" backslash \\ slash / url https://a.b/c?d=e&f",
        "lines\nand\rtabs\tbell\u{07}back\u{08}form\u{0C}nul\u{00}esc\u{1B}unit\u{1F}del\u{7F}",
        "héllo 👋 世界 \u{2028}\u{2029} \u{FEFF}", String(repeating: "long ", count: 400),
    ]

    @Test(arguments: texts)
    func chatBodyMatchesTheEncoder(_ text: String) throws {
        for conversationId in [nil, "conv_1", text] as [String?] {
            for stream in [true, false] {
                let body = ChatBody(message: text, conversationId: conversationId, stream: stream)
                #expect(body.json == (try ChatbaseHTTP.encoder.encode(body)))
            }
        }
    }

    @Test(arguments: texts)
    func continueAndRetryBodiesMatchTheEncoder(_ text: String) throws {
        let resume = ContinueBody(conversationId: text, stream: true)
        #expect(resume.json == (try ChatbaseHTTP.encoder.encode(resume)))
        let retry = RetryBody(messageId: text, stream: false)
        #expect(retry.json == (try ChatbaseHTTP.encoder.encode(retry)))
    }

    @Test(arguments: texts)
    func toolResultBodyMatchesTheEncoder(_ text: String) throws {
        let outputs: [JSONValue] = [
            .string(text), ["city": .string(text), "temperatureC": 21, "ratio": 0.5, "ok": true, "none": .null],
            .array([.string(text), ["nested": ["deeper": .string(text)]]]),
            .string(String(repeating: text.isEmpty ? "x" : text, count: 30_000 / max(text.utf8.count, 1))),
        ]
        for output in outputs {
            let (sent, json) = ChatbaseClient.sendable(output)
            let body = ToolResultBody(toolCallId: "call_\(text.prefix(8))", output: sent, encodedOutput: json)
            #expect(body.json == (try ChatbaseHTTP.encoder.encode(body)))
        }
    }
}
