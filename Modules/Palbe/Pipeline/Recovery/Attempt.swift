import ErrorCore

/// What one attempt carries beyond the prepared request: the session's headers, and headers a rule
/// added for this attempt only. Rules may change it in ``RecoveryRule/prepare(_:in:)``; after the
/// attempt they see it as sent.
package struct Attempt: Sendable {
    /// The bearer and DPoP proof, as the session layer gave them (empty when the plan carries no
    /// session).
    package var session: SessionHeaders
    /// Added after the SDK's headers and before the caller's (see ``ClientHeaders``); never carried
    /// over to the next attempt.
    package var headers: HTTPHeaders

    /// An attempt carrying `session` and `headers`.
    package init(session: SessionHeaders = SessionHeaders(), headers: HTTPHeaders = HTTPHeaders()) {
        self.session = session
        self.headers = headers
    }
}

/// How an attempt that did not succeed ended: what the rules decide on.
package enum AttemptOutcome: Sendable {
    /// No usable response; `failure` is ``BackendError/network(_:)`` when the network did not carry
    /// the exchange, ``BackendError/transport(_:)`` otherwise.
    case noResponse(BackendError)
    /// A non-2xx response, with what it maps to (``BackendErrorMapping``).
    case rejected(status: Int, headers: HTTPHeaders, failure: BackendError)

    /// The error the call ends with when no rule recovers.
    package var failure: BackendError {
        switch self {
        case .noResponse(let failure), .rejected(_, _, let failure): failure
        }
    }
}
