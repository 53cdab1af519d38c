import ErrorCore
import Foundation

/// The uniform accessors shared by every error Palbe throws (`BackendError`, `AuthError`), so
/// logging and crash reporting never need a switch.
///
/// ```swift
/// func report(_ error: any PalbaseError) {
///     logger.error("call failed code=\(error.code) status=\(error.statusCode ?? 0) request=\(error.requestId ?? "-")")
/// }
/// ```
///
/// It refines ErrorCore's `SDKError`, so an app that also uses the other SDKs can report all of
/// their errors through one function.
public protocol PalbaseError: SDKError, LocalizedError {
    /// A stable snake_case id, e.g. `"todo_locked"`, `"rate_limited"`.
    var code: String { get }
    /// The HTTP status, when one applies.
    var statusCode: Int? { get }
    /// The server's correlation id, when one is known.
    var requestId: String? { get }
}

extension PalbaseError {
    /// Always `"palbe"`.
    public var sdkName: String { "palbe" }
    /// The same value as ``code``.
    public var errorCode: String { code }
    /// The same value as ``statusCode``.
    public var httpStatus: Int? { statusCode }
    /// The same value as ``requestId``.
    public var serverRequestID: String? { requestId }
}
