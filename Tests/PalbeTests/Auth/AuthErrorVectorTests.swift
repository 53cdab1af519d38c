import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Every row of `Specs/vectors/auth-errors.json`, through the mapping functions `pb.auth` uses.
@Suite struct AuthErrorVectorTests {
    @Test(arguments: try AuthErrorVectors.load().responses)
    func nonSuccessResponse(_ row: AuthErrorVectors.ResponseRow) {
        let error = AuthErrorMapping.error(status: row.status, body: row.bodyData, header: row.header)
        expect(error, matches: row.expect, status: row.status)
    }

    @Test(arguments: try AuthErrorVectors.load().decode)
    func sessionResponse(_ row: AuthErrorVectors.ResponseRow) {
        let delivery = Delivery(status: row.status, body: row.bodyData ?? Data(), requestID: row.header("X-Request-Id"))
        do throws(AuthError) {
            let response = try AuthErrorMapping.decode(delivery, as: SessionResponse.self)
            #expect(row.expect.case == "success")
            #expect(response.user.id == "u")
        } catch {
            expect(error, matches: row.expect, status: row.status)
        }
    }

    @Test(arguments: try AuthErrorVectors.load().transport)
    func transportFailure(_ row: AuthErrorVectors.TransportRow) throws {
        let code = try #require(row.code, "unknown URLError code name \(row.urlError)")
        let error = AuthErrorMapping.error(
            for: TransportError(code: code, requestSent: row.requestSent, message: "vector \(row.urlError)"))
        expect(error, matches: row.expect)
        #expect(error == .network(message: "vector \(row.urlError)"), "the transport's message is kept")
    }

    @Test(arguments: try AuthErrorVectors.load().local)
    func failureBeforeSending(_ row: AuthErrorVectors.LocalRow) throws {
        let failure: BackendError
        switch row.failure {
        case "sealing_unavailable": failure = PalbeClient.unsealable(routePath: "/auth/login", reason: "no key")
        case "not_configured": failure = .notConfigured
        case "encode": failure = .encode(CodecFailure(message: "Could not encode the body"))
        default: throw VectorError.unknownFailure(row.failure)
        }
        let error = AuthErrorMapping.error(for: failure)
        expect(error, matches: row.expect)
        if row.failure == "sealing_unavailable" {
            #expect(error.localizedDescription.hasSuffix("nothing was sent"))
        }
    }

    /// The file covers every case, so a rule cannot lose its vectors unnoticed.
    @Test func vectorsCoverEveryCase() throws {
        let vectors = try AuthErrorVectors.load()
        let cases = Set(
            (vectors.responses + vectors.decode).map(\.expect.case) + vectors.transport.map(\.expect.case)
                + vectors.local.map(\.expect.case))
        #expect(cases == ["invalid_credentials", "rate_limited", "http", "network", "not_configured", "success"])
        let classified = Set(vectors.responses.compactMap { $0.expect.otpFailure ?? nil })
        #expect(classified == ["wrong_code", "expired", "too_many_attempts"])
    }

    private enum VectorError: Error {
        case unknownFailure(String)
    }
}

/// The error type itself: its uniform accessors, its descriptions, the OTP classifier and the
/// cancellation check.
@Suite struct AuthErrorTests {
    @Test func uniformAccessorsFollowTheCase() {
        let cases: [(AuthError, code: String, status: Int?, requestId: String?)] = [
            (.invalidCredentials(message: "Wrong"), "invalid_credentials", 401, nil),
            (.rateLimited(retryAfter: 5), "rate_limited", 429, nil),
            (
                .http(status: 409, code: "password_already_set", message: "m", requestId: "req_1"),
                "password_already_set",
                409, "req_1"
            ),
            (.network(message: "offline"), "network_error", nil, nil),
            (.notConfigured, "not_configured", nil, nil),
        ]
        for (error, code, status, requestId) in cases {
            #expect(error.code == code)
            #expect(error.statusCode == status)
            #expect(error.requestId == requestId)
            #expect(error.errorCode == code)
            #expect(error.httpStatus == status)
            #expect(error.sdkName == "palbe")
            #expect(
                error.logSummary
                    == "sdk=palbe code=\(code) status=\(status.map(String.init) ?? "-") request=\(requestId ?? "-")")
        }
    }

    @Test func descriptionsAreTheMessagesAndTheShippedNotConfiguredText() {
        #expect(
            AuthError.invalidCredentials(message: "Invalid email or password").localizedDescription
                == "Invalid email or password")
        #expect(AuthError.rateLimited(retryAfter: 30).localizedDescription == "Too many attempts. Try again in 30 s.")
        #expect(AuthError.rateLimited(retryAfter: nil).localizedDescription == "Too many attempts. Try again later.")
        #expect(AuthError.network(message: "The network is down").localizedDescription == "The network is down")
        #expect(AuthError.notConfigured.localizedDescription == "Not configured. Call pb.configure(apiKey:) first.")
    }

    @Test func otpFailureReadsOnlyTheThreeOTPCodes() {
        func http(_ code: String) -> AuthError { .http(status: 401, code: code, message: "m", requestId: nil) }
        #expect(http("otp_invalid").otpFailure == .wrongCode)
        #expect(http("otp_expired").otpFailure == .expired)
        #expect(http("otp_attempts_exceeded").otpFailure == .tooManyAttempts)
        #expect(http("link_invalid").otpFailure == nil)
        #expect(AuthError.invalidCredentials(message: "otp_invalid").otpFailure == nil)
        #expect(AuthError.rateLimited(retryAfter: 1).otpFailure == nil)
    }

    @Test func wasCanceledRecognisesExactlyTheThreeMessages() async throws {
        try await withAuthBackend { bed in
            let auth = bed.client().auth
            for message in [
                "User canceled passkey sign-in", "User canceled Apple sign-in", "User canceled Google sign-in",
            ] {
                #expect(auth.wasCanceled(AuthError.invalidCredentials(message: message)), "\(message)")
            }
            for message in [
                "User canceled Microsoft sign-in", "user canceled apple sign-in", "User canceled Apple sign-in.",
                "Invalid email or password", "",
            ] {
                #expect(!auth.wasCanceled(AuthError.invalidCredentials(message: message)), "\(message)")
            }
            #expect(!auth.wasCanceled(AuthError.network(message: "User canceled Apple sign-in")))
            // Cancellations arrive as invalidCredentials whatever the flow (a dismissed sheet, the server's 400
            // oauth_cancelled); their code is oauth_cancelled. Only the `.invalidCredentials` case is recognised.
            #expect(AuthError.invalidCredentials(message: "User canceled Google sign-in").code == "oauth_cancelled")
            #expect(AuthError.invalidCredentials(message: "User canceled GitHub sign-in").code == "oauth_cancelled")
            #expect(
                AuthError.invalidCredentials(message: "User canceled passkey sign-in").code == "invalid_credentials")
            #expect(
                AuthErrorMapping.error(
                    status: 400,
                    body: Data(#"{"error":"oauth_cancelled","error_description":"User canceled Apple sign-in"}"#.utf8),
                    header: { _ in nil }) == .invalidCredentials(message: "User canceled Apple sign-in"))
            #expect(
                !auth.wasCanceled(
                    AuthError.http(
                        status: 400, code: "oauth_cancelled", message: "User canceled Google sign-in", requestId: nil)))
            #expect(!auth.wasCanceled(CancellationError()))
            #expect(AuthNamespace.cancellationMessages.count == 3)
        }
    }
}
