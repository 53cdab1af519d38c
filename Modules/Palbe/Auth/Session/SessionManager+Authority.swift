import ErrorCore
import Foundation

/// What the transport path asks of the session (``PalbeSessionAuthority``).
extension SessionManager: PalbeSessionAuthority {
    /// The access token, without a hop to the actor once the state is known; before that, after it.
    package nonisolated func accessToken() async -> String? {
        let known = snapshot.withLock { $0.booted ? $0.accessToken : nil }
        if let known { return known.value }
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
