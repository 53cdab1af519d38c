import ErrorCore
import Foundation

// The payloads of ``BackendError``'s cases, one type per kind of failure.

// MARK: - ServerFailure

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

// MARK: - ValidationFailure

/// One rejected input field: which one, and why.
public struct FieldError: Sendable, Equatable, Decodable {
    /// The field's path as the server names it (`title`, `tags.2`).
    public let field: String
    /// What is wrong with it.
    public let message: String

    /// A field error from its parts.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// The payload of ``BackendError/validation(_:)``: a 400 carrying per-field errors.
///
/// It comes from a 400 with code `validation_error`, from a Palbase module that sends per-field
/// `details` (Documents' `schema_validation_failed`), or from a 400 whose body was not in hand
/// (then ``fields`` is empty). Backend boundary validation (`bad_request`) does not produce it; see
/// ``BackendError``.
public struct ValidationFailure: Sendable, Equatable {
    /// The server's code (`validation_error`, `schema_validation_failed`); `unknown_error` when
    /// the body was not in hand.
    public let code: String
    /// The server's description, or the system's description of 400.
    public let message: String
    /// The rejected fields, in the server's order; `details` entries without a string `field` are
    /// skipped.
    public let fields: [FieldError]
    /// The server's correlation id.
    public let requestId: String?

    /// A failure from its parts, for tests and previews.
    public init(code: String = "validation_error", message: String, fields: [FieldError], requestId: String? = nil) {
        self.code = code
        self.message = message
        self.fields = fields
        self.requestId = requestId
    }
}

// MARK: - AuthFailure

/// The payload of ``BackendError/unauthorized(_:)`` and ``BackendError/appAttestRequired(_:)``.
public struct AuthFailure: Sendable, Equatable {
    /// The server's code (`session_revoked`, `invalid_api_key`, `app_attest_required`), or
    /// `unknown_error` when the response had none.
    public let code: String
    /// The server's description, or the system's description of 401.
    public let message: String
    /// The server's correlation id.
    public let requestId: String?

    /// A failure from its parts, for tests and previews.
    public init(code: String, message: String, requestId: String? = nil) {
        self.code = code
        self.message = message
        self.requestId = requestId
    }
}

// MARK: - RateLimitInfo

/// The payload of ``BackendError/rateLimited(_:)``: a generic 429.
public struct RateLimitInfo: Sendable, Equatable {
    /// How many seconds the server asked you to wait (its `Retry-After` header), when it said.
    public let retryAfter: Int?
    /// The server's description, or the system's description of 429.
    public let message: String
    /// The server's correlation id.
    public let requestId: String?

    /// Rate-limit information from its parts, for tests and previews.
    public init(retryAfter: Int?, message: String, requestId: String? = nil) {
        self.retryAfter = retryAfter
        self.message = message
        self.requestId = requestId
    }
}

// MARK: - TransportFailure

/// The payload of ``BackendError/network(_:)`` and ``BackendError/transport(_:)``: the exchange
/// produced no usable response.
public struct TransportFailure: Sendable {
    /// What happened, safe to log (never header values or body bytes).
    public let message: String
    /// The failure in `URLError`'s vocabulary (`.timedOut`, `.networkConnectionLost`, `.cancelled`),
    /// when it has one; `nil` for failures of the SDK's own (a body that could not be sealed).
    public let urlErrorCode: URLError.Code?
    /// Whether any byte of the request may have reached the server. `false` means it certainly did
    /// not (a body that could not be sealed is still on the device).
    public let requestSent: Bool
    /// The error that caused it, when there is one.
    public let underlying: (any Error)?

    /// A failure from its parts.
    public init(message: String, urlErrorCode: URLError.Code? = nil, requestSent: Bool, underlying: (any Error)? = nil)
    {
        self.message = message
        self.urlErrorCode = urlErrorCode
        self.requestSent = requestSent
        self.underlying = underlying
    }
}

// MARK: - CodecFailure

/// The payload of ``BackendError/decode(_:)`` and ``BackendError/encode(_:)``.
public struct CodecFailure: Sendable {
    /// What did not match, naming the type and the coding path (never the body's values).
    public let message: String
    /// The server's correlation id of the response that did not decode; `nil` for encoding.
    public let requestId: String?
    /// The `DecodingError`, `EncodingError` or other error that caused it.
    public let underlying: (any Error)?

    /// A failure from its parts.
    public init(message: String, requestId: String? = nil, underlying: (any Error)? = nil) {
        self.message = message
        self.requestId = requestId
        self.underlying = underlying
    }
}

// MARK: - AttestationFailure

/// The payload of ``BackendError/attestationUnavailable(_:)``: why this device could not attest a
/// request a route demanded attestation for (see <doc:AppAttest>).
///
/// It occurs only on routes that demand App Attest; the local emulator can demand it per route.
public struct AttestationFailure: Sendable, Equatable {
    /// The App Attest error's message.
    public let reason: String

    /// A failure with its reason.
    public init(reason: String) {
        self.reason = reason
    }
}
