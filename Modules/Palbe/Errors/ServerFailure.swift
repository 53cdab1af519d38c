import ErrorCore
import Foundation

/// The payload of ``BackendError/server(_:)``: the backend's error envelope lifted into a struct.
///
/// `details` and `data` stay open (`AnyCodableValue`) on purpose: `details` also carries shapes
/// such as a messaging 409's `[{"current_epoch": 7}]`, and a strictly typed decode would fail and
/// lose even the error code. Use ``decodeData(_:)`` and ``detailInt(_:)`` to read them typed.
public struct ServerFailure: Sendable, Equatable {
    /// The server's stable code (`todo_locked`), or `unknown_error` when the response had none.
    public let code: String
    /// The server's description, or the system's description of the status (`Conflict`).
    public let message: String
    /// The HTTP status.
    public let statusCode: Int
    /// The server's correlation id, from the envelope or the `X-Request-Id` header.
    public let requestId: String?
    /// The envelope's open `details` array, keys as on the wire.
    public let details: [AnyCodableValue]?
    /// The typed payload of a declared error, keys as on the wire.
    public let data: AnyCodableValue?

    /// A failure from its parts, for tests and previews.
    public init(
        code: String, message: String, statusCode: Int, requestId: String? = nil,
        details: [AnyCodableValue]? = nil, data: AnyCodableValue? = nil
    ) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.requestId = requestId
        self.details = details
        self.data = data
    }

    /// `data` read as `T` through the SDK's own decoder (snake_case keys, ISO 8601 dates), the same
    /// way a successful response is; `nil` when there is no payload or it does not match. Never
    /// throws.
    ///
    /// ```swift
    /// struct TodoLockedData: Decodable { let retryAfter: Int }
    /// let info = failure.decodeData(TodoLockedData.self)
    /// ```
    public func decodeData<T: Decodable>(_ type: T.Type) -> T? {
        data?.decoded(as: type)
    }

    /// An `Int` read from the first object in `details` that has `key`; `nil` when none does or its
    /// value is not an integral number.
    public func detailInt(_ key: String) -> Int? {
        guard let details else { return nil }
        for entry in details {
            if let value = entry.objectValue?[key] { return value.intValue }
        }
        return nil
    }
}
