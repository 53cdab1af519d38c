import ErrorCore
import Foundation

/// OAuth with PKCE: sign-in, explicit linking, and the steps for apps that present the provider
/// themselves. The completion proof (verifier, `state`, transaction id, redirect URI) is in the
/// secure store before any provider UI is shown, and is deleted when the transaction ends.
extension AuthNamespace {
    /// Signs in with `provider`: presents its page, then exchanges the callback's code.
    ///
    /// ```swift
    /// switch try await pb.auth.signIn(with: .google) {
    /// case .signedIn(let success): print(success.user.id)
    /// case .mfaRequired(let token, let factors): presentMFA(token, factors)
    /// case .linked: break   // only from linkIdentity
    /// }
    /// ```
    ///
    /// `presenter` shows the page: by default `ASWebAuthenticationSession` on Apple platforms and a
    /// ``LoopbackOAuthPresenter`` elsewhere. ``OAuthResult/mfaRequired(token:factors:)`` creates no
    /// session. Email matching never links accounts: a provider account whose email belongs to another
    /// account is refused (409 `email_taken`) until that account links it with ``linkIdentity(_:presenter:)``.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `oauth_cancelled` when the user
    ///   dismissed or denied (``wasCanceled(_:)`` recognises Apple's and Google's), `provider_not_configured`,
    ///   `pkce_mismatch`, `oauth_code_invalid`, or the SDK's own refusals of a callback
    ///   (`oauth_redirect_mismatch`, `oauth_state_mismatch`, `oauth_callback_invalid`).
    public func signIn(
        with provider: OAuthProvider, presenter: (any OAuthPresenter)? = nil
    ) async throws(AuthError) -> OAuthResult {
        try await run(provider, linking: false, presenter: presenter)
    }

    /// Links `provider` to the signed-in account. Needs a recent sign-in: a stale session gets 403
    /// `reauthentication_required`. Answers ``OAuthResult/linked(identity:userID:)``; the session does
    /// not change.
    @discardableResult
    public func linkIdentity(
        _ provider: OAuthProvider, presenter: (any OAuthPresenter)? = nil
    ) async throws(AuthError) -> OAuthResult {
        try await run(provider, linking: true, presenter: presenter)
    }

    // MARK: - Custom presentation

    /// Begins a transaction for an app that presents the provider itself: stores the completion proof,
    /// then returns the page to show. The callback must come back to the registered `oauth_redirect_uri`.
    ///
    /// - Throws: `oauth_not_configured` (400) when no redirect URI is registered; the server's refusals.
    public func beginOAuth(_ provider: OAuthProvider, linking: Bool = false) async throws(AuthError) -> OAuthTransaction
    {
        if let native = nativeClient(provider) {
            if provider == .apple, appleIDAuthorizer != nil {
                throw .oauthLocal(
                    "oauth_presenter_unavailable",
                    message: "Sign in with Apple runs in its own sheet: call signInWithApple()")
            }
            return try await beginNative(provider, client: native, linking: linking).transaction
        }
        guard let redirect = registeredRedirectURI else { throw .oauthLocal("oauth_not_configured") }
        return try await begin(provider, redirectURI: redirect, linking: linking).transaction
    }

    /// Completes `transaction` with the `callback` URL the provider redirected to.
    ///
    /// A callback on another scheme, host, port or path, or with another `state`, is refused and the
    /// transaction stays pending. A refused exchange ends it; a transient failure (no answer, a 5xx)
    /// keeps it with its code, for ``completeOAuth(_:)``.
    public func completeOAuth(_ transaction: OAuthTransaction, callback: URL) async throws(AuthError) -> OAuthResult {
        guard let pending = try await oauthStore.loadPending(transaction.id) else {
            throw .oauthLocal("oauth_transaction_invalid")
        }
        return try await complete(pending, callback: callback)
    }

    /// Retries the completion of `transaction` with the code its accepted callback carried, after a
    /// transient failure.
    ///
    /// - Throws: `oauth_transaction_invalid` when it is not pending or no callback was accepted yet.
    public func completeOAuth(_ transaction: OAuthTransaction) async throws(AuthError) -> OAuthResult {
        guard let pending = try await oauthStore.loadPending(transaction.id) else {
            throw .oauthLocal("oauth_transaction_invalid")
        }
        // A native transaction keeps the provider's ID token (its code was spent at the provider).
        if pending.idToken != nil { return try await presentIDToken(pending) }
        guard let code = pending.code, pending.nonce == nil else { throw .oauthLocal("oauth_transaction_invalid") }
        return try await exchange(pending, code: code)
    }

    /// Abandons `transaction`: its proof is deleted, so no callback can complete it.
    public func cancelOAuth(_ transaction: OAuthTransaction) async {
        await oauthStore.discard(transaction.id)
    }

    /// Completes whichever stored transaction `callback` belongs to, also one begun before a relaunch.
    ///
    /// - Throws: `oauth_state_mismatch` when no pending transaction has the callback's redirect URI and
    ///   `state` (every transaction stays pending); otherwise as ``completeOAuth(_:callback:)``.
    public func resumeOAuth(callback: URL) async throws(AuthError) -> OAuthResult {
        let pending = try await oauthStore.loadAll()
        let state = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "state"
        }?.value
        guard let match = pending.first(where: { $0.state == state && OAuthCallback.matches(callback, $0.redirectURI) })
        else {
            let reason = pending.contains { OAuthCallback.matches(callback, $0.redirectURI) }
            throw .oauthLocal(reason ? "oauth_state_mismatch" : "oauth_redirect_mismatch")
        }
        return try await complete(match, callback: callback)
    }

    // MARK: - The flow

    var registeredRedirectURI: URL? {
        client.configuration.oauthRedirectURI.flatMap { URL(string: $0) }
    }

    package var oauthStore: OAuthTransactionStore { OAuthTransactionStore(client: client) }

    /// Presents `provider` and completes the transaction the presentation began.
    ///
    /// A provider the plist configures `native` runs natively (never falling back to the browser
    /// transaction): Apple in its own sheet where there is one, Google and Microsoft (and Apple elsewhere)
    /// through `presenter` on the provider's own authorization page, with the native redirect URI.
    private func run(
        _ provider: OAuthProvider, linking: Bool, presenter: (any OAuthPresenter)?
    ) async throws(AuthError) -> OAuthResult {
        let native = nativeClient(provider)
        if let native, provider == .apple, let sheet = appleIDAuthorizer {
            return try await runAppleSheet(sheet, client: native, linking: linking)
        }
        let registeredRedirectURI = native.map(Self.nativeRedirect) ?? registeredRedirectURI
        let presenter = presenter ?? client.runtime.oauthPresenter ?? OAuthPresenters.platformDefault
        let began = Locked<PendingOAuth?>(nil)
        let authorize: @Sendable (URL) async throws -> URL = { redirect in
            let pending = try await self.begin(provider, redirectURI: redirect, linking: linking)
            began.withLock { $0 = pending }
            return pending.authorizeURL
        }
        let callback: URL
        do {
            if let loopback = presenter as? LoopbackOAuthPresenter {
                // Any local process can reach the loopback port: only a request carrying this transaction's
                // redirect and state is its callback, and the listener keeps waiting past any other.
                callback = try await loopback.present(
                    registeredRedirectURI: registeredRedirectURI, authorize: authorize,
                    isCallback: { url in
                        guard let pending = began.withLock({ $0 }) else { return false }
                        return (try? OAuthCallback(url, for: pending)) != nil
                    })
            } else {
                callback = try await presenter.present(
                    registeredRedirectURI: registeredRedirectURI, authorize: authorize)
            }
        } catch {
            if let pending = began.withLock({ $0 }) { await oauthStore.discard(pending.transactionID) }
            throw Self.presentationError(error, provider: provider)
        }
        guard let transaction = began.withLock({ $0 })?.transaction,
            let pending = try await oauthStore.loadPending(transaction.id)
        else { throw .oauthLocal("oauth_transaction_invalid") }
        do {
            return try await complete(pending, callback: callback)
        } catch {
            // The presentation is over, so nothing else can complete this transaction: a refused callback
            // ends it here (with completeOAuth and resumeOAuth the app may still deliver the real one).
            await oauthStore.discard(transaction.id)
            throw error
        }
    }

    /// `POST /auth/oauth/authorize` with a fresh verifier's challenge and state; the proof is stored
    /// before the transaction is returned.
    private func begin(
        _ provider: OAuthProvider, redirectURI: URL, linking: Bool
    ) async throws(AuthError) -> PendingOAuth {
        if let native = nativeClient(provider) {
            return try await beginNative(provider, client: native, linking: linking)
        }
        let proof = PendingOAuth.fresh()
        let body: [String: AnyCodableValue] = [
            "provider": .string(provider.rawValue), "redirect_uri": .string(redirectURI.absoluteString),
            "code_challenge": .string(proof.challenge), "code_challenge_method": "S256",
            "state": .string(proof.state), "link": .bool(linking),
        ]
        let delivery = try await send(PBRequest(.post, ["auth/oauth/authorize"], body: body))
        let answer = try decode(delivery, as: AuthorizeAnswer.self)
        guard let page = URL(string: answer.authorizeUrl) else {
            throw .http(
                status: delivery.status, code: "decoding_error", message: "authorize_url is not a URL",
                requestId: delivery.requestID)
        }
        let pending = PendingOAuth(
            transactionID: answer.transactionId, provider: provider, authorizeURL: page, redirectURI: redirectURI,
            isLink: linking, verifier: proof.verifier, state: proof.state,
            createdAt: Int64(Date().timeIntervalSince1970), code: nil)
        try await oauthStore.store(pending)
        return pending
    }

    /// Checks `callback` against `pending` (a refusal leaves it pending), then exchanges its code.
    private func complete(_ pending: PendingOAuth, callback: URL) async throws(AuthError) -> OAuthResult {
        let accepted = try OAuthCallback(callback, for: pending)
        switch accepted.outcome {
        case .denied:
            await oauthStore.discard(pending.transactionID)
            throw .oauthCancelled(pending.provider)
        case .failed(let error):
            await oauthStore.discard(pending.transactionID)
            throw .oauthLocal("oauth_provider_error", message: "The provider refused the sign-in (\(error))")
        case .code(let code) where pending.nonce != nil:
            return try await completeNative(pending, code: code)
        case .code(let code):
            var withCode = pending
            withCode.code = code
            try await oauthStore.store(withCode)
            return try await exchange(withCode, code: code)
        }
    }

    /// `POST /auth/oauth/credential` with the browser transaction's code and verifier.
    private func exchange(_ pending: PendingOAuth, code: String) async throws(AuthError) -> OAuthResult {
        try await credential(
            [
                "transaction_id": .string(pending.transactionID), "code": .string(code),
                "code_verifier": .string(pending.verifier),
            ], pending: pending)
    }

    /// `POST /auth/oauth/credential` with `body`; ends the transaction unless the failure is transient.
    func credential(_ body: [String: AnyCodableValue], pending: PendingOAuth) async throws(AuthError) -> OAuthResult {
        let delivery: Delivery
        do {
            delivery = try await send(PBRequest(.post, ["auth/oauth/credential"], body: body))
        } catch {
            if !error.isTransientOAuthFailure { await oauthStore.discard(pending.transactionID) }
            throw error
        }
        await oauthStore.discard(pending.transactionID)
        if let linked = try decode(delivery, as: LinkAnswer.self).linked {
            return .linked(identity: linked.identity, userID: linked.userId)
        }
        if let challenge = try MFAChallengeAnswer.challenge(in: delivery) {
            return .mfaRequired(token: challenge.token, factors: challenge.factors)
        }
        let response = try decode(delivery, as: SessionResponse.self)
        await session.adopt(response.session)
        return .signedIn(AuthSuccess(user: response.user))
    }

    /// The redirect a native flow's sheet comes back to: the plist's for Google and Microsoft; for Apple's
    /// flow in a web sheet (no Apple sheet here), one on the bundle ID's own scheme.
    static func nativeRedirect(_ native: NativeOAuthClient) -> URL? {
        native.redirectURI ?? URL(string: "\(native.clientID.lowercased()):/apple-signin")
    }

    /// A presenter's failure as an ``AuthError``: a dismissal is `oauth_cancelled`.
    static func presentationError(_ error: any Error, provider: OAuthProvider) -> AuthError {
        switch error {
        case let error as AuthError: error
        case OAuthPresenterError.cancelled, is CancellationError: .oauthCancelled(provider)
        case OAuthPresenterError.timedOut: .network(message: "No OAuth callback arrived in time")
        case OAuthPresenterError.unusableRedirectURI(let reason), OAuthPresenterError.unavailable(let reason):
            .oauthLocal("oauth_presenter_unavailable", message: reason)
        // The type only: an opener's error may quote the callback URL, and with it the code.
        default: .oauthLocal("oauth_presenter_unavailable", message: "The OAuth presenter failed (\(type(of: error)))")
        }
    }
}

/// `/auth/oauth/authorize`'s answer.
private struct AuthorizeAnswer: Decodable {
    let transactionId: String
    let authorizeUrl: String
}

/// `/auth/oauth/credential`'s answer to a link: `{"linked":{"identity","user_id"}}`.
private struct LinkAnswer: Decodable {
    struct Linked: Decodable {
        let identity: String
        let userId: String
    }
    let linked: Linked?
}
