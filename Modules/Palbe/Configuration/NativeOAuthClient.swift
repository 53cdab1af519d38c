import Foundation

/// How one provider signs in, as `palbase link` wrote it into `Palbase-Info.plist` under `oauth.<provider>`:
/// natively on the device, or through the backend's browser transaction.
///
/// Read once, when the configuration is read; there is no runtime override, so a build never uses a client
/// ID or a redirect other than the snapshot's (a Google web client ID in place of the iOS one, say).
package struct NativeOAuthClient: Sendable, Equatable {
    /// The provider's OpenID issuer (`https://accounts.google.com`; the emulator's own for local builds).
    package let issuer: URL
    /// Google: the iOS or macOS OAuth client ID; Microsoft: the application ID; Apple: the bundle ID.
    package let clientID: String
    /// The native redirect URI registered for that client (Google and Microsoft); `nil` for Apple.
    package let redirectURI: URL?

    package init(issuer: URL, clientID: String, redirectURI: URL?) {
        self.issuer = issuer
        self.clientID = clientID
        self.redirectURI = redirectURI
    }

    /// The `oauth` dictionary of a plist: the providers configured `native`, by provider. A provider in
    /// `browser` mode, or not named, uses the browser transaction; unknown provider names are ignored (a newer
    /// backend's).
    ///
    /// - Throws: ``AppConfigError/invalidOAuthConfig(key:)`` naming the first key that is missing or unusable:
    ///   `oauth` not a dictionary, a provider entry that is not one, a `mode` other than `native` or
    ///   `browser` (GitHub is always `browser`), and for a native provider an `issuer` that is not an `https`
    ///   URL (`http` only on a loopback host, the emulator's), a blank `client_id`, or (Google, Microsoft) a
    ///   `redirect_uri` that is not an absolute URI with a scheme.
    static func snapshot(_ value: Any?) throws(AppConfigError) -> [OAuthProvider: NativeOAuthClient] {
        guard let value else { return [:] }
        guard let entries = value as? [String: Any] else { throw .invalidOAuthConfig(key: "oauth") }
        var clients: [OAuthProvider: NativeOAuthClient] = [:]
        for provider in OAuthProvider.allCases {
            guard let raw = entries[provider.rawValue] else { continue }
            let prefix = "oauth.\(provider.rawValue)"
            guard let entry = raw as? [String: Any] else { throw .invalidOAuthConfig(key: prefix) }
            func string(_ key: String) -> String? {
                (entry[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines).nonBlank
            }
            switch string("mode") {
            case "browser":
                continue
            case "native" where provider != .github:
                break
            default:
                throw .invalidOAuthConfig(key: prefix + ".mode")
            }
            guard let issuer = string("issuer").flatMap(URL.init(string:)), isUsableIssuer(issuer) else {
                throw .invalidOAuthConfig(key: prefix + ".issuer")
            }
            guard let clientID = string("client_id") else { throw .invalidOAuthConfig(key: prefix + ".client_id") }
            var redirect: URL?
            if provider != .apple {
                guard let uri = string("redirect_uri").flatMap(URL.init(string:)), let scheme = uri.scheme,
                    !scheme.isEmpty, uri.fragment == nil
                else { throw .invalidOAuthConfig(key: prefix + ".redirect_uri") }
                redirect = uri
            }
            clients[provider] = NativeOAuthClient(issuer: issuer, clientID: clientID, redirectURI: redirect)
        }
        return clients
    }

    /// An `https` issuer with a host, or an `http` one on a loopback host (the emulator's).
    static func isUsableIssuer(_ url: URL) -> Bool {
        guard let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"
        default: return false
        }
    }
}
