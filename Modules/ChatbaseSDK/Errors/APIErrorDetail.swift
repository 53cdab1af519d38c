import ErrorCore

/// The body of a Chatbase error response: `{"error":{"code","message","details"}}`.
public struct APIErrorDetail: Decodable, Sendable, Equatable {
    /// The error code. Check this in your app, never the message.
    public let code: String
    /// A description written for developers; not translated, not for end users.
    public let message: String
    /// Which fields were wrong, when the server says. Non-string values arrive stringified.
    public let details: [String: String]?
    /// The `Retry-After` header of the response in seconds, when it had one (429 does).
    public let retryAfter: Int?

    /// Creates a detail, e.g. for tests or for errors the SDK synthesises.
    public init(code: String, message: String, details: [String: String]? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.details = details
        self.retryAfter = retryAfter
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, details
    }

    /// Decodes the inner `error` object. `details` values that are not strings are kept as compact
    /// JSON text (`100`, `true`, `["a"]`); a `details` that is not an object is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        let raw = try? container.decodeIfPresent([String: AnyCodableValue].self, forKey: .details)
        details = raw?.mapValues { $0.stringValue ?? $0.jsonText }
        retryAfter = nil
    }

    /// The detail of a response's error envelope (code `UNKNOWN` when the body was unreadable).
    init(envelope: ChatbaseErrorEnvelope) {
        self.init(
            code: envelope.code, message: envelope.message, details: envelope.details,
            retryAfter: envelope.retryAfter)
    }
}
