import Foundation

/// One method per provider, for the common case: sign in, get the user. They run the same flow as
/// ``signIn(with:presenter:)``.
extension AuthNamespace {
    /// Signs in with Google (PKCE, in `ASWebAuthenticationSession` on Apple platforms).
    ///
    /// - Throws: as ``signIn(with:presenter:)``; an account with a second factor is
    ///   ``AuthError/http(status:code:message:requestId:)`` with code `mfa_required` and no session:
    ///   use ``signIn(with:presenter:)`` to receive its challenge token.
    @discardableResult
    public func signInWithGoogle() async throws(AuthError) -> AuthSuccess {
        try await session(from: signIn(with: .google))
    }

    /// Signs in with Google through `presenter` (a custom sheet, or a ``LoopbackOAuthPresenter``).
    ///
    /// - Throws: as ``signInWithGoogle()``.
    @discardableResult
    public func signInWithGoogle(presenter: any OAuthPresenter) async throws(AuthError) -> AuthSuccess {
        try await session(from: signIn(with: .google, presenter: presenter))
    }

    /// Signs in with Apple.
    ///
    /// - Throws: as ``signInWithGoogle()``.
    @discardableResult
    public func signInWithApple() async throws(AuthError) -> AuthSuccess {
        try await session(from: signIn(with: .apple))
    }

    /// Signs in with Microsoft.
    ///
    /// - Throws: as ``signInWithGoogle()``.
    @discardableResult
    public func signInWithMicrosoft() async throws(AuthError) -> AuthSuccess {
        try await session(from: signIn(with: .microsoft))
    }

    /// Signs in with GitHub.
    ///
    /// - Throws: as ``signInWithGoogle()``.
    @discardableResult
    public func signInWithGitHub() async throws(AuthError) -> AuthSuccess {
        try await session(from: signIn(with: .github))
    }

    /// The session a sign-in minted; an MFA challenge (no session) is `mfa_required`.
    private func session(from result: OAuthResult) throws(AuthError) -> AuthSuccess {
        switch result {
        case .signedIn(let success):
            return success
        case .mfaRequired:
            throw .http(
                status: 200, code: "mfa_required",
                message: "This account needs a second factor; use signIn(with:) to receive its challenge",
                requestId: nil)
        case .linked:
            throw .http(status: 200, code: "decoding_error", message: "A sign-in answered a link", requestId: nil)
        }
    }
}
