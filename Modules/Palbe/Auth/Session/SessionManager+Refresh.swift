import ErrorCore
import Foundation
import SDKCrypto

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
    /// Across processes sharing the store (an app and its extensions, CLI processes on one directory) the
    /// refresh holds the store's lock from the read to the write: it first reads the stored unit, and when
    /// another process already rotated the pair it adopts the stored one and sends nothing; when another
    /// process signed out, this one signs out too. So a storm of expired tokens in many processes makes
    /// one `POST /auth/token/refresh`, and no process presents a retired refresh token.
    ///
    /// Fatal (the session ends with ``SignOutReason/sessionExpired``): any 4xx except 408 and 429,
    /// and `refresh_token_reused` whatever its status. Transient (the session stays): no response,
    /// a 5xx, 408, 429, an answer that does not decode, a sealing key that is unavailable.
    private func performRefresh(of current: SignedInSession, generation expected: Int, id: Int) async -> RefreshOutcome
    {
        defer { if refresh?.id == id { refresh = nil } }
        let lock = await persistence.lock()
        defer { lock?.release() }
        if lock != nil, let settled = await reconcileWithStore(current, generation: expected) { return settled }
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
            await end(reason: .sessionExpired, generation: expected, holdingStoreLock: lock != nil)
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

    /// What another process sharing the store did since this one read it, under the store's lock: `nil`
    /// when the stored session is still `current` (this process refreshes it); otherwise what the refresh
    /// came to without a request: the stored pair adopted (another process rotated it, or signed in anew),
    /// or the session ended (another process signed out).
    private func reconcileWithStore(_ current: SignedInSession, generation expected: Int) async -> RefreshOutcome? {
        let read: PersistedAuth?
        do {
            read = try await persistence.read()
        } catch {
            return nil  // unreadable: go on as a process alone would
        }
        guard expected == generation else { return .superseded }
        guard let stored = read?.session else {
            note("another process signed out; so does this one")
            forget(reason: .userInitiated)
            return .ended
        }
        guard stored.refreshToken != current.refreshToken else { return nil }
        if let key = read?.key { adoptDeviceKey(key) }
        session = stored
        publish()
        if stored.user.id == current.user.id {
            note("another process refreshed the session; using its tokens")
            listeners.emit(AuthEvent.tokenRefreshed)
            if stored.user != current.user { listeners.emit(user: stored.user) }
        } else {
            note("another process signed in another user; using that session")
            bumpGeneration()
            listeners.emit(AuthState.signedIn(stored.user))
            listeners.emit(user: stored.user)
            listeners.emit(AuthEvent.signedIn(stored.user))  // as a sign-in here would say
        }
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
