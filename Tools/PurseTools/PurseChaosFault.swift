import EmulatorPurse
import Foundation

/// One thing that goes wrong with one `validate` attempt in a chaos run.
package enum PurseChaosFault: String, Sendable, CaseIterable, Codable {
    /// The request never leaves the device (the transport fails before sending a byte).
    case dropBeforeSending = "drop_before_sending"
    /// The server closes the connection without executing.
    case dropBeforeExecuting = "drop_before_executing"
    /// The server executes, then closes the connection before answering: the payment exists and the
    /// client cannot know.
    case executeThenDrop = "execute_then_drop"
    /// The server answers a 5xx without executing.
    case serverError = "server_error"
    /// The server holds the claimed key longer than the client waits: a timeout, then 409s.
    case delayPastTimeout = "delay_past_timeout"
    /// The server answers 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After: 1`.
    case keyInUse = "key_in_use"

    /// The emulator fault rule for this fault, or `nil` for a fault the client side plays.
    func action(delay: Duration, random: inout some RandomNumberGenerator) -> FaultAction? {
        switch self {
        case .dropBeforeSending: nil
        case .dropBeforeExecuting: .dropBeforeExecuting
        case .executeThenDrop: .executeThenDrop
        case .serverError:
            [
                FaultAction.status(500, error: "INTERNAL_ERROR"), .status(502, error: "INTERNAL_ERROR"),
                .status(503, error: "PARTNER_UNAVAILABLE"),
            ].randomElement(using: &random)
        case .delayPastTimeout:
            .delay(
                milliseconds: Int(
                    delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000))
        case .keyInUse:
            .status(
                409, error: "IDEMPOTENCY_KEY_IN_USE", description: "A request with this key is executing", retryAfter: 1
            )
        }
    }
}
