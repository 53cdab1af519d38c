/// Why a reply ended.
///
/// A reason this SDK does not know decodes as ``stop``: a new kind of ending is far more likely to
/// be a normal one than a failure, and failures arrive as errors anyway.
public enum FinishReason: String, Sendable, Hashable, Codable {
    /// The agent finished its reply.
    case stop
    /// The reply failed on the server.
    case error
    /// The agent asked for client-side tools. `send` runs them and continues, so you see this only
    /// from ``ChatbaseClient/sendNonStreaming(_:conversationId:)``.
    case toolCalls = "tool-calls"

    /// Reads the wire value; unknown strings become ``stop``.
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = FinishReason(rawValue: raw) ?? .stop
    }

    /// Reads a wire value, `nil` when there is none; unknown strings become ``stop``.
    init?(wire: String?) {
        guard let wire else { return nil }
        self = FinishReason(rawValue: wire) ?? .stop
    }
}

/// What a reply cost.
public struct Usage: Sendable, Hashable, Codable {
    /// Message credits used by the reply (summed over every tool round of one `send`).
    public let credits: Double

    /// Creates a usage value.
    public init(credits: Double) {
        self.credits = credits
    }
}
