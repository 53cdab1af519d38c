import Testing

@testable import ChatbaseSDK

/// Expects `error` to be `APIError.httpError` with this status and code (what a caller matches on).
func expectAPIError(
    _ error: (any Error)?, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let apiError = error as? APIError
    #expect(apiError?.statusCode == status, "got \(String(describing: error))", sourceLocation: sourceLocation)
    #expect(apiError?.apiCode == code, "got \(String(describing: error))", sourceLocation: sourceLocation)
}
