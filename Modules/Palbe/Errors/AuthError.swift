import Foundation

/// Everything `pb.auth` can throw, in five cases tuned to sign-in.
///
/// ```swift
/// do {
///     try await pb.auth.signIn(email: email, password: password)
/// } catch {
///     switch error {
///     case .invalidCredentials: showFieldError("Wrong email or password.")
///     case .rateLimited(let retryAfter): showToast("Try again in \(retryAfter ?? 60)s.")
///     default: showToast(error.localizedDescription)
///     }
/// }
/// ```
///
/// How an answer becomes a case (the rows of `Specs/vectors/auth-errors.json`):
/// - 401 `invalid_credentials` (a wrong email or password, a wrong current password) →
///   ``invalidCredentials(message:)``;
/// - 401 `otp_invalid`, `otp_expired`, `otp_attempts_exceeded` (a phone code) → ``invalidCredentials(message:)``
///   too, as the error-handling page says, with the SDK's own message for each (``OTPFailure/message``):
///   that message is how ``otpFailure`` tells the three apart and ``code`` gives back the server's code;
/// - a dismissed provider sheet or page, and the server's 400 `oauth_cancelled` → ``invalidCredentials(message:)``
///   with `User canceled <Provider> sign-in` (``AuthNamespace/wasCanceled(_:)`` recognises Apple's and
///   Google's, and the passkey sheet's), whose ``code`` is `oauth_cancelled`;
/// - any 429 → ``rateLimited(retryAfter:)`` with the `Retry-After` header's seconds;
/// - every other non-2xx answer → ``http(status:code:message:requestId:)`` with the server's code:
///   `password_too_short`, `reauthentication_required`, `reauth_required`,
///   `not_configured` (501), `erasure_unavailable` …; a
///   2xx whose body does not decode is `http` too, with its status and code `decoding_error`;
/// - no HTTP answer at all (offline, a timeout, TLS, cancellation), and a body that had to be sealed
///   and could not be (nothing is sent then) → ``network(message:)``;
/// - a client whose configuration is unusable → ``notConfigured``.
public enum AuthError: PalbaseError, Equatable {
    /// The email and password (or the current password) do not match an account.
    case invalidCredentials(message: String)
    /// Too many attempts: wait `retryAfter` seconds (the server's `Retry-After`), when it said.
    case rateLimited(retryAfter: Int?)
    /// Any other answer from the auth service, with the server's code and correlation id.
    case http(status: Int, code: String, message: String, requestId: String?)
    /// No answer: offline, a timeout, a failed TLS handshake, or a body that could not be sealed.
    case network(message: String)
    /// No usable configuration for this client (an unusable base URL or a blank API key).
    case notConfigured

    /// The stable snake_case code: the server's own for ``http(status:code:message:requestId:)`` and for
    /// the three OTP failures (`otp_invalid`, `otp_expired`, `otp_attempts_exceeded`), otherwise
    /// `invalid_credentials`, `rate_limited`, `network_error` or `not_configured`.
    public var code: String {
        switch self {
        case .invalidCredentials(let message):
            OTPFailure(message: message)?.code
                ?? (OAuthProvider.allCases.contains { AuthError.oauthCancellationMessage($0) == message }
                    ? "oauth_cancelled" : "invalid_credentials")
        case .rateLimited: "rate_limited"
        case .http(_, let code, _, _): code
        case .network: "network_error"
        case .notConfigured: "not_configured"
        }
    }

    /// 401 for ``invalidCredentials(message:)``, 429 for ``rateLimited(retryAfter:)``, the status of
    /// ``http(status:code:message:requestId:)``, `nil` otherwise.
    public var statusCode: Int? {
        switch self {
        case .invalidCredentials: 401
        case .rateLimited: 429
        case .http(let status, _, _, _): status
        case .network, .notConfigured: nil
        }
    }

    /// The server's correlation id, kept by ``http(status:code:message:requestId:)``.
    public var requestId: String? {
        if case .http(_, _, _, let requestId) = self { return requestId }
        return nil
    }

    /// A printable description. Do not show it to users for ``notConfigured``: its text is the
    /// shipped, stale one that names an API no app can call. Switch on ``code`` instead.
    public var errorDescription: String? {
        switch self {
        case .invalidCredentials(let message): message
        case .rateLimited(let retryAfter?): "Too many attempts. Try again in \(retryAfter) s."
        case .rateLimited(nil): "Too many attempts. Try again later."
        case .http(_, _, let message, _): message
        case .network(let message): message
        case .notConfigured: "Not configured. Call pb.configure(apiKey:) first."
        }
    }
}

extension AuthError {
    /// Which of the three OTP failures an error is, each needing its own UI.
    public enum OTPFailure: Sendable, Equatable {
        /// `otp_invalid`: the code is not the one sent.
        case wrongCode
        /// `otp_expired`: send a new code.
        case expired
        /// `otp_attempts_exceeded`: too many wrong codes; send a new one later.
        case tooManyAttempts
    }

    /// The OTP failure this error is (`otp_invalid`, `otp_expired`, `otp_attempts_exceeded`), or
    /// `nil` when it is not an OTP-specific failure.
    ///
    /// ```swift
    /// switch error.otpFailure {
    /// case .wrongCode: fieldError = "That code isn't right."
    /// case .expired: fieldError = "That code expired — send a new one."
    /// case .tooManyAttempts: fieldError = "Too many tries. Wait a moment."
    /// case nil: show(error)
    /// }
    /// ```
    ///
    /// The three arrive as ``invalidCredentials(message:)`` carrying the SDK's own message for each
    /// (``OTPFailure/message``), which is what this reads; an OTP code in any other answer (an
    /// ``http(status:code:message:requestId:)`` from another status) is classified by its code.
    public var otpFailure: OTPFailure? {
        switch self {
        case .invalidCredentials(let message): OTPFailure(message: message)
        case .http(_, let code, _, _): OTPFailure(code: code)
        default: nil
        }
    }
}

extension AuthError.OTPFailure {
    /// The server's code: `otp_invalid`, `otp_expired` or `otp_attempts_exceeded`.
    public var code: String {
        switch self {
        case .wrongCode: "otp_invalid"
        case .expired: "otp_expired"
        case .tooManyAttempts: "otp_attempts_exceeded"
        }
    }

    /// The message of the ``AuthError/invalidCredentials(message:)`` this failure arrives as.
    public var message: String {
        switch self {
        case .wrongCode: "That code is not the one that was sent."
        case .expired: "That code has expired. Send a new one."
        case .tooManyAttempts: "Too many wrong codes. Send a new one in a moment."
        }
    }

    /// The failure a server code names.
    init?(code: String) {
        switch code {
        case "otp_invalid": self = .wrongCode
        case "otp_expired": self = .expired
        case "otp_attempts_exceeded": self = .tooManyAttempts
        default: return nil
        }
    }

    /// The failure whose ``message`` this is.
    init?(message: String) {
        guard let failure = [Self.wrongCode, .expired, .tooManyAttempts].first(where: { $0.message == message })
        else { return nil }
        self = failure
    }
}
