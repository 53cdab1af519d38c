import ErrorCore
import Foundation
import SDKCrypto

extension SessionManager {
    /// Runs `rotation`, the work around a request that rotates the session's tokens on the server (a
    /// step-up), with no refresh alongside it. A refresh sent meanwhile would carry the refresh token the
    /// rotation retires, which the server reads as a stolen token and answers by revoking the session.
    ///
    /// `rotation` sends through the `send` it is handed (``rotationExchange(_:rejection:)``: the rotation's
    /// plan, with no session rule, so its requests can never start a refresh: a 401 is their answer).
    /// A refresh already running finishes first, and a token about to expire is refreshed before the
    /// rotation starts. A refresh asked for during the rotation waits for it and then sees its tokens
    /// (``RefreshOutcome/refreshed`` when it renewed the session). The rotation runs to its end even when
    /// the caller is cancelled, as a refresh does: its answer carries the only tokens the server still
    /// accepts.
    func rotating<T: Sendable>(_ rotation: @escaping @Sendable (_ send: Rotation) async -> T) async -> T {
        while let running = refresh { _ = await running.task.value }
        if let current = session, current.isExpiring(now: Self.wallSeconds(clock), margin: Self.refreshMargin) {
            _ = await refreshSession()
            while let running = refresh { _ = await running.task.value }
        }
        refreshes += 1
        let id = refreshes
        let startToken = session?.accessToken
        let work = Task { await rotation(Rotation(manager: self)) }
        let waiting = Task {
            _ = await work.value
            return outcomeOfRotation(from: startToken)
        }
        refresh = (id, waiting)
        defer { if refresh?.id == id { refresh = nil } }
        return await work.value
    }

    /// How a rotation sends its request: through the manager's rotation plan.
    struct Rotation: Sendable {
        let manager: SessionManager

        /// Sends `request` through ``SessionManager/rotationExchange(_:rejection:)``. The rotation's plan has no
        /// session rule, so what ``SessionEndRecovery`` does for a call is done here: an answer saying the server
        /// ended the session (`session_revoked`, `subject_fenced`) signs out, and the failure is thrown as it came.
        func send(_ request: PBRequest, rejection: inout ExchangeRejection?) async throws(BackendError) -> Delivery {
            do {
                return try await manager.rotationExchange(request, rejection: &rejection)
            } catch {
                if let status = rejection?.status, let ending = SessionEndRecovery.ending(error, status: status) {
                    manager.note("the server ended the session (\(ending)); signing out")
                    await manager.end(reason: .sessionExpired)
                }
                throw error
            }
        }
    }

    /// What a refresh that waited for a rotation got: the rotation's tokens, or the session as it was.
    private func outcomeOfRotation(from startToken: SecretToken?) -> RefreshOutcome {
        guard let token = session?.accessToken else { return .ended }
        return token == startToken ? .transientFailure : .refreshed
    }

    /// Replaces the current session's tokens with `renewed` after a step-up: the same session, now
    /// recent. Stored before any request may carry the new token, then announced as
    /// ``AuthEvent/tokenRefreshed`` (and to the user listeners when the user changed), never as a
    /// sign-in. Ignored when the session changed since `generation`.
    func renew(_ renewed: SignedInSession, generation expected: Int) async {
        guard expected == generation, let current = session else { return }
        let deviceKey = await waitForDeviceKey()
        // Under the store's cross-process lock, like every write of the unit (see `performRefresh`).
        let lock = await persistence.lock()
        defer { lock?.release() }
        guard expected == generation else { return }
        do {
            try await persistence.save(PersistedAuth(deviceKey: deviceKey, session: renewed))
        } catch {
            note("the stepped-up session could not be stored (\(error)); using it for this launch only")
        }
        guard expected == generation else { return }
        session = renewed
        publish()
        listeners.emit(AuthEvent.tokenRefreshed)
        if renewed.user != current.user { listeners.emit(user: renewed.user) }
    }
}
