import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

@Suite struct PurseSessionTests {
    @Test func theMerchantEndpointMintsASessionWhoseWidgetDataDecodes() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession(amount: 4_999)
            #expect(session.created["status"] == "CREATED")
            #expect(session.created["amount"] == 4_999)
            #expect(session.created["currency"] == "EUR")
            #expect(session.created["id"]?.stringValue == session.id)
            #expect(session.id.hasPrefix("cs_"))
            #expect(session.widget["v"] == 2)
            #expect(session.widget["api_root"]?.stringValue == client.http.baseURL.absoluteString + "/purse")
            #expect(session.widget["environment"] == "sandbox")
            #expect(session.widget["amount"] == 4_999)
            #expect(session.widget["redirection_url"] == "https://shop.example/return")
            #expect(session.widget["expires_at"] == session.created["expires_at"])
            // An hour ahead on the service's clock.
            let expires = try #require(
                session.widget["expires_at"]?.stringValue.flatMap { ISO8601Timestamp.date(from: $0) })
            #expect(abs(expires.timeIntervalSinceNow - 3_600) < 300)
            // The secret is not kept in clear.
            let stored = try server.store.query("SELECT * FROM purse_sessions WHERE id = ?", [.text(session.id)])
            #expect(stored.count == 1)
            #expect(stored.first?.string("secret_hash") != session.secret)
            #expect(stored.first?.string("status") == "OPEN")
        }
    }

    @Test func theMerchantEndpointNeedsTheAPIKeyAndAValidBody() async throws {
        try await withPurse { _, client async throws in
            let body: AnyCodableValue = ["entity_id": "e", "amount": 100, "currency": "EUR"]
            expectProblem(try await client.createSessionResponse(body, apiKey: nil), 401, "UNAUTHORIZED")
            expectProblem(try await client.createSessionResponse(body, apiKey: "sk_wrong"), 401, "UNAUTHORIZED")
            let negative = try await client.createSessionResponse(["entity_id": "e", "amount": -1, "currency": "EUR"])
            let problem = expectProblem(negative, 400, "INVALID_INIT_PARAMS")
            #expect(problem?["errors"]?[0]?["pointer"] == "/amount")
            expectProblem(
                try await client.createSessionResponse(["entity_id": "e", "amount": 1, "currency": "EURO"]), 400,
                "INVALID_INIT_PARAMS")
            #expect(try await client.createSessionResponse(body).status == 201)
        }
    }

    @Test func initListsTheMethodsWithTheirDisabledStates() async throws {
        try await withPurse { _, client async throws in
            let small = try await client.createSession(amount: 1_000)
            let response = try await client.initialize(small, disabled: ["applepay-wallet"])
            #expect(response.status == 200, "\(response.text)")
            let document = try #require(response.json)
            #expect(document["session"]?["id"]?.stringValue == small.id)
            #expect(document["session"]?["status"] == "OPEN")
            #expect(document["session"]?["remaining_amount"] == 1_000)
            let methods = try #require(document["methods"]?.arrayValue)
            #expect(
                methods.compactMap { $0["id"]?.stringValue }
                    == ["creditcard", "paypal-wallet", "klarna-paylater", "illicado-giftcard"])
            let klarna = try #require(methods.first { $0["id"] == "klarna-paylater" })
            #expect(klarna["disabled"]?["code"] == "MIN_AMOUNT_NOT_MET")
            #expect(klarna["requires_plugin"] == "klarna")
            let card = try #require(methods.first { $0["id"] == "creditcard" })
            #expect(card["disabled"] == .null)
            #expect(card["integration_type"] == "hosted_fields")
            #expect(methods.first { $0["id"] == "illicado-giftcard" }?["is_secondary"] == true)

            let large = try await client.createSession(amount: 600_000)
            let paypal = try #require(
                try await client.initialize(large).json?["methods"]?.arrayValue?.first { $0["id"] == "paypal-wallet" })
            #expect(paypal["disabled"]?["code"] == "MAX_AMOUNT_EXCEEDED")
        }
    }

    @Test func checkoutRoutesNeedTheSessionSecret() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let other = try await client.createSession()
            let forged = PurseTestSession(id: session.id, secret: "ss_forged", widget: session.widget, created: [:])
            expectProblem(try await client.initialize(forged), 401, "UNAUTHORIZED")
            // Another session's secret does not open this one.
            let crossed = PurseTestSession(id: session.id, secret: other.secret, widget: session.widget, created: [:])
            expectProblem(try await client.status(crossed), 404, "API_404")
            expectProblem(try await client.http.send("GET", "/purse/checkout/v1/nowhere"), 404, "API_404")
            let wrongMethod = try await client.http.send(
                "GET", "/purse/checkout/v1/sessions/\(session.id)/validate",
                headers: ["Authorization": "Bearer \(session.secret)"])
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Allow") == "POST")
        }
    }

    @Test func tokenizationKeepsOnlyTheTokenBrandAndLastFour() async throws {
        try await withPurse { server, client async throws in
            let session = try await client.createSession()
            let response = try await client.tokenize(session, number: "4242 4242 4242 4242", cvv: "737")
            #expect(response.status == 201, "\(response.text)")
            let card = try #require(response.json)
            let token = try #require(card["token"]?.stringValue)
            #expect(token.hasPrefix("tok_"))
            #expect(card["brand"] == "visa")
            #expect(card["last4"] == "4242")
            #expect(card["expiry_month"] == 12)
            #expect(card["expiry_year"] == 2099)
            #expect(!response.text.contains("4242424242424242"))
            let rows = try server.store.query("SELECT * FROM purse_card_tokens")
            #expect(rows.count == 1)
            #expect(rows.first?.string("token") == token)
            #expect(rows.first?.string("last4") == "4242")
            // The request log keeps the request, not its card body.
            let logged = try server.onlyRequest(to: "/purse/vault")
            #expect(logged.body == RequestLog.redactedBody)
        }
    }

    @Test func tokenizationRejectsBadCardsByField() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let cases: [(number: String, cvv: String, month: Int, year: Int, pointer: String)] = [
                ("4242 4242 4242 4241", "737", 12, 2099, "/number"),  // Luhn fails
                ("4242", "737", 12, 2099, "/number"),
                ("4242424242424242", "73", 12, 2099, "/cvv"),
                ("378282246310005", "737", 12, 2099, "/cvv"),  // amex wants 4 digits
                ("4242424242424242", "737", 13, 2099, "/expiry_month"),
                ("4242424242424242", "737", 1, 2001, "/expiry_year"),  // in the past
            ]
            for card in cases {
                let response = try await client.tokenize(
                    session, number: card.number, cvv: card.cvv, month: card.month, year: card.year)
                let problem = expectProblem(response, 400, "INVALID_CARD")
                #expect(problem?["errors"]?[0]?["pointer"]?.stringValue == card.pointer, "\(card.number)")
                #expect(!response.text.contains(card.number), "the number is never echoed")
            }
            let amex = try await client.tokenize(session, number: "378282246310005", cvv: "1234")
            #expect(amex.json?["brand"] == "amex")
        }
    }
}

@Suite struct PurseStandardMountTests {
    @Test func theStandardConfigurationMountsPurse() async throws {
        var configuration = EmulatorConfiguration.standard(port: 0, storage: .inMemory)
        configuration.palbaseHandlers = []
        try await withEmulator(configuration) { _, http async throws in
            let health = try #require(try await http.send("GET", "/__emulator/health").json)
            let purse = health["mounts"]?.arrayValue?.first { $0["prefix"] == "/purse" }
            #expect(purse?["service"] == "purse")
            var client = PurseTestClient(http: http)
            client.http.defaultHeaders = [:]
            let session = try await client.createSession()
            #expect(try await client.initialize(session).status == 200)
        }
    }
}

@Suite struct PurseMethodStateTests {
    @Test func anAdminDisabledMethodIsListedDisabledAndRefused() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let set = try await client.http.send(
                "PUT", "/__emulator/purse/methods/creditcard/disabled",
                json: #"{"code":"METHOD_UNSTABLE","message":"The acquirer is degraded"}"#)
            #expect(set.status == 200, "\(set.text)")
            let methods = try #require(try await client.initialize(session).json?["methods"]?.arrayValue)
            let card = try #require(methods.first { $0["id"] == "creditcard" })
            #expect(card["disabled"]?["code"] == "METHOD_UNSTABLE")
            #expect(card["disabled"]?["message"] == "The acquirer is degraded")

            let token = try await client.token(session, number: "4242424242424242")
            let refused = try await client.validate(
                session, key: UUID().uuidString, body: client.cardBody(token: token))
            expectProblem(refused, 422, "USAGE_LIMIT_ERROR")
            #expect(try await client.payments(session)["count"] == 0)

            #expect(try await client.http.send("DELETE", "/__emulator/purse/methods/creditcard/disabled").status == 204)
            let enabled = try #require(try await client.initialize(session).json?["methods"]?[0])
            #expect(enabled["disabled"] == .null)
            let paid = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: token))
            #expect(paid.json?["global_status"] == "SUCCESS")
            let unknown = try await client.http.send(
                "PUT", "/__emulator/purse/methods/cash/disabled", json: #"{"code":"METHOD_UNSTABLE"}"#)
            #expect(unknown.status == 404)
        }
    }
}
