import ErrorCore
import SDKTransport

extension ExchangeTrace.Configuration {
    /// The `PALBASE_DEBUG=1` HTTP trace: one record per request and one per outcome, at
    /// `LogLevel.trace` under subsystem `studio.palbase.sdk`, category `http`.
    ///
    /// Everything passes through `Redactor` first, whose one rule masks headers and fields alike
    /// (`apikey`, `Authorization`, `DPoP`, any name with `token`, `secret`, `password`, `session`,
    /// `card`, `pin`, `otp`, … in it), here with the attestation headers added, and bodies are cut to
    /// 2 KB. Sealed bodies are never shown, not even redacted: they are sealed because they are
    /// sensitive.
    static let palbe = ExchangeTrace.Configuration(
        subsystem: "studio.palbase.sdk", category: "http",
        redactor: Redactor(extraHeaders: ["X-Palbase-Attestation", "X-Palbase-Assertion", "X-Apple-Attest"]),
        format: .detailed, bodies: .redacted)
}
