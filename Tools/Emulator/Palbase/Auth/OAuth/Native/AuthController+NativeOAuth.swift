import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

extension AuthController {
    /// POST `/auth/oauth/authorize` `{provider, mode:"native", link}` → `{"transaction_id","nonce"}`: a native
    /// transaction whose ID token must carry `nonce` (32 random bytes, base64url; Apple's as its SHA-256 hex).
    /// 400 `provider_not_configured` for GitHub, which signs in through the browser only. `link: true` needs a
    /// recent session, as for the browser transaction.
    func authorizeNativeOAuth(_ provider: OAuthProvider, body: AuthBody) throws -> PalbaseResponse {
        guard NativeOAuthClients.clientID(for: provider) != nil else {
            throw OAuthErrors.providerNotConfigured(provider.rawValue)
        }
        let link = try linkTarget(body)
        let transaction = OAuthTransaction(
            id: AuthSecrets.id("oat_"), provider: provider, nonce: Base64URL.encode(SecureRandom.bytes(32)),
            linkUserID: link?.user, linkSessionID: link?.session, createdAt: now,
            expiresAt: now + Int64(Self.oauthTransactionLifetime) * 1000)
        try oauth.insert(transaction)
        return .json(["transaction_id": .string(transaction.id), "nonce": .string(transaction.nonce ?? "")])
    }

    /// POST `/auth/oauth/credential` `{transaction_id, id_token, name?}` for a native transaction → a session,
    /// `{"mfa_required":…}` or `{"linked":…}`, exactly as the browser transaction completes.
    ///
    /// The transaction must be native, pending and unexpired (else 401 `transaction_invalid`) and is spent
    /// by this presentation whatever its outcome. Then the ID token (`NativeIDToken`: 401 `id_token_invalid`),
    /// then its nonce (401 `nonce_mismatch`). `name` becomes the profile name of an account this sign-in creates.
    func completeNativeOAuth(
        _ id: String, idToken: String, name: (given: String?, family: String?)?, proof: DPoPProof?,
        keys: SimulatedProviderKeys
    ) throws -> PalbaseResponse {
        guard var transaction = try oauth.transaction(id: id), transaction.mode == .native,
            transaction.status == .pending, transaction.expiresAt > now,
            try oauth.spend(transaction, from: .pending)
        else { throw OAuthErrors.nativeTransactionInvalid() }
        transaction.status = .done
        let issuer = NativeOAuthClients.issuer(for: transaction.provider, host: context.request.headers["Host"]) ?? ""
        let token = try NativeIDToken(idToken, provider: transaction.provider, keys: keys, issuer: issuer, now: now)
        guard token.matches(nonce: transaction.nonce ?? "") else { throw OAuthErrors.nonceMismatch() }
        transaction.subject = token.subject
        transaction.email = token.email
        return try context.store.transaction { try complete(transaction, proof: proof, name: name) }
    }

    /// The optional `name` member, `{"given_name","family_name"}` (each an optional string of at most 255
    /// bytes; empty counts as absent); 400 `bad_request` naming the member otherwise.
    static func profileName(_ body: AuthBody) throws -> (given: String?, family: String?)? {
        guard let name = try body.optionalObject("name") else { return nil }
        func part(_ key: String) throws -> String? {
            let value: String?
            do {
                value = try name.optionalString(key)
            } catch {
                throw AuthErrors.badRequest(field: "name.\(key)", "Expected string")
            }
            guard let value, !value.isEmpty else { return nil }
            guard value.utf8.count <= 255 else {
                throw AuthErrors.badRequest(field: "name.\(key)", "At most 255 bytes")
            }
            return value
        }
        return (try part("given_name"), try part("family_name"))
    }
}
