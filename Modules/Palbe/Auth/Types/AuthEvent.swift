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
