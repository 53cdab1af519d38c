import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// A stored assistant turn ready to go out: the reply plus the ids its `finish` metadata names.
struct ChatbaseTurn: Sendable {
    let reply: ChatbaseReply
    let conversationID: String
    let messageID: String
    let userMessageID: String
    let userID: String?
    let createdAt: Int64

    /// The `finish` event's (and the non-streaming answer's) metadata.
    var metadata: AnyCodableValue {
        [
            "conversationId": .string(conversationID), "messageId": .string(messageID),
            "userMessageId": .string(userMessageID), "userId": userID.map(AnyCodableValue.string) ?? .null,
            "finishReason": .string(reply.finishReason), "usage": ["credits": 1],
        ]
    }

    /// The non-streaming answer: `{"data": Message + "metadata"}`.
    var nonStreamingBody: AnyCodableValue {
        var metadata = self.metadata.objectValue ?? [:]
        metadata["messageId"] = nil
        let data: AnyCodableValue = [
            "id": .string(messageID), "role": "assistant", "parts": .array(reply.parts),
            "createdAt": ChatbaseTime.json(createdAt), "feedback": .null, "metadata": .object(metadata),
        ]
        return ["data": data]
    }

    /// The SSE response: `: ping`, the events, `[DONE]`; text deltas paced by `paceMilliseconds`.
    func streamResponse(paceMilliseconds: Int) -> HTTPServerResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/event-stream")
        headers.set("Cache-Control", "no-cache")
        headers.set("x-vercel-ai-ui-message-stream", "v1")
        return .stream(status: 200, headers: headers) { writer in
            var output = ChatbaseSSEOutput(writer: writer)
            try await write(to: &output, pace: .milliseconds(paceMilliseconds), paced: paceMilliseconds > 0)
        }
    }

    /// Thrown by the producer of a `cut stream` turn: the server then drops the connection mid-body.
    struct CutStream: Error {}

    private func write(to output: inout ChatbaseSSEOutput, pace: Duration, paced: Bool) async throws {
        try await output.comment("ping")
        try await output.event(["type": "start", "messageId": .string(messageID)])
        try await output.event(["type": "start-step"])
        for (index, block) in reply.blocks.enumerated() {
            switch block {
            case .text(let id, let text):
                try await output.event(["type": "text-start", "id": .string(id)])
                var quotedID = ""
                AnyCodableValue.writeQuoted(id, to: &quotedID)
                for delta in ChatbaseReply.deltas(of: text) {
                    if paced {
                        try await output.flush()
                        try await Task.sleep(for: pace)
                    }
                    try await output.line(Self.textDelta(delta, quotedID: quotedID))
                    if paced { try await output.flush() }
                }
                let isLast = index == reply.blocks.count - 1
                if !(isLast && reply.ending == .cut) {
                    try await output.event(["type": "text-end", "id": .string(id)])
                }
            case .clientTool(let call):
                let input = call.input.jsonText
                let half = input.index(input.startIndex, offsetBy: input.count / 2)
                try await output.event(
                    ["type": "tool-input-start", "toolCallId": .string(call.id), "toolName": .string(call.name)])
                for piece in [input[..<half], input[half...]] {
                    try await output.event(
                        [
                            "type": "tool-input-delta", "toolCallId": .string(call.id),
                            "inputTextDelta": .string(String(piece)),
                        ])
                }
                try await output.event(toolInputAvailable(call))
            case .serverTool(let call, let result):
                try await output.event(toolInputAvailable(call))
                try await output.event([
                    "type": "tool-output-available", "toolCallId": .string(call.id), "output": result,
                ])
            }
        }
        switch reply.ending {
        case .finish(let reason):
            try await output.event(["type": "finish-step"])
            try await output.event(["type": "message-metadata", "messageMetadata": ["score": 0.9]])
            try await output.event(["type": "finish", "finishReason": .string(reason), "messageMetadata": metadata])
        case .error(let text):
            try await output.event(["type": "error", "errorText": .string(text)])
        case .cut:
            try await output.flush()
            throw CutStream()
        }
        try await output.line("data: [DONE]\n\n")
        try await output.flush()
    }

    /// A `text-delta` event rendered by hand, byte for byte what `event(_:)` would write (sorted keys): a
    /// `repeat 100000` benchmark reply is 100,000 of them, and a dictionary built and key-sorted per delta is
    /// work the hot path does not need.
    private static func textDelta(_ delta: Substring, quotedID: String) -> String {
        var line = #"data: {"delta":"#
        AnyCodableValue.writeQuoted(String(delta), to: &line)
        line += #","id":"# + quotedID + #","type":"text-delta"}"# + "\n\n"
        return line
    }

    private func toolInputAvailable(_ call: ChatbaseToolCall) -> AnyCodableValue {
        [
            "type": "tool-input-available", "toolCallId": .string(call.id), "toolName": .string(call.name),
            "input": call.input,
        ]
    }
}

/// Buffers SSE text and writes it in chunks of about 16 KiB, so a 100,000-word reply is not 100,000
/// socket writes; paced streams flush around every delta so each arrives on time.
struct ChatbaseSSEOutput {
    let writer: any HTTPResponseWriter
    private var buffer = ""
    private static let flushThreshold = 16 * 1024

    init(writer: any HTTPResponseWriter) {
        self.writer = writer
    }

    /// `data: <json>` and a blank line.
    mutating func event(_ value: AnyCodableValue) async throws {
        try await line("data: " + value.jsonText + "\n\n")
    }

    /// `: <text>` and a blank line.
    mutating func comment(_ text: String) async throws {
        try await line(": " + text + "\n\n")
    }

    /// Raw SSE text.
    mutating func line(_ text: String) async throws {
        buffer += text
        if buffer.utf8.count >= Self.flushThreshold { try await flush() }
    }

    /// Writes whatever is buffered.
    mutating func flush() async throws {
        guard !buffer.isEmpty else { return }
        let chunk = buffer
        buffer = ""
        try await writer.write(chunk)
    }
}
