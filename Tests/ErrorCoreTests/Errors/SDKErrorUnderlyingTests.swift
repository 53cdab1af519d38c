import ErrorCore
import Testing

@Suite struct SDKErrorUnderlyingTests {
    struct Plain: SDKError {
        var sdkName: String { "chatbase" }
        var errorCode: String { "UNKNOWN" }
        var httpStatus: Int? { nil }
        var serverRequestID: String? { nil }
    }

    struct Cause: Error, Equatable { var secret = "token=abc" }

    struct Wrapping: SDKError {
        var sdkName: String { "purse" }
        var errorCode: String { "VALIDATE_FAILED" }
        var httpStatus: Int? { nil }
        var serverRequestID: String? { nil }
        var underlying: (any Error)? { Cause() }
        var underlyingError: (any Error)? { underlying }
    }

    @Test func defaultsToNoCause() {
        #expect(Plain().underlyingError == nil)
    }

    @Test func exposesACauseWithoutLoggingIt() {
        let error: any SDKError = Wrapping()
        #expect(error.underlyingError as? Cause == Cause())
        #expect(error.logSummary == "sdk=purse code=VALIDATE_FAILED status=- request=-")
    }
}
