/// An OAuth provider `pb.auth` signs in with, configured per environment in Studio or the CLI.
///
/// ```swift
/// let result = try await pb.auth.signIn(with: .google)
/// ```
public enum OAuthProvider: String, Sendable, Hashable, CaseIterable, Codable {
    /// Google.
    case google
    /// Sign in with Apple.
    case apple
    /// Microsoft (Entra ID and personal accounts).
    case microsoft
    /// GitHub.
    case github

    /// The provider's name as people know it (`Google`, `GitHub`), as in the cancellation message
    /// `"User canceled Google sign-in"`.
    public var displayName: String {
        switch self {
        case .google: "Google"
        case .apple: "Apple"
        case .microsoft: "Microsoft"
        case .github: "GitHub"
        }
    }
}

/// What an OAuth sign-in or link came to.
///
/// ```swift
/// switch try await pb.auth.signIn(with: .google) {
/// case .signedIn(let success): print(success.user.id)
/// case .mfaRequired(let token, let factors): presentMFA(token, factors)
/// case .linked(let identity, let userID): print("\(identity) linked to \(userID)")
/// }
/// ```
public enum OAuthResult: Sendable {
    /// The provider account signed in: the session is active and ``AuthEvent/signedIn(_:)`` fired.
    case signedIn(AuthSuccess)
    /// The account has a second factor: no session was created and no event fired. `token` is the
    /// challenge token for your app's own MFA flow; `factors` names the enrolled factors.
    case mfaRequired(token: String, factors: [String])
    /// An explicit ``AuthNamespace/linkIdentity(_:presenter:)`` completed: `identity` (the provider,
    /// `"google"`) is now linked to the account `userID`. The session did not change.
    case linked(identity: String, userID: String)
}
