import ChatbaseSDK
import Foundation

extension Command {
    /// `sdk chat`: talk to a Chatbase agent through the ChatbaseSDK client.
    package static let chat = Command.group(
        name: "chat",
        summary: "Talk to a Chatbase agent through the ChatbaseSDK client.",
        discussion: """
            By default every command talks to the local emulator's Chatbase API \
            (\(ChatCLIConfiguration.defaultAPIURL.absoluteString); start it with 'sdk emulator start') and its \
            seeded agent \(ChatCLIConfiguration.defaultAgent). A --base-url without a path is an emulator root \
            and gets /api/sdk appended (http://127.0.0.1:54321 → http://127.0.0.1:54321/api/sdk); one with a \
            path is the Chatbase API itself and is used as given (https://www.chatbase.co/api/sdk).

            The client's device ID and identity token live in $\(ChatCLIConfiguration.dataDirectoryKey) when \
            set, else in \(ChatCLIConfiguration.defaultDataDirectory) under the working directory, never in the \
            SDK's per-user location, so the CLI does not touch an app's state. Set \
            \(ChatCLIConfiguration.debugKey)=1 to trace the SDK's requests on stderr (tokens and message text \
            are never logged).

            With --json every command prints one object; a failure is {"error":{"code","status",…}} and exit 1, \
            where code is the server's (AGENT_NOT_FOUND, CHAT_CREDITS_EXHAUSTED, …) or the SDK's \
            (TOOL_LOOP_LIMIT_EXCEEDED, …), and emulator_unreachable when nothing answers.
            """,
        subcommands: [chatSend, chatConversations, chatMessages, chatIdentify, chatLogout, chatAgent]
    )

    /// `sdk chat send <message> [--conversation ID] [--agent ID]`.
    static let chatSend = Command(
        name: "send",
        summary: "Send a message and print the agent's reply as it streams.",
        discussion: """
            The reply is written as it arrives. When the agent asks for a client-side tool, the built-in demo \
            tool runs and a line shows it: ⚙ get_weather {"city":"Paris"} → {…}. Built-in tools: \
            \(ChatDemoTools.names.joined(separator: ", ")) (deterministic fakes). Tools the server ran are \
            listed after the reply. The conversation, message, finish reason and credits follow on stderr; \
            pass the conversation to --conversation to continue it. With --json the result is \
            {"reply","conversationId","messageId","userMessageId","finishReason","credits","deltas","toolCalls"}.
            """,
        parameters: ChatSendParameters(),
        run: { values, context in
            let client = ChatCLIConfiguration.client(agent: values.agent, context: context)
            ChatDemoTools.register(on: client)
            let transcript = ChatTranscript(sink: context.isJSON ? nil : context.stdout)
            let response: ChatResponse
            do {
                response = try await client.send(values.message, conversationId: values.conversation) { callbacks in
                    transcript.install(&callbacks)
                }
            } catch {
                transcript.endLine()
                throw ChatCLIConfiguration.failure(error, context: context)
            }
            transcript.endLine()
            let result = ChatSendResult(response, transcript: transcript)
            if context.isJSON {
                try context.emit(result, text: [])
                return
            }
            for call in result.toolCalls where call.ranOn == .server {
                context.write(call.line + " (ran on the server)")
            }
            context.log(result.summary)
        }
    )
}

/// `sdk chat send`'s message and options.
private struct ChatSendParameters: CommandParameters {
    let message = Argument<String>.required("message", type: .nonEmpty, help: "What to say to the agent.")
    let conversation = Option<String?>.value(
        "conversation", type: .nonEmpty, valueName: "id",
        help: "Continue this conversation; without it a new one starts.")
    let agent = ChatCLIConfiguration.agentOption
}

/// What `sdk chat send --json` prints.
struct ChatSendResult: Encodable {
    /// One tool call of the reply, with what the agent got back (`output` is absent when it got nothing).
    struct ToolCall: Encodable {
        enum Side: String, Encodable {
            case client, server
        }

        let toolCallId: String
        let toolName: String
        let input: JSONValue
        let output: JSONValue?
        let ranOn: Side

        /// `⚙ name input → output`, as the transcript shows it.
        var line: String {
            "⚙ \(toolName) \(ChatJSON.compact(input)) → " + (output.map(ChatJSON.compact) ?? "(no result)")
        }
    }

    let reply: String
    let conversationId: String
    let messageId: String
    let userMessageId: String?
    let finishReason: String
    let credits: Double
    let deltas: Int
    let toolCalls: [ToolCall]

    init(_ response: ChatResponse, transcript: ChatTranscript) {
        reply = response.message.text
        conversationId = response.conversationId
        messageId = response.message.id
        userMessageId = response.userMessageId
        finishReason = response.finishReason.rawValue
        credits = response.usage.credits
        deltas = transcript.deltaCount
        let clientCalls = Set(transcript.toolCalls.map(\.toolCallId))
        toolCalls = ChatParts.toolCalls(in: response.message.parts).map { call in
            ToolCall(
                toolCallId: call.id, toolName: call.name, input: call.input, output: call.output,
                ranOn: clientCalls.contains(call.id) ? .client : .server)
        }
    }

    /// The stderr line after a text-mode reply.
    var summary: String {
        let amount = credits == credits.rounded() ? String(Int(credits)) : String(credits)
        return "conversation \(conversationId) · message \(messageId) · finish \(finishReason) · \(amount) "
            + (credits == 1 ? "credit" : "credits") + " (continue with --conversation \(conversationId))"
    }
}
