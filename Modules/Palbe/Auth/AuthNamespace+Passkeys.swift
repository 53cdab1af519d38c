import ErrorCore
import Foundation
import SDKCrypto

/// Passkeys: sign in and sign up without a password, add a passkey to an account, and step up.
extension AuthNamespace {
    /// Signs in with a passkey the user picks from the sheet: discoverable, so no identifier.
    ///
    /// ```swift
    /// do {
    ///     try await pb.auth.signInWithPasskey()
    /// } catch {
    ///     if !pb.auth.wasCanceled(error) { show(error) }
    /// }
    /// ```
    ///
    /// The session is the same as any other rail's: persisted, refreshed and announced alike.
    ///
    /// - Throws: ``AuthError/invalidCredentials(message:)`` when the user dismisses the sheet
    ///   (``wasCanceled(_:)`` is `true`) or the device holds no passkey for the Environment's host;
    ///   ``AuthError/http(status:code:message:requestId:)`` with `passkey_invalid` (401) when the
    ///   server refuses the assertion. No session is created then.
    @discardableResult
    public func signInWithPasskey() async throws(AuthError) -> AuthSuccess {
        let options = try await passkeyOptions(["purpose": "login"])
        let assertion = try await passkeyAssertion(for: options)
        return try await signIn(with: Self.verifyRequest(purpose: "login", options: options, assertion: assertion))
    }

    /// Creates an account identified by `email` whose only credential is a new passkey, and signs it
    /// in. The account never gets a password (``AuthCapability/hasPassword`` is `false`) until
    /// ``setPassword(_:)``. A verification email is sent.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `email_taken` (409) or
    ///   `invalid_email` (400) before any sheet appears, `passkey_invalid` (401) when the server
    ///   refuses the new credential; ``AuthError/invalidCredentials(message:)`` when the user
    ///   dismisses the sheet.
    @discardableResult
    public func signUpWithPasskey(email: String, displayName: String) async throws(AuthError) -> AuthSuccess {
        let options = try await passkeyOptions(["purpose": "signup", "email": email, "display_name": displayName])
        let registration = try await passkeyRegistration(
            for: options, userName: email, displayName: displayName.isEmpty ? email : displayName)
        return try await signIn(
            with: Self.verifyRequest(purpose: "signup", options: options, registration: registration, name: nil))
    }

    /// Adds a passkey named `name` to the signed-in account, so its next sign-in is one tap.
    ///
    /// Needs a RECENT sign-in (within five minutes, or a ``stepUp()``): an enrolled passkey outlives a
    /// password reset, so a hijacked session must not be able to add one.
    ///
    /// ```swift
    /// do {
    ///     try await pb.auth.registerPasskey(name: "iPhone")
    /// } catch {
    ///     try await pb.auth.stepUp()
    ///     try await pb.auth.registerPasskey(name: "iPhone")
    /// }
    /// ```
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `reauthentication_required`
    ///   (403) on a stale session, before any sheet appears; `passkey_invalid` (401);
    ///   ``AuthError/invalidCredentials(message:)`` when the user dismisses the sheet.
    public func registerPasskey(name: String) async throws(AuthError) {
        let options = try await passkeyOptions(["purpose": "register"])
        let user = await currentUser
        let userName = user?.email ?? name
        let registration = try await passkeyRegistration(for: options, userName: userName, displayName: name)
        _ = try await send(
            Self.verifyRequest(purpose: "register", options: options, registration: registration, name: name))
    }

    /// Re-authenticates the signed-in user with one of their passkeys and makes the session recent
    /// again, for ``registerPasskey(name:)``, ``setPassword(_:)`` and other calls that need it.
    ///
    /// The session stays the same session: its tokens are rotated and stored, and listeners get
    /// ``AuthEvent/tokenRefreshed``, not a new sign-in. An account with no passkey yet has to sign in
    /// again instead.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `passkey_invalid` (401) when
    ///   the passkey is not the signed-in account's, `invalid_token` (401) when nobody is signed in;
    ///   ``AuthError/invalidCredentials(message:)`` when the user dismisses the sheet.
    public func stepUp() async throws(AuthError) {
        await session.waitForBoot()
        let generation = await session.generation
        let options = try await passkeyOptions(["purpose": "step_up"])
        let assertion = try await passkeyAssertion(for: options)
        let verify = Self.verifyRequest(purpose: "step_up", options: options, assertion: assertion)
        // The verify retires the refresh token: no refresh may run alongside it.
        let renewal = await session.rotating { rotation async -> Result<Void, AuthError> in
            do throws(AuthError) {
                let response = try self.decode(try await self.send(verify, through: rotation), as: SessionResponse.self)
                await self.session.renew(response.session, generation: generation)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try renewal.get()
    }

    // MARK: - The ceremony

    /// The authenticator in force: the runtime's, else the platform's (the system sheet on Apple
    /// platforms; a ``SoftwareAuthenticator`` over the session store elsewhere).
    var passkeyAuthenticator: any PasskeyAuthenticator {
        client.runtime.passkeyAuthenticator
            ?? PasskeyAuthenticators.platformDefault(
                store: client.runtime.sessionStore ?? SessionStorage.platformDefault)
    }

    /// `POST /auth/passkey/options` with `body`; an answer without a usable challenge or `rp_id` (or,
    /// for a ceremony that creates a credential, without `user_id`) is `decoding_error`.
    private func passkeyOptions(_ body: [String: String]) async throws(AuthError) -> PasskeyOptions {
        let delivery = try await send(PBRequest(.post, ["auth/passkey/options"], body: body))
        let options = try decode(delivery, as: PasskeyOptions.self)
        let creates = body["purpose"] == "signup" || body["purpose"] == "register"
        guard let challenge = Base64URL.decode(options.challenge), !challenge.isEmpty, !options.rpId.isEmpty,
            !creates || options.userId?.isEmpty == false
        else {
            throw .http(
                status: delivery.status, code: "decoding_error",
                message: "The passkey options carry no usable challenge, rp_id or user_id",
                requestId: delivery.requestID)
        }
        return options
    }

    private func passkeyAssertion(for options: PasskeyOptions) async throws(AuthError) -> PasskeyAssertion {
        do {
            return try await passkeyAuthenticator.assert(
                PasskeyAssertionRequest(rpID: options.rpId, challenge: options.challengeBytes))
        } catch {
            throw AuthErrorMapping.error(for: error)
        }
    }

    private func passkeyRegistration(
        for options: PasskeyOptions, userName: String, displayName: String
    ) async throws(AuthError) -> PasskeyRegistration {
        do {
            return try await passkeyAuthenticator.createCredential(
                PasskeyCreationRequest(
                    rpID: options.rpId, challenge: options.challengeBytes, userID: options.userId ?? "",
                    userName: userName,
                    displayName: displayName))
        } catch {
            throw AuthErrorMapping.error(for: error)
        }
    }

    /// `POST /auth/passkey/verify` for a sign-in (`login`, `step_up`).
    private static func verifyRequest(
        purpose: String, options: PasskeyOptions, assertion: PasskeyAssertion
    ) -> PBRequest {
        PBRequest(
            .post, ["auth/passkey/verify"],
            body: [
                "purpose": purpose, "challenge": options.challenge,
                "credential_id": Base64URL.encode(assertion.credentialID),
                "client_data_json": Base64URL.encode(assertion.clientDataJSON),
                "authenticator_data": Base64URL.encode(assertion.authenticatorData),
                "signature": Base64URL.encode(assertion.signature),
            ])
    }

    /// `POST /auth/passkey/verify` for a new credential (`signup`, `register`).
    private static func verifyRequest(
        purpose: String, options: PasskeyOptions, registration: PasskeyRegistration, name: String?
    ) -> PBRequest {
        var body = [
            "purpose": purpose, "challenge": options.challenge,
            "credential_id": Base64URL.encode(registration.credentialID),
            "public_key": Base64URL.encode(registration.publicKey),
            "client_data_json": Base64URL.encode(registration.clientDataJSON),
            "authenticator_data": Base64URL.encode(registration.authenticatorData),
        ]
        body["signature"] = registration.signature.map { Base64URL.encode($0) }
        body["name"] = name
        return PBRequest(.post, ["auth/passkey/verify"], body: body)
    }
}

/// `/auth/passkey/options`' answer: `{"challenge","rp_id","user_id"?}`.
private struct PasskeyOptions: Decodable {
    let challenge: String
    let rpId: String
    let userId: String?

    var challengeBytes: Data { Base64URL.decode(challenge) ?? Data() }
}
