import ChatbaseSDK
import ErrorCore
import Foundation
import Palbe
import PurseCheckout
import Testing

/// The root protocol's promise: an app using all three SDKs reports any of their errors with one
/// function, and the SDKs' own spellings (`code`, `statusCode`, `apiCode`) stay theirs.
@Suite struct OneReportFunctionTests {
    struct TodoLocked: PalbaseError {
        var code: String { "todo_locked" }
        var statusCode: Int? { 409 }
        var requestId: String? { "req_42" }
        var errorDescription: String? { "Todo is locked" }
    }

    struct SessionExpired: PurseError {
        var code: PurseErrorCode { PurseErrorCode(rawValue: "EXPIRED_SESSION") }
        var message: String { "expired" }
        var underlying: (any Error)? { nil }
        var httpStatus: Int? { 410 }
        var serverRequestID: String? { "pr_7" }
    }

    static func report(_ error: any Error) -> String? {
        (error as? any SDKError)?.logSummary
    }

    @Test func everySDKsErrorsGoThroughOneFunction() {
        let errors: [any Error] = [
            TodoLocked(),
            SessionExpired(),
            APIError.httpError(
                statusCode: 402,
                detail: APIErrorDetail(code: "CHAT_CREDITS_EXHAUSTED", message: "no credits")
            ),
            APIError.networkError(URLError(.notConnectedToInternet)),
            ChatError.toolLoopLimitExceeded(limit: 10),
        ]
        #expect(
            errors.map(Self.report) == [
                "sdk=palbe code=todo_locked status=409 request=req_42",
                "sdk=purse code=EXPIRED_SESSION status=410 request=pr_7",
                "sdk=chatbase code=CHAT_CREDITS_EXHAUSTED status=402 request=-",
                "sdk=chatbase code=NETWORK_ERROR status=- request=-",
                "sdk=chatbase code=TOOL_LOOP_LIMIT_EXCEEDED status=- request=-",
            ])
    }

    @Test func chatbaseShortcutsReadOnlyHTTPErrors() {
        let http = APIError.httpError(
            statusCode: 429, detail: APIErrorDetail(code: "RATE_LIMIT_TOO_MANY_REQUESTS", message: ""))
        #expect(http.statusCode == 429)
        #expect(http.apiCode == "RATE_LIMIT_TOO_MANY_REQUESTS")
        #expect(APIError.invalidResponse.statusCode == nil)
        #expect(APIError.networkError(URLError(.timedOut)).apiCode == nil)
    }

    @Test func chatbaseDescriptionHoldsCodeMessageAndStatusOnly() {
        let error = APIError.httpError(
            statusCode: 401, detail: APIErrorDetail(code: "AUTH_INVALID_JWT", message: "bad token"))
        #expect(error.localizedDescription == "Chatbase AUTH_INVALID_JWT (HTTP 401): bad token")
    }

    @Test func purseDocumentationLinkIsTheLowercasedCodeAnchor() {
        #expect(
            SessionExpired().documentationLink.absoluteString
                == "https://docs.purse.tech/docs/integrate/purse-checkout/headless-checkout/error-handling/error-codes#expired_session"
        )
    }
}
