/// The payload of ``BackendError/rateLimited(_:)``: a generic 429.
public struct RateLimitInfo: Sendable, Equatable {
    /// How many seconds the server asked you to wait (its `Retry-After` header), when it said.
    public let retryAfter: Int?
    /// The server's description, or the system's description of 429.
    public let message: String
    /// The server's correlation id.
    public let requestId: String?

    /// Rate-limit information from its parts, for tests and previews.
    public init(retryAfter: Int?, message: String, requestId: String? = nil) {
        self.retryAfter = retryAfter
        self.message = message
        self.requestId = requestId
    }
}
