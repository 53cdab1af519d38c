import AppAttestTestSupport
import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// App Attest on the emulator, spoken by hand from `AppAttestWire` and `AppAttestTestFormat`: the admin rules,
/// the challenge and register routes, and the check of assertions on a demanding route.
@Suite struct EmulatorAppAttestTests {
    /// A device holding one test key, talking to the emulator the way the contract says a client does.
    struct Device {
        let key = P256PrivateKey()
        var keyID: String { AppAttestTestFormat.keyID(for: key.publicKey) }

        /// `GET /auth/attest/challenge`.
        func challenge(_ client: EmulatorTestClient) async throws -> String {
            let response = try await client.send("GET", "/auth/attest/challenge")
            #expect(response.status == 200)
            return try #require(response.jsonObject()?["challenge"] as? String)
        }

        /// `POST /auth/attest/register`, sealed as every `/auth/` body is.
        func register(
            _ client: EmulatorTestClient, _ server: EmulatorServer, challenge: String, keyID: String? = nil,
            signedBy authority: P256PrivateKey = AppAttestTestFormat.certificateAuthority
        ) async throws -> (status: Int, error: String?) {
            let attestation = try AppAttestTestFormat.attestation(
                of: key.publicKey, clientDataHash: AppAttestWire.attestationClientDataHash(challenge: challenge),
                signedBy: authority)
            let body: AnyCodableValue = [
                "key_id": .string(keyID ?? self.keyID), "attestation": .string(Base64URL.encode(attestation)),
                "challenge": .string(challenge),
            ]
            let sealer = TestSealer(
                serverKey: try P256PublicKey(x963Representation: server.sealingPublicKey), kid: server.sealingKeyID)
            let path = "/auth/attest/register"
            let response = try await client.send(
                "POST", path, headers: ["X-Palbase-Sealed": "v1"],
                body: try sealer.seal(Data(body.jsonText.utf8), method: "POST", path: path))
            // A sealed request's error envelope comes back sealed.
            guard response.header("X-Palbase-Sealed") == "v1" else { return (response.status, nil) }
            let envelope = try JSONSerialization.jsonObject(with: try sealer.open(response.body, path: path))
            return (response.status, (envelope as? [String: Any])?["error"] as? String)
        }

        /// The two headers of a request whose body is `body`, asserted over `challenge`.
        func headers(challenge: String, body: Data, signer: P256PrivateKey? = nil) throws -> [String: String] {
            let assertion = try AppAttestTestFormat.assertion(
                by: signer ?? key,
                clientDataHash: AppAttestWire.assertionClientDataHash(challenge: challenge, body: body))
            return [
                AppAttestWire.keyHeader: keyID,
                AppAttestWire.assertionHeader: AppAttestWire.assertionHeaderValue(
                    challenge: challenge, assertion: assertion),
            ]
        }

        /// Challenge, attestation, registration: expects 204.
        func enroll(_ client: EmulatorTestClient, _ server: EmulatorServer) async throws {
            let response = try await register(client, server, challenge: try await challenge(client))
            #expect(response.status == 204, "\(response.error ?? "")")
        }
    }

    private static func demanding(_ prefixes: String...) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.appAttest = try prefixes.map { try AppAttestRule(pathPrefix: $0) }
        return configuration
    }

    @Test func offByDefault() async throws {
        try await withEmulator { server, client async throws in
            #expect(server.appAttestRules.isEmpty)
            #expect(try await client.send("POST", "/notes", json: #"{"id":"a","text":"t"}"#).status == 201)
        }
    }

    @Test func aDemandingRouteWithoutAnAssertionIsRefusedInTheEnvelope() async throws {
        try await withEmulator(try Self.demanding("/notes")) { _, client async throws in
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", json: #"{"id":"a","text":"t"}"#), status: 401,
                code: "app_attest_required")
            #expect(try await client.send("GET", "/whoami").status == 200, "other paths are untouched")
        }
    }

    @Test func anAssertionFromARegisteredKeyPassesOnceAndItsReplayIsRefused() async throws {
        try await withEmulator(try Self.demanding("/notes")) { server, client async throws in
            let device = Device()
            try await device.enroll(client, server)
            let body = Data(#"{"id":"a","text":"t"}"#.utf8)
            let headers = try device.headers(challenge: try await device.challenge(client), body: body)
            #expect(try await client.send("POST", "/notes", headers: headers, body: body).status == 201)

            // The same assertion again: its challenge is spent.
            let replay = try await client.send("POST", "/notes", headers: headers, body: body)
            try EmulatorPalbaseTests.expectEnvelope(replay, status: 401, code: "app_attest_required")
            let description = try #require(replay.jsonObject()?["error_description"] as? String)
            #expect(description.contains("already used"))
        }
    }

    @Test func anAssertionOverAnotherBodyOrByAnotherKeyIsRefused() async throws {
        try await withEmulator(try Self.demanding("/notes")) { server, client async throws in
            let device = Device()
            try await device.enroll(client, server)
            let body = Data(#"{"id":"b","text":"t"}"#.utf8)

            let otherBody = try device.headers(challenge: try await device.challenge(client), body: Data("{}".utf8))
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", headers: otherBody, body: body), status: 401,
                code: "app_attest_required")

            let forged = try device.headers(
                challenge: try await device.challenge(client), body: body, signer: P256PrivateKey())
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", headers: forged, body: body), status: 401,
                code: "app_attest_required")

            let stranger = Device()
            let unregistered = try stranger.headers(challenge: try await stranger.challenge(client), body: body)
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", headers: unregistered, body: body), status: 401,
                code: "app_attest_required")

            var malformed = try device.headers(challenge: try await device.challenge(client), body: body)
            malformed[AppAttestWire.assertionHeader] = "no-dot-here"
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", headers: malformed, body: body), status: 401,
                code: "app_attest_required")
        }
    }

    @Test func registrationRefusesForgedMismatchedAndReusedAttestations() async throws {
        try await withEmulator(try Self.demanding("/notes")) { server, client async throws in
            let device = Device()
            let forged = try await device.register(
                client, server, challenge: try await device.challenge(client), signedBy: P256PrivateKey())
            #expect(forged.status == 400 && forged.error == "attestation_invalid")

            let mismatched = try await device.register(
                client, server, challenge: try await device.challenge(client), keyID: Device().keyID)
            #expect(mismatched.status == 400 && mismatched.error == "attestation_invalid")

            let challenge = try await device.challenge(client)
            #expect(try await device.register(client, server, challenge: challenge).status == 204)
            let again = try await device.register(client, server, challenge: challenge)
            #expect(again.status == 400 && again.error == "attestation_invalid")

            let unsealed = try await client.send(
                "POST", "/auth/attest/register", json: #"{"key_id":"k","attestation":"a","challenge":"c"}"#)
            try EmulatorPalbaseTests.expectEnvelope(unsealed, status: 400, code: "sealing_required")
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/auth/attest/challenge"), status: 405, code: "method_not_allowed")
        }
    }

    @Test func theAttestRoutesAreNeverDemandedThemselves() async throws {
        try await withEmulator(try Self.demanding("/")) { server, client async throws in
            let device = Device()
            try await device.enroll(client, server)
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("GET", "/whoami"), status: 401, code: "app_attest_required")
        }
    }

    @Test func theAdminAPISetsListsAndRemovesRulesStrictly() async throws {
        try await withEmulator(try Self.demanding("/configured")) { server, client async throws in
            let added = try await client.send("POST", "/__emulator/attest", json: #"{"path_prefix":"/notes"}"#)
            #expect(added.status == 200)
            let rules = try #require(added.jsonObject()?["rules"] as? [[String: Any]])
            #expect(rules.compactMap { $0["path_prefix"] as? String } == ["/configured", "/notes"])
            try EmulatorPalbaseTests.expectEnvelope(
                try await client.send("POST", "/notes", json: #"{"id":"a","text":"t"}"#), status: 401,
                code: "app_attest_required")

            for (body, method, status, code) in [
                (#"{"path_prefix":"notes"}"#, "POST", 400, "invalid_attest_rule"),
                (#"{"prefix":"/notes"}"#, "POST", 400, "bad_request"),
                ("[]", "POST", 400, "bad_request"),
                (#"{"path_prefix":"/x"}"#, "PUT", 405, "method_not_allowed"),
            ] {
                let refused = try await client.send(method, "/__emulator/attest", json: body)
                #expect(refused.status == status, "\(body)")
                #expect(refused.jsonObject()?["error"] as? String == code, "\(body)")
            }
            #expect(server.appAttestRules.map(\.pathPrefix) == ["/configured", "/notes"], "nothing refused was kept")

            #expect(try await client.send("DELETE", "/__emulator/attest?path_prefix=/notes").status == 204)
            #expect(server.appAttestRules.map(\.pathPrefix) == ["/configured"])
            #expect(try await client.send("POST", "/notes", json: #"{"id":"a","text":"t"}"#).status == 201)

            #expect(try await client.send("DELETE", "/__emulator/attest").status == 204)
            #expect(server.appAttestRules.isEmpty)
            #expect(try await client.send("POST", "/__emulator/reset").status == 204)
            #expect(server.appAttestRules.map(\.pathPrefix) == ["/configured"], "reset restores the configured rules")
        }
    }

    @Test func theTestCAIsAValidKeyAndTheHeaderRoundTrips() throws {
        let ca = AppAttestTestFormat.certificateAuthority
        #expect(ca.publicKey.x963Representation.count == 65)
        let value = AppAttestWire.assertionHeaderValue(challenge: "abc_-", assertion: Data([1, 2, 3]))
        let parsed = try #require(AppAttestWire.parseAssertionHeader(value))
        #expect(parsed.challenge == "abc_-" && parsed.assertion == Data([1, 2, 3]))
        #expect(AppAttestWire.parseAssertionHeader("a.b.c") == nil)
        #expect(AppAttestWire.parseAssertionHeader(".AQID") == nil)
    }
}
