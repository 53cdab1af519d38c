import ErrorCore
import SDKTransport

extension ExchangeTrace.Configuration {
    /// The `PALBASE_DEBUG=1` HTTP trace: one record per request and one per outcome, at
    /// `LogLevel.trace` under subsystem `studio.palbase.sdk`, category `http`.
    ///
    /// Everything passes through `Redactor` first: `apikey`, `Authorization`, `DPoP` and attestation
    /// headers are masked, password and token fields in bodies and URLs are masked, and bodies are cut
    /// to 2 KB. Sealed bodies are never shown, not even redacted: they are sealed because they are
    /// sensitive.
    static let palbe = ExchangeTrace.Configuration(
        subsystem: "studio.palbase.sdk", category: "http",
        redactor: Redactor(extraHeaders: ["X-Palbase-Attestation", "X-Palbase-Assertion", "X-Apple-Attest"]),
        format: .detailed, bodies: .redacted)
}
