import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer

/// The scripted server as the Chatbase client tests use it: one agent's API under `/api/sdk`, and
/// builders for the server-sent events a turn streams.
extension ScriptedServer {
    /// The API root the client is given.
    var apiBase: String { server.baseURL.absoluteString + "/api/sdk" }

    /// Scripts `METHOD /api/sdk/agents/agent-1<path>`.
    func on(_ method: String, _ path: String, _ route: @escaping Route) {
        self.route(method, "/api/sdk/agents/agent-1\(path)", route)
    }

    /// The requests whose path ends with `suffix`.
    func requests(endingWith suffix: String) -> [HTTPServerRequest] {
        requests.filter { $0.path.hasSuffix(suffix) }
    }

    /// A streamed SSE response writing each string as its own chunk.
    static func sse(_ chunks: [String], status: Int = 200) -> HTTPServerResponse {
        .stream(status: status, headers: ["Content-Type": "text/event-stream"]) { writer in
            for chunk in chunks { try await writer.write(chunk) }
        }
    }

    /// `data: <event>\n\n` for each event.
    static func events(_ events: [String]) -> String {
        events.map { "data: \($0)\n\n" }.joined()
    }

    /// A complete scripted turn: text deltas, optional tool calls, a finish and `[DONE]`.
    static func turn(
        text: [String] = [], toolCalls: [(id: String, name: String, input: String)] = [],
        conversationId: String = "conv_1",
        messageId: String = "msg_1", finishReason: String? = nil, topLevelReason: Bool = true
    ) -> String {
        var list = [#"{"type":"start","messageId":"\#(messageId)"}"#]
        if !text.isEmpty {
            list.append(#"{"type":"text-start","id":"t1"}"#)
            list += text.map { #"{"type":"text-delta","id":"t1","delta":"\#($0)"}"# }
            list.append(#"{"type":"text-end","id":"t1"}"#)
        }
        for call in toolCalls {
            list.append(#"{"type":"tool-input-start","toolCallId":"\#(call.id)","toolName":"\#(call.name)"}"#)
            list.append(
                #"{"type":"tool-input-available","toolCallId":"\#(call.id)","toolName":"\#(call.name)","input":\#(call.input)}"#
            )
        }
        let reason = finishReason ?? (toolCalls.isEmpty ? "stop" : "tool-calls")
        let top = topLevelReason ? #","finishReason":"\#(reason)""# : ""
        list.append(
            #"{"type":"finish"\#(top),"messageMetadata":{"conversationId":"\#(conversationId)","messageId":"\#(messageId)","userMessageId":"umsg_1","userId":null,"finishReason":"\#(reason)","usage":{"credits":1}}}"#
        )
        return ": ping\n\n" + events(list) + "data: [DONE]\n\n"
    }
}
