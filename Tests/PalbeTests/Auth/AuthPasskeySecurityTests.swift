import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import Testing

/// Hostile passkey answers, each refused with a typed error and leaving no session behind: on the
/// device (nothing persisted, nobody signed in) and on the server (no session minted).
@Suite struct AuthPasskeySecurityTests {
    /// Signs up an account with a passkey held by `bed`'s software authenticator, signs it out, and
    /// returns the sessions the server holds afterwards.
    private func enrolledAccount(_ bed: AuthTestBed) async throws -> Int {
        let owner = bed.client()
        try await owner.auth.signUpWithPasskey(email: "victim@example.com", displayName: "Victim")
        try await owner.auth.signOut()
        return try await bed.allSessions().count
    }

    /// `attempt` fails with 401 `passkey_invalid` for the check that mentions `reason`, the client stays
    /// signed out, and the server minted no session.
    private func expectRefused(
        _ bed: AuthTestBed, _ client: PalbeClient, sessionsBefore: Int, because reason: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ attempt: () async throws(AuthError) -> Void
    ) async throws {
        let error = await authError(attempt)
        guard case .http(401, "passkey_invalid", let message, _) = error else {
            Issue.record(
                "expected 401 passkey_invalid, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(message.contains(reason), "\(message)", sourceLocation: sourceLocation)
        #expect(await client.auth.isSignedIn == false, sourceLocation: sourceLocation)
        #expect(try bed.persisted(client)?.session == nil, sourceLocation: sourceLocation)
        #expect(try await bed.allSessions().count == sessionsBefore, sourceLocation: sourceLocation)
        #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "a refused passkey is not a stale token")
    }

    @Test func aReplayedAssertionIsRefused() async throws {
        try await withAuthBackend { bed in
            _ = try await enrolledAccount(bed)
            let replaying = bed.client(passkeys: TamperingAuthenticator(bed.authenticator, .replayFirstAssertion))
            try await replaying.auth.signInWithPasskey()  // recorded, and legitimately used once
            try await replaying.auth.signOut()
            let sessions = try await bed.allSessions().count
            try await expectRefused(bed, replaying, sessionsBefore: sessions, because: "another challenge") {
                () async throws(AuthError) in
                try await replaying.auth.signInWithPasskey()
            }
        }
    }

    @Test func aSignatureFromAnotherKeyIsRefused() async throws {
        try await withAuthBackend { bed in
            let sessions = try await enrolledAccount(bed)
            let forging = bed.client(passkeys: TamperingAuthenticator(bed.authenticator, .signWithAnotherKey))
            try await expectRefused(bed, forging, sessionsBefore: sessions, because: "signature") {
                () async throws(AuthError) in
                try await forging.auth.signInWithPasskey()
            }
        }
    }

    @Test func aClonedAuthenticatorsSignCountRegressionIsRefused() async throws {
        try await withAuthBackend { bed in
            _ = try await enrolledAccount(bed)
            let key = SoftwareAuthenticator.itemKey(rpID: bed.rpID)
            let clone = try #require(try bed.store.read(key), "the credential is in the secure store")
            let client = bed.client()
            try await client.auth.signInWithPasskey()  // count 1
            try await client.auth.signOut()
            try bed.store.write(clone, for: key)  // the copy still says 0, so its next count is 1 again
            let sessions = try await bed.allSessions().count
            try await expectRefused(bed, client, sessionsBefore: sessions, because: "sign count") {
                () async throws(AuthError) in
                try await client.auth.signInWithPasskey()
            }
        }
    }

    @Test func anAssertionForAnotherRelyingPartyIsRefused() async throws {
        try await withAuthBackend { bed in
            let sessions = try await enrolledAccount(bed)
            // A phishing relay: the same credential, but the ceremony run for the attacker's host.
            let clone = try #require(try bed.store.read(SoftwareAuthenticator.itemKey(rpID: bed.rpID)))
            try bed.store.write(clone, for: SoftwareAuthenticator.itemKey(rpID: "evil.example"))
            let relayed = bed.client(passkeys: TamperingAuthenticator(bed.authenticator, .relyingParty("evil.example")))
            try await expectRefused(bed, relayed, sessionsBefore: sessions, because: "origin") {
                () async throws(AuthError) in
                try await relayed.auth.signInWithPasskey()
            }
        }
    }

    @Test func aStepUpWithAnotherAccountsPasskeyIsRefusedAndTheSessionStaysStale() async throws {
        try await withAuthBackend { bed in
            _ = try await enrolledAccount(bed)  // the store's only passkey is the victim's
            // The attacker's session lives elsewhere; the device's passkey store is the victim's.
            let attacker = bed.client(passkeys: bed.authenticator, store: ScriptedSecureStore())
            try await attacker.auth.signUp(email: "attacker@example.com", password: "correct-horse")
            try await bed.setClockOffset(301)
            let error = await authError { () async throws(AuthError) in try await attacker.auth.stepUp() }
            #expect(error?.code == "passkey_invalid")
            let refreshes = try bed.requests(to: "/auth/token/refresh")
            #expect(
                refreshes.isEmpty, "a refused passkey on a signed-in client is not a stale token: no refresh, no replay"
            )
            let stale = await authError { () async throws(AuthError) in
                try await attacker.auth.registerPasskey(name: "mine now")
            }
            #expect(stale?.code == "reauthentication_required")
        }
    }
}
