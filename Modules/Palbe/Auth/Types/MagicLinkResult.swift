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
