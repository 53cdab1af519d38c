import Palbe

// The code samples of seeds/palbe-auth.md's "OAuth" and "Biometrics: two different things" sections, as
// written, in a file that imports only Palbe. `pb` is the screen's client; `print` records.
//
// Deviations, all to compile with warnings as errors:
// - the OAuth `switch` binds `token`, `factors`, `identity` and `userID` and then breaks, which Swift warns
//   about (never used): each case records what it bound instead of the page's comment;
// - the `LocalGate` and `LocalGateError` declarations are the SDK's own, not repeated here.

/// The OAuth and LocalGate samples, one method each.
@MainActor final class OAuthScreen {
    let pb: PalbeClient
    private(set) var printed: [String] = []
    private(set) var outcomes: [String] = []

    init(pb: PalbeClient) {
        self.pb = pb
    }

    func print(_ text: String) { printed.append(text) }

    /// "OAuth".
    func signInWithGoogle() async throws {
        let result = try await pb.auth.signIn(with: .google)
        switch result {
        case .signedIn(let success): print(success.user.id)
        case .mfaRequired(let token, let factors): /* present your MFA UI */ outcomes.append("mfa \(token) \(factors)")
        case .linked(let identity, let userID): /* explicit account linking completed */
            outcomes.append("linked \(identity) \(userID)")
        }
    }

    /// "OAuth": the per-provider methods and explicit linking.
    func providerMethods() async throws {
        try await pb.auth.signInWithGoogle()
        try await pb.auth.signInWithApple()
        try await pb.auth.signInWithMicrosoft()
        try await pb.auth.signInWithGitHub()
        try await pb.auth.linkIdentity(.google)
    }

    /// "Biometrics": arming the gate, from a settings screen.
    func armTheGate() async throws {
        if await pb.auth.localGate.isBiometryAvailable {
            try await pb.auth.localGate.enable()
        }
    }

    /// "Biometrics": on a cold launch, before showing signed-in UI.
    func coldLaunch() async throws {
        do {
            try await pb.auth.localGate.unlock()
        } catch LocalGateError.biometryChanged {
            // A face or finger was enrolled since the gate was armed, which
            // invalidates the protected item BY DESIGN. Sign out; do not proceed.
            try await pb.auth.signOut()
        } catch LocalGateError.notEnabled {
            // Nothing to unlock — carry on.
            outcomes.append("carry on")
        }
    }
}
