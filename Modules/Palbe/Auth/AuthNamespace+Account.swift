import ErrorCore
import Foundation

/// The account: what it is, who is signed in, signing out and deleting it.
extension AuthNamespace {
    /// Which credentials the signed-in account has, read from the server (`GET /auth/me`).
    ///
    /// The read is strict: a server that does not send `has_password` makes this throw rather than
    /// guess. `providers` keeps the difference between `nil` (unknown) and `[]` (none linked).
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `decoding_error` for an
    ///   answer without `has_password`, `invalid_token` (401) when nobody is signed in.
    public func capability() async throws(AuthError) -> AuthCapability {
        let me = try decode(try await send(Self.me), as: MeCapability.self)
        return AuthCapability(hasPassword: me.hasPassword, providers: me.providers)
    }

    /// The signed-in user as the server has them now (`GET /auth/me`). The cache is left alone; see
    /// ``refreshUser()``.
    public func getUser() async throws(AuthError) -> AuthUser {
        try decode(try await send(Self.me), as: MeUser.self).user
    }

    /// Re-fetches the user, updates the cached one and fires ``onUserChange(_:)``, never
    /// ``onAuthStateChange(_:)``: the session did not change, only a property of its user.
    ///
    /// ```swift
    /// Task { try? await pb.auth.refreshUser() }   // when the app returns to the foreground
    /// ```
    @discardableResult
    public func refreshUser() async throws(AuthError) -> AuthUser {
        await session.waitForBoot()
        let generation = await session.generation
        let user = try await getUser()
        await session.updateUser(user, generation: generation)
        return user
    }

    /// The last-known user, from the session restored at launch or the latest sign-in; `nil` when
    /// signed out. No network.
    public var currentUser: AuthUser? {
        get async { await session.currentSession()?.user }
    }

    /// Whether a session exists. No network. An access token past its expiry still counts: it is
    /// refreshed before the next request; the session ends only when the server refuses it.
    public var isSignedIn: Bool {
        get async { await session.currentSession() != nil }
    }

    /// Signs out: asks the server to revoke the session (`POST /auth/logout`), then always clears
    /// the local session and fires `.signedOut(reason: .userInitiated)`, even when the server call
    /// fails. A thrown error only means the server-side revocation did not go through; it is safe to
    /// `try?` this call. Nothing happens when nobody is signed in.
    public func signOut() async throws(AuthError) {
        guard await session.waitForBoot(upTo: session.storeWaitLimit) else {
            // The store cannot be read (a device not unlocked since it started): nothing to revoke with,
            // but the user asked to be signed out, and is; the unit goes once the store can be written.
            await session.endWhileUnknown(reason: .userInitiated)
            return
        }
        guard await session.currentSession() != nil else { return }
        let generation = await session.generation
        // Swift allows no `await` in a `defer`; the teardown runs after the call whatever it did,
        // cancellation included, and the call's error is thrown after it.
        var failure: AuthError?
        do {
            _ = try await send(PBRequest(.post, ["auth/logout"], body: [String: String]()))
        } catch {
            failure = error
        }
        await session.end(reason: .userInitiated, generation: generation)
        if let failure { throw failure }
    }

    /// Permanently erases the signed-in account (`POST /auth/account/delete`, answered 202).
    ///
    /// Password users pass their password; passwordless ones pass `nil` and need a recent sign-in.
    /// On success every session of the account is already revoked server-side: the SDK tears the
    /// local one down and fires `.signedOut(reason: .accountDeleted)`, and does not call
    /// ``signOut()``. On failure the local session is left intact.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with code `reauth_required` (403),
    ///   `not_configured` (501) or `erasure_unavailable` (503, transient); switch on `error.code`.
    public func deleteAccount(password: String? = nil) async throws(AuthError) {
        await session.waitForBoot()
        let generation = await session.generation
        var body: [String: String] = [:]
        body["password"] = password
        _ = try await send(PBRequest(.post, ["auth/account/delete"], body: body))
        await session.end(reason: .accountDeleted, generation: generation)
    }

    private static let me = PBRequest(.get, ["auth/me"])
}

/// `GET /auth/me`, read strictly for ``AuthNamespace/capability()``.
private struct MeCapability: Decodable {
    let hasPassword: Bool
    let providers: [String]?
}

/// `GET /auth/me`'s user.
private struct MeUser: Decodable {
    let user: AuthUser
}
