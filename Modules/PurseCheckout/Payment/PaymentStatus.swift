/// The API's verdict on a payment that went through the whole flow: its `global_status`.
///
/// Anything but ``success`` in a `PaymentOutcome.completed` is not an error: the issuer declined or
/// the partner refused (``failed``), or the result is not final yet (``waiting``, ``uncertain``:
/// confirm on your backend). The reason is in `PurseHeadlessCheckout.paymentResult`. Statuses are an
/// open set: one the API adds later arrives intact.
public struct PaymentStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The wire value (`SUCCESS`).
    public let rawValue: String
    /// Wraps a wire value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw value.
    public var description: String { rawValue }

    /// The payment is authorised.
    public static let success = PaymentStatus(rawValue: "SUCCESS")
    /// The issuer declined or the partner refused (`INSUFFICIENT_FUNDS`, `BLOCKED_CARD`, …).
    public static let failed = PaymentStatus(rawValue: "FAILED")
    /// The partner failed to process the payment.
    public static let error = PaymentStatus(rawValue: "ERROR")
    /// The partner has the shopper (a redirect) or has not answered yet.
    public static let waiting = PaymentStatus(rawValue: "WAITING")
    /// The partner's answer is not final; the session's status will settle it.
    public static let uncertain = PaymentStatus(rawValue: "UNCERTAIN")

    /// Whether the status may still change (``waiting``, ``uncertain``).
    var isPending: Bool { self == .waiting || self == .uncertain }
}
