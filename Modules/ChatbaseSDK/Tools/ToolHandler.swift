/// A client-side tool: receives the tool's input, returns its result.
///
/// Throwing sends `{"error": "<localizedDescription>"}` to the agent instead of failing the reply,
/// so keep the message safe to show a user. Throwing `CancellationError` cancels the whole reply.
/// The result must encode to at most 20 KB (20,480 bytes) of JSON; a larger one reaches the agent
/// as `{"error": "tool result too large"}`.
public typealias ToolHandler = @Sendable (JSONValue) async throws -> JSONValue
