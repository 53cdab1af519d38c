import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import PurseCheckout

/// `widgetData` is base64 (padding optional) of the version 2 JSON; anything else is
/// `SESSION_MALFORMED`, a past `expires_at` is `EXPIRED_SESSION`.
@Suite struct WidgetDataTests {
    static func widget(_ fields: [String: AnyCodableValue] = [:], removing: [String] = []) -> String {
        var object: [String: AnyCodableValue] = [
            "v": 2, "session_id": "cs_abc", "session_secret": "ss_secret", "api_root": "http://127.0.0.1:1/purse",
            "environment": "sandbox", "expires_at": .string(ISO8601Timestamp.string(from: Date() + 3_600)),
            "amount": 4_999, "currency": "EUR", "redirection_url": .null,
        ]
        for (key, value) in fields { object[key] = value }
        for key in removing { object[key] = nil }
        return Data(AnyCodableValue.object(object).jsonText.utf8).base64EncodedString()
    }

    static func checkout(_ widgetData: String) throws -> PurseHeadlessCheckout {
        try PurseHeadlessCheckout(widgetData: widgetData, transport: DefaultTransport.make())
    }

    @Test func decodesWithAndWithoutPadding() throws {
        let padded = Self.widget()
        let unpadded = padded.replacingOccurrences(of: "=", with: "")
        for text in [padded, unpadded, "  \(padded)\n"] {
            let checkout = try Self.checkout(text)
            #expect(checkout.sessionID == "cs_abc")
            #expect(checkout.amount == 4_999)
            #expect(checkout.currency == "EUR")
            #expect(checkout.sessionState == .idle)
        }
        #expect(padded.hasSuffix("="), "the fixture must exercise padding")
    }

    @Test(arguments: [
        ("not base64 at all!", "it is not base64"),
        (Data("[1,2]".utf8).base64EncodedString(), "it does not hold a JSON object"),
        (Data("{\"v\":".utf8).base64EncodedString(), "it does not hold a JSON object"),
        (widget(["v": 1]), "version 1 is not supported (expected 2)"),
        (widget(removing: ["v"]), "it has no version (v)"),
        (widget(removing: ["session_secret"]), "session_secret is missing or not a string"),
        (widget(["session_id": "../etc"]), "session_id has characters a session id cannot have"),
        (widget(["api_root": "ftp://x"]), "api_root is not an http(s) URL without a query"),
        (widget(["api_root": "https://x/purse?v=1"]), "api_root is not an http(s) URL without a query"),
        (widget(["expires_at": "tomorrow"]), "expires_at is not an ISO 8601 date"),
        (widget(["amount": "12"]), "amount is missing or not a whole number of minor units"),
    ])
    func malformedDataIsSessionMalformed(_ text: String, _ reason: String) throws {
        do {
            _ = try Self.checkout(text)
            Issue.record("malformed widgetData was accepted")
        } catch PurseCheckoutError.sessionMalformed(let thrown) {
            #expect(thrown == reason)
            #expect(PurseCheckoutError.sessionMalformed(reason: thrown).code.rawValue == "SESSION_MALFORMED")
        }
    }

    /// An `api_root` ending in `/` (or several) still gives one slash before each endpoint's path:
    /// `…/purse//vault/…` would be another spelling of the vault's path to every server-side policy.
    @Test(arguments: ["http://127.0.0.1:1/purse", "http://127.0.0.1:1/purse/", "http://127.0.0.1:1/purse//"])
    func endpointURLsJoinTheAPIRootWithOneSlash(_ root: String) throws {
        let session = try WidgetSession(widgetData: Self.widget(["api_root": .string(root)]))
        #expect(session.endpointURLs[.vault]?.absoluteString == "http://127.0.0.1:1/purse/vault/v1/cards")
        #expect(
            session.endpointURLs[.validate]?.absoluteString
                == "http://127.0.0.1:1/purse/checkout/v1/sessions/cs_abc/validate")
        #expect(session.endpointURLs.count == CheckoutEndpoint.allCases.count)
    }

    @Test func aPastExpiryIsExpiredSession() throws {
        let expired = Self.widget(["expires_at": .string(ISO8601Timestamp.string(from: Date() - 1))])
        do {
            _ = try Self.checkout(expired)
            Issue.record("an expired session was accepted")
        } catch let error as PurseCheckoutError {
            #expect(error.code == .expiredSession)
        }
        // setSession refuses it too, and keeps the current session.
        let checkout = try Self.checkout(Self.widget())
        #expect(throws: PurseCheckoutError.self) { try checkout.setSession(widgetData: expired) }
        #expect(checkout.sessionID == "cs_abc")
    }

    /// `expires_at` as Unix seconds (a number, whole or not), as servers also send it.
    @Test func anExpiryInUnixSecondsIsReadToo() throws {
        let whole = Int(Date().timeIntervalSince1970) + 3_600
        let session = try WidgetSession(widgetData: Self.widget(["expires_at": .int(whole)]))
        #expect(session.expiresAt == Date(timeIntervalSince1970: TimeInterval(whole)))
        let fractional = Date().timeIntervalSince1970 + 60.5
        #expect(
            try WidgetSession(widgetData: Self.widget(["expires_at": .double(fractional)])).expiresAt
                == Date(timeIntervalSince1970: fractional))
        let past = Self.widget(["expires_at": .int(Int(Date().timeIntervalSince1970) - 1)])
        let expired = #expect(throws: PurseCheckoutError.self) { try Self.checkout(past) }
        #expect(expired?.code == .expiredSession)
        for odd: AnyCodableValue in [.int(-5), .bool(true), ["at": 1], .null] {
            #expect(throws: PurseCheckoutError.self) { try WidgetSession(widgetData: Self.widget(["expires_at": odd])) }
        }
    }

    /// Card data is never sent over plain http for a production session: the vault call is refused before
    /// anything leaves, and nothing reaches the server.
    @Test func aProductionSessionNeverSendsCardDataOverHTTP() async throws {
        let session = try WidgetSession(widgetData: Self.widget(["environment": "production"]))
        // Nothing answers: what is sent fails, and is counted.
        let transport = ScriptedTransport(.fail())
        let api = CheckoutAPI(
            session: session, transport: transport, trace: ExchangeTrace(.purse, logger: NoLogger()), clock: .live,
            requestTimeout: nil)
        let error = try #require(
            await #expect(throws: PaymentAPIError.self) {
                _ = try await api.send(.vault, body: Data(#"{"number":"4242424242424242"}"#.utf8))
            })
        #expect(error.requestSent == false)
        #expect(error.message.contains("never sent over http"))
        #expect(transport.requests.count == 0)
        // Other calls of the same session go out (an http API root is the integrator's choice).
        _ = try? await api.send(.status)
        #expect(transport.requests.count == 1)
    }

    @Test func theSecretIsNeverShown() throws {
        let session = try WidgetSession(widgetData: Self.widget())
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, String(reflecting: session), dumped] {
            #expect(!text.contains("ss_secret"), "\(text)")
            #expect(text.contains("cs_abc"))
        }
    }
}
