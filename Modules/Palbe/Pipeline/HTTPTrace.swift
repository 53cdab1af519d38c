import ErrorCore
import Foundation
import SDKTransport

/// The `PALBASE_DEBUG=1` HTTP trace: one record per request and one per outcome, at
/// `LogLevel.trace` under subsystem `studio.palbase.sdk`, category `http`.
///
/// Everything passes through `Redactor` first: `apikey`, `Authorization`, `DPoP` and attestation
/// headers are masked, password and token fields in bodies and URLs are masked, and bodies are cut
/// to 2 KB. Sealed bodies are never shown, not even redacted: they are sealed because they are
/// sensitive.
struct HTTPTrace: Sendable {
    static let subsystem = "studio.palbase.sdk"
    static let category = "http"
    /// The standard rules plus the attestation headers.
    static let redactor = Redactor(extraHeaders: ["X-Palbase-Attestation", "X-Palbase-Assertion", "X-Apple-Attest"])

    let logger: any SDKLogger
    let isOn: Bool

    init(logger: any SDKLogger, enabled: Bool) {
        self.logger = logger
        isOn = enabled && logger.isEnabled(.trace)
    }

    /// `→ POST http://…/todos` with headers and body.
    func request(_ request: HTTPRequest, sealed: Bool) {
        guard isOn else { return }
        let headers = Self.redactor.redactedHeaders(Array(request.headers))
            .map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        var line = "→ \(request.method) \(Self.redactor.redactedURL(request.url)) [\(headers)]"
        if let body = request.body, !body.isEmpty {
            line += " body: " + (sealed ? "<sealed, \(body.count) bytes>" : Self.redactor.redactedBody(body))
        }
        log(line)
    }

    /// `← 201 POST http://…/todos 12 ms request=req_…` with the body.
    func response(_ response: HTTPResponse, to request: HTTPRequest, duration: Duration, sealed: Bool) {
        guard isOn else { return }
        let requestID = response.headers["X-Request-Id"] ?? "-"
        var line =
            "← \(response.status) \(request.method) \(Self.redactor.redactedURL(request.url)) "
            + "\(Self.milliseconds(duration)) ms request=\(requestID)"
        if !response.body.isEmpty {
            line +=
                " body: "
                + (sealed
                    ? "<sealed, \(response.body.count) bytes>"
                    : Self.redactor.redactedBody(response.body, contentType: response.headers["Content-Type"]))
        }
        log(line)
    }

    /// `✕ GET http://…/todos 30 ms: <what failed>` for an exchange that got no response.
    func failure(_ description: String, of request: HTTPRequest, duration: Duration) {
        guard isOn else { return }
        log(
            "✕ \(request.method) \(Self.redactor.redactedURL(request.url)) \(Self.milliseconds(duration)) ms: "
                + Self.redactor.redactedText(description))
    }

    /// A note about what the client does next (a retry, a proof of work).
    func note(_ text: String) {
        guard isOn else { return }
        log(text)
    }

    private func log(_ message: String) {
        logger.log(LogRecord(level: .trace, subsystem: Self.subsystem, category: Self.category, message: message))
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
