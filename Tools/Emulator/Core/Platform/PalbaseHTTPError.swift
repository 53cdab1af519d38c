import ErrorCore
import Foundation

/// A Palbase error a handler throws; the platform renders it as the contract's envelope
/// `{"error","error_description","status","request_id","details","data", …extraTopLevel}`.
package struct PalbaseHTTPError: Error, Sendable {
    /// The HTTP status (4xx or 5xx).
    package var status: Int
    /// The machine code, e.g. `todo_locked`.
    package var code: String
    /// The human description, sent as `error_description`.
    package var description: String
    /// The open `details` array, or nil for JSON `null`.
    package var details: AnyCodableValue?
    /// The declared error's typed payload, or nil for JSON `null`.
    package var data: AnyCodableValue?
    /// Extra top-level envelope members (e.g. `fields`); they never override the standard ones.
    package var extraTopLevel: [String: AnyCodableValue]
    /// Extra response headers, e.g. `Retry-After`.
    package var headers: [(String, String)]

    /// Creates an error.
    package init(
        status: Int, code: String, description: String, details: AnyCodableValue? = nil,
        data: AnyCodableValue? = nil, extraTopLevel: [String: AnyCodableValue] = [:], headers: [(String, String)] = []
    ) {
        self.status = status
        self.code = code
        self.description = description
        self.details = details
        self.data = data
        self.extraTopLevel = extraTopLevel
        self.headers = headers
    }
}

extension PalbaseHTTPError {
    /// Contract errors pass through; undecodable JSON is the client's fault (400); anything else is a bug in
    /// a handler or the platform (500), reported on standard error without request data.
    package static func converting(_ error: any Error) -> PalbaseHTTPError {
        switch error {
        case let error as PalbaseHTTPError:
            return error
        case is DecodingError:
            return .badRequest("The body is not valid JSON for this route")
        default:
            EmulatorDiagnostics.report("internal error: \(String(describing: error))")
            return PalbaseHTTPError(status: 500, code: "internal_error", description: "Internal emulator error")
        }
    }
}
