import ErrorCore
import Foundation

extension SessionManager {
    /// Refreshes the session, or joins the refresh (or step-up) already running: concurrent callers share
    /// one `POST /auth/token/refresh`.
    package func refreshSession() async -> RefreshOutcome {
        if let refresh { return await refresh.task.value }
        guard let current = session else { return .ended }
        refreshes += 1
        let id = refreshes
        let expected = generation
        let task = Task { await self.performRefresh(of: current, generation: expected, id: id) }
        refresh = (id, task)
        return await task.value
    }

    /// One refresh: rotate the refresh token, store the new pair, then hand out the new access token.
    ///
    /// Fatal (the session ends with ``SignOutReason/sessionExpired``): any 4xx except 408 and 429,
    /// and `refresh_token_reused` whatever its status. Transient (the session stays): no response,
    /// a 5xx, 408, 429, an answer that does not decode, a sealing key that is unavailable.
    private func performRefresh(of current: SignedInSession, generation expected: Int, id: Int) async -> RefreshOutcome
    {
        defer { if refresh?.id == id { refresh = nil } }
        let request = PBRequest(.post, ["auth/token/refresh"], body: ["refresh_token": current.refreshToken.value])
        let delivery: Delivery
        var rejection: ExchangeRejection?
        do {
            delivery = try await rotationExchange(request, rejection: &rejection)
        } catch {
            guard Self.isFatal(error) else {
                note("the session refresh failed (\(error.code)); keeping the session")
                return .transientFailure
            }
            guard expected == generation else { return .superseded }
            note("the server refused the session refresh (\(Self.serverCode(of: error))); signing out")
            await end(reason: .sessionExpired, generation: expected)
            return .ended
        }
        guard let response = try? delivery.decoded(as: SessionResponse.self) else {
            note("the session refresh answer did not decode; keeping the session")
            return .transientFailure
        }
        guard expected == generation else { return .superseded }
        // The answer's user is the server's latest: cached, and told to the user listeners if it changed.
        let renewed = response.session
        // Stored before any request may carry the new token: a crash now still leaves the pair
        // the server considers current.
        let deviceKey = await waitForDeviceKey()
        do {
            try await persistence.save(PersistedAuth(deviceKey: deviceKey, session: renewed))
        } catch {
            note("the refreshed session could not be stored (\(error)); using it for this launch only")
        }
        guard expected == generation else { return .superseded }
        session = renewed
        publish()
        listeners.emit(AuthEvent.tokenRefreshed)
        if renewed.user != current.user { listeners.emit(user: renewed.user) }
        return .refreshed
    }

    /// Whether a refresh failure ends the session.
    static func isFatal(_ error: BackendError) -> Bool {
        if serverCode(of: error) == "refresh_token_reused" { return true }
        guard let status = error.statusCode else { return false }
        return (400..<500).contains(status) && status != 408 && status != 429
    }

    /// The server's own code: inside a 401, or the error's code otherwise.
    static func serverCode(of error: BackendError) -> String {
        switch error {
        case .unauthorized(let auth), .appAttestRequired(let auth): auth.code
        default: error.code
        }
    }
}
