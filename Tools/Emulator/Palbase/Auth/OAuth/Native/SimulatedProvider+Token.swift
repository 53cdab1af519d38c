import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

extension SimulatedProvider {
    /// POST `<B>/token` (`application/x-www-form-urlencoded`,
    /// `grant_type=authorization_code&code&redirect_uri&client_id&code_verifier`, no client secret):
    /// `{"access_token":"pva_…","token_type":"Bearer","expires_in":3600,"id_token"}`, and for Apple
    /// `"user":{"name":{"firstName","lastName"}}` on the first authorization of that subject for that client.
    ///
    /// Errors are OAuth 2's (RFC 6749 §5.2): 400 `invalid_request` (another content type, a parameter missing
    /// or repeated), 400 `unsupported_grant_type`, 400 `invalid_grant` (an unknown, used or expired code, a
    /// verifier whose S256 is not the challenge, another client or redirect URI than the code's, a code of
    /// another provider). A code is spent by its first presentation, whatever the outcome.
    func token(_ request: HTTPServerRequest, provider: OAuthProvider, issuer: String) -> HTTPServerResponse {
        let contentType = request.headers["Content-Type"]?.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard contentType == "application/x-www-form-urlencoded" else {
            return Self.error(400, "invalid_request", "The body must be application/x-www-form-urlencoded")
        }
        let fields: [String: String]
        do {
            fields = try Self.uniqueFields(String(decoding: request.body, as: UTF8.self))
        } catch {
            return Self.error(400, "invalid_request", error.description)
        }
        guard let grantType = fields["grant_type"], !grantType.isEmpty else {
            return Self.error(400, "invalid_request", "grant_type is required")
        }
        guard grantType == "authorization_code" else {
            return Self.error(400, "unsupported_grant_type", "Only authorization_code is supported")
        }
        var values: [String: String] = [:]
        for name in ["code", "redirect_uri", "client_id", "code_verifier"] {
            guard let value = fields[name], !value.isEmpty else {
                return Self.error(400, "invalid_request", "\(name) is required")
            }
            values[name] = value
        }
        let codes = ProviderCodeStore(tenant: tenant, store: store)
        let spent: ProviderCode?
        do {
            spent = try codes.spend(values["code"] ?? "", now: now)
        } catch {
            return Self.error(500, "server_error", "Try again")
        }
        guard let issued = spent, issued.provider == provider, issued.expiresAt > now else {
            return Self.error(400, "invalid_grant", "The code is unknown, expired or was already used")
        }
        guard issued.clientID == values["client_id"], issued.redirectURI == values["redirect_uri"] else {
            return Self.error(400, "invalid_grant", "client_id or redirect_uri is not the code's")
        }
        let computed = Base64URL.encode(SHA256.hash(Data((values["code_verifier"] ?? "").utf8)))
        guard ConstantTime.isEqual(Data(computed.utf8), Data(issued.codeChallenge.utf8)) else {
            return Self.error(400, "invalid_grant", "The code_verifier does not match the code_challenge")
        }
        let issuedAt = now / 1000
        let claims: [String: AnyCodableValue] = [
            "iss": .string(issuer), "aud": .string(issued.clientID), "sub": .string(issued.subject),
            "email": .string(issued.email), "email_verified": true, "iat": .int(Int(issuedAt)),
            "exp": .int(Int(issuedAt) + Self.idTokenLifetime), "nonce": .string(issued.nonce),
        ]
        guard let idToken = try? keys.idToken(claims, for: provider) else {
            return Self.error(500, "server_error", "Try again")
        }
        var body: [String: AnyCodableValue] = [
            "access_token": .string(AuthSecrets.token("pva_")), "token_type": "Bearer",
            "expires_in": .int(Self.accessTokenLifetime), "id_token": .string(idToken),
        ]
        if provider == .apple, issued.isFirstAuthorization {
            body["user"] = [
                "name": [
                    "firstName": issued.givenName.map(AnyCodableValue.string) ?? .null,
                    "lastName": issued.familyName.map(AnyCodableValue.string) ?? .null,
                ]
            ]
        }
        var response = Self.json(.object(body))
        response.headers.set("Pragma", "no-cache")
        return response
    }
}
