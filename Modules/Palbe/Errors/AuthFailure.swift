/// The payload of ``BackendError/unauthorized(_:)`` and ``BackendError/appAttestRequired(_:)``.
public struct AuthFailure: Sendable, Equatable {
    /// The server's code (`session_revoked`, `invalid_api_key`, `app_attest_required`), or
    /// `unknown_error` when the response had none.
    public let code: String
    /// The server's description, or the system's description of 401.
    public let message: String
    /// The server's correlation id.
    public let requestId: String?

    /// A failure from its parts, for tests and previews.
    public init(code: String, message: String, requestId: String? = nil) {
        self.code = code
        self.message = message
        self.requestId = requestId
    }
}
