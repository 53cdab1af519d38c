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
