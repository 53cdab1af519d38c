import Foundation

/// Everything a ``PalbeClient`` needs to reach one Palbase environment.
///
/// Apps normally never build one: the global ``pb`` reads `Palbase-Info.plist`. Tests, servers and
/// multi-environment tools build their own and hold several clients:
///
/// ```swift
/// let staging = Palbe(configuration: PalbeConfiguration(
///     baseURL: URL(string: "https://staging.example.com")!, apiKey: key, environment: "staging"))
/// ```
public struct PalbeConfiguration: Sendable {
    /// The API root, e.g. `http://127.0.0.1:54321`; a trailing slash is fine. Calls throw
    /// ``BackendError/notConfigured`` unless it is an absolute `http`/`https` URL without query or
    /// fragment.
    public var baseURL: URL
    /// Sent as the `apikey` header on every request. Calls throw ``BackendError/notConfigured``
    /// when it is blank.
    public var apiKey: String
    /// The environment's free-form name (`local`, `staging`); informational.
    public var environment: String
    /// The pinned sealing public key (base64url of the 65-byte uncompressed P-256 point). When
    /// `nil`, the key is fetched once from `/.well-known/palbase-sealing-key` and cached.
    public var sealingKey: String?
    /// The browser transaction's OAuth redirect URI (`com.example.app:/oauth`), from `Palbase-Info.plist`'s
    /// `oauth_redirect_uri`. Not settable by the app: the plist's snapshot is the only source.
    public package(set) var oauthRedirectURI: String?
    /// The providers `Palbase-Info.plist` configures for native sign-in (its `oauth` snapshot).
    package var nativeOAuth: [OAuthProvider: NativeOAuthClient] = [:]
    /// The host app's short version, sent as `X-Palbase-Client-Version`; omitted when `nil` or
    /// blank. Defaults to the main bundle's `CFBundleShortVersionString`.
    public var appVersion: String?
    /// A limit on each HTTP exchange (one attempt); `nil` uses the transport's default (60 s).
    public var requestTimeout: Duration?

    /// A configuration from its parts.
    public init(
        baseURL: URL,
        apiKey: String,
        environment: String = "local",
        sealingKey: String? = nil,
        appVersion: String? = PalbeConfiguration.hostAppVersion,
        requestTimeout: Duration? = nil
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.environment = environment
        self.sealingKey = sealingKey
        self.appVersion = appVersion
        self.requestTimeout = requestTimeout
    }

    /// The main bundle's `CFBundleShortVersionString`, when it has a non-blank one.
    public static var hostAppVersion: String? {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String)?.nonBlank
    }

    /// Whether calls can be made with this configuration: an absolute `http`/`https` base URL with a
    /// host and no query or fragment, and a non-blank API key.
    var isUsable: Bool {
        apiKey.nonBlank != nil && Self.isUsableBaseURL(baseURL)
    }

    static func isUsableBaseURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return url.query == nil && url.fragment == nil
    }
}

extension String {
    /// The string, unless it is empty or only whitespace (the Unicode `White_Space` property: the same
    /// set as `.whitespacesAndNewlines`, checked without bridging to `NSString`, which is slow on Linux).
    var nonBlank: String? {
        unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : self
    }
}
