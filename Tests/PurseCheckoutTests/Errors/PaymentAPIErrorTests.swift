import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import PurseCheckout

/// The flags follow the seed and the contract to the letter, and every failure becomes a
/// `PaymentAPIError` in one place, problem+json read with the contract's fallbacks.
@Suite struct PaymentAPIErrorTests {
    struct FlagCase: Sendable, CustomTestStringConvertible {
        let status: Int?
        let code: String
        let sent: Bool
        let path: String
        let retryable: Bool
        let terminal: Bool
        let unknown: Bool
        var testDescription: String { "\(status.map(String.init) ?? "nil") \(code) sent=\(sent) \(path)" }
    }

    static let validate = "/checkout/v1/sessions/cs_1/validate"
    static let initialize = "/checkout/v1/sessions/cs_1/init"

    static let flagCases: [FlagCase] = [
        // A transport failure after the request left: retryable; unknown on validate only.
        .init(
            status: nil, code: "UNKNOWN_ERROR", sent: true, path: validate, retryable: true, terminal: false,
            unknown: true),
        .init(
            status: nil, code: "UNKNOWN_ERROR", sent: true, path: initialize, retryable: true, terminal: false,
            unknown: false),
        // Provably never sent: never retryable, never unknown.
        .init(
            status: nil, code: "UNKNOWN_ERROR", sent: false, path: validate, retryable: false, terminal: false,
            unknown: false),
        // 5xx: retryable, never unknown (an answer came).
        .init(
            status: 503, code: "PARTNER_UNAVAILABLE", sent: true, path: validate, retryable: true, terminal: false,
            unknown: false),
        .init(
            status: 500, code: "INTERNAL_ERROR", sent: true, path: initialize, retryable: true, terminal: false,
            unknown: false),
        // 4xx: never retryable.
        .init(
            status: 409, code: "IDEMPOTENCY_KEY_IN_USE", sent: true, path: validate, retryable: false, terminal: false,
            unknown: false),
        .init(
            status: 429, code: "RATE_LIMITED", sent: true, path: initialize, retryable: false, terminal: false,
            unknown: false),
        .init(
            status: 422, code: "USAGE_LIMIT_ERROR", sent: true, path: validate, retryable: false, terminal: false,
            unknown: false),
        // The session is spent for good.
        .init(
            status: 410, code: "SESSION_EXPIRED", sent: true, path: validate, retryable: false, terminal: true,
            unknown: false),
        .init(
            status: 409, code: "SESSION_ALREADY_SUBMITTED_ERROR", sent: true, path: validate, retryable: false,
            terminal: true, unknown: false),
        .init(
            status: 401, code: "UNAUTHORIZED", sent: true, path: initialize, retryable: false, terminal: true,
            unknown: false),
    ]

    @Test(arguments: flagCases)
    func flags(_ flagCase: FlagCase) {
        let error = PaymentAPIError(
            status: flagCase.status, errorCode: flagCase.code, path: flagCase.path, requestSent: flagCase.sent,
            message: "m")
        #expect(error.isRetryable == flagCase.retryable)
        #expect(error.isSessionTerminal == flagCase.terminal)
        #expect(error.outcomeUnknown == flagCase.unknown)
        #expect(error.httpStatus == flagCase.status)
    }

    @Test func problemJSONBecomesTheErrorsFields() {
        let body = Data(
            #"""
            {"type":"about:blank","title":"Conflict","status":409,"detail":"Session already submitted",
             "instance":"/purse/x","error_code":"SESSION_ALREADY_SUBMITTED_ERROR","request_id":"req_1",
             "errors":[{"pointer":"/items/0/amount","detail":"too big"}],"data":{"global_status":"SUCCESS"}}
            """#.utf8)
        var headers = HTTPHeaders()
        headers.set("Retry-After", "1")
        let error = PaymentAPIErrorMapping.error(status: 409, headers: headers, body: body, path: Self.validate)
        #expect(error.status == 409)
        #expect(error.code == .sessionAlreadySubmittedError)
        #expect(error.message == "Session already submitted")
        #expect(error.requestID == "req_1")
        #expect(error.serverRequestID == "req_1")
        #expect(error.retryAfter == 1)
        #expect(error.fieldProblems == [.init(pointer: "/items/0/amount", detail: "too big")])
        #expect(error.data?["global_status"] == "SUCCESS")
        #expect(error.requestSent)
        #expect(error.isSessionTerminal)
        #expect(error.logSummary == "sdk=purse code=SESSION_ALREADY_SUBMITTED_ERROR status=409 request=req_1")
    }

    @Test func theContractsFallbacks() {
        func read(_ text: String, status: Int = 502) -> PaymentAPIError {
            PaymentAPIErrorMapping.error(status: status, headers: [:], body: Data(text.utf8), path: Self.initialize)
        }
        // {"error": "…"}: a code-like value is the code, a sentence the message.
        #expect(read(#"{"error":"SESSION_EXPIRED"}"#, status: 410).code == .sessionExpired)
        #expect(read(#"{"error":"Session not found"}"#, status: 404).message == "Session not found")
        #expect(read(#"{"error":"Session not found"}"#, status: 404).code == .unknownError)
        // Then the raw body, cut to 500 characters.
        let page = "<html>" + String(repeating: "x", count: 900) + "</html>"
        let raw = read(page)
        #expect(raw.message == String(page.prefix(500)))
        #expect(raw.code == .unknownError)
        // Then UNKNOWN_ERROR with the status's description.
        #expect(read("").code == .unknownError)
        #expect(!read("").message.isEmpty)
    }

    @Test func aTransportFailureKeepsWhetherTheRequestLeft() {
        let lost = PaymentAPIErrorMapping.error(
            for: TransportError(code: .networkConnectionLost, requestSent: true, message: "closed"), path: Self.validate
        )
        #expect(lost.status == nil)
        #expect(lost.requestSent)
        #expect(lost.outcomeUnknown)
        #expect(lost.isRetryable)
        #expect((lost.underlying as? TransportError)?.code == .networkConnectionLost)

        let refused = PaymentAPIErrorMapping.error(
            for: TransportError(code: .cannotConnectToHost, requestSent: false, message: "refused"),
            path: Self.validate)
        #expect(!refused.requestSent)
        #expect(!refused.outcomeUnknown)
        #expect(!refused.isRetryable)

        let unsendable = PaymentAPIErrorMapping.unsendable(path: Self.validate, reason: "bad root")
        #expect(!unsendable.requestSent && !unsendable.outcomeUnknown && !unsendable.isRetryable)
    }

    @Test func anUnreadableAnswerCountsAsNone() {
        let error = PaymentAPIErrorMapping.unreadable(
            path: Self.validate,
            decoding: DecodingError.keyNotFound(
                AnyCodingKey("global_status"), .init(codingPath: [], debugDescription: "")))
        #expect(error.status == nil)
        #expect(error.outcomeUnknown)
        #expect(error.message.contains("global_status"))
    }

    @Test func theWrappedUnknownOutcomeKeepsTheLastAttempt() {
        let last = PaymentAPIError(
            status: 409, errorCode: "IDEMPOTENCY_KEY_IN_USE", path: Self.validate, requestSent: true, message: "busy")
        let unknown = PaymentAPIErrorMapping.unknownOutcome(path: Self.validate, attempts: 5, last: last)
        #expect(unknown.outcomeUnknown)
        #expect((unknown.underlying as? PaymentAPIError)?.status == 409)
        let wrapped = PurseCheckoutError.validateFailed(sessionID: "cs_1", underlying: unknown)
        #expect(wrapped.code == .validateFailed)
        #expect(wrapped.message.contains("may exist"))
        #expect((wrapped.underlyingError as? PaymentAPIError)?.outcomeUnknown == true)
    }

    /// `isOutcomeUnknown` walks the `underlying` chain once (the guide's sample, which the seed-sample suite
    /// holds equal to it): a top-level cast would miss the unknown outcome `validateFailed` wraps.
    @Test func isOutcomeUnknownWalksTheChainAsTheGuideDoes() {
        let lost = PaymentAPIError(
            status: nil, errorCode: "UNKNOWN_ERROR", path: Self.validate, requestSent: true, message: "no answer")
        let refused = PaymentAPIError(
            status: 400, errorCode: "INVALID_CARD", path: Self.validate, requestSent: true, message: "bad card")
        let notSent = PaymentAPIError(
            status: nil, errorCode: "UNKNOWN_ERROR", path: Self.validate, requestSent: false, message: "not sent")
        let elsewhere = PaymentAPIError(
            status: nil, errorCode: "UNKNOWN_ERROR", path: "/checkout/v1/sessions/cs_1/init", requestSent: true,
            message: "no answer")
        let cases: [(any PurseError, Bool)] = [
            (lost, true), (PurseCheckoutError.validateFailed(sessionID: "cs_1", underlying: lost), true),
            (
                PurseCheckoutError.validateFailed(
                    sessionID: "cs_1",
                    underlying: PaymentAPIErrorMapping.unknownOutcome(path: Self.validate, attempts: 3, last: refused)),
                true
            ),
            (refused, false), (notSent, false), (elsewhere, false),
            (PurseCheckoutError.validateFailed(sessionID: "cs_1", underlying: refused), false),
            (PurseCheckoutError.validateFailed(sessionID: "cs_1", underlying: CancellationError()), false),
        ]
        for (error, expected) in cases {
            #expect(error.isOutcomeUnknown == expected, "\(error)")
        }
    }

    @Test func theDescriptionHoldsNoBody() {
        let body = Data(#"{"detail":"bad","error_code":"INVALID_CARD","card_token":"tok_secret"}"#.utf8)
        let error = PaymentAPIErrorMapping.error(status: 400, headers: [:], body: body, path: "/vault/v1/cards")
        #expect(error.description == "Purse INVALID_CARD (HTTP 400, /vault/v1/cards): bad")
        #expect(error.localizedDescription == error.description)
        #expect(!String(reflecting: error).contains("tok_secret"))
    }
}

/// A coding key for hand-made decoding errors.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
