/// The one protocol every error of every SDK in this package conforms to, through the SDK's own
/// protocol (`PalbaseError`, `PurseError`) or directly (Chatbase's `APIError`, `ChatError`).
///
/// An app that uses several SDKs logs any of their failures with one function:
///
/// ```swift
/// func report(_ error: any SDKError) {
///     logger.error("\(error.logSummary)")
/// }
/// ```
///
/// The member names are chosen so they never clash with the SDKs' own public spellings: Palbe's
/// `code` is a `String`, Purse's `code` is a `PurseErrorCode`, Chatbase's `statusCode` and
/// `apiCode` are shortcuts on `APIError`.
public protocol SDKError: Error, Sendable {
    /// The SDK that produced the error: `"palbe"`, `"purse"` or `"chatbase"`.
    var sdkName: String { get }
    /// A stable, machine-readable code in the SDK's own vocabulary (`todo_locked`,
    /// `EXPIRED_SESSION`, `CHAT_CREDITS_EXHAUSTED`). Never a translated message.
    var errorCode: String { get }
    /// The HTTP status of the response that caused the error, when there was one.
    var httpStatus: Int? { get }
    /// The server's correlation id for the failed request, when one is known.
    var serverRequestID: String? { get }
    /// The error that caused this one (a transport failure, a decoding error), when there is one.
    ///
    /// Defaults to `nil`. Named so it never clashes with an SDK's own spelling (Purse's
    /// `underlying`): an SDK that keeps a cause returns it here too, so generic code can walk the
    /// chain. Never part of ``logSummary``, because a cause's description may hold request data.
    var underlyingError: (any Error)? { get }
}

extension SDKError {
    /// No cause, unless the conforming type says otherwise.
    public var underlyingError: (any Error)? { nil }

    /// One line that is safe to log: SDK, code, status and request id. It never contains a
    /// message body, a token or any other secret.
    public var logSummary: String {
        let status = httpStatus.map(String.init) ?? "-"
        return "sdk=\(sdkName) code=\(errorCode) status=\(status) request=\(serverRequestID ?? "-")"
    }
}
