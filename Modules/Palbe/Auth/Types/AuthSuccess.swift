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
