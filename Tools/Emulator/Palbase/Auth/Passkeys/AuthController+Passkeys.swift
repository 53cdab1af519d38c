import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// Passkeys: `/auth/passkey/options` hands out a single-use challenge for one of four purposes, and
/// `/auth/passkey/verify` checks the ES256 answer to it (`PasskeyAnswer`).
///
/// The relying party is the Environment's host: the host the request addressed, without its port (what an
/// app's Associated Domain names and its base URL points at), so `rp_id` is `127.0.0.1` for a client of
/// `http://127.0.0.1:4000` and the expected origin `https://127.0.0.1`.
extension AuthController {
    /// POST `/auth/passkey/options` `{purpose, email?, display_name?}` → `{"challenge","rp_id","user_id"?}`.
    ///
    /// `login` names nobody (discoverable credentials). `signup` checks the email is free (409
    /// `email_taken`) and picks the new account's id. `register` and `step_up` need a signed-in caller;
    /// `register` needs a recent session too (403 `reauthentication_required`).
    func passkeyOptions() throws -> PalbaseResponse {
        let body = try context.body()
        let purpose = try PasskeyAnswer.purpose(body)
        let rpID = context.passkeyRelyingParty
        var userID: String?
        var sessionID: String?
        var email: String?
        switch purpose {
        case .login:
            break
        case .signup:
            let address = try AuthContext.email(try body.string("email"))
            if try context.users.user(email: address) != nil { throw AuthErrors.emailTaken() }
            email = address
            userID = UUID().uuidString.lowercased()
        case .register, .stepUp:
            let (session, user) = try context.caller()
            if purpose == .register && !context.isRecent(session) { throw AuthErrors.reauthenticationRequired() }
            userID = user.id
            sessionID = session.id
        }
        let challenge = AuthSecrets.token("")
        try context.passkeys.issue(
            challenge, purpose: purpose, rpID: rpID, userID: userID, sessionID: sessionID, email: email, now: now,
            lifetime: policy.passkeyChallengeLifetime)
        var answer: [String: AnyCodableValue] = ["challenge": .string(challenge), "rp_id": .string(rpID)]
        answer["user_id"] = userID.map(AnyCodableValue.string)
        return .json(.object(answer))
    }

    /// POST `/auth/passkey/verify` → a session for `login`, `signup` and `step_up`, 204 for `register`;
    /// 401 `passkey_invalid` for anything that does not check out, after which the challenge is spent.
    ///
    /// `login` and `signup` bind the new session to the request's DPoP key, like a password sign-in.
    /// `step_up` makes the caller's own session recent again and rotates its tokens.
    func passkeyVerify() throws -> PalbaseResponse {
        let answer = try PasskeyAnswer(try context.body())
        let proof = answer.purpose == .login || answer.purpose == .signup ? try context.proof(required: true) : nil
        let caller = answer.purpose == .register || answer.purpose == .stepUp ? try context.caller() : nil
        guard let challenge = try context.passkeys.redeem(answer.challenge, purpose: answer.purpose, now: now) else {
            throw AuthErrors.passkeyInvalid("the challenge is unknown, used, expired or for another purpose")
        }
        let rpID = context.passkeyRelyingParty
        guard challenge.rpID == rpID else { throw AuthErrors.passkeyInvalid("the challenge is for another host") }
        if let caller, challenge.sessionID != caller.session.id {
            throw AuthErrors.passkeyInvalid("the challenge was issued to another session")
        }
        if answer.purpose.creates {
            return try createPasskey(answer, challenge: challenge, rpID: rpID, caller: caller, proof: proof)
        }
        return try usePasskey(answer, rpID: rpID, caller: caller, proof: proof)
    }

    /// `signup` and `register`: stores the new credential (and, for `signup`, the account without a password).
    private func createPasskey(
        _ answer: PasskeyAnswer, challenge: PasskeyStore.Challenge, rpID: String,
        caller: (session: AuthSession, user: AuthUser)?, proof: DPoPProof?
    ) throws -> PalbaseResponse {
        guard let point = answer.publicKey, let key = try? P256PublicKey(x963Representation: point) else {
            throw AuthErrors.passkeyInvalid("public_key must be a 65-byte P-256 point")
        }
        let count = try answer.verify(rpID: rpID, key: key, storedCount: nil)
        if try context.passkeys.credential(id: answer.credentialID) != nil {
            throw AuthErrors.passkeyInvalid("this credential is already registered")
        }
        guard let userID = challenge.userID else { throw AuthErrors.passkeyInvalid("the challenge names no account") }
        let credential = PasskeyStore.Credential(
            id: answer.credentialID, userID: userID, rpID: rpID, publicKey: point, signCount: count)
        if let caller {
            // Checked again: the options were recent, but the session could have gone stale since.
            guard context.isRecent(caller.session) else { throw AuthErrors.reauthenticationRequired() }
            try context.passkeys.insert(credential, name: answer.name, now: now)
            return .noContent
        }
        guard let email = challenge.email else { throw AuthErrors.passkeyInvalid("the challenge names no email") }
        let user = AuthUser(id: userID, email: email, createdAt: now)
        return try context.store.transaction {
            try context.users.insert(user)
            try context.passkeys.insert(credential, name: answer.name, now: now)
            try sendVerification(to: user)
            return try context.mintSession(for: user, proof: proof)
        }
    }

    /// `login` and `step_up`: checks the assertion against the stored key and sign count.
    private func usePasskey(
        _ answer: PasskeyAnswer, rpID: String, caller: (session: AuthSession, user: AuthUser)?, proof: DPoPProof?
    ) throws -> PalbaseResponse {
        guard let credential = try context.passkeys.credential(id: answer.credentialID) else {
            throw AuthErrors.passkeyInvalid("no such credential")
        }
        guard credential.rpID == rpID else { throw AuthErrors.passkeyInvalid("the credential is for another host") }
        guard let key = try? P256PublicKey(x963Representation: credential.publicKey) else {
            throw AuthErrors.passkeyInvalid("the stored key is unusable")
        }
        let count = try answer.verify(rpID: rpID, key: key, storedCount: credential.signCount)
        if let caller {
            guard credential.userID == caller.user.id else {
                throw AuthErrors.passkeyInvalid("the passkey belongs to another account")
            }
            return try context.store.transaction {
                try context.passkeys.recordUse(of: credential.id, signCount: count, now: now)
                let tokens = try context.sessions.stepUp(sessionID: caller.session.id, now: now)
                return context.sessionResponse(caller.user, tokens)
            }
        }
        guard let user = try context.users.user(id: credential.userID), user.deletedAt == nil else {
            throw AuthErrors.passkeyInvalid("the passkey's account no longer exists")
        }
        if user.fenced { throw AuthErrors.subjectFenced() }
        return try context.store.transaction {
            try context.passkeys.recordUse(of: credential.id, signCount: count, now: now)
            return try context.mintSession(for: user, proof: proof)
        }
    }
}
