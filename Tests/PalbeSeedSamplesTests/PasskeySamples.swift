import Palbe

// The passkey samples of seeds/palbe-auth.md ("Passkeys", "Adding a passkey needs a recent sign-in"), as
// written, in a file that imports only Palbe. `pb` is the screen's client; `show` records what a user
// would see. No deviations: every sample compiles as printed.

/// The page's passkey samples, one method each.
@MainActor final class PasskeyScreen {
    let pb: PalbeClient
    private(set) var shown: [String] = []

    init(pb: PalbeClient) {
        self.pb = pb
    }

    func show(_ error: AuthError) { shown.append(error.code) }

    /// "Passkeys": the shortest sign-in there is.
    func signInWithAPasskey() async {
        do {
            try await pb.auth.signInWithPasskey()
        } catch {
            // A dismissed sheet is not a failure — show nothing for it.
            if !pb.auth.wasCanceled(error) { show(error) }
        }
    }

    /// "There must be an account with a passkey first. Either create one…"
    func createAnAccountWithAPasskey() async throws {
        // No password is ever set for this account.
        try await pb.auth.signUpWithPasskey(email: "dev@example.com", displayName: "Dev")
    }

    /// "…or add one to an account that is already signed in."
    func addAPasskey() async throws {
        try await pb.auth.registerPasskey(name: "iPhone")
    }

    /// "Adding a passkey needs a recent sign-in".
    func addAPasskeyAfterSteppingUp() async throws {
        do {
            try await pb.auth.registerPasskey(name: "iPhone")
        } catch {
            // Re-authenticate, then retry. stepUp() uses an existing passkey; if the
            // account has none yet, sign in again instead.
            try await pb.auth.stepUp()
            try await pb.auth.registerPasskey(name: "iPhone")
        }
    }
}
