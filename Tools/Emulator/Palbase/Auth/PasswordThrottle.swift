import EmulatorCore
import ErrorCore
import Foundation

/// The guessing throttle of `/auth/login` and `/auth/password/update`: wrong passwords are counted per
/// subject (the address as typed for a login, known account or not, so the answer says nothing about
/// accounts; the user id for a password change), and past `AuthPolicy.passwordGuessesPerWindow` within
/// `AuthPolicy.passwordGuessWindow` every attempt is refused with 429 `rate_limited` and `Retry-After`,
/// the right password included, until the oldest counted failure leaves the window.
struct PasswordThrottle {
    let context: AuthContext

    /// Throws `rate_limited` when `subject` has used up its guesses.
    func check(_ subject: String) throws {
        let policy = context.policy
        let since = context.now - Int64(policy.passwordGuessWindow) * 1000
        let rows = try context.store.query(
            """
            SELECT COUNT(*) AS failures, MIN(at) AS oldest FROM auth_password_failures
            WHERE tenant = ? AND subject = ? AND at > ?
            """, [.text(context.request.tenant), .text(subject), .integer(since)])
        guard let row = rows.first, (row.int("failures") ?? 0) >= policy.passwordGuessesPerWindow,
            let oldest = row.int64("oldest")
        else { return }
        let wait = oldest + Int64(policy.passwordGuessWindow) * 1000 - context.now
        throw AuthErrors.rateLimited(retryAfter: max(1, Int((wait + 999) / 1000)))
    }

    /// Counts one wrong password for `subject` (and forgets failures that left the window).
    func recordFailure(_ subject: String) throws {
        let since = context.now - Int64(context.policy.passwordGuessWindow) * 1000
        try context.store.execute(
            "DELETE FROM auth_password_failures WHERE tenant = ? AND subject = ? AND at <= ?",
            [.text(context.request.tenant), .text(subject), .integer(since)])
        try context.store.execute(
            "INSERT INTO auth_password_failures (tenant, subject, at) VALUES (?, ?, ?)",
            [.text(context.request.tenant), .text(subject), .integer(context.now)])
    }
}
