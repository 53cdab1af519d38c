import ChatbaseSDK
import Foundation
import Testing

@testable import SDKCLI

/// The pieces of `sdk chat` that the emulator's scripted agent cannot reach: the base-URL rule, the
/// second demo tool, tool input errors, and the transcript's line breaks around tool calls.
@Suite struct ChatPiecesTests {
    @Test(arguments: [
        (nil, "http://127.0.0.1:54321/api/sdk", "http://127.0.0.1:54321"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/api/sdk", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/api/sdk", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/api/sdk", "http://127.0.0.1:8080/api/sdk", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/api/sdk/", "http://127.0.0.1:8080/api/sdk/", "http://127.0.0.1:8080"),
        ("https://www.chatbase.co/api/sdk", "https://www.chatbase.co/api/sdk", "https://www.chatbase.co"),
        ("http://host/proxy/chat", "http://host/proxy/chat", "http://host/proxy/chat"),
    ])
    func theBaseURLRule(given: String?, api: String, root: String) {
        let url = given.flatMap(URL.init(string:))
        #expect(ChatCLIConfiguration.apiURL(url).absoluteString == api)
        #expect(ChatCLIConfiguration.emulatorRoot(url).absoluteString == root)
    }

    @Test func theDataDirectoryComesFromTheEnvironmentElseTheWorkingDirectory() {
        #expect(ChatCLIConfiguration.dataDirectory(environment: ["SDK_CHAT_DATA_DIR": "/tmp/x"]).path == "/tmp/x")
        let fallback = ChatCLIConfiguration.dataDirectory(environment: ["SDK_CHAT_DATA_DIR": ""])
        #expect(fallback.path == FileManager.default.currentDirectoryPath + "/.sdk/chat")
    }

    /// Issue 18: the CLI read `SDK_CHAT_DEBUG` while the SDK and its docs say `CHATBASE_DEBUG`.
    @Test func theTraceSwitchIsTheSDKsOwnName() {
        for value in ["1", "yes", "true"] {
            #expect(ChatCLIConfiguration.debugEnabled(environment: ["CHATBASE_DEBUG": value]))
        }
        #expect(!ChatCLIConfiguration.debugEnabled(environment: ["CHATBASE_DEBUG": "0"]))
        #expect(!ChatCLIConfiguration.debugEnabled(environment: ["SDK_CHAT_DEBUG": "1"]))
        #expect(!ChatCLIConfiguration.debugEnabled(environment: [:]))
    }

    @Test func theWeatherIsTheSameForTheSameCityAndNeedsOne() throws {
        let paris = try ChatDemoTools.weather(["city": "Paris"])
        #expect(try ChatDemoTools.weather(["city": " Paris "]) == paris)
        #expect(paris["city"] == "Paris")
        #expect(paris["temperatureC"]?.intValue.map((-5...25).contains) == true)
        #expect(try ChatDemoTools.weather(["city": "Oslo"]) != paris)
        #expect(throws: ToolInputError.self) { try ChatDemoTools.weather(["town": "Paris"]) }
        #expect(throws: ToolInputError.self) { try ChatDemoTools.weather(["city": "  "]) }
    }

    @Test func convertTemperatureGoesBothWays() throws {
        #expect(try ChatDemoTools.convertTemperature(["celsius": 100]) == ["celsius": 100.0, "fahrenheit": 212.0])
        #expect(try ChatDemoTools.convertTemperature(["fahrenheit": 50]) == ["celsius": 10.0, "fahrenheit": 50.0])
        #expect(try ChatDemoTools.convertTemperature(["celsius": 21.55]) == ["celsius": 21.6, "fahrenheit": 70.8])
        #expect(throws: ToolInputError.self) { try ChatDemoTools.convertTemperature(["kelvin": 300]) }
    }

    @Test func aToolCallAfterTextStartsItsOwnLine() async {
        let output = ChunkRecorder()
        let transcript = ChatTranscript(sink: output.sink)
        transcript.delta("Let me ")
        transcript.delta("check.")
        transcript.toolCall(ToolCallInfo(toolCallId: "call_1", toolName: "get_weather", input: ["city": "Paris"]))
        transcript.toolResult(ToolResultInfo(toolCallId: "call_1", toolName: "get_weather", output: ["ok": true]))
        transcript.delta("Done.")
        transcript.endLine()
        transcript.endLine()
        #expect(output.chunks.joined() == "Let me check.\n⚙ get_weather {\"city\":\"Paris\"} → {\"ok\":true}\nDone.\n")
        #expect(transcript.deltaCount == 3)
        #expect(transcript.toolCalls.map(\.toolCallId) == ["call_1"])
    }

    @Test func partsPairToolCallsWithTheirResults() {
        let parts: [MessagePart] = [
            .text("Hi"), .toolCall(toolCallId: "a", toolName: "get_weather", input: ["city": "X"]),
            .toolCall(toolCallId: "b", toolName: "search", input: [:]),
            .toolResult(toolCallId: "a", toolName: "get_weather", output: ["t": 1]),
            .toolResult(toolCallId: "z", toolName: "orphan", output: "late"),
        ]
        #expect(
            ChatParts.lines(of: parts) == [
                .text("Hi"), .tool(.init(id: "a", name: "get_weather", input: ["city": "X"], output: ["t": 1])),
                .tool(.init(id: "b", name: "search", input: [:], output: nil)),
                .tool(.init(id: "z", name: "orphan", input: .null, output: "late")),
            ])
    }
}
