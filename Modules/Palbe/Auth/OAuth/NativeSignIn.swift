import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

// Native sign-in (Apple, Google, Microsoft), the contract's "Native sign-in": the backend issues a transaction
// and its nonce, the provider's own flow on the device yields an ID token bound to that nonce, and
// `/auth/oauth/credential` turns the token into a session. Google and Microsoft run the authorization code
// flow with PKCE against the provider's OpenID endpoints in the web authentication sheet; Apple runs in its
// own sheet (``AppleIDAuthorizer``), or where there is none (Linux, against the emulator) as Google does.

// MARK: - The flow

extension AuthNamespace {
    /// The native client of `provider`, when the plist configures it `native`.
    func nativeClient(_ provider: OAuthProvider) -> NativeOAuthClient? {
        client.configuration.nativeOAuth[provider]
    }

    /// The sheet Sign in with Apple runs in: the runtime's, else the platform's (`nil` where there is none:
    /// Apple's native flow then runs in the web sheet, as on Linux against the emulator).
    var appleIDAuthorizer: (any AppleIDAuthorizer)? {
        client.runtime.appleIDAuthorizer ?? AppleIDAuthorizers.platformDefault
    }

    /// A native transaction for a web sheet: discovery, `POST /auth/oauth/authorize` `{provider, mode:"native",
    /// link}`, then the provider's authorization URL (PKCE S256, `state`, the nonce, hashed for Apple), stored
    /// with its proof before it is returned, so no sheet is shown before the proof is safe.
    func beginNative(
        _ provider: OAuthProvider, client native: NativeOAuthClient, linking: Bool
    ) async throws(AuthError) -> PendingOAuth {
        let endpoints = try await discover(native)
        let issued = try await authorizeNative(provider, linking: linking)
        let proof = PendingOAuth.fresh()
        guard let redirect = Self.nativeRedirect(native),
            var components = URLComponents(url: endpoints.authorize, resolvingAgainstBaseURL: false)
        else { throw .oauthLocal("oauth_not_configured", message: "The native redirect URI is not usable") }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: native.clientID),
                URLQueryItem(name: "redirect_uri", value: redirect.absoluteString),
                URLQueryItem(name: "scope", value: "openid email profile"),
                URLQueryItem(name: "state", value: proof.state),
                URLQueryItem(name: "nonce", value: Self.requestNonce(issued.nonce, for: provider)),
                URLQueryItem(name: "code_challenge", value: proof.challenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
        // Providers read the query form-encoded, where a literal `+` is a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let page = components.url else {
            throw .oauthLocal("oauth_not_configured", message: "The provider's authorization endpoint is not usable")
        }
        var pending = PendingOAuth(
            transactionID: issued.transactionID, provider: provider, authorizeURL: page, redirectURI: redirect,
            isLink: linking, verifier: proof.verifier, state: proof.state,
            createdAt: Int64(Date().timeIntervalSince1970), code: nil)
        pending.nonce = issued.nonce
        pending.tokenEndpoint = endpoints.token
        try await oauthStore.store(pending)
        return pending
    }

    /// Sign in with Apple in Apple's own sheet: the transaction and its nonce are stored before the sheet is
    /// shown, the sheet is asked for the nonce's SHA-256 (lowercase hex), and a dismissal sends nothing.
    func runAppleSheet(
        _ authorizer: any AppleIDAuthorizer, client native: NativeOAuthClient, linking: Bool
    ) async throws(AuthError) -> OAuthResult {
        let issued = try await authorizeNative(.apple, linking: linking)
        // No page, redirect, verifier or state in Apple's sheet: the issuer stands in for the URLs, and the
        // transaction is completed only here (``OAuthCallback`` refuses every callback for a stateless one).
        var pending = PendingOAuth(
            transactionID: issued.transactionID, provider: .apple, authorizeURL: native.issuer,
            redirectURI: native.issuer, isLink: linking, verifier: "", state: "",
            createdAt: Int64(Date().timeIntervalSince1970), code: nil)
        pending.nonce = issued.nonce
        try await oauthStore.store(pending)
        let authorization: AppleIDAuthorization
        do {
            authorization = try await authorizer.authorize(nonce: Self.requestNonce(issued.nonce, for: .apple))
        } catch {
            await oauthStore.discard(pending.transactionID)
            throw Self.presentationError(error, provider: .apple)
        }
        pending.idToken = authorization.idToken
        pending.name = authorization.name
        try await oauthStore.store(pending)
        return try await presentIDToken(pending)
    }

    /// The code of an accepted callback redeemed at the provider's token endpoint (PKCE verifier, no client
    /// secret), then the ID token presented to the backend. The ID token is stored first, so a transient
    /// failure of the presentation can be retried (``completeOAuth(_:)``) without the spent code.
    func completeNative(_ pending: PendingOAuth, code: String) async throws(AuthError) -> OAuthResult {
        var redeemed = pending
        do {
            let tokens = try await redeem(code, for: pending)
            redeemed.idToken = tokens.idToken
            redeemed.name = tokens.name
        } catch {
            await oauthStore.discard(pending.transactionID)
            throw error
        }
        try await oauthStore.store(redeemed)
        return try await presentIDToken(redeemed)
    }

    /// `POST /auth/oauth/credential` `{transaction_id, id_token, name?}`; ends the transaction unless the
    /// failure is transient.
    func presentIDToken(_ pending: PendingOAuth) async throws(AuthError) -> OAuthResult {
        guard let idToken = pending.idToken else { throw .oauthLocal("oauth_transaction_invalid") }
        var body: [String: AnyCodableValue] = [
            "transaction_id": .string(pending.transactionID), "id_token": .string(idToken),
        ]
        if let name = pending.name, name.givenName != nil || name.familyName != nil {
            var parts: [String: AnyCodableValue] = [:]
            if let given = name.givenName { parts["given_name"] = .string(given) }
            if let family = name.familyName { parts["family_name"] = .string(family) }
            body["name"] = .object(parts)
        }
        return try await credential(body, pending: pending)
    }

    /// `POST /auth/oauth/authorize` `{provider, mode:"native", link}` → the transaction and its nonce.
    private func authorizeNative(
        _ provider: OAuthProvider, linking: Bool
    ) async throws(AuthError) -> (transactionID: String, nonce: String) {
        let body: [String: AnyCodableValue] = [
            "provider": .string(provider.rawValue), "mode": "native", "link": .bool(linking),
        ]
        let delivery = try await send(PBRequest(.post, ["auth/oauth/authorize"], body: body))
        let answer = try decode(delivery, as: NativeAuthorizeAnswer.self)
        guard !answer.transactionId.isEmpty, !answer.nonce.isEmpty else {
            throw .http(
                status: delivery.status, code: "decoding_error", message: "The native transaction has no nonce",
                requestId: delivery.requestID)
        }
        return (answer.transactionId, answer.nonce)
    }

    /// The nonce the provider is asked to put in the ID token: Apple's is the lowercase hex SHA-256 of the
    /// transaction's nonce, Google's and Microsoft's the nonce itself.
    static func requestNonce(_ nonce: String, for provider: OAuthProvider) -> String {
        provider == .apple ? ASCIIHex.lowercase(SHA256.hash(Data(nonce.utf8))) : nonce
    }

    // MARK: - The provider's endpoints

    /// OpenID Connect discovery at `<issuer>/.well-known/openid-configuration`; the document must name the
    /// configured issuer, and its endpoints must be `https` (`http` on loopback, the emulator's).
    private func discover(_ native: NativeOAuthClient) async throws(AuthError) -> (authorize: URL, token: URL) {
        let url = native.issuer.appendingPathComponent(".well-known/openid-configuration")
        let response = try await providerExchange(
            HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]))
        guard response.status == 200,
            let document = try? SDKCoders.snakeCaseDecoder().decode(DiscoveryDocument.self, from: response.body),
            Self.sameIssuer(document.issuer, native.issuer),
            let authorize = URL(string: document.authorizationEndpoint), NativeOAuthClient.isUsableIssuer(authorize),
            let token = URL(string: document.tokenEndpoint), NativeOAuthClient.isUsableIssuer(token)
        else {
            throw .oauthLocal(
                "oauth_provider_error",
                message: "The provider's OpenID configuration is unusable (HTTP \(response.status))")
        }
        return (authorize, token)
    }

    /// The code redeemed at the token endpoint: `grant_type=authorization_code`, the code, the redirect, the
    /// client id and the PKCE verifier, form-encoded.
    private func redeem(_ code: String, for pending: PendingOAuth) async throws(AuthError) -> AppleIDAuthorization {
        guard let endpoint = pending.tokenEndpoint, let native = nativeClient(pending.provider) else {
            throw .oauthLocal("oauth_transaction_invalid")
        }
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", pending.redirectURI.absoluteString),
            ("client_id", native.clientID), ("code_verifier", pending.verifier),
        ].map { "\($0.0)=\(PercentEncoding.encodeURIComponent($0.1))" }.joined(separator: "&")
        let response = try await providerExchange(
            HTTPRequest(
                method: "POST", url: endpoint,
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                body: Data(form.utf8)))
        guard response.status == 200,
            let tokens = try? SDKCoders.snakeCaseDecoder().decode(TokenAnswer.self, from: response.body),
            !tokens.idToken.isEmpty
        else {
            let refusal =
                (try? SDKCoders.snakeCaseDecoder().decode(TokenRefusal.self, from: response.body))?.error
                ?? "unreadable"
            throw .oauthLocal(
                "oauth_provider_error",
                message: "The provider refused the code (HTTP \(response.status), \(refusal.prefix(64)))")
        }
        return AppleIDAuthorization(
            idToken: tokens.idToken,
            name: tokens.user?.name.map { PersonName(givenName: $0.firstName, familyName: $0.lastName) })
    }

    /// One exchange with the provider, on the client's transport, bounded by the client's request timeout.
    private func providerExchange(_ request: HTTPRequest) async throws(AuthError) -> HTTPResponse {
        var request = request
        request.timeout = client.configuration.requestTimeout ?? .seconds(30)
        do {
            return try await client.transport.send(request)
        } catch {
            throw .network(message: "The sign-in provider could not be reached")
        }
    }

    /// Issuers compared as OpenID Connect discovery says (exactly), forgiving one trailing slash.
    private static func sameIssuer(_ stated: String, _ configured: URL) -> Bool {
        func trimmed(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }
        return trimmed(stated) == trimmed(configured.absoluteString)
    }
}

// MARK: - Apple's sheet

/// A person's name as Sign in with Apple gives it, on the first authorization only: optional profile data,
/// never proof of anything.
package struct PersonName: Codable, Sendable, Equatable {
    package var givenName: String?
    package var familyName: String?

    package init(givenName: String?, familyName: String?) {
        self.givenName = givenName
        self.familyName = familyName
    }
}

/// What a provider's own flow produced: its ID token, and (Apple, first authorization only) the name.
package struct AppleIDAuthorization: Sendable {
    package var idToken: String
    package var name: PersonName?

    package init(idToken: String, name: PersonName?) {
        self.idToken = idToken
        self.name = name
    }
}

/// Runs Sign in with Apple's own sheet: `ASAuthorizationAppleIDProvider` with scopes `email` and `fullName`
/// and the given request nonce. The seam tests script; the platform's is `AppleIDAuthorizationSheet`.
package protocol AppleIDAuthorizer: Sendable {
    /// The authorization for `nonce` (already hashed as the contract says).
    ///
    /// - Throws: ``OAuthPresenterError/cancelled`` when the user dismissed the sheet; any other error when
    ///   the sheet failed.
    func authorize(nonce: String) async throws -> AppleIDAuthorization
}

// MARK: - Wire shapes

/// `/auth/oauth/authorize`'s answer in native mode.
private struct NativeAuthorizeAnswer: Decodable {
    let transactionId: String
    let nonce: String
}

/// The parts of an OpenID configuration the flow reads.
private struct DiscoveryDocument: Decodable {
    let issuer: String
    let authorizationEndpoint: String
    let tokenEndpoint: String
}

/// A token endpoint's answer; `user` is Apple's first-authorization name.
private struct TokenAnswer: Decodable {
    struct User: Decodable {
        struct Name: Decodable {
            let firstName: String?
            let lastName: String?
        }
        let name: Name?
    }
    let idToken: String
    let user: User?
}

/// An OAuth 2 error answer.
private struct TokenRefusal: Decodable {
    let error: String
}
