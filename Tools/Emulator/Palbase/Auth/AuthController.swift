import EmulatorCore
import ErrorCore
import Foundation

/// The auth endpoints, one method each, split by rail: `+Passwords`, `+Sessions`, `+Codes`.
struct AuthController {
    let context: AuthContext
    /// The decoy hash an unknown account is checked against (see `AuthService`).
    let decoy: () throws -> PasswordHash

    var policy: AuthPolicy { context.policy }
    var now: Int64 { context.now }

    /// Hashes a new password at the policy's cost.
    func hash(_ password: String) throws -> String {
        try PasswordHash(hashing: password, iterations: policy.passwordIterations).stored
    }

    /// Emails `user` a fresh verification token and code (superseding earlier ones).
    func sendVerification(to user: AuthUser) throws {
        guard let email = user.email else { return }
        try sendLink(
            .emailVerification, to: email, userID: user.id, subject: "Confirm your email address",
            lifetime: policy.emailVerificationLifetime, withCode: true)
    }

    /// Issues a single-use token (and a six-digit code when `withCode`) for `purpose` and emails it to `email`
    /// as a link under the site URL; the inbox message's metadata carries `kind`, `token`, `link` and `code`.
    func sendLink(
        _ purpose: AuthOneTimeTokens.Purpose, to email: String, userID: String?, subject: String, lifetime: Int,
        withCode: Bool = false
    ) throws {
        // Prefixed like every other token the service issues: a bare base64url token starts with '-' one time
        // in 64, which a command line then reads as an option (`--token -x…`).
        let token = AuthSecrets.token("olt_")
        let code = withCode ? AuthSecrets.code() : nil
        try context.secrets.issue(
            purpose, subject: email, userID: userID, token: token, code: code, now: now, lifetime: lifetime)
        let link = context.link(purpose.rawValue, token: token)
        var metadata = ["kind": purpose.rawValue, "token": token, "link": link]
        metadata["code"] = code
        try context.inbox.deliver(
            InboxMessage(
                channel: .email, to: email, subject: subject,
                body: "\(subject): \(link)" + (code.map { "\nOr enter this code: \($0)" } ?? ""), metadata: metadata))
    }
}
