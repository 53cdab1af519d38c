import Foundation

/// Where the emulator may send a browser back to an app: an `https` page, an `http` loopback listener
/// (RFC 8252 §7.3), or a custom scheme an app registers. Never a scheme that runs or reads something in
/// the browser itself (`javascript:`, `data:`, `vbscript:`, `file:`, `about:`, `blob:`…), which no app can own.
package enum AppRedirect {
    /// Schemes no app can register, refused wherever a redirect target is accepted.
    package static let browserSchemes: Set<String> = [
        "javascript", "data", "vbscript", "file", "about", "blob", "filesystem", "view-source", "chrome", "resource",
    ]

    /// Whether `raw` is an absolute URI without a fragment, at most 2 KiB, that an app can own: `https`
    /// with a host, `http` on a loopback host, or any other scheme outside ``browserSchemes``.
    package static func isAppOwned(_ raw: String) -> Bool {
        guard raw.utf8.count <= 2048, let components = URLComponents(string: raw), let scheme = components.scheme,
            components.fragment == nil
        else { return false }
        switch scheme.lowercased() {
        case "http": return ["127.0.0.1", "[::1]", "::1", "localhost"].contains(components.host ?? "")
        case "https": return !(components.host ?? "").isEmpty
        case let other: return !browserSchemes.contains(other)
        }
    }
}
