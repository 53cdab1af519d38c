import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct EmulatorFaultTests {
    @Test func statusFaultAnswersTheEnvelopeWithRetryAfterWithoutRunningTheRequest() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(
                .retryAfter(seconds: 3, status: 503, error: "unavailable"), method: "POST", pathPrefix: "/notes")
            let response = try await client.send("POST", "/notes", json: #"{"id":"n","text":"t"}"#)
            try EmulatorPalbaseTests.expectEnvelope(response, status: 503, code: "unavailable")
            #expect(response.header("Retry-After") == "3")
            #expect(try await client.send("GET", "/notes/n").status == 404)
        }
    }

    @Test func countedFaultAppliesThatManyTimesThenStops() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.status(500, error: "flaky"), pathPrefix: "/whoami", count: 2)
            #expect(try await client.send("GET", "/whoami").status == 500)
            #expect(try await client.send("GET", "/whoami").status == 500)
            #expect(try await client.send("GET", "/whoami").status == 200)
            #expect(try server.faults.all().isEmpty)
        }
    }

    @Test func methodAndPrefixMustBothMatch() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.status(418, error: "teapot"), method: "POST", pathPrefix: "/notes")
            #expect(try await client.send("GET", "/notes/x").status == 404)
            #expect(try await client.send("GET", "/whoami").status == 200)
            #expect(try await client.send("POST", "/notes", json: "{}").status == 418)
        }
    }

    @Test func delayWaitsThenAnswersNormally() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.delay(milliseconds: 300), pathPrefix: "/whoami", count: 1)
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await client.send("GET", "/whoami")
            #expect(clock.now - start >= .milliseconds(300))
            #expect(response.status == 200)
        }
    }

    @Test(arguments: [FaultAction.dropBeforeResponse, .dropAfterHeaders, .dropMidBody(afterBytes: 5)])
    func dropsLoseTheAnswerButTheRequestRan(action: FaultAction) async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(action, method: "POST", pathPrefix: "/notes", count: 1)
            await #expect(throws: (any Error).self) {
                _ = try await client.send("POST", "/notes", json: #"{"id":"d","text":"lost answer"}"#)
            }
            // The write happened (the realistic "outcome unknown" case), exactly once.
            let stored = try await client.send("GET", "/notes/d")
            #expect(stored.status == 200)
            #expect(try server.recentRequests().filter { $0.method == "POST" }.count == 1)
        }
    }

    @Test func malformedJSONFaultSendsAnUnparsableJSONBody() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.malformedJSON(status: 200), pathPrefix: "/whoami")
            let response = try await client.send("GET", "/whoami")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("X-Request-Id") != nil)
            #expect(!response.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
        }
    }

    @Test func statusFaultsUnderMountedPrefixesUseThatServicesShape() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.status(429, error: "RATE_LIMIT_EXCEEDED", retryAfter: 2), pathPrefix: "/api/sdk")
            let chat = try await client.send("POST", "/api/sdk/agents/a/chat", json: "{}")
            #expect(chat.status == 429)
            #expect(chat.header("Retry-After") == "2")
            let error = try #require(chat.jsonObject()?["error"] as? [String: Any])
            #expect(error["code"] as? String == "RATE_LIMIT_EXCEEDED")

            try server.addFault(.status(503, error: "PARTNER_UNAVAILABLE"), pathPrefix: "/purse")
            let purse = try await client.send("POST", "/purse/checkout/v1/sessions/s/validate", json: "{}")
            #expect(purse.status == 503)
            #expect(purse.header("Content-Type") == "application/problem+json")
            #expect(purse.jsonObject()?["error_code"] as? String == "PARTNER_UNAVAILABLE")
        }
    }

    @Test func adminRequestsAreNeverFaultedNorLogged() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.dropBeforeResponse, pathPrefix: "/")
            #expect(try await client.send("GET", "/__emulator/health").status == 200)
            #expect(try server.recentRequests().isEmpty)
        }
    }

    @Test func adminAndSwiftAPIShareTheRules() async throws {
        try await withEmulator { server, client async throws in
            let created = try await client.send(
                "POST", "/__emulator/faults",
                json:
                    #"{"method":"GET","path_prefix":"/whoami","count":3,"action":{"type":"drop_mid_body","after_bytes":4}}"#
            )
            #expect(created.status == 201)
            let id = try #require(created.jsonObject()?["id"] as? Int)
            #expect(
                try server.faults.all() == [
                    FaultRule(method: "GET", pathPrefix: "/whoami", count: 3, action: .dropMidBody(afterBytes: 4))
                        .with(id: id)
                ])

            try server.addFault(.dropAfterHeaders, pathPrefix: "/notes")
            let listed = try #require(try await client.send("GET", "/__emulator/faults").jsonObject())
            let faults = try #require(listed["faults"] as? [[String: Any]])
            #expect(faults.count == 2)
            #expect((faults[1]["action"] as? [String: Any])?["type"] as? String == "drop_after_headers")

            #expect(try await client.send("DELETE", "/__emulator/faults/\(id)").status == 204)
            #expect(try await client.send("DELETE", "/__emulator/faults/\(id)").status == 404)
            #expect(try server.faults.all().count == 1)
            #expect(try await client.send("DELETE", "/__emulator/faults").status == 204)
            #expect(try server.faults.all().isEmpty)
        }
    }

    @Test(arguments: [
        #"{"path_prefix":"/x"}"#, #"{"path_prefix":"x","action":{"type":"drop_after_headers"}}"#,
        #"{"path_prefix":"/x","action":{"type":"nope"}}"#,
        #"{"path_prefix":"/x","count":0,"action":{"type":"delay","milliseconds":1}}"#,
        "not json", "",
    ])
    func invalidFaultRulesAre400(body: String) async throws {
        try await withEmulator { server, client async throws in
            let response = try await client.send("POST", "/__emulator/faults", json: body)
            #expect(response.status == 400)
            #expect(["bad_request", "invalid_fault"].contains(response.jsonObject()?["error"] as? String))
            #expect(try server.faults.all().isEmpty)
        }
    }

    @Test func clearFaultsFromSwift() async throws {
        try await withEmulator { server, client async throws in
            try server.addFault(.status(500, error: "x"), pathPrefix: "/whoami")
            try server.clearFaults()
            #expect(try await client.send("GET", "/whoami").status == 200)
        }
    }
}

extension FaultRule {
    fileprivate func with(id: Int) -> FaultRule {
        var copy = self
        copy.id = id
        return copy
    }
}
