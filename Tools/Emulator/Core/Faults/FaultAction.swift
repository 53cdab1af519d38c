import Foundation

/// What the emulator does instead of (or on top of) answering a request matched by a `FaultRule`.
package enum FaultAction: Sendable, Equatable {
    /// Answer `status` with an error body in the mounted service's shape (the Palbase envelope at `/`), not
    /// running the request; with `retryAfter`, also a `Retry-After: <seconds>` header.
    case status(Int, error: String, description: String = "Injected fault", retryAfter: Int? = nil)
    /// Wait, then run and answer the request normally.
    case delay(milliseconds: Int)
    /// Run the request, then close the connection without sending a byte of the answer (on Purse's `validate`,
    /// the payment exists and the client cannot know it: an unknown outcome). Also spelled `executeThenDrop`.
    case dropBeforeResponse
    /// Close the connection without running the request or sending a byte: nothing happened server-side, but
    /// the client cannot tell this from `dropBeforeResponse`.
    case dropBeforeExecuting
    /// Run the request, send the status line and headers, then close.
    case dropAfterHeaders
    /// Run the request, send the headers and the first `afterBytes` bytes of the body, then close.
    case dropMidBody(afterBytes: Int)
    /// Answer `status` with `Content-Type: application/json` and a truncated, unparsable JSON body, not
    /// running the request.
    case malformedJSON(status: Int = 200)

    /// `status` with `Retry-After`: 429 `rate_limited` by default, or e.g. 503 `unavailable`.
    package static func retryAfter(seconds: Int, status: Int = 429, error: String = "rate_limited") -> FaultAction {
        .status(status, error: error, description: "Retry after \(seconds) s", retryAfter: seconds)
    }

    /// Run the request, then drop the answer: `dropBeforeResponse` by the name Purse tests use.
    package static let executeThenDrop = FaultAction.dropBeforeResponse

    /// A reason the action cannot be used, or nil when it is valid.
    package var validationFailure: String? {
        switch self {
        case .status(let status, let error, _, let retryAfter):
            if !(400...599).contains(status) { return "status must be 400…599" }
            if error.isEmpty { return "error must not be empty" }
            if let retryAfter, retryAfter < 0 { return "retry_after must not be negative" }
        case .delay(let milliseconds):
            if !(0...60_000).contains(milliseconds) { return "milliseconds must be 0…60000" }
        case .dropMidBody(let afterBytes):
            if afterBytes < 0 { return "after_bytes must not be negative" }
        case .malformedJSON(let status):
            if !(100...599).contains(status) { return "status must be 100…599" }
        case .dropBeforeResponse, .dropBeforeExecuting, .dropAfterHeaders:
            break
        }
        return nil
    }
}

extension FaultAction: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, status, error, errorDescription, retryAfter, milliseconds, afterBytes, seconds
    }

    /// Decodes `{"type": "status" | "delay" | "drop_before_response" | "execute_then_drop" | "drop_before_executing" |
    /// "drop_after_headers" | "drop_mid_body" | "malformed_json" | "retry_after", …}` (keys already converted from
    /// snake_case; `execute_then_drop` is `drop_before_response`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "status":
            self = .status(
                try container.decode(Int.self, forKey: .status),
                error: try container.decode(String.self, forKey: .error),
                description: try container.decodeIfPresent(String.self, forKey: .errorDescription) ?? "Injected fault",
                retryAfter: try container.decodeIfPresent(Int.self, forKey: .retryAfter))
        case "retry_after":
            self = .retryAfter(
                seconds: try container.decode(Int.self, forKey: .seconds),
                status: try container.decodeIfPresent(Int.self, forKey: .status) ?? 429,
                error: try container.decodeIfPresent(String.self, forKey: .error) ?? "rate_limited")
        case "delay":
            self = .delay(milliseconds: try container.decode(Int.self, forKey: .milliseconds))
        case "drop_before_response", "execute_then_drop":
            self = .dropBeforeResponse
        case "drop_before_executing":
            self = .dropBeforeExecuting
        case "drop_after_headers":
            self = .dropAfterHeaders
        case "drop_mid_body":
            self = .dropMidBody(afterBytes: try container.decode(Int.self, forKey: .afterBytes))
        case "malformed_json":
            self = .malformedJSON(status: try container.decodeIfPresent(Int.self, forKey: .status) ?? 200)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown fault type \(other)")
        }
    }

    /// Encodes the form `init(from:)` reads (`retry_after` comes back as `status` with `retry_after`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .status(let status, let error, let description, let retryAfter):
            try container.encode("status", forKey: .type)
            try container.encode(status, forKey: .status)
            try container.encode(error, forKey: .error)
            try container.encode(description, forKey: .errorDescription)
            try container.encodeIfPresent(retryAfter, forKey: .retryAfter)
        case .delay(let milliseconds):
            try container.encode("delay", forKey: .type)
            try container.encode(milliseconds, forKey: .milliseconds)
        case .dropBeforeResponse:
            try container.encode("drop_before_response", forKey: .type)
        case .dropBeforeExecuting:
            try container.encode("drop_before_executing", forKey: .type)
        case .dropAfterHeaders:
            try container.encode("drop_after_headers", forKey: .type)
        case .dropMidBody(let afterBytes):
            try container.encode("drop_mid_body", forKey: .type)
            try container.encode(afterBytes, forKey: .afterBytes)
        case .malformedJSON(let status):
            try container.encode("malformed_json", forKey: .type)
            try container.encode(status, forKey: .status)
        }
    }
}
