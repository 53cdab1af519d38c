/// Whether someone is signed in: what ``AuthNamespace/onAuthStateChange(_:)`` reports.
public enum AuthState: Sendable, Equatable {
    /// A session exists for this user.
    case signedIn(AuthUser)
    /// No session.
    case signedOut
}
