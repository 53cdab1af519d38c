import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

/// One OAuth transaction as a test client holds it: the id, the state it sent and the PKCE verifier.
struct OAuthFlow: Sendable {
    let id: String
    let state: String
    let verifier: String
    /// The provider page the emulator answered with.
    let authorizeURL: String
}

/// Where the provider page redirected to.
struct OAuthCallback: Sendable {
    let components: URLComponents

    var path: String { components.path }
    func query(_ name: String) -> String? { components.queryItems?.first { $0.name == name }?.value }
}

extension AuthTestClient {
    static let redirectURI = "http://127.0.0.1:7/callback"

    /// `POST /auth/oauth/authorize` with a fresh verifier (from the CSPRNG) and state, for `provider`.
    func beginOAuth(
        _ provider: String, link: Bool = false, bearer: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> OAuthFlow {
        let verifier = Base64URL.encode(SecureRandom.bytes(32))
        let state = Base64URL.encode(SecureRandom.bytes(16))
        let reply = try await beginOAuthReply(
            provider: provider, challenge: Base64URL.encode(SHA256.hash(Data(verifier.utf8))), state: state,
            link: link, bearer: bearer)
        #expect(reply.status == 200, "\(reply.status) \(reply.code ?? "")", sourceLocation: sourceLocation)
        return OAuthFlow(
            id: try #require(reply.json["transaction_id"].string, sourceLocation: sourceLocation), state: state,
            verifier: verifier,
            authorizeURL: try #require(reply.json["authorize_url"].string, sourceLocation: sourceLocation))
    }

    /// The raw `POST /auth/oauth/authorize` reply, every member bendable.
    func beginOAuthReply(
        provider: String = "google", challenge: String = Base64URL.encode(SHA256.hash(Data("v".utf8))),
        method: String = "S256", state: String = "state-1", redirect: String = AuthTestClient.redirectURI,
        link: Bool = false, bearer: String? = nil
    ) async throws -> AuthReply {
        try await post(
            "/auth/oauth/authorize",
            [
                "provider": .string(provider), "redirect_uri": .string(redirect), "code_challenge": .string(challenge),
                "code_challenge_method": .string(method), "state": .string(state), "link": .bool(link),
            ], bearer: bearer)
    }

    /// GETs a provider page (an absolute URL on this emulator, or a path), with no `apikey`, as a browser would.
    func page(_ url: String) async throws -> EmulatorTestResponse {
        let target = url.hasPrefix("http") ? String(url.dropFirst(http.baseURL.absoluteString.count)) : url
        return try await EmulatorTestClient(baseURL: http.baseURL, timeout: 30).send("GET", target)
    }

    /// Answers the provider page for `flow` with `decision`, and returns where it redirected.
    func decide(
        _ flow: OAuthFlow, _ decision: String, email: String? = nil, subject: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> OAuthCallback {
        var url = flow.authorizeURL + "&decision=\(decision)"
        if let email { url += "&email=" + (email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
        if let subject { url += "&subject=\(subject)" }
        let response = try await page(url)
        #expect(
            response.status == 302, "\(String(decoding: response.body, as: UTF8.self))", sourceLocation: sourceLocation)
        let location = try #require(response.header("Location"), sourceLocation: sourceLocation)
        #expect(location.hasPrefix(Self.redirectURI + "?"), sourceLocation: sourceLocation)
        return OAuthCallback(components: try #require(URLComponents(string: location), sourceLocation: sourceLocation))
    }

    /// `POST /auth/oauth/credential` for `flow` with `code` and its verifier.
    func exchange(_ flow: OAuthFlow, code: String?) async throws -> AuthReply {
        var body: [String: AnyCodableValue] = [
            "transaction_id": .string(flow.id), "code_verifier": .string(flow.verifier),
        ]
        body["code"] = code.map(AnyCodableValue.string)
        return try await post("/auth/oauth/credential", .object(body))
    }
}
