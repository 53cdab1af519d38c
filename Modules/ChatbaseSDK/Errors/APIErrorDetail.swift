/// The body of a Chatbase error response: `{"error":{"code","message","details"}}`.
public struct APIErrorDetail: Decodable, Sendable, Equatable {
    /// The error code. Check this in your app, never the message.
    public let code: String
    /// A description written for developers; not translated, not for end users.
    public let message: String
    /// Which fields were wrong, when the server says. Non-string values arrive stringified.
    public let details: [String: String]?

    /// Creates a detail, e.g. for tests or for errors the SDK synthesises.
    public init(code: String, message: String, details: [String: String]? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }
}
