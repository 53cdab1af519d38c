import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

extension AuthController {
    /// How long a transaction may wait for its provider page and its exchange, in seconds.
    static let oauthTransactionLifetime = 600

    var oauth: OAuthStore { OAuthStore(tenant: context.request.tenant, store: context.store) }

    /// POST `/auth/oauth/authorize` `{provider,redirect_uri,code_challenge,code_challenge_method:"S256",state,link}`
    /// → `{"transaction_id","authorize_url"}`; 400 `provider_not_configured` for a provider the emulator does
    /// not simulate. With `mode: "native"` it begins a native transaction instead (`authorizeNativeOAuth`);
    /// `mode` absent or `"browser"` is this browser transaction, any other mode 400 `bad_request`.
    ///
    /// `link: true` needs the caller's bearer on a recent session (403 `reauthentication_required`): the
    /// transaction then links the provider account to the caller instead of signing in.
    func authorizeOAuth() throws -> PalbaseResponse {
        let body = try context.body()
        let name = try body.string("provider")
        guard let provider = OAuthProvider(rawValue: name) else { throw OAuthErrors.providerNotConfigured(name) }
        switch try body.optionalString("mode") {
        case nil, OAuthTransaction.Mode.browser.rawValue?: break
        case OAuthTransaction.Mode.native.rawValue?: return try authorizeNativeOAuth(provider, body: body)
        default: throw AuthErrors.badRequest(field: "mode", "Must be native or browser")
        }
        let redirectURI = try body.string("redirect_uri")
        guard AppRedirect.isAppOwned(redirectURI) else {
            throw AuthErrors.badRequest(
                field: "redirect_uri", "Must be an absolute URI without a fragment, on a scheme an app can own")
        }
        let challenge = try body.string("code_challenge")
        guard challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            throw AuthErrors.badRequest(field: "code_challenge", "Must be the base64url SHA-256 of the verifier")
        }
        guard try body.string("code_challenge_method") == "S256" else {
            throw AuthErrors.badRequest(field: "code_challenge_method", "Only S256 is supported")
        }
        let state = try body.string("state")
        guard state.utf8.count <= 512 else { throw AuthErrors.badRequest(field: "state", "At most 512 bytes") }
        let link = try linkTarget(body)
        let transaction = OAuthTransaction(
            id: AuthSecrets.id("oat_"), provider: provider, redirectURI: redirectURI, codeChallenge: challenge,
            state: state, linkUserID: link?.user, linkSessionID: link?.session, createdAt: now,
            expiresAt: now + Int64(Self.oauthTransactionLifetime) * 1000)
        try oauth.insert(transaction)
        let host = context.request.headers["Host"] ?? "127.0.0.1"
        let page = "http://\(host)\(OAuthProviderPage.path(for: provider))?transaction_id=\(transaction.id)"
        return .json(["transaction_id": .string(transaction.id), "authorize_url": .string(page)])
    }

    /// The account and session a `link: true` transaction links to, nil for a sign-in; 401 without a bearer,
    /// 403 `reauthentication_required` when the caller's session is not recent.
    func linkTarget(_ body: AuthBody) throws -> (user: String, session: String)? {
        guard try body.optionalBool("link") == true else { return nil }
        let (session, user) = try context.caller()
        guard context.isRecent(session) else { throw AuthErrors.reauthenticationRequired() }
        return (user.id, session.id)
    }

    /// POST `/auth/oauth/credential` `{transaction_id,code,code_verifier}` → a session, `{"mfa_required":…}` or
    /// `{"linked":{"identity","user_id"}}`. A body with `id_token` completes a native transaction instead
    /// (`completeNativeOAuth`).
    ///
    /// A code is exchanged once: a second exchange is 401 `oauth_code_invalid`. A verifier whose S256 is not
    /// the challenge is 401 `pkce_mismatch` and burns the code, so a stolen code cannot be tried again. A
    /// transaction the user refused on the provider page is 400 `oauth_cancelled`. An unknown or expired
    /// transaction is 400 `oauth_transaction_invalid`. A native transaction presented with a code is spent
    /// and 401 `transaction_invalid`.
    func exchangeOAuthCode(providerKeys: SimulatedProviderKeys) throws -> PalbaseResponse {
        let proof = try context.proof(required: false)
        let body = try context.body()
        let id = try body.string("transaction_id")
        if let idToken = try body.optionalString("id_token") {
            return try completeNativeOAuth(
                id, idToken: idToken, name: try Self.profileName(body), proof: proof, keys: providerKeys)
        }
        if let native = try oauth.transaction(id: id), native.mode == .native {
            _ = try oauth.spend(native, from: .pending)
            throw OAuthErrors.nativeTransactionInvalid()
        }
        let verifier = try body.string("code_verifier")
        let code = try body.optionalString("code")
        guard var transaction = try oauth.transaction(id: id), transaction.expiresAt > now else {
            throw OAuthErrors.transactionInvalid()
        }
        switch transaction.status {
        case .denied:
            transaction.status = .done
            try oauth.update(transaction)
            throw OAuthErrors.cancelled(transaction.provider)
        case .pending, .done:
            throw OAuthErrors.codeInvalid()
        case .approved:
            break
        }
        guard let code, let stored = transaction.codeHash,
            ConstantTime.isEqual(Data(AuthSecrets.hash(code, context: "oauth").utf8), Data(stored.utf8))
        else { throw OAuthErrors.codeInvalid() }
        // Spent before anything else can fail, in one statement: the burn is committed even when the
        // exchange is refused, and of two exchanges racing with the same code only one spends it.
        guard try oauth.spend(transaction) else { throw OAuthErrors.codeInvalid() }
        transaction.status = .done
        let computed = Base64URL.encode(SHA256.hash(Data(verifier.utf8)))
        guard ConstantTime.isEqual(Data(computed.utf8), Data(transaction.codeChallenge.utf8)) else {
            throw OAuthErrors.pkceMismatch()
        }
        return try context.store.transaction { try complete(transaction, proof: proof) }
    }

    /// The approved, now spent `transaction`'s result: a link, or the account's session (or MFA challenge).
    /// An account this sign-in creates takes `name` as its profile name.
    func complete(
        _ transaction: OAuthTransaction, proof: DPoPProof?, name: (given: String?, family: String?)? = nil
    ) throws
        -> PalbaseResponse
    {
        guard let subject = transaction.subject else { throw OAuthErrors.codeInvalid() }
        let provider = transaction.provider
        let linked = try oauth.linkedUserID(provider: provider, subject: subject)
        if let target = transaction.linkUserID {
            guard let owner = try context.users.user(id: target), owner.deletedAt == nil,
                let session = try context.sessions.session(id: transaction.linkSessionID ?? ""),
                session.revokedAt == nil
            else { throw AuthErrors.sessionRevoked() }
            if let linked, linked != owner.id { throw OAuthErrors.identityAlreadyLinked(provider) }
            if linked == nil {
                try oauth.link(
                    provider: provider, subject: subject, email: transaction.email, userID: owner.id, now: now)
            }
            return .json(["linked": ["identity": .string(provider.rawValue), "user_id": .string(owner.id)]])
        }
        var user: AuthUser
        if let linked, let existing = try context.users.user(id: linked), existing.deletedAt == nil {
            user = existing
        } else {
            if linked != nil { try oauth.unlink(provider: provider, subject: subject) }
            // Email matching never links: an account that owns this address must link the provider itself.
            if let email = transaction.email, try context.users.user(email: email) != nil {
                throw OAuthErrors.emailTaken(provider)
            }
            user = AuthUser(email: transaction.email, emailVerified: transaction.email != nil, createdAt: now)
            user.givenName = name?.given
            user.familyName = name?.family
            try context.users.insert(user)
            try oauth.link(provider: provider, subject: subject, email: transaction.email, userID: user.id, now: now)
        }
        if user.fenced { throw AuthErrors.subjectFenced() }
        guard user.mfaFactors.isEmpty else { return try mfaChallenge(for: user) }
        return try context.mintSession(for: user, proof: proof)
    }
}
