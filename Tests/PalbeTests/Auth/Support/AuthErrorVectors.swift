import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The golden vectors in `Specs/vectors/auth-errors.json`, read through ``PackageRoot``.
struct AuthErrorVectors: Decodable {
    let responses: [ResponseRow]
    let decode: [ResponseRow]
    let transport: [TransportRow]
    let local: [LocalRow]

    static func load() throws -> AuthErrorVectors {
        let url = PackageRoot.appending("Specs/vectors/auth-errors.json")
        return try JSONDecoder().decode(AuthErrorVectors.self, from: Data(contentsOf: url))
    }

    typealias ResponseRow = VectorResponseRow<Expectation>
    typealias TransportRow = VectorTransportRow<Expectation>

    struct LocalRow: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let failure: String
        let expect: Expectation

        var testDescription: String { name }
    }

    /// What a row must produce. Optional members are checked only when present; a present `null`
    /// (`retry_after`, `otp_failure`, `request_id`) is checked as `nil`.
    struct Expectation: Decodable, Sendable {
        let `case`: String
        let code: String?
        let statusCode: Int??
        let requestId: String??
        let message: String?
        let messageIsStatusText: Bool?
        let retryAfter: Int??
        let otpFailure: String??

        enum CodingKeys: String, CodingKey {
            case `case`, code, message
            case statusCode = "status_code"
            case requestId = "request_id"
            case messageIsStatusText = "message_is_status_text"
            case retryAfter = "retry_after"
            case otpFailure = "otp_failure"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            `case` = try container.decode(String.self, forKey: .case)
            code = try container.decodeIfPresent(String.self, forKey: .code)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            messageIsStatusText = try container.decodeIfPresent(Bool.self, forKey: .messageIsStatusText)
            func presentOrNull<T: Decodable>(_ key: CodingKeys, _ type: T.Type) throws -> T?? {
                container.contains(key) ? .some(try container.decodeIfPresent(T.self, forKey: key)) : .none
            }
            statusCode = try presentOrNull(.statusCode, Int.self)
            requestId = try presentOrNull(.requestId, String.self)
            retryAfter = try presentOrNull(.retryAfter, Int.self)
            otpFailure = try presentOrNull(.otpFailure, String.self)
        }
    }
}

extension AuthError {
    /// The case's name as the vectors spell it.
    var caseName: String {
        switch self {
        case .invalidCredentials: "invalid_credentials"
        case .rateLimited: "rate_limited"
        case .http: "http"
        case .network: "network"
        case .notConfigured: "not_configured"
        }
    }
}

extension AuthError.OTPFailure {
    /// The classification's name as the vectors spell it.
    var vectorName: String {
        switch self {
        case .wrongCode: "wrong_code"
        case .expired: "expired"
        case .tooManyAttempts: "too_many_attempts"
        }
    }
}

/// Checks `error` against a vector row's expectation, one issue per mismatch; `requestID` overrides the
/// expected request id (end-to-end runs get the emulator's).
func expect(
    _ error: AuthError, matches expectation: AuthErrorVectors.Expectation, status: Int? = nil,
    requestID: String?? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(error.caseName == expectation.case, "\(error)", sourceLocation: sourceLocation)
    if let code = expectation.code { #expect(error.code == code, sourceLocation: sourceLocation) }
    if case .some(let statusCode) = expectation.statusCode {
        #expect(error.statusCode == statusCode, sourceLocation: sourceLocation)
    }
    if let requestID {
        #expect(error.requestId == requestID, sourceLocation: sourceLocation)
    } else if case .some(let requestId) = expectation.requestId {
        #expect(error.requestId == requestId, sourceLocation: sourceLocation)
    }
    if let message = expectation.message {
        #expect(error.localizedDescription == message, sourceLocation: sourceLocation)
    }
    if expectation.messageIsStatusText == true, let status {
        #expect(
            error.localizedDescription == HTTPURLResponse.localizedString(forStatusCode: status),
            sourceLocation: sourceLocation)
    }
    if case .some(let retryAfter) = expectation.retryAfter {
        guard case .rateLimited(let actual) = error else {
            Issue.record("expected .rateLimited, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == retryAfter, sourceLocation: sourceLocation)
    }
    if case .some(let otpFailure) = expectation.otpFailure {
        #expect(error.otpFailure?.vectorName == otpFailure, sourceLocation: sourceLocation)
    }
}
