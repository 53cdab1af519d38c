import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

@Suite struct PurseValidateTests {
    @Test(arguments: [
        ("4242 4242 4242 4242", "SUCCESS", "SUCCEEDED", "AUTHORIZED"),
        ("4000 0000 0000 0002", "FAILED", "INSUFFICIENT_FUNDS", "REFUSED"),
        ("4000 0000 0000 0069", "FAILED", "CARD_EXPIRED", "REFUSED"),
        ("5555 5555 5555 4444", "SUCCESS", "SUCCEEDED", "AUTHORIZED"),
    ])
    func aCardPaymentAnswersTheTestCardsOutcome(
        number: String, globalStatus: String, code: String, sessionStatus: String
    ) async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: number)
            let response = try await client.validate(
                session, key: UUID().uuidString, body: client.cardBody(token: token))
            // A decline is a processed payment: 200, never an error.
            #expect(response.status == 200, "\(response.text)")
            #expect(response.header("Idempotent-Replayed") == nil)
            let answer = try #require(response.json)
            #expect(answer["global_status"]?.stringValue == globalStatus)
            #expect(answer["results"]?[0]?["status"]?["code"]?.stringValue == code)
            #expect(answer["results"]?[0]?["status"]?["action"] == "AUTHORIZE")
            #expect(answer["results"]?[0]?["method"] == "creditcard")
            #expect(answer["redirection"]?["url"] == .null)
            #expect(answer["session"]?["status"]?.stringValue == sessionStatus)
            let paymentID = try #require(answer["session"]?["payment_id"]?.stringValue)

            let status = try #require(try await client.status(session).json)
            #expect(status["client_session_status"]?.stringValue == sessionStatus)
            #expect(status["global_status"]?.stringValue == globalStatus)
            #expect(status["payment_id"]?.stringValue == paymentID)
            #expect(status["last_validate"]?["completed"] == true)
            let payments = try await client.payments(session)
            #expect(payments["count"] == 1)
            #expect(payments["payments"]?[0]?["id"]?.stringValue == paymentID)
        }
    }

    @Test func anUncertainPaymentSettlesToSuccessOnStatus() async throws {
        try await withPurse(settleDelay: .seconds(120)) { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4000 0000 0000 0119")
            let response = try await client.validate(
                session, key: UUID().uuidString, body: client.cardBody(token: token))
            #expect(response.json?["global_status"] == "UNCERTAIN")
            #expect(response.json?["session"]?["status"] == "SUBMITTED")
            // Before the settle time (on the service's clock, far from any real deadline): still uncertain.
            #expect(try await client.status(session).json?["global_status"] == "UNCERTAIN")
            try await client.setClock(offsetSeconds: 600)
            let settled = try #require(try await client.status(session).json)
            #expect(settled["global_status"] == "SUCCESS")
            #expect(settled["client_session_status"] == "AUTHORIZED")
            #expect(settled["results"]?[0]?["status"]?["code"] == "SUCCEEDED")
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    /// A primary amount that is present but not a whole number of minor units is refused, never read as
    /// "the rest" and charged. (`4999.9999`, `2^64`, `"1"` and `{}` were all charged the session's amount.)
    @Test(arguments: ["4999.9999", "18446744073709551616", "\"1\"", "{}", "[]", "true"])
    func aMalformedPrimaryAmountIsRefusedAndNothingIsCharged(_ amount: String) async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let body = String(decoding: client.cardBody(token: token), as: UTF8.self)
                .replacingOccurrences(of: #""amount":4999"#, with: #""amount":\#(amount)"#)
            #expect(body.contains(#""amount":\#(amount)"#), "the fixture bends the item's amount")
            let response = try await client.validate(session, key: UUID().uuidString, body: Data(body.utf8))
            #expect(response.status == 400, "\(response.text)")
            #expect(try await client.payments(session)["count"] == 0)
        }
    }

    /// A return URL no app can own (`javascript:`, `data:`, `file:`) is refused before anything is charged.
    @Test(arguments: ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd"])
    func aReturnURLNoAppCanOwnIsRefused(_ returnURL: String) async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let body: AnyCodableValue = [
                "items": [["method": "paypal-wallet", "payment_data": [:]]], "split_total": 4_999,
                "client_context": ["return_url": .string(returnURL)],
            ]
            let response = try await client.validate(session, key: UUID().uuidString, body: Data(body.jsonText.utf8))
            #expect(response.status == 400, "\(response.text)")
            #expect(response.text.contains("/client_context/return_url"))
            #expect(try await client.payments(session)["count"] == 0)
        }
    }

    /// The same gift item twice in one payment is refused (400), not a 500 the SDK reads as an unknown
    /// outcome, and nothing is charged.
    @Test func theSameGiftItemTwiceIsRefused() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let item = try await client.giftItem(session, number: "6000 0000 0000 2000")
            let body: AnyCodableValue = [
                "items": [
                    ["method": "illicado-giftcard", "amount": 1_000, "payment_data": ["item_id": .string(item)]],
                    ["method": "illicado-giftcard", "amount": 1_000, "payment_data": ["item_id": .string(item)]],
                    ["method": "creditcard", "payment_data": ["card_token": "tok_unused"]],
                ],
                "split_total": 4_999,
            ]
            let response = try await client.validate(
                session, key: UUID().uuidString, body: Data(body.jsonText.utf8))
            #expect(response.status == 400, "\(response.text)")
            #expect(response.text.contains("/items/1/payment_data/item_id"))
            #expect(try await client.payments(session)["count"] == 0)
        }
    }

    @Test func aReplayWithTheSameKeyAndBodyGetsTheStoredAnswerAndNoSecondPayment() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            let body = client.cardBody(token: token)
            let first = try await client.validate(session, key: key, body: body)
            #expect(first.status == 200)
            let replay = try await client.validate(session, key: key, body: body)
            #expect(replay.status == 200)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.body == first.body)
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    @Test func theSameKeyWithAnotherBodyIs422() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4242424242424242")
            let key = UUID().uuidString
            #expect(try await client.validate(session, key: key, body: client.cardBody(token: token)).status == 200)
            var other = client.cardBody(token: token)
            other.append(contentsOf: Array(" ".utf8))  // byte-different, same meaning: still another body
            expectProblem(try await client.validate(session, key: key, body: other), 422, "IDEMPOTENCY_KEY_MISMATCH")
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    @Test func aSessionTakesOnePaymentAndANewKeyGetsTheStoredOutcome() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let token = try await client.token(session, number: "4000000000000002")
            let first = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: token))
            #expect(first.json?["global_status"] == "FAILED")
            // A declined session is spent too: a second card on a new key does not pay.
            let second = try await client.token(session, number: "4242424242424242")
            let again = try await client.validate(session, key: UUID().uuidString, body: client.cardBody(token: second))
            let problem = expectProblem(again, 409, "SESSION_ALREADY_SUBMITTED_ERROR")
            #expect(problem?["data"] == first.json)
            #expect(try await client.payments(session)["count"] == 1)
        }
    }

    @Test func anInvalidSubmitLeavesTheSessionOpen() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession(amount: 4_999)
            let token = try await client.token(session, number: "4242424242424242")
            let failedKey = UUID().uuidString
            let wrongAmount = try await client.validate(
                session, key: failedKey, body: client.cardBody(token: token, amount: 100))
            expectProblem(wrongAmount, 422, "INVALID_TAKE_AMOUNT")
            let unknownToken = try await client.validate(
                session, key: UUID().uuidString, body: client.cardBody(token: "tok_unknown"))
            expectProblem(unknownToken, 400, "INVALID_CARD")
            let unknownMethod = try await client.validate(
                session, key: UUID().uuidString, body: Data(#"{"items":[{"method":"cash"}]}"#.utf8))
            expectProblem(unknownMethod, 400, "PAYMENT_METHOD_NOT_FOUND_IN_SESSION")
            let noKey = try await client.http.send(
                "POST", "/purse/checkout/v1/sessions/\(session.id)/validate",
                headers: ["Authorization": "Bearer \(session.secret)"], body: client.cardBody(token: token))
            expectProblem(noKey, 400, "INVALID_INIT_PARAMS")
            #expect(try await client.payments(session)["count"] == 0)
            #expect(try await client.status(session).json?["client_session_status"] == "OPEN")
            // The same key that failed validation is free again: nothing was stored for it.
            let paid = try await client.validate(session, key: failedKey, body: client.cardBody(token: token))
            #expect(paid.json?["global_status"] == "SUCCESS")
        }
    }

    @Test func aRedirectionMethodWaitsWithThePartnersURL() async throws {
        try await withPurse { _, client async throws in
            let session = try await client.createSession()
            let body: AnyCodableValue = [
                "items": [["method": "paypal-wallet", "partner": "paypal", "amount": 4_999]],
                "client_context": ["return_url": "shop://return"],
            ]
            let response = try await client.validate(session, key: UUID().uuidString, body: Data(body.jsonText.utf8))
            #expect(response.json?["global_status"] == "WAITING")
            let url = try #require(response.json?["redirection"]?["url"]?.stringValue)
            #expect(url.contains("/purse/partners/paypal/checkout?session_id=\(session.id)"))
            #expect(try await client.status(session).json?["client_session_status"] == "SUBMITTED")
        }
    }
}
