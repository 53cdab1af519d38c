import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

@Suite struct PurseFaultTests {
    @Test func executeThenDropRecordsThePaymentAndStatusShowsIt() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            let body = client.cardBody(token: token)
            try server.addFault(.executeThenDrop, method: "POST", pathPrefix: "/purse/checkout/v1/sessions", count: 1)
            await #expect(throws: (any Error).self) { try await client.validate(session, key: key, body: body) }
            // The answer never came, but the payment exists: exactly one.
            let payments = try await client.payments(session)
            #expect(payments["count"] == 1)
            let status = try #require(try await client.status(session).json)
            #expect(status["client_session_status"] == "AUTHORIZED")
            #expect(status["payment_id"] == payments["payments"]?[0]?["id"])
            #expect(status["last_validate"]?["idempotency_key"]?.stringValue == key)
            #expect(status["last_validate"]?["completed"] == true)
            // Replaying the same key and body recovers the answer without paying again.
            let replay = try await client.validate(session, key: key, body: body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.json?["session"]?["payment_id"] == status["payment_id"])
            #expect(try server.pursePaymentCount(sessionID: session.id) == 1)
        }
    }

    @Test func dropBeforeExecutingRecordsNothing() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            let body = client.cardBody(token: token)
            // Through the admin API's JSON, as tools outside the process add it.
            let rule = try await client.http.send(
                "POST", "/__emulator/faults",
                json:
                    #"{"method":"POST","path_prefix":"/purse/checkout","count":1,"action":{"type":"drop_before_executing"}}"#
            )
            #expect(rule.status == 201, "\(rule.text)")
            #expect(try server.faults.all().map(\.action) == [.dropBeforeExecuting])
            await #expect(throws: (any Error).self) { try await client.validate(session, key: key, body: body) }
            #expect(try await client.payments(session)["count"] == 0)
            let status = try #require(try await client.status(session).json)
            #expect(status["client_session_status"] == "OPEN")
            #expect(status["last_validate"] == .null)
            // The replay is the first execution.
            let replay = try await client.validate(session, key: key, body: body)
            #expect(replay.status == 200)
            #expect(replay.header("Idempotent-Replayed") == nil)
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    @Test func aServerErrorFaultAnswersProblemJSONWithoutExecuting() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            try server.addFault(
                .status(503, error: "PARTNER_UNAVAILABLE"), method: "POST", pathPrefix: "/purse/checkout", count: 1)
            let failed = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: token))
            expectProblem(failed, 503, "PARTNER_UNAVAILABLE")
            #expect(try await client.payments(session)["count"] == 0)
        }
    }

    @Test func aKeyStillExecutingIs409WithRetryAfterThenReplays() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            let body = client.cardBody(token: token)
            // The first validate holds its claimed key for 30 s: long enough for the three requests below
            // to arrive on a loaded machine (8 s was not, in a 69 s parallel run); the test waits for the
            // claim itself and for the first answer, never for a duration.
            try server.addFault(
                .delay(milliseconds: 30_000), method: "POST", pathPrefix: "/purse/checkout/v1/sessions", count: 1)
            let first = Task { try await client.validate(session, key: key, body: body) }
            try await waitUntil { try server.store.query("SELECT 1 FROM purse_idempotency").count == 1 }
            let inFlight = try await client.validate(session, key: key, body: body)
            expectProblem(inFlight, 409, "IDEMPOTENCY_KEY_IN_USE")
            #expect(inFlight.header("Retry-After") == "1")
            // Another key meanwhile: the session is already claimed.
            let otherKey = try await client.validate(session, key: UUID().uuidString, body: body)
            expectProblem(otherKey, 409, "SESSION_ALREADY_SUBMITTED_ERROR")
            #expect(try await client.status(session).json?["last_validate"]?["completed"] == false)

            let answered = try await first.value
            #expect(answered.status == 200)
            #expect(answered.header("Idempotent-Replayed") == nil)
            let replay = try await client.validate(session, key: key, body: body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == answered.body)
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    @Test func delayAndDropFaultsReachOtherPurseRoutes() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            try server.addFault(.delay(milliseconds: 10), method: "POST", pathPrefix: "/purse/checkout", count: 1)
            #expect(try await client.initialize(session).status == 200)
            try server.addFault(.dropBeforeExecuting, method: "POST", pathPrefix: "/purse/payment", count: 1)
            await #expect(throws: (any Error).self) { try await client.createSession() }
            #expect(try server.store.query("SELECT 1 FROM purse_sessions").count == 1)
            #expect(try server.faults.all().isEmpty)

            // A delayed replay is as slow as the execution would have been (a lower bound: load only adds).
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            #expect(try await client.validate(session, key: key, body: client.cardBody(token: token)).status == 200)
            try server.addFault(.delay(milliseconds: 300), method: "POST", pathPrefix: "/purse/checkout", count: 1)
            let started = ContinuousClock.now
            let replay = try await client.validate(session, key: key, body: client.cardBody(token: token))
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(replay.header("Idempotent-Replayed") == "true")
        }
    }

    @Test func faultActionsRoundTripThroughTheAdminJSON() throws {
        for (json, action) in [
            (#"{"type":"execute_then_drop"}"#, FaultAction.dropBeforeResponse),
            (#"{"type":"drop_before_executing"}"#, .dropBeforeExecuting),
        ] {
            let decoded = try EmulatorJSON.decode(FaultAction.self, from: Data(json.utf8))
            #expect(decoded == action)
            #expect(try EmulatorJSON.decode(FaultAction.self, from: EmulatorJSON.encode(decoded)) == action)
        }
    }
}
