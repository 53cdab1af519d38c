import Palbe

// The code samples of seeds/palbe-auth.md for part 1 (email and password, phone OTP, magic link, the
// password lifecycle, email verification, the account, listeners, sign-out and deletion, AuthError), as
// written, in a file that imports only Palbe. `pb` is the screen's client, so each sample reads exactly
// as on the page; `show`, `showToast` and the field errors record what a user would see.
//
// Deviations, all for what cannot compile on Linux or is not a sample of this part:
// - the quick example's `SessionStore` drops `import SwiftUI` and `@Observable` (not on Linux): the class
//   and its two methods are as written;
// - the `scenePhase` sample's SwiftUI modifier becomes the method it calls when the app is active;
// - `catch let error as AuthError` is `catch`: with typed throws the caught error already is an
//   `AuthError`, and Swift 6.3 warns that the cast always succeeds (warnings are errors here);
// - OAuth and `LocalGate` are part 2 and have no samples here; passkeys and `stepUp()` are in
//   PasskeySamples.swift.

/// "Quick example": the one listener all the session plumbing needs.
@MainActor final class SessionStore {
    let pb: PalbeClient
    private(set) var user: AuthUser?
    private var unsubscribe: Unsubscribe?

    init(pb: PalbeClient) {
        self.pb = pb
    }

    /// Call once from the root view's `.task`.
    func start() async {
        unsubscribe = await pb.auth.onAuthStateChange { [weak self] state in
            let next: AuthUser? = if case .signedIn(let user) = state { user } else { nil }
            Task { @MainActor [weak self] in self?.user = next }
        }
    }

    func signIn(email: String, password: String) async throws(AuthError) {
        try await pb.auth.signIn(email: email, password: password)
    }
}

/// The rest of the page's samples, one method each.
@MainActor final class AuthScreen {
    let pb: PalbeClient
    var fieldError: String?
    private(set) var toasts: [String] = []
    private(set) var shown: [String] = []
    private(set) var printed: [String] = []
    private(set) var mfaStarted: [String] = []
    private(set) var actions: [String] = []
    private(set) var heard: [String] = []
    private var unsubscribers: [Unsubscribe] = []

    init(pb: PalbeClient) {
        self.pb = pb
    }

    func print(_ text: String) { printed.append(text) }
    func show(_ error: AuthError) { shown.append(error.code) }
    func showToast(_ message: String) { toasts.append(message) }
    func showFieldError(_ message: String) { fieldError = message }
    func startYourOwnMFAFlow(token: String, factors: [String]) { mfaStarted = factors }
    func askToSignInAgain() { actions.append("sign in again") }
    func offerChangePassword() { actions.append("change password") }
    func showRetry() { actions.append("retry") }

    /// "Email and password".
    func emailAndPassword() async throws {
        try await pb.auth.signUp(email: "dev@example.com", password: "correct-horse")

        // …or for an existing account:
        let success = try await pb.auth.signIn(email: "dev@example.com", password: "correct-horse")
        print(success.user.id)
    }

    /// "Phone OTP", the two steps.
    func phoneOTP(code: () throws -> String) async throws {
        // 1. Send the code. SMS is the only channel.
        try await pb.auth.signInWithOTP(phone: "+15551234567")

        // 2. Verify what the user typed — registers new users, signs in existing ones.
        try await pb.auth.verifyOTP(phone: "+15551234567", token: try code())
    }

    /// "Phone OTP", the classifier.
    func classify(phone: String, code: String) async {
        do {
            try await pb.auth.verifyOTP(phone: phone, token: code)
        } catch {
            switch error.otpFailure {
            case .wrongCode: fieldError = "That code isn't right."
            case .expired: fieldError = "That code expired — send a new one."
            case .tooManyAttempts: fieldError = "Too many tries. Wait a moment."
            case nil: show(error)  // not an OTP-specific failure
            }
        }
    }

    /// "Magic link": step 1.
    func sendMagicLink() async throws {
        // 1. Email the user a sign-in link. No session yet.
        try await pb.auth.signInWithMagicLink(email: "dev@example.com")
    }

    /// "Magic link": step 2, from the deep-link handler.
    func completeMagicLink(token: String) async throws {
        // 2. Complete sign-in with the token from the link, e.g. from your
        //    deep-link handler.
        let result = try await pb.auth.verifyMagicLink(token: token)
        switch result {
        case .signedIn(let success):
            print("welcome \(success.user.id)")  // session active, .signedIn fired
        case .mfaRequired(let token, let factors):
            // The account has a second factor — NO session was created.
            startYourOwnMFAFlow(token: token, factors: factors)
        }
    }

    /// "Password: set, reset and change": reset.
    func forgotPassword() async throws {
        // Forgot password — emails a reset link/token. Signs nobody in.
        try await pb.auth.resetPassword(email: "dev@example.com")
    }

    /// "Password: set, reset and change": the rest.
    func passwordLifecycle(token: String) async throws {
        // Complete the reset with the emailed token. Still no session —
        // the user signs in afresh with the new password.
        try await pb.auth.confirmPasswordReset(token: token, newPassword: "new-password")

        try await pb.auth.signIn(email: "dev@example.com", password: "new-password")
        // Change password while signed in. The current session stays valid.
        try await pb.auth.updatePassword(currentPassword: "new-password", newPassword: "newer-password")
    }

    /// "Password: set, reset and change": a passwordless account's first password.
    func giveAFirstPassword() async throws {
        // Give a PASSWORDLESS account its first password, in-app.
        try await pb.auth.setPassword("a-strong-new-password")
    }

    /// "setPassword vs updatePassword": branching on the wire code.
    func setPasswordHandlingErrors(_ newPassword: String) async {
        do {
            try await pb.auth.setPassword(newPassword)
        } catch {
            if case .http(_, let code, _, _) = error {
                switch code {
                case "reauthentication_required":
                    askToSignInAgain()  // then retry
                case "password_already_set":
                    offerChangePassword()  // updatePassword, not setPassword
                case "password_too_short", "password_too_long", "password_breached":
                    // All three are fixed by typing a different password.
                    // `password_breached` means it appears in a known breach
                    // corpus, not that it is malformed.
                    showFieldError(error.localizedDescription)
                default:
                    showToast(error.localizedDescription)
                }
            }
        }
    }

    /// "Which credentials does this account have?"
    func credentials() async throws {
        let cap = try await pb.auth.capability()
        if !cap.hasPassword {
            // Offer "Set a password" — setPassword(_:), not updatePassword.
            actions.append("offer set password")
        }
        if let providers = cap.providers, providers.contains("apple") {
            // "You signed in with Apple" — copy only.
            actions.append("signed in with Apple")
        }
    }

    /// "Email verification".
    func verifyEmail(token: String, code: String) async throws {
        // From a verification link's token:
        try await pb.auth.verifyEmail(token: token)

        // Or from a short code the user types, plus the email it was sent to:
        try await pb.auth.verifyEmail(code: code, email: "dev@example.com")
    }

    /// "Email verification": the resend.
    func resend() async throws {
        // Re-send the email if it expired or never arrived:
        try await pb.auth.resendVerification(email: "dev@example.com")
    }

    /// "Picking up an out-of-band verification": what the `scenePhase` change runs when `.active`.
    func appBecameActive() -> Task<AuthUser?, Never> {
        Task { try? await pb.auth.refreshUser() }
    }

    /// "The current user".
    func currentUser() async throws -> (AuthUser, AuthUser, AuthUser?, Bool) {
        // Server round-trip — the authoritative profile.
        let user = try await pb.auth.getUser()

        // Re-fetch + update the cache + fire onUserChange. Session untouched.
        let fresh = try await pb.auth.refreshUser()

        // Last-known cached user, no network. Restored from the Keychain on cold
        // launch, so it is available immediately for a returning user.
        let cached = await pb.auth.currentUser

        // True while a non-expired session exists.
        let signedIn = await pb.auth.isSignedIn
        return (user, fresh, cached, signedIn)
    }

    /// "Listening for changes".
    func listen() async {
        let unsubState = await pb.auth.onAuthStateChange { state in
            // Drives the UI. Replays current state immediately.
            Task { @MainActor in self.heard.append("state \(state)") }
        }

        let unsubEvents = await pb.auth.onAuthEvent { event in
            if case .signedOut(reason: .sessionExpired) = event {
                // "Your session expired, sign in again" instead of a bare login screen.
                Task { @MainActor in self.heard.append("expired") }
            }
        }

        let unsubUser = await pb.auth.onUserChange { user in
            // e.g. emailVerified flipped after refreshUser().
            Task { @MainActor in self.heard.append("user \(user?.emailVerified ?? false)") }
        }
        unsubscribers = [unsubState, unsubEvents, unsubUser]
    }

    /// "Signing out".
    func signOut() async throws {
        try await pb.auth.signOut()
    }

    /// "Deleting an account".
    func deleteAccount(password: String) async {
        do {
            try await pb.auth.deleteAccount(password: password)
        } catch {
            switch error.code {
            case "reauth_required":
                askToSignInAgain()  // then retry
            case "not_configured":
                showToast("Account deletion isn't available here.")
            case "erasure_unavailable":
                showRetry()  // transient
            default:
                showToast(error.localizedDescription)  // network or other
            }
        }
    }

    /// "AuthError".
    func signIn(email: String, password: String) async {
        do {
            try await pb.auth.signIn(email: email, password: password)
        } catch {
            switch error {
            case .invalidCredentials:
                showFieldError("Wrong email or password.")
            case .rateLimited(let retryAfter):
                showToast("Too many attempts. Try again in \(retryAfter ?? 60)s.")
            default:
                showToast(error.localizedDescription)
            }
        }
    }

    /// "Deleting an account": the first line, when it succeeds.
    func deleteAccountAsWritten() async throws {
        try await pb.auth.deleteAccount(password: "the-user-password")
        // Returns nothing. On success the SDK has already torn down the local
        // session and fired .signedOut(reason: .accountDeleted).
    }
}
