import ErrorCore
import SDKTransport

extension ExchangeTrace.Configuration {
    /// The checkout's HTTP trace: one record per request and per outcome at `LogLevel.trace`, under
    /// subsystem `tech.purse.sdk`, category `http`, written when the checkout's logger wants that
    /// level.
    ///
    /// Everything passes through `Redactor` first: `Authorization` (the session secret) is masked,
    /// `card_token` and every card field (`number`, `cvv`,
    /// `holder_name`, `card_number`, `pin`) are masked in bodies. The vault request, which carries
    /// card data, is traced without its body at all.
    package static let purse = ExchangeTrace.Configuration(
        subsystem: "tech.purse.sdk", category: "http",
        redactor: Redactor(extraFields: ["number", "cvv", "holder_name", "card_number", "pin", "apple_pay_token"]),
        format: .detailed, bodies: .redacted, requestIDHeader: "X-Request-Id")
}
