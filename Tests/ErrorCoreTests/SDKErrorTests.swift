import ErrorCore
import Testing

@Suite struct SDKErrorTests {
    struct Sample: SDKError {
        var sdkName: String { "palbe" }
        var errorCode: String { "todo_locked" }
        var httpStatus: Int? { 409 }
        var serverRequestID: String? { "req_1" }
    }

    @Test func logSummaryNamesCodeStatusAndRequest() {
        #expect(Sample().logSummary == "sdk=palbe code=todo_locked status=409 request=req_1")
    }
}
