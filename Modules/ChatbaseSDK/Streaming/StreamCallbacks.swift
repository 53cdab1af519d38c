/// A tool call the agent asked for, passed to ``StreamCallbacks/onToolCall`` before the handler runs.
public struct ToolCallInfo: Sendable, Hashable {
    /// The server's ID for this call.
    public let toolCallId: String
    /// The tool's name, as registered with ``ChatbaseClient/tool(_:handler:)``.
    public let toolName: String
    /// The tool's arguments.
    public let input: JSONValue

    /// Creates a value, e.g. for previews and tests.
    public init(toolCallId: String, toolName: String, input: JSONValue) {
        self.toolCallId = toolCallId
        self.toolName = toolName
        self.input = input
    }
}

/// A tool result, passed to ``StreamCallbacks/onToolResult`` after it was sent to the agent.
///
/// `output` is exactly what the agent received: your handler's value, or `{"error": "…"}` when the
/// tool is not registered, the handler threw, or the result was over 20 KB.
public struct ToolResultInfo: Sendable, Hashable {
    /// The server's ID for the call this answers.
    public let toolCallId: String
    /// The tool's name.
    public let toolName: String
    /// What the agent received.
    public let output: JSONValue

    /// Creates a value, e.g. for previews and tests.
    public init(toolCallId: String, toolName: String, output: JSONValue) {
        self.toolCallId = toolCallId
        self.toolName = toolName
        self.output = output
    }
}

/// Streaming hooks for ``ChatbaseClient/send(_:conversationId:configure:)`` and
/// ``ChatbaseClient/retry(conversationId:messageId:configure:)``.
///
/// Set only the closures you need. Each one is awaited before the SDK reads the stream further, so
/// a callback may hop to the main actor without reordering deltas; keep them quick, because a slow
/// callback holds the stream. Start, finish and failure come from `send` itself (its return value
/// or its error).
///
/// ```swift
/// let response = try await client.send("Hi") { callbacks in
///     callbacks.onTextDelta = { delta in await MainActor.run { label.text += delta } }
/// }
/// ```
public struct StreamCallbacks: Sendable {
    /// Called with each piece of text as it arrives.
    public var onTextDelta: (@Sendable (String) async -> Void)?
    /// Called when the agent asks for a client-side tool, before its handler runs.
    public var onToolCall: (@Sendable (ToolCallInfo) async -> Void)?
    /// Called after a tool's result was sent to the agent.
    public var onToolResult: (@Sendable (ToolResultInfo) async -> Void)?

    /// No callbacks.
    public init() {}
}
