import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The accessors every case answers, and the payload helpers.
@Suite struct BackendErrorTests {
    private static let transport = TransportFailure(
        message: "offline", urlErrorCode: .notConnectedToInternet, requestSent: false)
    private static let codec = CodecFailure(message: "bad", requestId: "req_d")

    static let cases: [(BackendError, String, Int?, String?)] = [
        (.notConfigured, "not_configured", nil, nil),
        (.mediaUnavailable, "media_unavailable", nil, nil),
        (
            .server(ServerFailure(code: "todo_locked", message: "Locked", statusCode: 409, requestId: "req_s")),
            "todo_locked", 409, "req_s"
        ),
        (
            .validation(ValidationFailure(message: "Bad", fields: [], requestId: "req_v")), "validation_error", 400,
            "req_v"
        ),
        (
            .rateLimited(RateLimitInfo(retryAfter: 3, message: "Slow down", requestId: "req_r")), "rate_limited", 429,
            "req_r"
        ),
        (
            .unauthorized(AuthFailure(code: "session_revoked", message: "No", requestId: "req_u")), "unauthorized", 401,
            "req_u"
        ),
        (
            .appAttestRequired(AuthFailure(code: "app_attest_required", message: "Attest", requestId: "req_a")),
            "app_attest_required", 401, "req_a"
        ),
        (.attestationUnavailable(AttestationFailure(reason: "Simulator")), "attestation_unavailable", nil, nil),
        (.network(transport), "network_error", nil, nil),
        (.transport(transport), "transport_error", nil, nil),
        (.decode(codec), "decoding_error", nil, "req_d"),
        (.encode(CodecFailure(message: "bad")), "encoding_error", nil, nil),
    ]

    @Test func everyCaseHasItsStableCodeStatusAndRequestID() {
        #expect(Self.cases.count == 12)
        for (error, code, status, requestID) in Self.cases {
            #expect(error.code == code)
            #expect(error.statusCode == status, "\(code)")
            #expect(error.requestId == requestID, "\(code)")
            #expect(error.errorDescription?.isEmpty == false, "\(code)")
            #expect(error.sdkName == "palbe")
            #expect(error.errorCode == code)
            #expect(error.httpStatus == status)
        }
    }

    @Test func descriptionsComeFromThePayloads() {
        #expect(
            BackendError.server(ServerFailure(code: "x", message: "Todo is locked", statusCode: 409))
                .localizedDescription == "Todo is locked")
        #expect(
            BackendError.attestationUnavailable(AttestationFailure(reason: "no Secure Enclave"))
                .localizedDescription == "no Secure Enclave")
        #expect(BackendError.notConfigured.localizedDescription == "Not configured. Call pb.configure(apiKey:) first.")
    }

    @Test func oneReportFunctionLogsAnyPalbaseError() {
        func report(_ error: any PalbaseError) -> String {
            "code=\(error.code) status=\(error.statusCode ?? 0) request=\(error.requestId ?? "-")"
        }
        let error = BackendError.server(
            ServerFailure(code: "todo_locked", message: "m", statusCode: 409, requestId: "r1"))
        #expect(report(error) == "code=todo_locked status=409 request=r1")
        #expect(error.logSummary == "sdk=palbe code=todo_locked status=409 request=r1")
    }

    @Test func underlyingErrorsAreKept() {
        let cause = TransportError(code: .timedOut, requestSent: true, message: "slow")
        let error = BackendErrorMapping.error(for: cause)
        #expect((error.underlyingError as? TransportError) == cause)
        #expect(BackendError.notConfigured.underlyingError == nil)
    }

    @Test func decodeDataUsesTheSDKCoders() {
        struct Locked: Decodable, Equatable {
            let retryAfter: Int
            let since: Date
        }
        let failure = ServerFailure(
            code: "todo_locked", message: "m", statusCode: 409,
            data: ["retry_after": 30, "since": "2025-03-01T12:30:05.120Z"])
        #expect(
            failure.decodeData(Locked.self)
                == Locked(retryAfter: 30, since: Date(timeIntervalSince1970: 1_740_832_205.12)))
        #expect(failure.decodeData([String].self) == nil, "a mismatch is nil, never a throw")
        #expect(ServerFailure(code: "x", message: "m", statusCode: 400).decodeData(Locked.self) == nil)
    }

    @Test func detailIntReadsTheFirstObjectCarryingTheKey() {
        let failure = ServerFailure(
            code: "epoch", message: "m", statusCode: 409,
            details: ["text", ["other": 1], ["current_epoch": 7], ["current_epoch": 9], ["current_epoch": "x"]])
        #expect(failure.detailInt("current_epoch") == 7)
        #expect(failure.detailInt("missing") == nil)
        let wrongType = ServerFailure(code: "e", message: "m", statusCode: 409, details: [["current_epoch": "7"]])
        #expect(wrongType.detailInt("current_epoch") == nil)
    }

    @Test func methodsKnowTheirBodiesAndWireNames() {
        #expect(PBMethod.allCases.map(\.rawValue) == ["GET", "POST", "PATCH", "PUT", "DELETE", "QUERY"])
        #expect(PBMethod.allCases.filter(\.carriesBody) == [.post, .patch, .put, .delete, .query])
        let segment: PBPathSegment = "todos"
        #expect(segment == .literal("todos"))
    }
}
