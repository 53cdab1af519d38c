import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// One authorize request to a simulated provider, as a native client makes it: fresh PKCE and state from the
/// CSPRNG, and the nonce it was given.
struct ProviderAuthorization: Sendable {
    let verifier: String
    let state: String
    let nonce: String
    /// The query's parameters, every one bendable.
    var parameters: [String: String]
}

/// A simulated provider (`/__providers/<provider>`) as the SDK on a device talks to it: no `apikey`, form
/// bodies, redirects read rather than followed.
struct ProviderTestClient: Sendable {
    let provider: OAuthProvider
    let http: EmulatorTestClient

    init(_ provider: OAuthProvider, baseURL: URL) {
        self.provider = provider
        http = EmulatorTestClient(baseURL: baseURL, timeout: 30)
    }

    /// `<B>`: the issuer, and the base of every endpoint.
    var issuer: String { http.baseURL.absoluteString + "/__providers/" + provider.rawValue }
    var clientID: String { NativeOAuthClients.clientID(for: provider) ?? "" }
    /// The registered redirect URI; for Apple, which registers none, an app-owned one of the test's.
    var redirectURI: String { NativeOAuthClients.redirectURI(for: provider) ?? "com.example.app:/apple-callback" }

    /// GETs `path` below `<B>`.
    func get(_ path: String) async throws -> EmulatorTestResponse {
        try await http.send("GET", "/__providers/\(provider.rawValue)\(path)")
    }

    /// A valid authorize request carrying `nonce`.
    func authorization(nonce: String = Base64URL.encode(SecureRandom.bytes(16))) -> ProviderAuthorization {
        let verifier = Base64URL.encode(SecureRandom.bytes(32))
        let state = Base64URL.encode(SecureRandom.bytes(16))
        return ProviderAuthorization(
            verifier: verifier, state: state, nonce: nonce,
            parameters: [
                "response_type": "code", "client_id": clientID, "redirect_uri": redirectURI,
                "scope": "openid email profile", "state": state, "nonce": nonce,
                "code_challenge": Base64URL.encode(SHA256.hash(Data(verifier.utf8))), "code_challenge_method": "S256",
            ])
    }

    /// GET `<B>/authorize` with `parameters` (percent-encoded, sorted) and `extra` (the page's answers).
    func authorize(
        _ parameters: [String: String], _ extra: [String: String] = [:]
    ) async throws
        -> EmulatorTestResponse
    {
        let query = parameters.merging(extra) { $1 }.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.encoded($0.value))" }.joined(separator: "&")
        return try await get("/authorize?" + query)
    }

    /// Approves `authorization` on the page and returns the code it redirected with, checking the redirect.
    func approve(
        _ authorization: ProviderAuthorization, email: String? = nil, subject: String? = nil,
        givenName: String? = nil, familyName: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        var answers = ["decision": "approve"]
        answers["email"] = email
        answers["subject"] = subject
        answers["given_name"] = givenName
        answers["family_name"] = familyName
        let response = try await authorize(authorization.parameters, answers)
        #expect(response.status == 302, "\(response.text)", sourceLocation: sourceLocation)
        let callback = try Self.callback(response, sourceLocation: sourceLocation)
        #expect(callback.query("state") == authorization.state, sourceLocation: sourceLocation)
        return try #require(callback.query("code"), sourceLocation: sourceLocation)
    }

    /// Where a 302 from the page sends the app; it must be the request's redirect URI.
    static func callback(
        _ response: EmulatorTestResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> OAuthCallback
    {
        let location = try #require(response.header("Location"), sourceLocation: sourceLocation)
        return OAuthCallback(components: try #require(URLComponents(string: location), sourceLocation: sourceLocation))
    }

    /// POST `<B>/token` with `fields` as a form body (or `contentType`).
    func token(
        _ fields: [String: String], contentType: String = "application/x-www-form-urlencoded"
    ) async throws
        -> EmulatorTestResponse
    {
        let body = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.encoded($0.value))" }
            .joined(separator: "&")
        return try await tokenRaw(body, contentType: contentType)
    }

    /// POST `<B>/token` with `body` as is.
    func tokenRaw(
        _ body: String, contentType: String = "application/x-www-form-urlencoded"
    ) async throws
        -> EmulatorTestResponse
    {
        try await http.send(
            "POST", "/__providers/\(provider.rawValue)/token", headers: ["Content-Type": contentType],
            body: Data(body.utf8))
    }

    /// The token request the SDK makes for `code` of `authorization`.
    func redemption(_ authorization: ProviderAuthorization, code: String) -> [String: String] {
        [
            "grant_type": "authorization_code", "code": code,
            "redirect_uri": authorization.parameters["redirect_uri"] ?? "",
            "client_id": clientID, "code_verifier": authorization.verifier,
        ]
    }

    /// The whole provider side of a sign-in: authorize with `nonce`, approve as `email`, redeem; returns the
    /// token endpoint's answer (200 checked).
    func signIn(
        nonce: String, email: String? = nil, subject: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SampleJSONView {
        let authorization = authorization(nonce: nonce)
        let code = try await approve(authorization, email: email, subject: subject, sourceLocation: sourceLocation)
        let response = try await token(redemption(authorization, code: code))
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return SampleJSONView(json: response.body)
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? value
    }
}

/// An ID token's parts, decoded without verification.
struct DecodedIDToken: Sendable {
    let header: SampleJSONView
    let claims: SampleJSONView

    init(_ token: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3, sourceLocation: sourceLocation)
        header = SampleJSONView(json: try #require(Base64URL.decode(parts[0]), sourceLocation: sourceLocation))
        claims = SampleJSONView(json: try #require(Base64URL.decode(parts[1]), sourceLocation: sourceLocation))
    }
}

/// The nonce an app puts into Apple's request for a transaction nonce: its lowercase hex SHA-256.
func appleRequestNonce(_ transactionNonce: String) -> String {
    SHA256.hash(Data(transactionNonce.utf8)).map { String(format: "%02x", $0) }.joined()
}

extension AuthTestClient {
    /// `POST /auth/oauth/authorize` `{provider, mode:"native", link}`; returns the transaction id and nonce.
    func beginNative(
        _ provider: OAuthProvider, link: Bool = false, bearer: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (id: String, nonce: String) {
        let reply = try await beginNativeReply(provider.rawValue, link: link, bearer: bearer)
        #expect(reply.status == 200, "\(reply.status) \(reply.code ?? "")", sourceLocation: sourceLocation)
        return (
            try #require(reply.json["transaction_id"].string, sourceLocation: sourceLocation),
            try #require(reply.json["nonce"].string, sourceLocation: sourceLocation)
        )
    }

    /// The raw reply of a native `POST /auth/oauth/authorize`.
    func beginNativeReply(
        _ provider: String, mode: String = "native", link: Bool = false, bearer: String? = nil
    ) async throws -> AuthReply {
        try await post(
            "/auth/oauth/authorize",
            ["provider": .string(provider), "mode": .string(mode), "link": .bool(link)], bearer: bearer)
    }

    /// `POST /auth/oauth/credential` `{transaction_id, id_token, name?}`, with a DPoP proof from `dpop`.
    func completeNative(
        _ transactionID: String, idToken: String, name: AnyCodableValue? = nil, dpop: DPoPKey? = nil
    ) async throws -> AuthReply {
        var body: [String: AnyCodableValue] = ["transaction_id": .string(transactionID), "id_token": .string(idToken)]
        body["name"] = name
        return try await post("/auth/oauth/credential", .object(body), dpop: dpop)
    }

    /// The simulated `provider` at this emulator.
    func provider(_ provider: OAuthProvider) -> ProviderTestClient {
        ProviderTestClient(provider, baseURL: http.baseURL)
    }

    /// An ID token for `transaction` from `provider`'s own flow (authorize, approve as `email`, redeem), with
    /// the nonce the SDK would send (Apple's hashed).
    func providerIDToken(
        _ provider: OAuthProvider, for transaction: (id: String, nonce: String), email: String,
        subject: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let nonce = provider == .apple ? appleRequestNonce(transaction.nonce) : transaction.nonce
        let answer = try await self.provider(provider).signIn(
            nonce: nonce, email: email, subject: subject, sourceLocation: sourceLocation)
        return try #require(answer["id_token"].string, sourceLocation: sourceLocation)
    }

    /// `claims` signed by `provider`'s current key, through the admin API.
    func signedIDToken(
        _ provider: String, _ claims: [String: AnyCodableValue], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let reply = try await admin("POST", "providers/\(provider)/id-token", ["claims": .object(claims)])
        #expect(reply.status == 200, "\(reply.status) \(reply.code ?? "")", sourceLocation: sourceLocation)
        return try #require(reply.json["id_token"].string, sourceLocation: sourceLocation)
    }

    /// The claims a valid token of `provider` for `transaction` carries now (real clock, no offset), each
    /// overridable.
    func validClaims(
        _ provider: OAuthProvider, nonce transactionNonce: String, subject: String, email: String? = nil,
        _ overrides: [String: AnyCodableValue] = [:]
    ) -> [String: AnyCodableValue] {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: AnyCodableValue] = [
            "iss": .string(self.provider(provider).issuer), "aud": .string(self.provider(provider).clientID),
            "sub": .string(subject), "email_verified": true, "iat": .int(now - 5), "exp": .int(now + 600),
            "nonce": .string(provider == .apple ? appleRequestNonce(transactionNonce) : transactionNonce),
        ]
        claims["email"] = email.map(AnyCodableValue.string)
        claims.merge(overrides) { $1 }
        return claims
    }
}
