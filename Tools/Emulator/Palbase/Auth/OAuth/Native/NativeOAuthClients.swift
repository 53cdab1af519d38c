import EmulatorCore
import Foundation

/// The OAuth clients "registered" with the emulator's simulated providers, in one place: the providers'
/// routes check requests against them, the auth service verifies ID tokens against them, and
/// `sdk emulator plist` writes them into the app's `oauth` snapshot (`palbase.md`, "Native sign-in").
///
/// Providers are named as on the wire (`google`, `apple`, `microsoft`). GitHub signs in only through the
/// browser transaction, so it has no client here and every function answers nil for it.
package enum NativeOAuthClients {
    /// The providers that sign in natively, in the plist's order.
    package static let providers = ["google", "apple", "microsoft"]

    /// Where the simulated providers answer, below the emulator's root: `/__providers/<provider>`.
    package static let pathPrefix = "/__providers"

    /// The client ID: Google's iOS OAuth client, Microsoft's application ID, Apple's bundle ID (which is
    /// the `aud` of Apple's ID tokens).
    package static func clientID(for provider: String) -> String? {
        switch provider {
        case "google": "emulator-ios.apps.googleusercontent.com"
        case "microsoft": "6f1c5a3e-0000-4000-8000-00000000e001"
        case "apple": "com.example.app"
        default: nil
        }
    }

    /// The native redirect URI registered for the client: Google's and Microsoft's; nil for Apple, whose
    /// native flow has none (its authorize page accepts any app-owned URI).
    package static func redirectURI(for provider: String) -> String? {
        switch provider {
        case "google": "com.googleusercontent.apps.emulator-ios:/oauth2redirect"
        case "microsoft": "msauth.com.example.app://auth"
        default: nil
        }
    }

    /// The provider's OpenID issuer on the emulator at `baseURL` (`http://127.0.0.1:54321`, trailing slashes
    /// ignored): `<baseURL>/__providers/<provider>`, also the base of its discovery document, JWKS, authorize
    /// and token endpoints.
    package static func issuer(for provider: String, baseURL: String) -> String? {
        guard clientID(for: provider) != nil else { return nil }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)\(pathPrefix)/\(provider)"
    }
}

extension NativeOAuthClients {
    /// ``providers`` as the auth service's providers.
    static let simulated: [OAuthProvider] = providers.compactMap(OAuthProvider.init(rawValue:))

    static func clientID(for provider: OAuthProvider) -> String? { clientID(for: provider.rawValue) }

    static func redirectURI(for provider: OAuthProvider) -> String? { redirectURI(for: provider.rawValue) }

    /// The issuer as a request addressed to `host` (its `Host` header) sees it: `http://<host>/__providers/…`.
    static func issuer(for provider: OAuthProvider, host: String?) -> String? {
        issuer(for: provider.rawValue, baseURL: "http://\(host ?? "127.0.0.1")")
    }
}
