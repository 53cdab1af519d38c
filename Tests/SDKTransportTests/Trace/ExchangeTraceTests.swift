import ErrorCore
import Foundation
import SDKTransport
import Testing

/// The shared exchange trace in both formats: what each writes, where, at which level, and that
/// nothing secret gets through.
@Suite struct ExchangeTraceTests {
    final class Capture: SDKLogger {
        private let records = Locked<[LogRecord]>([])
        let minimum: LogLevel
        init(minimum: LogLevel = .trace) { self.minimum = minimum }
        func isEnabled(_ level: LogLevel) -> Bool { level >= minimum }
        func log(_ record: LogRecord) { records.withLock { $0.append(record) } }
        var all: [LogRecord] { records.withLock { $0 } }
        var text: String { all.map(\.message).joined(separator: "\n") }
    }

    static let detailed = ExchangeTrace.Configuration(
        subsystem: "test.detailed", category: "http", redactor: Redactor(extraHeaders: ["X-Attest"], bodyLimit: 64),
        format: .detailed, bodies: .redacted)
    static let summary = ExchangeTrace.Configuration(
        subsystem: "test.summary", category: "net", format: .summary, bodies: .omitted,
        requestIDHeader: "X-Request-ID")

    static let login = HTTPRequest(
        method: "POST", url: URL(string: "https://api.example.com/v1/login?access_token=tok-in-url&page=2")!,
        headers: [
            "apikey": "key-123", "Authorization": "Bearer tok-abc", "X-Attest": "attest-blob",
            "Content-Type": "application/json",
        ],
        body: Data(#"{"email":"a@example.com","password":"hunter2"}"#.utf8))

    static let created = HTTPResponse(
        status: 201, headers: ["X-Request-ID": "req_42", "Content-Type": "application/json"],
        body: Data(#"{"id":"todo_1","refresh_token":"rt-secret"}"#.utf8))

    @Test func detailedRecordsRequestsAndOutcomesMasked() {
        let capture = Capture()
        let trace = ExchangeTrace(Self.detailed, logger: capture)
        trace.request(Self.login)
        trace.response(Self.created, to: Self.login, duration: .milliseconds(12.7))
        trace.failure("connection reset; password=hunter2", of: Self.login, duration: .milliseconds(30))
        trace.note("retry 1 of POST in 250 ms")

        #expect(capture.all.allSatisfy { $0.subsystem == "test.detailed" && $0.category == "http" })
        #expect(capture.all.allSatisfy { $0.level == .trace })
        let lines = capture.all.map(\.message)
        #expect(lines.count == 4)
        let url = "https://api.example.com/v1/login?access_token=<redacted>&page=2"
        #expect(lines[0].hasPrefix("→ POST \(url) [apikey: <redacted>, Authorization: Bearer <redacted>, "))
        #expect(lines[0].contains("X-Attest: <redacted>"), "the configuration's extra header")
        #expect(lines[0].hasSuffix(#" body: {"email":"a@example.com","password":"<redacted>"}"#))
        #expect(
            lines[1] == #"← 201 POST \#(url) 12 ms request=req_42 body: {"id":"todo_1","refresh_token":"<redacted>"}"#)
        #expect(lines[2] == "✕ POST \(url) 30 ms: connection reset; password=<redacted>")
        #expect(lines[3] == "retry 1 of POST in 250 ms")
        for secret in ["key-123", "tok-abc", "tok-in-url", "attest-blob", "hunter2", "rt-secret"] {
            #expect(!capture.text.contains(secret), "the trace leaks \(secret)")
        }
    }

    @Test func bodiesAreCutToTheRedactorsLimit() throws {
        let capture = Capture()
        let long = HTTPRequest(
            method: "PUT", url: URL(string: "https://api.example.com/notes")!,
            body: Data(String(repeating: "x", count: 5_000).utf8))
        ExchangeTrace(Self.detailed, logger: capture).request(long)
        let line = try #require(capture.all.first?.message)
        #expect(line.hasSuffix(" body: " + String(repeating: "x", count: 64) + "…(5000 bytes)"))
    }

    @Test func sealedBodiesShowOnlyTheirSize() {
        let capture = Capture()
        let trace = ExchangeTrace(Self.detailed, logger: capture)
        trace.request(Self.login, sealed: true)
        trace.response(Self.created, to: Self.login, duration: .zero, sealed: true)
        #expect(capture.all.map(\.message).allSatisfy { $0.contains(" body: <sealed, ") })
        #expect(!capture.text.contains("a@example.com") && !capture.text.contains("todo_1"))
    }

    @Test func sizesShowNoContent() {
        var configuration = Self.detailed
        configuration.bodies = .sizes
        let capture = Capture()
        ExchangeTrace(configuration, logger: capture).response(Self.created, to: Self.login, duration: .zero)
        #expect(
            capture.all.first?.message.hasSuffix(" request=req_42 body: <\(Self.created.body.count) bytes>") == true)
        #expect(!capture.text.contains("todo_1"))
    }

    @Test func aDetailedTraceIsOffWhenSwitchedOffOrTraceLevelIsUnwanted() {
        let switchedOff = Capture()
        let off = ExchangeTrace(Self.detailed, logger: switchedOff, enabled: false)
        off.request(Self.login)
        off.response(Self.created, to: Self.login, duration: .zero)
        off.failure("x", of: Self.login, duration: .zero)
        off.note("x")
        let quiet = Capture(minimum: .debug)
        let unwanted = ExchangeTrace(Self.detailed, logger: quiet)
        unwanted.request(Self.login)
        unwanted.note("x")
        #expect(switchedOff.all.isEmpty)
        #expect(quiet.all.isEmpty)
    }

    @Test func summaryRecordsOneLinePerOutcomeByPathWithoutBodies() {
        let capture = Capture()
        let trace = ExchangeTrace(Self.summary, logger: capture)
        trace.request(Self.login)
        trace.response(Self.created, to: Self.login, duration: .milliseconds(5))
        trace.response(HTTPResponse(status: 404, body: Data("nope".utf8)), to: Self.login, duration: .seconds(1))
        trace.failure("timed out; token=abc", of: Self.login, duration: .milliseconds(3))
        let head = HTTPStreamingResponse(status: 200, body: HTTPBodyStream(chunks: []))
        trace.response(head, to: Self.login, duration: .milliseconds(8))
        trace.streamEnded(Self.login, events: 7, duration: .milliseconds(90))

        #expect(capture.all.allSatisfy { $0.subsystem == "test.summary" && $0.category == "net" })
        #expect(
            capture.all.map(\.message) == [
                "POST /v1/login → 201 in 5 ms request=req_42",
                "POST /v1/login → 404 in 1000 ms",
                "POST /v1/login failed after 3 ms: timed out; token=<redacted>",
                "POST /v1/login → 200 in 8 ms",
                "stream /v1/login ended after 7 events in 90 ms",
            ])
        #expect(capture.all.map(\.level) == [.info, .warning, .warning, .info, .debug])
        for secret in ["hunter2", "todo_1", "nope", "tok-", "key-123", "page=2"] {
            #expect(!capture.text.contains(secret), "the summary shows \(secret)")
        }
    }

    @Test func summaryLeavesLevelsToTheLogger() {
        let capture = Capture(minimum: .warning)
        let trace = ExchangeTrace(Self.summary, logger: capture)
        trace.response(Self.created, to: Self.login, duration: .zero)
        trace.response(HTTPResponse(status: 500), to: Self.login, duration: .zero)
        trace.streamEnded(Self.login, events: 1, duration: .zero)
        #expect(capture.all.map(\.message) == ["POST /v1/login → 500 in 0 ms"])
    }
}
