import Foundation

// The value types of `pb.auth`: the user and the session, what a sign-in returns, the state and events
// listeners hear, and the results and options of the code-based rails.

// MARK: - AuthUser

/// The signed-in user, as the auth service describes them.
///
/// `pb.auth` keeps the last one it saw with the session (``AuthNamespace/currentUser``), so a
/// returning user is known at launch with no network round trip.
///
/// ```swift
/// if let user = await pb.auth.currentUser {
///     greeting = "Signed in as \(user.email ?? "a phone user")"
/// }
/// ```
public struct AuthUser: Sendable, Equatable, Codable {
    /// The user's stable id.
    public let id: String
    /// The email address; `nil` for phone-only OTP users and anonymous ones, so never force-unwrap it.
    public let email: String?
    /// Whether the email address was confirmed (a verification link or code, or a magic link).
    public let emailVerified: Bool
    /// When the account was created, as the server wrote it (an ISO 8601 string, not a `Date`).
    public let createdAt: String

    /// A user from its parts, for tests and previews.
    public init(id: String, email: String?, emailVerified: Bool, createdAt: String) {
        self.id = id
        self.email = email
        self.emailVerified = emailVerified
        self.createdAt = createdAt
    }
}

// MARK: - Session

/// When a session's access token runs out; the tokens themselves are internal and never exposed.
///
/// An expired access token does not end the session: `pb.auth` refreshes it before the next request
/// (or after a 401) with the refresh token it keeps. The session ends only when the server refuses
/// that refresh (``SignOutReason/sessionExpired``).
public struct Session: Sendable, Equatable, Codable {
    /// When the access token expires, in unix seconds.
    public let expiresAt: Int64

    /// A session whose access token expires at `expiresAt` (unix seconds).
    public init(expiresAt: Int64) {
        self.expiresAt = expiresAt
    }

    /// Whether the access token has expired by this device's clock.
    public var isExpired: Bool {
        Int64(Date().timeIntervalSince1970) >= expiresAt
    }
}

// MARK: - AuthSuccess

/// What every method that mints a session returns: the user it signed in.
///
/// ```swift
/// let success = try await pb.auth.signIn(email: "dev@example.com", password: "correct-horse")
/// print(success.user.id)
/// ```
///
/// The session itself stays inside the SDK: there is no token here, and none anywhere in the API.
public struct AuthSuccess: Sendable {
    /// The user the new session belongs to.
    public let user: AuthUser

    /// A success for `user`, for tests and previews.
    public init(user: AuthUser) {
        self.user = user
    }
}

// MARK: - AuthCapability

/// Which credentials the signed-in account has, read from the server by ``AuthNamespace/capability()``.
///
/// Branch on ``hasPassword``, never on ``providers``: a phone-OTP user has no password and no linked
/// provider.
public struct AuthCapability: Sendable, Equatable {
    /// Whether the account has a password (offer ``AuthNamespace/setPassword(_:)`` when it has not).
    public let hasPassword: Bool
    /// The identity kinds linked to the account; `[]` means "asked, none linked", `nil` means the
    /// server could not tell. Treat `nil` as unknown.
    public let providers: [String]?

    /// A capability from its parts, for tests and previews.
    public init(hasPassword: Bool, providers: [String]?) {
        self.hasPassword = hasPassword
        self.providers = providers
    }
}

// MARK: - AuthState

/// Whether someone is signed in: what ``AuthNamespace/onAuthStateChange(_:)`` reports.
public enum AuthState: Sendable, Equatable {
    /// A session exists for this user.
    case signedIn(AuthUser)
    /// No session.
    case signedOut
}

// MARK: - AuthEvent

/// Something that happened to the session: what ``AuthNamespace/onAuthEvent(_:)`` reports.
///
/// Events fire alongside state changes, not instead of them: a `signedOut(reason: .sessionExpired)`
/// event arrives together with the ``AuthState/signedOut`` state. ``tokenRefreshed`` changes no
/// state and is visible only here.
public enum AuthEvent: Sendable, Equatable {
    /// A sign-in or sign-up minted a session for this user.
    case signedIn(AuthUser)
    /// The session ended, for `reason`.
    case signedOut(reason: SignOutReason)
    /// The access token was refreshed silently; the session and the state are unchanged.
    case tokenRefreshed
}

// MARK: - SignOutReason

/// Why a session ended.
public enum SignOutReason: Sendable, Equatable {
    /// The app called ``AuthNamespace/signOut()``.
    case userInitiated
    /// The server refused to refresh the session, or answered `session_revoked` (401) or
    /// `subject_fenced` (403) to an authenticated request.
    case sessionExpired
    /// ``AuthNamespace/deleteAccount(password:)`` succeeded.
    case accountDeleted
}

// MARK: - Unsubscribe

/// Stops a listener registered with ``AuthNamespace/onAuthStateChange(_:)``,
/// ``AuthNamespace/onAuthEvent(_:)`` or ``AuthNamespace/onUserChange(_:)``.
///
/// Keep it for as long as you want the listener called; once it has run, the listener is never
/// called again (a call already under way finishes). Calling it twice is harmless.
public typealias Unsubscribe = @Sendable () -> Void

// MARK: - MagicLinkResult

/// What ``AuthNamespace/verifyMagicLink(token:)`` returns: a session, or the news that the account
/// needs a second factor first.
///
/// ```swift
/// switch try await pb.auth.verifyMagicLink(token: token) {
/// case .signedIn(let success):
///     print("welcome \(success.user.id)")
/// case .mfaRequired(let token, let factors):
///     startYourOwnMFAFlow(token: token, factors: factors)
/// }
/// ```
public enum MagicLinkResult: Sendable {
    /// The link signed the user in: the session is active and ``AuthEvent/signedIn(_:)`` fired.
    case signedIn(AuthSuccess)
    /// The account has a second factor: no session was created and no event fired. `token` is the
    /// challenge token for your app's own MFA flow against the auth service; `factors` names the
    /// enrolled factors (`"totp"`, …).
    case mfaRequired(token: String, factors: [String])
}

// MARK: - MFAChallengeAnswer

/// `{"mfa_required":true,"mfa_token","factors"}`: what a sign-in rail (a magic link, an OAuth code) answers
/// instead of a session for an account with a second factor.
struct MFAChallengeAnswer: Decodable {
    let mfaRequired: Bool?
    let mfaToken: String?
    let factors: [String]?

    /// The challenge `delivery` carries, or nil when it carries none (it is a session then).
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` `decoding_error` for `mfa_required`
    ///   without `mfa_token`.
    static func challenge(in delivery: Delivery) throws(AuthError) -> (token: String, factors: [String])? {
        let answer = try AuthErrorMapping.decode(delivery, as: MFAChallengeAnswer.self)
        guard answer.mfaRequired == true else { return nil }
        guard let token = answer.mfaToken else {
            throw .http(
                status: delivery.status, code: "decoding_error",
                message: "The response did not match MFAChallengeAnswer: mfa_required without mfa_token",
                requestId: delivery.requestID)
        }
        return (token, answer.factors ?? [])
    }
}

// MARK: - OTPChannel

/// How a one-time sign-in code is delivered. SMS is the only channel.
public enum OTPChannel: String, Sendable, Equatable {
    /// A text message to the phone number.
    case sms
}
