import ErrorCore
import Foundation
import Palbe
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BackendError {
    /// The case's name as the golden vectors spell it.
    var caseName: String {
        switch self {
        case .notConfigured: "not_configured"
        case .mediaUnavailable: "media_unavailable"
        case .server: "server"
        case .validation: "validation"
        case .rateLimited: "rate_limited"
        case .unauthorized: "unauthorized"
        case .appAttestRequired: "app_attest_required"
        case .attestationUnavailable: "attestation_unavailable"
        case .network: "network"
        case .transport: "transport"
        case .decode: "decode"
        case .encode: "encode"
        }
    }
}

/// Checks `error` against a vector row's expectation; `requestID` overrides the expected request id
/// (end-to-end runs get the emulator's, not the vector's). Records one issue per mismatch.
func expect(
    _ error: BackendError, matches expectation: BackendErrorVectors.Expectation, status: Int? = nil,
    requestID: String?? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(error.caseName == expectation.case, sourceLocation: sourceLocation)
    if let code = expectation.code { #expect(error.code == code, sourceLocation: sourceLocation) }
    #expect(error.statusCode == expectation.statusCode, sourceLocation: sourceLocation)
    #expect(error.requestId == (requestID ?? expectation.requestId), sourceLocation: sourceLocation)
    if let message = expectation.message {
        #expect(error.localizedDescription == message, sourceLocation: sourceLocation)
    }
    if expectation.messageIsStatusText == true, let status {
        #expect(
            error.localizedDescription == HTTPURLResponse.localizedString(forStatusCode: status),
            sourceLocation: sourceLocation)
    }
    switch error {
    case .validation(let failure):
        if let fields = expectation.fields {
            #expect(
                failure.fields == fields.map { FieldError(field: $0.field, message: $0.message) },
                sourceLocation: sourceLocation)
        }
        if let serverCode = expectation.serverCode {
            #expect(failure.code == serverCode, sourceLocation: sourceLocation)
        }
    case .unauthorized(let failure), .appAttestRequired(let failure):
        if let serverCode = expectation.serverCode {
            #expect(failure.code == serverCode, sourceLocation: sourceLocation)
        }
    case .rateLimited(let info):
        if case .some(let retryAfter) = expectation.retryAfter {
            #expect(info.retryAfter == retryAfter, sourceLocation: sourceLocation)
        }
    case .server(let failure):
        if let data = expectation.data { #expect(failure.data == data, sourceLocation: sourceLocation) }
        for (key, value) in expectation.detailInts ?? [:] {
            #expect(failure.detailInt(key) == value, sourceLocation: sourceLocation)
        }
    default:
        break
    }
}
