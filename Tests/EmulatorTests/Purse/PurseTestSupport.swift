import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPurse

/// Runs `body` against an emulator with `PurseEmulator` mounted at `/purse`, in memory unless `storage` says
/// otherwise.
func withPurse<T>(
    storage: EmulatorConfiguration.Storage = .inMemory, settleDelay: Duration = .seconds(1),
    methods: PurseMethodCatalogue = .repository, _ body: (EmulatorServer, PurseTestClient) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration(port: 0, storage: storage)
    configuration.mount(PurseEmulator(settleDelay: settleDelay, methods: methods), at: "/purse")
    return try await withEmulator(configuration) { server, http async throws in
        var http = http
        http.defaultHeaders = [:]
        http.timeout = 90  // a hang guard, past the longest delay fault a test sets (30 s)
        return try await body(server, PurseTestClient(http: http))
    }
}

/// A session as the merchant endpoint minted it, with its decoded `widgetData`.
struct PurseTestSession {
    let id: String
    let secret: String
    /// The decoded `widgetData` JSON.
    let widget: AnyCodableValue
    /// The merchant endpoint's answer.
    let created: AnyCodableValue
}

/// Talks to `/purse` as a merchant server (`x-api-key`) and as the SDK (`Authorization: Bearer`).
struct PurseTestClient: Sendable {
    var http: EmulatorTestClient

    /// The merchant endpoint with `body`.
    func createSessionResponse(
        _ body: AnyCodableValue, apiKey: String? = PurseEmulator.defaultMerchantAPIKey
    ) async throws -> EmulatorTestResponse {
        try await http.send(
            "POST", "/purse/payment/v2/client-sessions", headers: apiKey.map { ["x-api-key": $0] } ?? [:],
            json: body.jsonText)
    }

    /// Mints a session of `amount` and decodes its `widgetData`.
    func createSession(amount: Int = 4_999, currency: String = "EUR") async throws -> PurseTestSession {
        let response = try await createSessionResponse([
            "entity_id": "ent_1", "amount": .int(amount), "currency": .string(currency), "capture_mode": "AUTOMATIC",
            "shopper_redirection_url": "https://shop.example/return", "order": ["reference": "order-1"],
        ])
        try #require(response.status == 201, "\(response.text)")
        let created = try #require(response.json)
        let encoded = try #require(created["widget"]?["data"]?.stringValue)
        let data = try #require(Data(base64Encoded: encoded), "widgetData is base64")
        let widget = try JSONDecoder().decode(AnyCodableValue.self, from: data)
        return PurseTestSession(
            id: try #require(widget["session_id"]?.stringValue),
            secret: try #require(widget["session_secret"]?.stringValue),
            widget: widget, created: created)
    }

    private func headers(_ session: PurseTestSession, key: String? = nil) -> [String: String] {
        var headers = ["Authorization": "Bearer \(session.secret)", "X-Purse-SDK": "swift/test"]
        if let key { headers["Idempotency-Key"] = key }
        return headers
    }

    /// C0 with a card; `number` as typed (spaces allowed), to `path` (another spelling of the vault's).
    func tokenize(
        _ session: PurseTestSession, number: String, cvv: String = "737", month: Int = 12, year: Int = 2099,
        path: String = "/purse/vault/v1/cards"
    ) async throws -> EmulatorTestResponse {
        let card: AnyCodableValue = [
            "number": .string(number), "expiry_month": .int(month), "expiry_year": .int(year), "cvv": .string(cvv),
            "holder_name": "Ada Lovelace",
        ]
        return try await http.send("POST", path, headers: headers(session), json: card.jsonText)
    }

    /// C0 then the token; fails the test unless tokenization succeeded.
    func token(_ session: PurseTestSession, number: String) async throws -> String {
        let response = try await tokenize(session, number: number)
        try #require(response.status == 201, "\(response.text)")
        return try #require(response.json?["token"]?.stringValue)
    }

    /// C1.
    func initialize(_ session: PurseTestSession, disabled: [String] = []) async throws -> EmulatorTestResponse {
        let body: AnyCodableValue = [
            "disabled_methods": .array(disabled.map(AnyCodableValue.string)), "locale": "fr-FR",
        ]
        return try await http.send(
            "POST", "/purse/checkout/v1/sessions/\(session.id)/init", headers: headers(session), json: body.jsonText)
    }

    /// C2: a gift card item (`number` as typed), its id.
    func giftItem(_ session: PurseTestSession, number: String) async throws -> String {
        let body: AnyCodableValue = [
            "method": "illicado-giftcard", "payment_data": ["card_number": .string(number), "pin": "1234"],
        ]
        let response = try await http.send(
            "POST", "/purse/checkout/v1/sessions/\(session.id)/items/init",
            headers: headers(session, key: UUID().uuidString),
            json: body.jsonText)
        try #require(response.status == 200, "\(response.text)")
        return try #require(response.json?["id"]?.stringValue)
    }

    /// The frozen C3 body paying the session by card token.
    func cardBody(token: String, amount: Int = 4_999) -> Data {
        let body: AnyCodableValue = [
            "items": [
                [
                    "method": "creditcard", "partner": "purse", "amount": .int(amount),
                    "payment_data": ["card_token": .string(token)], "payment_preferences": ["save_token": false],
                ]
            ],
            "split_total": .int(amount), "client_context": ["return_url": "shop://return"],
        ]
        return Data(body.jsonText.utf8)
    }

    /// C3 with `key` and the exact `body` bytes.
    func validate(_ session: PurseTestSession, key: String, body: Data) async throws -> EmulatorTestResponse {
        try await http.send(
            "POST", "/purse/checkout/v1/sessions/\(session.id)/validate", headers: headers(session, key: key),
            body: body)
    }

    /// C4.
    func status(_ session: PurseTestSession) async throws -> EmulatorTestResponse {
        try await http.send("GET", "/purse/checkout/v1/sessions/\(session.id)/status", headers: headers(session))
    }

    /// Admin: the session's payments (`count`, `payments`).
    func payments(_ session: PurseTestSession) async throws -> AnyCodableValue {
        let response = try await http.send("GET", "/__emulator/purse/sessions/\(session.id)/payments")
        try #require(response.status == 200, "\(response.text)")
        return try #require(response.json)
    }

    /// Admin: moves the service's clock.
    func setClock(offsetSeconds: Int) async throws {
        let response = try await http.send(
            "PUT", "/__emulator/purse/clock",
            json: AnyCodableValue.object(["offset_seconds": .int(offsetSeconds)]).jsonText)
        try #require(response.status == 200, "\(response.text)")
    }
}

/// Expects a Purse problem+json answer with `status` and `code`, and returns the problem.
@discardableResult
func expectProblem(
    _ response: EmulatorTestResponse, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) -> AnyCodableValue? {
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
    let problem = response.json
    #expect(problem?["error_code"]?.stringValue == code, "\(response.text)", sourceLocation: sourceLocation)
    #expect(problem?["status"]?.intValue == status, sourceLocation: sourceLocation)
    #expect(problem?["request_id"]?.stringValue == response.header("X-Request-Id"), sourceLocation: sourceLocation)
    #expect(problem?["request_id"]?.stringValue?.hasPrefix("req_") == true, sourceLocation: sourceLocation)
    return problem
}
