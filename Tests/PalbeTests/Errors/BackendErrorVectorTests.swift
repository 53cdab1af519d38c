import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Every row of `Specs/vectors/backend-errors.json`, through the mapping functions alone.
@Suite struct BackendErrorVectorTests {
    @Test(arguments: try BackendErrorVectors.load().responses)
    func nonSuccessResponse(_ row: BackendErrorVectors.ResponseRow) {
        let error = BackendErrorMapping.error(status: row.status, body: row.bodyData) { name in
            row.headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
        expect(error, matches: row.expect, status: row.status)
    }

    @Test(arguments: try BackendErrorVectors.load().success)
    func successResponse(_ row: BackendErrorVectors.ResponseRow) throws {
        let requestID = row.headers["X-Request-Id"]
        do {
            _ = try Delivery(status: row.status, body: row.bodyData ?? Data(), requestID: requestID)
                .decoded(as: VectorTodo.self)
            #expect(row.expect.case == "success")
        } catch {
            expect(error, matches: row.expect, status: row.status)
        }
    }

    @Test(arguments: try BackendErrorVectors.load().transport)
    func transportFailure(_ row: BackendErrorVectors.TransportRow) throws {
        let code = try #require(row.code, "unknown URLError code name \(row.urlError)")
        let error = BackendErrorMapping.error(
            for: TransportError(code: code, requestSent: row.requestSent, message: "vector"))
        expect(error, matches: row.expect)
        guard case .network(let failure) = error else {
            guard case .transport(let failure) = error else {
                Issue.record("not a transport-level case: \(error)")
                return
            }
            #expect(failure.urlErrorCode == code)
            #expect(failure.requestSent == row.requestSent)
            return
        }
        #expect(failure.urlErrorCode == code)
        #expect(failure.requestSent == row.requestSent)
    }

    /// The file covers every case a response or a transport failure can produce, so a rule cannot
    /// lose its vectors unnoticed.
    @Test func vectorsCoverEveryResponseCase() throws {
        let vectors = try BackendErrorVectors.load()
        let cases = Set((vectors.responses + vectors.success + []).map(\.expect.case))
            .union(vectors.transport.map(\.expect.case))
        #expect(
            cases == [
                "server", "validation", "unauthorized", "app_attest_required", "rate_limited", "decode", "success",
                "network", "transport",
            ])
    }
}
