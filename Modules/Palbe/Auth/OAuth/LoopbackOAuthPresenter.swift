import Foundation

/// Presents a provider page in the browser and receives the callback on a loopback redirect
/// listener (RFC 8252 §7.3): the presenter for Linux, the command line and any desktop app without
/// `ASWebAuthenticationSession`.
///
/// ```swift
/// let presenter = LoopbackOAuthPresenter { url in
///     print("Open \(url) to sign in")   // or hand it to the system browser
/// }
/// try await pb.auth.signIn(with: .github, presenter: presenter)
/// ```
///
/// The redirect URI is `http://127.0.0.1:<port><path>`: the port is picked by the system for each
/// sign-in; the path is the registered `oauth_redirect_uri`'s when that is a loopback URI, else
/// `/callback`. Exactly one callback request is accepted, and through `pb.auth` only one that carries
/// the transaction's `state`; other requests get a 4xx and the listener keeps waiting, until `timeout`.
/// Connections are served concurrently, so idle local connections cannot hold the callback back.
public struct LoopbackOAuthPresenter: OAuthPresenter {
    /// Shows the provider page: opens the browser, prints the URL, or follows it in a test.
    public typealias Opener = @Sendable (URL) async throws -> Void

    /// How long to wait for the callback.
    public let timeout: Duration
    private let open: Opener
    /// How long one connection may take to send its request head.
    let headTimeout: Duration

    /// A presenter that hands each provider page to `open`, waiting up to `timeout` for the callback.
    public init(timeout: Duration = .seconds(300), open: @escaping Opener) {
        self.init(timeout: timeout, headTimeout: LoopbackListener.readTimeout, open: open)
    }

    /// A presenter whose listener gives each connection `headTimeout` to send its request head (tests
    /// lengthen it, to prove idle connections never hold the callback back).
    package init(timeout: Duration, headTimeout: Duration, open: @escaping Opener) {
        self.timeout = timeout
        self.headTimeout = headTimeout
        self.open = open
    }

    /// Listens, begins the transaction with the listener's redirect URI, opens the page and waits.
    public func present(
        registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
    ) async throws -> URL {
        try await present(registeredRedirectURI: registeredRedirectURI, authorize: authorize, isCallback: { _ in true })
    }

    /// ``present(registeredRedirectURI:authorize:)``, taking only a request whose URL `isCallback` accepts
    /// (`pb.auth` passes the transaction's redirect and `state` check) and waiting past any other.
    func present(
        registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL,
        isCallback: @escaping @Sendable (URL) -> Bool
    ) async throws -> URL {
        let listener = try LoopbackListener(
            path: Self.path(registered: registeredRedirectURI), headTimeout: headTimeout)
        defer { listener.shutdown() }
        guard let redirect = URL(string: "http://127.0.0.1:\(listener.port)\(listener.path)") else {
            throw OAuthPresenterError.unusableRedirectURI(reason: "the loopback path is not a URL path")
        }
        let page = try await authorize(redirect)
        // Serve before opening: an opener may deliver the callback itself before it returns (a test, `--auto`).
        async let callback = listener.callback(timeout: timeout, isCallback: isCallback)
        try await open(page)
        return try await callback
    }

    /// The registered URI's path when it is an http loopback URI with a plain path, else `/callback`.
    package static func path(registered: URL?) -> String {
        guard let registered, let components = URLComponents(url: registered, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == "http", ["127.0.0.1", "localhost"].contains(components.host ?? ""),
            components.percentEncodedPath.hasPrefix("/"),
            components.percentEncodedPath.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "?" && $0 != "#" })
        else { return "/callback" }
        return components.percentEncodedPath
    }
}

/// The presenters `pb.auth` uses when a call names none.
package enum OAuthPresenters {
    /// `ASWebAuthenticationSession` where AuthenticationServices exists; elsewhere a
    /// ``LoopbackOAuthPresenter`` that opens the system browser (`xdg-open`).
    package static var platformDefault: any OAuthPresenter {
        #if canImport(AuthenticationServices)
            WebAuthenticationSessionPresenter()
        #else
            LoopbackOAuthPresenter(open: systemBrowser)
        #endif
    }

    #if !canImport(AuthenticationServices)
        /// Opens `url` with `xdg-open`; an opener that cannot start throws.
        @Sendable static func systemBrowser(_ url: URL) async throws {
            #if os(Linux)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["xdg-open", url.absoluteString]
                do {
                    try process.run()
                } catch {
                    throw OAuthPresenterError.unavailable(reason: "xdg-open could not be started")
                }
            #else
                throw OAuthPresenterError.unavailable(reason: "no system browser; pass a LoopbackOAuthPresenter")
            #endif
        }
    #endif
}
