import ErrorCore
import Foundation

/// A Checkout API exchange that failed: an error status from the API, or a transport failure with
/// no status at all.
///
/// - ``status`` is the HTTP status, `nil` when no response came back.
/// - ``errorCode`` is the API's own code (`SESSION_EXPIRED`, `IDEMPOTENCY_KEY_IN_USE`, …), read from
///   the problem+json body with the contract's fallbacks (`{"error": …}`, then the raw body as the
///   message, then `UNKNOWN_ERROR`); `UNKNOWN_ERROR` for a transport failure.
/// - ``requestSent`` says whether any byte of the request may have reached the server.
///
/// Three flags say what to do, and follow the contract to the letter:
/// - ``isSessionTerminal``: the session is spent for good (401, 410, `SESSION_EXPIRED`,
///   `SESSION_ALREADY_SUBMITTED_ERROR`): start a new one.
/// - ``isRetryable``: the same call may succeed (a 5xx, or no status after the request left the
///   device); never a 4xx, never a request that provably never left.
/// - ``outcomeUnknown``: a `validate` left the device and no answer came back; the payment may exist.
///
/// The description holds the status, code, path and message only: never a header, a body, a
/// token or card data.
public struct PaymentAPIError: PurseError {
    /// One entry of the problem's `errors`: a JSON pointer into the request and what is wrong there.
    public struct FieldProblem: Sendable, Equatable {
        /// The JSON pointer (`/items/0/amount`); empty when the server sent none.
        public let pointer: String
        /// What is wrong; never the offending value.
        public let detail: String
    }

    /// The HTTP status, or `nil` when no response came back (a transport failure).
    public let status: Int?
    /// The API's code (`SESSION_EXPIRED`, …); `UNKNOWN_ERROR` when the answer had none or there
    /// was no answer.
    public let errorCode: String
    /// The request's path under the API root (`/checkout/v1/sessions/cs_…/validate`).
    public let path: String
    /// Whether any byte of the request may have reached the server. `false` means provably not: the
    /// request was never sent, is never reported as unknown and is never retried.
    public let requestSent: Bool
    /// A developer-facing message: the problem's `detail`, or the transport's description.
    public let message: String
    /// The server's request id (`request_id`, else the `X-Request-ID` header).
    public let requestID: String?
    /// The `Retry-After` header in seconds, when the answer had a readable one.
    public let retryAfter: Int?
    /// The problem's per-field entries.
    public let fieldProblems: [FieldProblem]
    /// The problem's open `data` (the stored outcome of `SESSION_ALREADY_SUBMITTED_ERROR`).
    public let data: AnyCodableValue?
    /// The transport error, or the last attempt's error behind a replayed `validate`.
    public let underlying: (any Error)?

    /// The API's code as a ``PurseErrorCode``.
    public var code: PurseErrorCode { PurseErrorCode(rawValue: errorCode) }

    /// The same value as ``status``.
    public var httpStatus: Int? { status }
    /// The same value as ``requestID``.
    public var serverRequestID: String? { requestID }

    /// The session is spent for good: a 401 (the session secret is refused), a 410, or the codes
    /// `SESSION_EXPIRED` and `SESSION_ALREADY_SUBMITTED_ERROR`. Start a new session.
    public var isSessionTerminal: Bool {
        status == 401 || status == 410
            || [PurseErrorCode.sessionExpired, .sessionAlreadySubmittedError].contains(code)
    }

    /// The same call may succeed: a 5xx, or no status after the request left the device. Never a
    /// 4xx, and never a request that provably never left (``requestSent`` false).
    public var isRetryable: Bool {
        if let status { return (500...599).contains(status) }
        return requestSent
    }

    /// A `validate` left the device and no answer came back (`status == nil && requestSent`): the
    /// payment may exist. Never show it as a failed payment; confirm on your backend first. Always
    /// `false` for the other endpoints.
    public var outcomeUnknown: Bool {
        status == nil && requestSent && path.hasSuffix("/validate")
    }

    /// An error from its parts; ``PaymentAPIErrorMapping`` is where the SDK makes them.
    package init(
        status: Int?, errorCode: String, path: String, requestSent: Bool, message: String,
        requestID: String? = nil, retryAfter: Int? = nil, fieldProblems: [FieldProblem] = [],
        data: AnyCodableValue? = nil, underlying: (any Error)? = nil
    ) {
        self.status = status
        self.errorCode = errorCode
        self.path = path
        self.requestSent = requestSent
        self.message = message
        self.requestID = requestID
        self.retryAfter = retryAfter
        self.fieldProblems = fieldProblems
        self.data = data
        self.underlying = underlying
    }
}

extension PaymentAPIError: LocalizedError, CustomStringConvertible {
    /// `Purse <CODE> (HTTP 409, POST path): <message>`, or `(no response, requestSent: true, …)`.
    public var errorDescription: String? { description }

    /// The code, the status or the transport's verdict, the path and the message.
    public var description: String {
        let how = status.map { "HTTP \($0)" } ?? "no response, requestSent: \(requestSent)"
        return "Purse \(errorCode) (\(how), \(path)): \(message)"
    }
}
