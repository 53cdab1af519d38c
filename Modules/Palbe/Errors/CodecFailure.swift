/// The payload of ``BackendError/decode(_:)`` and ``BackendError/encode(_:)``.
public struct CodecFailure: Sendable {
    /// What did not match, naming the type and the coding path (never the body's values).
    public let message: String
    /// The server's correlation id of the response that did not decode; `nil` for encoding.
    public let requestId: String?
    /// The `DecodingError`, `EncodingError` or other error that caused it.
    public let underlying: (any Error)?

    /// A failure from its parts.
    public init(message: String, requestId: String? = nil, underlying: (any Error)? = nil) {
        self.message = message
        self.requestId = requestId
        self.underlying = underlying
    }
}
