import Foundation

/// The payload of ``BackendError/network(_:)`` and ``BackendError/transport(_:)``: the exchange
/// produced no usable response.
public struct TransportFailure: Sendable {
    /// What happened, safe to log (never header values or body bytes).
    public let message: String
    /// The failure in `URLError`'s vocabulary (`.timedOut`, `.networkConnectionLost`, `.cancelled`),
    /// when it has one; `nil` for failures of the SDK's own (a body that could not be sealed).
    public let urlErrorCode: URLError.Code?
    /// Whether any byte of the request may have reached the server. `false` means it certainly did
    /// not (a body that could not be sealed is still on the device).
    public let requestSent: Bool
    /// The error that caused it, when there is one.
    public let underlying: (any Error)?

    /// A failure from its parts.
    public init(message: String, urlErrorCode: URLError.Code? = nil, requestSent: Bool, underlying: (any Error)? = nil)
    {
        self.message = message
        self.urlErrorCode = urlErrorCode
        self.requestSent = requestSent
        self.underlying = underlying
    }
}
