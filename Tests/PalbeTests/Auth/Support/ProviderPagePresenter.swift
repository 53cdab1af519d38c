import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A presenter that does what a browser and its user do: it opens the emulator's provider page over
/// HTTP, answers it (`approve` or `deny`, as `email`), and returns the redirect it got, never following it.
///
/// `bend` changes the callback before it is returned (a forged state, another path or scheme);
/// `onPresent` runs with the page just before it is opened, when the transaction must already be stored.
struct ProviderPagePresenter: OAuthPresenter {
    var decision = "approve"
    var email: String?
    var subject: String?
    /// Throw this instead of answering the page (a dismissed sheet).
    var failure: (any Error & Sendable)?
    var bend: @Sendable (URL) -> URL = { $0 }
    var onPresent: @Sendable (URL) async -> Void = { _ in }

    func present(
        registeredRedirectURI: URL?, authorize: @escaping @Sendable (URL) async throws -> URL
    ) async throws -> URL {
        let redirect = try #require(registeredRedirectURI, "the test client registers a redirect URI")
        let page = try await authorize(redirect)
        await onPresent(page)
        if let failure { throw failure }
        return bend(try await Self.answer(page, decision: decision, email: email, subject: subject))
    }

    /// GETs `page` with the decision and returns the `Location` it redirected to.
    static func answer(
        _ page: URL, decision: String = "approve", email: String? = nil, subject: String? = nil
    ) async throws -> URL {
        var components = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false))
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: "decision", value: decision))
        if let email { items.append(URLQueryItem(name: "email", value: email)) }
        if let subject { items.append(URLQueryItem(name: "subject", value: subject)) }
        components.queryItems = items
        let response = try await get(try #require(components.url))
        #expect(response.status == 302, "the provider page answered \(response.status)")
        let location = try #require(response.headers["Location"])
        return try #require(URL(string: location))
    }

    /// A plain GET over the package's transport, redirects not followed.
    static func get(_ url: URL) async throws -> HTTPResponse {
        try await DefaultTransport.make().send(
            HTTPRequest(method: "GET", url: url, headers: HTTPHeaders(), body: nil, timeout: .seconds(30)))
    }
}

/// A callback with its query item `name` set to `value` (added when missing).
func replacing(_ name: String, with value: String, in url: URL) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
    var items = (components.queryItems ?? []).filter { $0.name != name }
    items.append(URLQueryItem(name: name, value: value))
    components.queryItems = items
    return components.url!
}

extension AuthTestBed {
    /// The redirect URI the OAuth test clients register.
    static let redirectURI = "com.example.app:/oauth"

    /// A client with a registered redirect URI, `presenter` as its default presenter and `biometrics` as its
    /// biometry, keeping its session (and OAuth transactions) in `store` (by default ``store``).
    func oauthClient(
        presenter: (any OAuthPresenter)? = nil, biometrics: (any BiometricKeychain)? = nil,
        store: (any SecureStore)? = nil, recorder: RuntimeRecorder? = nil
    ) -> PalbeClient {
        var configuration = configuration()
        configuration.oauthRedirectURI = Self.redirectURI
        var runtime = (recorder ?? self.recorder).runtime()
        runtime.sessionStore = store ?? self.store
        runtime.oauthPresenter = presenter
        runtime.biometrics = biometrics
        return PalbeClient(configuration: configuration, transport: DefaultTransport.make(), runtime: runtime)
    }

    /// The OAuth transactions `client` has stored.
    func pendingOAuth(_ client: PalbeClient) async throws -> [String] {
        try await client.auth.oauthStore.all().map(\.transactionID)
    }
}

/// Expects `body` to throw an ``AuthError`` with `code`, and returns it.
@discardableResult
func expectAuthFailure(
    _ code: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> AuthError? {
    let error = await #expect(throws: AuthError.self, sourceLocation: sourceLocation) { try await body() }
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    return error
}
