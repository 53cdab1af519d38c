import EmulatorCore

/// The fixed rules of the emulated auth service: lifetimes, attempt limits and the password hash cost.
///
/// The per-environment settings a developer changes at run time (password bounds, confirmed email, the
/// association file, the site URL) are `AuthSettings`, written through the admin API; these are the
/// service's own constants, chosen when the emulator starts. Durations are whole seconds.
package struct AuthPolicy: Sendable {
    /// PBKDF2-SHA256 rounds for a new password hash. Stored with each hash, so changing it never
    /// breaks existing passwords.
    package var passwordIterations = 100_000
    /// How long an access token is valid (`expires_in`).
    package var accessTokenLifetime = 3600
    /// How long after sign-in a session counts as recent (password set, passkey registration, account deletion).
    package var recentWindow = 300
    /// How far a DPoP proof's `iat` may be from the server's real time, either way.
    package var dpopWindow = 60
    /// How long an SMS code is valid.
    package var otpLifetime = 300
    /// Wrong guesses one SMS code or verification code survives; after that it is dead.
    package var codeAttempts = 5
    /// The shortest gap between two SMS codes to one phone (`rate_limited` inside it), and between two
    /// verification emails to one address (a resend inside it sends nothing).
    package var otpResendInterval = 60
    /// Wrong guesses one address or phone survives across all its codes of one kind within
    /// ``codeGuessWindow``: a fresh code brings no fresh guesses once they are spent.
    package var codeGuessesPerWindow = 20
    /// The window over which ``codeGuessesPerWindow`` is counted.
    package var codeGuessWindow = 3600
    /// How long a magic link is valid.
    package var magicLinkLifetime = 900
    /// How long a password reset token is valid.
    package var passwordResetLifetime = 3600
    /// How long an email verification token and code are valid.
    package var emailVerificationLifetime = 86_400
    /// How long a passkey challenge (`/auth/passkey/options`) can be answered; it is single-use either way.
    package var passkeyChallengeLifetime = 300

    /// Wrong passwords one account (or unknown address) survives within ``passwordGuessWindow``: past
    /// them, `/auth/login` and `current_password` answer 429 `rate_limited` until the window moves on.
    package var passwordGuessesPerWindow = 10
    /// The window over which ``passwordGuessesPerWindow`` is counted.
    package var passwordGuessWindow = 900

    /// ``codeGuessesPerWindow`` and ``codeGuessWindow`` together.
    var codeGuesses: (limit: Int, windowSeconds: Int) { (codeGuessesPerWindow, codeGuessWindow) }

    /// The defaults `sdk emulator start` runs with.
    package init() {}

    /// The defaults with a cheap password hash (1,000 rounds), so a test that signs up a dozen users does
    /// not spend seconds hashing.
    package static var testing: AuthPolicy {
        var policy = AuthPolicy()
        policy.passwordIterations = 1_000
        return policy
    }
}
