import ErrorCore
import Foundation

/// One request as the emulator received it (admin requests are not logged).
package struct LoggedRequest: Sendable, Equatable {
    /// One header field in wire order.
    package struct Header: Sendable, Equatable, Codable {
        /// The name as received.
        package let name: String
        /// The value as received.
        package let value: String
    }

    /// Increasing log id.
    package let id: Int
    /// The `req_<uuid>` id the emulator assigned.
    package let requestID: String
    /// The method as received.
    package let method: String
    /// The raw path, without the query.
    package let path: String
    /// The raw query string, nil when the target had no `?`.
    package let query: String?
    /// Every header in wire order; sensitive values (`apikey`, `Authorization`, `DPoP`, …) in
    /// `RequestLog.fingerprint(header:value:)`'s form, never in clear.
    package let headers: [Header]
    /// The first `RequestLog.storedBodyBytes` of the body, token and password fields masked (a sealed body
    /// is ciphertext and kept as received).
    package let body: Data
    /// The size of the whole body as received.
    package let bodySize: Int
    /// The SHA-256 of the whole body as received, lowercase hex.
    package let bodySHA256: String
    /// The status the emulator answered with; nil while in flight or when the connection was dropped first.
    package let status: Int?
    /// When it arrived (ISO 8601, UTC).
    package let receivedAt: String

    /// The first value of header `name`, case-insensitive, as stored (a sensitive one fingerprinted).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether header `name` carried exactly `value` (compared through its fingerprint when it is sensitive).
    package func header(_ name: String, carried value: String) -> Bool {
        header(name) == RequestLog.fingerprint(header: name, value: value)
    }

    /// The admin API's JSON form: `body` as text when it is UTF-8, else `body_base64`.
    package var json: [String: AnyCodableValue] {
        var object: [String: AnyCodableValue] = [
            "id": .int(id), "request_id": .string(requestID), "method": .string(method), "path": .string(path),
            "query": query.map(AnyCodableValue.string) ?? .null,
            "headers": .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            "status": status.map(AnyCodableValue.int) ?? .null, "received_at": .string(receivedAt),
            "body_size": .int(bodySize), "body_sha256": .string(bodySHA256),
            "body_truncated": .bool(bodySize > body.count && body != RequestLog.redactedBody),
        ]
        if let text = String(data: body, encoding: .utf8) {
            object["body"] = .string(text)
        } else {
            object["body"] = .null
            object["body_base64"] = .string(body.base64EncodedString())
        }
        return object
    }
}
