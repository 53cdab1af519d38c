import ChatbaseSDK
import Emulator
import ErrorCore
import Foundation

extension DemoSection {
    /// ChatbaseSDK: a streamed reply with a client tool round trip, then the conversation's history.
    ///
    /// Runs on an emulator it starts in memory with a paced agent, or, given `--base-url`, on that
    /// emulator with a paced agent it creates through the admin API. The client's device ID lives in a
    /// temporary directory removed afterwards, so the demo leaves no state behind.
    package static let chatbaseToolRoundTrip = DemoSection(
        title: "ChatbaseSDK: a streamed reply with a tool round trip"
    ) { context in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-chat-demo-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        if let baseURL = context.baseURL {
            let agent = try await ChatEmulatorAdmin(baseURL: baseURL, environment: context.environment).createAgent(
                ["name": "sdk demo", "pace_ms": .int(ChatbaseDemo.paceMilliseconds)])
            let client = ChatCLIConfiguration.client(agent: agent.id, context: context, directory: directory)
            return try await ChatbaseDemo(client: client).run()
        }
        var configuration = EmulatorConfiguration(port: 0, storage: .inMemory)
        configuration.mount(ChatbaseEmulator(), at: ChatCLIConfiguration.apiPath)
        let emulator = try EmulatorServer(configuration: configuration)
        do {
            var embedded = context
            embedded.baseURL = try emulator.start()
            let agent = try emulator.createChatbaseAgent(
                ChatbaseAgentSpec(name: "sdk demo", paceMilliseconds: ChatbaseDemo.paceMilliseconds))
            let client = ChatCLIConfiguration.client(agent: agent.id, context: embedded, directory: directory)
            let lines = try await ChatbaseDemo(client: client).run()
            await emulator.shutdown()
            return ["embedded emulator at \(ChatCLIConfiguration.apiURL(embedded.baseURL).absoluteString)"] + lines
        } catch {
            await emulator.shutdown()
            throw error
        }
    }
}

/// The demo's script: one question whose answer needs the client's `get_weather` tool.
private struct ChatbaseDemo {
    /// The agent's pause before each word, so the reply really arrives in pieces.
    static let paceMilliseconds = 3
    static let question = "What's the weather in Paris?"

    let client: ChatbaseClient

    func run() async throws -> [String] {
        client.tool("get_weather") { input in try ChatDemoTools.weather(input) }
        let transcript = ChatTranscript(sink: nil)
        let response = try await client.send(Self.question) { callbacks in transcript.install(&callbacks) }
        let calls = ChatParts.toolCalls(in: response.message.parts)
        guard let call = calls.first, calls.count == 1, call.name == "get_weather", let output = call.output,
            transcript.toolCalls.map(\.toolCallId) == [call.id]
        else {
            throw CommandFailure(
                code: "demo_no_tool_round_trip", message: "the agent's reply did not go through one get_weather call")
        }
        guard transcript.deltaCount > 1, response.message.text.hasPrefix("Weather in Paris") else {
            throw CommandFailure(
                code: "demo_not_streamed", message: "the continuation did not stream its text in several deltas")
        }
        var lines = [
            "sent \"\(Self.question)\" with a get_weather handler registered",
            "agent asked for ⚙ get_weather \(ChatJSON.compact(call.input)); the handler answered "
                + "\(ChatJSON.compact(output)), posted as the tool result",
            "the continuation streamed \(transcript.deltaCount) text deltas: \"\(response.message.text)\"",
            "finish \(response.finishReason.rawValue), conversation \(response.conversationId), "
                + "\(Int(response.usage.credits)) credits",
        ]
        let history = try await client.listMessages(conversationId: response.conversationId)
        lines.append("listed \(history.data.count) messages of the conversation, newest first:")
        lines += history.data.flatMap(ChatHistoryFormat.lines(of:)).map { "  " + $0 }
        return lines
    }
}
