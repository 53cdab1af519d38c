import EmulatorCore
import Foundation

extension AuthSessionStore {
    /// Makes `sessionID` recent again (a step-up) and rotates its tokens: the refresh tokens issued before
    /// are marked used, so presenting one later is reuse and revokes the session.
    func stepUp(sessionID: String, now: Int64) throws -> Tokens {
        try store.transaction {
            try store.execute(
                "UPDATE auth_sessions SET authenticated_at = ? WHERE tenant = ? AND id = ?",
                [.integer(now), .text(tenant), .text(sessionID)])
            try store.execute(
                "UPDATE auth_refresh_tokens SET used_at = ? WHERE tenant = ? AND session_id = ? AND used_at IS NULL",
                [.integer(now), .text(tenant), .text(sessionID)])
            return try issueTokens(sessionID: sessionID, now: now)
        }
    }
}
