import ErrorCore
import Foundation

extension SessionManager {
    /// Replaces the current session's tokens with `renewed` after a step-up: the same session, now
    /// recent. Stored before any request may carry the new token, then announced as
    /// ``AuthEvent/tokenRefreshed`` (and to the user listeners when the user changed), never as a
    /// sign-in. Ignored when the session changed since `generation`.
    func renew(_ renewed: SignedInSession, generation expected: Int) async {
        guard expected == generation, let current = session else { return }
        let deviceKey = await waitForDeviceKey()
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
