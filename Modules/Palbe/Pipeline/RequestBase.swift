import ErrorCore
import Foundation

/// What every request of one client shares, worked out once when the client is made rather than on
/// every call: whether the configuration is usable, the base URL as text, its path (the sealing AAD's
/// prefix) and the identity headers.
///
/// `pb.call` sits on an app's hot path; Foundation's URL and string APIs are slow on Linux, so per-call
/// work is kept to joining strings.
struct RequestBase: Sendable {
    /// ``PalbeConfiguration/isUsable`` of the configuration.
    let isUsable: Bool
    /// The base URL's absolute string without trailing slashes.
    let urlText: String
    /// The base URL's percent-encoded path without trailing slashes (`""` for a bare host).
    let path: String
    /// `User-Agent`, `X-Palbase-Client`, `X-Palbase-Client-Version` (when known) and `Accept`.
    let identity: [(name: String, value: String)]
    /// The API key.
    let apiKey: String

    init(_ configuration: PalbeConfiguration) {
        isUsable = configuration.isUsable
        apiKey = configuration.apiKey
        var text = configuration.baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        urlText = text
        var path = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        self.path = path
        var identity = [
            (name: "User-Agent", value: ClientHeaders.userAgent),
            (name: "X-Palbase-Client", value: "palbe-swift/\(Palbe.version)"),
        ]
        if let appVersion = configuration.appVersion?.trimmingCharacters(in: .whitespacesAndNewlines).nonBlank {
            identity.append((name: "X-Palbase-Client-Version", value: appVersion))
        }
        identity.append((name: "Accept", value: "application/json"))
        self.identity = identity
    }

    /// The URL of `routePath` (already percent-encoded, leading slash) with `query` (already encoded).
    ///
    /// Only meaningful when ``isUsable``: the base then has a scheme and host and no query or fragment,
    /// and appending encoded text keeps it so.
    func url(routePath: String, query: String) -> URL? {
        var text = urlText
        if routePath != "/" { text += routePath }
        if !query.isEmpty { text += "?" + query }
        return URL(string: text)
    }
}
