import ErrorCore
import Foundation

// `pb.auth`: the namespace, its listeners, and the point where every auth request is sent and its
// failure becomes an ``AuthError``.

// MARK: - AuthNamespace

extension PalbeClient {
    /// Authentication: sign-up and sign-in rails, the password lifecycle, email verification, the
    /// account, and the session every authenticated call carries.
    ///
    /// ```swift
    /// try await pb.auth.signIn(email: "dev@example.com", password: "correct-horse")
    /// let todos: [Todo] = try await pb.call("todos", method: .get)   // carries the session
    /// ```
    ///
    /// The session is restored from the secure store when the client is made, with no network round
    /// trip; see ``AuthNamespace``.
    public var auth: AuthNamespace { AuthNamespace(client: self) }
}

/// The authentication surface of a client, `pb.auth`.
///
/// Every method that talks to the auth service throws ``AuthError`` (typed throws, so a `catch` is
/// exhaustive). The methods that mint a session return ``AuthSuccess`` and are
/// `@discardableResult`; the first halves of two-step flows return nothing.
///
/// **The session.** The session, the cached user and the DPoP device key are persisted together in
/// the secure store (the Keychain on Apple platforms, owner-only files elsewhere) and restored when
/// the client is made, with no network round trip. Listeners are boot-gated: a listener that
/// subscribes before the store has been read gets the real first value once it has, never a
/// spurious `.signedOut`; the first request waits for it; a sign-in that comes first wins. Tokens
/// are never reachable: not through this API, a description, `dump` or `Mirror`.
///
/// **Refresh.** An access token that is expired or within 30 s of expiry is refreshed before a
/// request goes out; a 401 on an authenticated request triggers one refresh and one replay;
/// concurrent callers share one refresh. A refresh the server refuses (any 4xx but 408 and 429, or
/// `refresh_token_reused`) ends the session with ``SignOutReason/sessionExpired``; anything else
/// (no network, a 5xx, an unreadable answer, no sealing key) keeps it for the next attempt. A
/// `session_revoked` (401) or `subject_fenced` (403) answer to any authenticated request ends it
/// too; a plain 403 never does.
public struct AuthNamespace: Sendable {
    let client: PalbeClient

    var session: SessionManager { client.session }

    // MARK: - Email and password

    /// Creates an account with `email` and `password` and signs it in (`POST /auth/signup`, bound to
    /// the device key). A verification email is sent.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `email_taken` (409),
    ///   `password_too_short`, `password_too_long` or `password_breached` (400); the usual others.
    @discardableResult
    public func signUp(email: String, password: String) async throws(AuthError) -> AuthSuccess {
        try await signIn(with: PBRequest(.post, ["auth/signup"], body: ["email": email, "password": password]))
    }

    /// Signs in with `email` and `password` (`POST /auth/login`, bound to the device key).
    ///
    /// ```swift
    /// let success = try await pb.auth.signIn(email: "dev@example.com", password: "correct-horse")
    /// ```
    ///
    /// - Throws: ``AuthError/invalidCredentials(message:)`` for a wrong email or password;
    ///   ``AuthError/http(status:code:message:requestId:)`` with `email_not_confirmed` (403) when the
    ///   environment requires a confirmed address.
    @discardableResult
    public func signIn(email: String, password: String) async throws(AuthError) -> AuthSuccess {
        try await signIn(with: PBRequest(.post, ["auth/login"], body: ["email": email, "password": password]))
    }

    /// Signs in as a new anonymous user: no email, no phone, no password (`POST /auth/anonymous`).
    @discardableResult
    public func signInAnonymously() async throws(AuthError) -> AuthSuccess {
        try await signIn(with: PBRequest(.post, ["auth/anonymous"], body: [String: String]()))
    }

    // MARK: - Cancellation

    /// Whether `error` is one of the three cancellations a sign-in sheet produces (the passkey
    /// ceremony's, `"User canceled Apple sign-in"`, `"User canceled Google sign-in"`): the user
    /// changed their mind, so present nothing.
    ///
    /// ```swift
    /// } catch {
    ///     if !pb.auth.wasCanceled(error) { show(error) }
    /// }
    /// ```
    public func wasCanceled(_ error: any Error) -> Bool {
        switch error as? AuthError {
        case .invalidCredentials(let message)?: Self.cancellationMessages.contains(message)
        default: false
        }
    }

    /// The messages of ``AuthError/invalidCredentials(message:)`` that mean "the user dismissed the sheet".
    package static let cancellationMessages: Set<String> = [
        passkeyCancellationMessage, AuthError.oauthCancellationMessage(.apple),
        AuthError.oauthCancellationMessage(.google),
    ]

    /// What a dismissed passkey sheet throws, as ``AuthError/invalidCredentials(message:)``.
    package static let passkeyCancellationMessage = "User canceled passkey sign-in"
}

extension AuthNamespace: CustomStringConvertible, CustomReflectable {
    /// `AuthNamespace(<environment>)`.
    public var description: String { "AuthNamespace(\(client.configuration.environment))" }

    /// No children: the session is not reachable through `Mirror` or `dump`.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

// MARK: - AuthNamespace+Listeners

/// The three listeners: state drives the UI, events tell what happened, the user carries its
/// property changes.
extension AuthNamespace {
    /// Calls `listener` with the state now and at every change (sign-in, sign-out, expiry).
    ///
    /// ```swift
    /// unsubscribe = await pb.auth.onAuthStateChange { state in
    ///     let user: AuthUser? = if case .signedIn(let user) = state { user } else { nil }
    ///     Task { @MainActor in self.user = user }
    /// }
    /// ```
    ///
    /// The current state is replayed on subscribe, including a session restored at launch. While the
    /// stored session is still loading, the replay waits for it: the first value is the real one.
    /// Listeners run on the session's executor, one at a time and in order; keep them short and hop
    /// to your own actor for UI work. A token refresh changes no state.
    public func onAuthStateChange(_ listener: @escaping @Sendable (AuthState) -> Void) async -> Unsubscribe {
        await session.subscribe(state: listener)
    }

    /// Calls `listener` with every ``AuthEvent`` from now on; past events are not replayed.
    ///
    /// Events fire alongside state changes: a `.signedOut(reason: .sessionExpired)` event arrives
    /// together with the `.signedOut` state. ``AuthEvent/tokenRefreshed`` is seen only here.
    public func onAuthEvent(_ listener: @escaping @Sendable (AuthEvent) -> Void) async -> Unsubscribe {
        await session.subscribe(event: listener)
    }

    /// Calls `listener` with the cached user now (`nil` when signed out; deferred like
    /// ``onAuthStateChange(_:)`` while the stored session loads) and whenever it changes: a
    /// sign-in, a sign-out, ``refreshUser()``, a refresh whose answer describes the user differently.
    public func onUserChange(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> Unsubscribe {
        await session.subscribe(user: listener)
    }
}

// MARK: - AuthNamespace+Exchange

/// The conversion point: every auth request goes through the client's one transport path (headers,
/// sealing, DPoP, recovery rules, trace) and every failure becomes an ``AuthError`` here
/// (``AuthErrorMapping``).
extension AuthNamespace {
    /// Sends `request`; a failure is mapped with the response it ended on.
    func send(_ request: PBRequest) async throws(AuthError) -> Delivery {
        var rejection: ExchangeRejection?
        do {
            return try await client.exchange(request, rejection: &rejection)
        } catch {
            throw AuthErrorMapping.error(for: error, status: rejection?.status, retryAfter: rejection?.retryAfter)
        }
    }

    /// Sends `request` through a token rotation's own plan (a step-up's verify); mapped as ``send(_:)``.
    func send(_ request: PBRequest, through rotation: SessionManager.Rotation) async throws(AuthError) -> Delivery {
        var rejection: ExchangeRejection?
        do {
            return try await rotation.send(request, rejection: &rejection)
        } catch {
            throw AuthErrorMapping.error(for: error, status: rejection?.status, retryAfter: rejection?.retryAfter)
        }
    }

    /// `delivery`'s body as `type`; a mismatch is ``AuthError/http(status:code:message:requestId:)``
    /// with code `decoding_error` and the response's status and request id.
    func decode<O: Decodable>(_ delivery: Delivery, as type: O.Type) throws(AuthError) -> O {
        try AuthErrorMapping.decode(delivery, as: type)
    }

    /// Sends a request that mints a session, adopts it (persisted, listeners told) and returns its user.
    ///
    /// An account with a second factor gets no session on this rail: the server answers its challenge
    /// instead, thrown as ``AuthError/http(status:code:message:requestId:)`` `mfa_required`. The SDK has no
    /// MFA API; a magic link or an OAuth sign-in hands the app the challenge (`.mfaRequired`).
    func signIn(with request: PBRequest) async throws(AuthError) -> AuthSuccess {
        let delivery = try await send(request)
        if try MFAChallengeAnswer.challenge(in: delivery) != nil {
            throw .http(
                status: delivery.status, code: "mfa_required",
                message: "This account needs a second factor; a magic link or an OAuth sign-in returns its challenge",
                requestId: delivery.requestID)
        }
        let response = try decode(delivery, as: SessionResponse.self)
        await session.adopt(response.session)
        return AuthSuccess(user: response.user)
    }
}
