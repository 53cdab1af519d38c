import EmulatorCore
import ErrorCore

/// The simulated OAuth providers. Each is "configured" on the emulator: its browser transaction's authorize
/// URL is the emulator's own provider page (`OAuthProviderPage`), never the real provider; Google, Apple and
/// Microsoft also sign in natively against the emulator's simulated providers (`NativeOAuthClients`).
enum OAuthProvider: String, Sendable, CaseIterable {
    case google, apple, microsoft, github

    /// The name people know it by, in the page's title and in `oauth_cancelled`'s message
    /// (`User canceled Google sign-in`).
    var displayName: String {
        switch self {
        case .google: "Google"
        case .apple: "Apple"
        case .microsoft: "Microsoft"
        case .github: "GitHub"
        }
    }
}

/// The OAuth errors of the contract (`/auth/oauth/*`) and the ones the emulator adds where it is silent.
enum OAuthErrors {
    static func providerNotConfigured(_ name: String) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "provider_not_configured",
            description: "The OAuth provider \(name.prefix(40)) is not configured for this environment")
    }

    /// The user refused on the provider page.
    static func cancelled(_ provider: OAuthProvider) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "oauth_cancelled", description: "User canceled \(provider.displayName) sign-in")
    }

    static func pkceMismatch() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "pkce_mismatch", description: "The code_verifier does not match the code_challenge")
    }

    /// An unknown, used or not yet issued authorization code.
    static func codeInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "oauth_code_invalid",
            description: "The authorization code is invalid or was already used")
    }

    /// An unknown or expired transaction id.
    static func transactionInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "oauth_transaction_invalid", description: "The OAuth transaction is unknown or expired")
    }

    /// A native transaction that is unknown, expired, already presented, or not native (a browser
    /// transaction given an ID token, a native one given a code).
    static func nativeTransactionInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "transaction_invalid",
            description: "The sign-in transaction is unknown, expired or was already used")
    }

    /// An ID token that fails a check of its signature, issuer, audience or lifetime; `reason` names the check.
    static func idTokenInvalid(_ reason: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "id_token_invalid", description: "The ID token is invalid: \(reason)")
    }

    /// A valid ID token whose nonce is not the transaction's: it was issued for another sign-in.
    static func nonceMismatch() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "nonce_mismatch", description: "The ID token's nonce is not this transaction's")
    }

    static func identityAlreadyLinked(_ provider: OAuthProvider) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 409, code: "identity_already_linked",
            description: "This \(provider.displayName) account is linked to another account")
    }

    /// A provider account whose email belongs to an existing account that has not linked it: email matching
    /// never links accounts, so the owner signs in and links the provider explicitly.
    static func emailTaken(_ provider: OAuthProvider) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 409, code: "email_taken",
            description:
                "An account with this email already exists; sign in to it and link \(provider.displayName) explicitly",
            details: [["field": "email", "message": "Already registered"]])
    }
}
