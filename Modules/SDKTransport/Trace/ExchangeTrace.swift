import ErrorCore
import Foundation

/// The record an SDK keeps of its HTTP exchanges: method, URL, status, duration, request id and,
/// as its ``Configuration`` allows, headers and bodies, every part masked by a ``Redactor`` first.
///
/// One value per exchange (or per client, since it holds no state). The SDK measures durations
/// itself (through its ``SDKClock``) and passes them in; the methods do nothing when the trace is
/// off, so a disabled trace costs one branch per call.
package struct ExchangeTrace: Sendable {
    /// How the records look.
    package let configuration: Configuration
    private let logger: any SDKLogger
    private let isOn: Bool

    /// A trace writing to `logger`; `enabled: false` writes nothing (a ``Format/detailed`` trace
    /// is also off when the logger does not want `LogLevel.trace`).
    package init(_ configuration: Configuration, logger: any SDKLogger, enabled: Bool = true) {
        self.configuration = configuration
        self.logger = logger
        isOn = enabled && (configuration.format != .detailed || logger.isEnabled(.trace))
    }

    /// A request about to be sent; `sealed` when its body is encrypted (then never shown).
    /// A ``Format/summary`` trace does not record requests.
    package func request(_ request: HTTPRequest, sealed: Bool = false) {
        guard isOn, configuration.format == .detailed else { return }
        let headers = redactor.redactedHeaders(Array(request.headers)).map { "\($0.name): \($0.value)" }
            .joined(separator: ", ")
        let line = "→ \(request.method) \(redactor.redactedURL(request.url)) [\(headers)]"
        log(.trace, line + body(request.body, contentType: request.headers["Content-Type"], sealed: sealed))
    }

    /// A response to `request`, `duration` after it was sent; `sealed` when its body is encrypted.
    package func response(
        _ response: HTTPResponse, to request: HTTPRequest, duration: Duration, sealed: Bool = false
    ) {
        outcome(
            status: response.status, headers: response.headers, body: response.body, sealed: sealed, of: request,
            duration: duration)
    }

    /// The head of a streamed response to `request`, `duration` after it was sent.
    package func response(_ response: HTTPStreamingResponse, to request: HTTPRequest, duration: Duration) {
        outcome(
            status: response.status, headers: response.headers, body: nil, sealed: false, of: request,
            duration: duration)
    }

    /// An exchange that got no response; `description` is masked before it is written.
    package func failure(_ description: String, of request: HTTPRequest, duration: Duration) {
        guard isOn else { return }
        let description = redactor.redactedText(description)
        switch configuration.format {
        case .detailed:
            log(.trace, "✕ \(request.method) \(url(request)) \(duration.wholeMilliseconds) ms: \(description)")
        case .summary:
            log(
                .warning,
                "\(request.method) \(url(request)) failed after \(duration.wholeMilliseconds) ms: \(description)")
        }
    }

    /// A streamed body that ended (complete or not) after `events` events, `duration` after the
    /// request was sent.
    package func streamEnded(_ request: HTTPRequest, events: Int, duration: Duration) {
        guard isOn else { return }
        log(
            configuration.format == .detailed ? .trace : .debug,
            "stream \(url(request)) ended after \(events) events in \(duration.wholeMilliseconds) ms")
    }

    /// A note about what the client does next (a retry, a proof of work). `text` must already be
    /// free of secrets.
    package func note(_ text: @autoclosure () -> String) {
        guard isOn else { return }
        log(configuration.format == .detailed ? .trace : .debug, text())
    }

    private var redactor: Redactor { configuration.redactor }

    private func outcome(
        status: Int, headers: HTTPHeaders, body: Data?, sealed: Bool, of request: HTTPRequest, duration: Duration
    ) {
        guard isOn else { return }
        let requestID = headers[configuration.requestIDHeader]
        let shown = body.map { self.body($0, contentType: headers["Content-Type"], sealed: sealed) } ?? ""
        switch configuration.format {
        case .detailed:
            log(
                .trace,
                "← \(status) \(request.method) \(url(request)) \(duration.wholeMilliseconds) ms "
                    + "request=\(requestID ?? "-")" + shown)
        case .summary:
            log(
                status >= 400 ? .warning : .info,
                "\(request.method) \(url(request)) → \(status) in \(duration.wholeMilliseconds) ms"
                    + (requestID.map { " request=\($0)" } ?? "") + shown)
        }
    }

    /// The URL as the format shows it: masked in full, or its path alone.
    private func url(_ request: HTTPRequest) -> String {
        configuration.format == .detailed ? redactor.redactedURL(request.url) : request.url.path
    }

    /// ` body: …` as ``Configuration/bodies`` allows, or nothing for an absent or empty body.
    private func body(_ body: Data?, contentType: String?, sealed: Bool) -> String {
        guard let body, !body.isEmpty else { return "" }
        switch configuration.bodies {
        case .omitted:
            return ""
        case .sizes:
            return " body: <\(body.count) bytes>"
        case .redacted:
            return " body: "
                + (sealed ? "<sealed, \(body.count) bytes>" : redactor.redactedBody(body, contentType: contentType))
        }
    }

    private func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        logger.log(level, subsystem: configuration.subsystem, category: configuration.category, message())
    }
}
