import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

@Suite struct PurseExpiryTests {
    @Test func aSessionExpiresOnTheServiceClock() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            #expect(try await client.initialize(session).status == 200)

            try await client.setClock(offsetSeconds: 3_601)
            expectProblem(try await client.initialize(session), 410, "SESSION_EXPIRED")
            let late = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: token))
            expectProblem(late, 410, "SESSION_EXPIRED")
            #expect(try await client.status(session).json?["client_session_status"] == "EXPIRED")
            #expect(try await client.payments(session)["count"] == 0)

            // Back in time, the session is open again: expiry is the clock's, nothing was written.
            let reset = try await client.http.send("DELETE", "/__emulator/purse/clock")
            #expect(reset.status == 204)
            #expect(try await client.status(session).json?["client_session_status"] == "OPEN")
        }
    }

    @Test func aPaidSessionKeepsItsOutcomeAfterExpiry() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            let body = client.cardBody(token: token)
            let paid = try await client.validate(session, key: key, body: body)
            try await client.setClock(offsetSeconds: 7_200)
            #expect(try await client.status(session).json?["client_session_status"] == "AUTHORIZED")
            let replay = try await client.validate(session, key: key, body: body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == paid.body)
        }
    }

    @Test func theAdminClockIsValidatedAndResetByReset() async throws {
        try await withPurse { server, client async throws in
            let bad = try await client.http.send("PUT", "/__emulator/purse/clock", json: #"{"offset_seconds":"x"}"#)
            #expect(bad.status == 400)
            try await client.setClock(offsetSeconds: 120)
            let clock = try #require(try await client.http.send("GET", "/__emulator/purse/clock").json)
            #expect(clock["offset_seconds"] == 120)
            try server.reset()
            #expect(try await client.http.send("GET", "/__emulator/purse/clock").json?["offset_seconds"] == 0)
            let settings = try #require(try await client.http.send("GET", "/__emulator/purse/settings").json)
            #expect(settings["merchant_api_key"]?.stringValue == PurseEmulator.defaultMerchantAPIKey)
        }
    }
}
