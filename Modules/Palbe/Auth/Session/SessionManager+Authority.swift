import ErrorCore
import Foundation

// What the pipeline asks of the session (``PalbeSessionAuthority``), and the session manager's answers.

// MARK: - PalbeSessionAuthority

/// The seam between the transport path and the session layer (`pb.auth`): what a request carries for
/// the signed-in user, the refresh before a token runs out, the one refresh after a 401, and the end
/// of a session the server revoked.
///
/// The transport path asks for a bearer only outside the unauthenticated allowlist, asks for a DPoP
/// proof only on `/auth/login`, `/auth/signup` and `/auth/token/refresh` (a new proof for every
/// attempt). Before each attempt that carries a bearer, ``ExpiringSessionRefresh`` asks
/// ``accessToken(toSendInsteadOf:)`` whether to send another one. After a 401 `session_revoked` or a
/// 403 `subject_fenced` on a request that carried a bearer, ``SessionEndRecovery`` calls
/// ``sessionEnded(rejectedToken:)`` and the call fails. After any other 401 on such a request,
/// ``SessionRefreshRecovery`` calls ``refreshAfterUnauthorized(rejectedToken:)`` once; when that
/// returns `true` the request is replayed once with the new token, otherwise the 401 is thrown as
/// ``BackendError/unauthorized(_:)``.
package protocol PalbeSessionAuthority: Sendable {
    /// The current access token, or `nil` when there is no session. Throws when whether there is one
    /// cannot be known yet (the store cannot be read, see ``SessionManager``).
    func accessToken() async throws(SessionStateUnknown) -> String?
    /// The token an attempt about to carry `token` should carry: `token` itself while it is fresh,
    /// a refreshed one when it is expired or close to expiry (the refresh happens here, shared by
    /// every caller), `nil` when the session ended meanwhile.
    func accessToken(toSendInsteadOf token: String) async -> String?
    /// A DPoP proof (RFC 9449) for `method` and `url` (the authority strips the query for `htu`),
    /// or `nil` when it cannot make one.
    func dpopProof(method: String, url: URL) async -> String?
    /// Refreshes the session after `rejectedToken` was refused; `true` when a replay may succeed.
    /// Concurrent 401s should share one refresh.
    func refreshAfterUnauthorized(rejectedToken: String) async -> Bool
    /// The server ended the session `rejectedToken` belongs to (`session_revoked`,
    /// `subject_fenced`): forget it locally.
    func sessionEnded(rejectedToken: String) async
}

// MARK: - SessionManager+Authority

/// What the transport path asks of the session (``PalbeSessionAuthority``).
extension SessionManager: PalbeSessionAuthority {
    /// The access token, without a hop to the actor once the state is known; before that, after it,
    /// waiting at most ``storeWaitLimit``.
    package nonisolated func accessToken() async throws(SessionStateUnknown) -> String? {
        let known = snapshot.withLock { $0.booted ? $0.accessToken : nil }
        if let known { return known.value }
        guard await waitForBoot(upTo: storeWaitLimit) else { throw SessionStateUnknown() }
        return await currentSession()?.accessToken.value
    }

    /// `token` while it is fresh (checked without the actor); a refreshed token when it is expired or
    /// within ``refreshMargin`` seconds of expiry; the newer token when `token` was already replaced;
    /// `nil` when the session is gone.
    package nonisolated func accessToken(toSendInsteadOf token: String) async -> String? {
        let fresh = snapshot.withLock { snapshot in
            snapshot.accessToken?.value == token && snapshot.expiresAt - Self.wallSeconds(clock) > Self.refreshMargin
        }
        if fresh { return token }
        return await tokenToSend(insteadOf: token)
    }

    /// A new proof from the persisted device key, waiting for the unit to be read when it has not been.
    package func dpopProof(method: String, url: URL) async -> String? {
        let key = await waitForDeviceKey()
        return key.proof(method: method, url: url, issuedAt: clock.date)
    }

    /// Refreshes once for every caller whose request `rejectedToken` was refused; `true` when the
    /// session now has another token to replay with.
    package func refreshAfterUnauthorized(rejectedToken: String) async -> Bool {
        guard let current = await currentSession() else { return false }
        if current.accessToken.value == rejectedToken { _ = await refreshSession() }
        guard let token = await currentSession()?.accessToken.value else { return false }
        return token != rejectedToken
    }

    /// Ends the session when `rejectedToken` is still its token (an older one may belong to a
    /// session already replaced).
    package func sessionEnded(rejectedToken: String) async {
        guard let current = await currentSession(), current.accessToken.value == rejectedToken else { return }
        await end(reason: .sessionExpired, generation: generation)
    }

    private func tokenToSend(insteadOf token: String) async -> String? {
        guard let current = await currentSession() else { return nil }
        guard current.accessToken.value == token else { return current.accessToken.value }
        guard current.isExpiring(now: Self.wallSeconds(clock), margin: Self.refreshMargin) else { return token }
        _ = await refreshSession()
        return await currentSession()?.accessToken.value
    }

    static func wallSeconds(_ clock: SDKClock) -> Int64 {
        Int64(clock.date.timeIntervalSince1970.rounded(.down))
    }
}

/// Whether anyone is signed in cannot be known yet: the session store could not be read for
/// ``SessionManager/storeWaitLimit`` (a device not unlocked since it started). A request fails with
/// ``BackendError/network(_:)``, nothing sent.
package struct SessionStateUnknown: Error, Sendable {
    package init() {}

    /// The failure a request that needed the session reports.
    package var failure: BackendError {
        .network(
            TransportFailure(
                message:
                    "the stored session cannot be read yet (the device has not been unlocked since it started); nothing was sent",
                requestSent: false, underlying: self))
    }
}
