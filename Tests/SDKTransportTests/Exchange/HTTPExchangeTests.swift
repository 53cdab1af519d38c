import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// The one exchange every SDK makes, over real sockets: the three endings kept apart, the trace written
/// once per exchange with what it must hide hidden, and the 2xx check handing every other ending to
/// the SDK's one mapping.
@Suite(.hangGuard) struct HTTPExchangeTests {
    final class Capture: SDKLogger {
        private let records = Locked<[String]>([])
        func isEnabled(_ level: LogLevel) -> Bool { true }
        func log(_ record: LogRecord) { records.withLock { $0.append(record.message) } }
        var lines: [String] { records.withLock { $0 } }
    }

    /// What a test's mapping turns each ending into.
    enum Ending: Error, Equatable {
        case noResponse(URLError.Code, requestSent: Bool)
        case rejected(Int, String)
        case cancelled
    }

    static let failures = HTTPExchange.FailureMapping<Ending>(
        noResponse: { .noResponse($0.code, requestSent: $0.requestSent) },
        rejected: { status, _, body in .rejected(status, String(decoding: body, as: UTF8.self)) },
        cancelled: { _ in .cancelled })

    static func exchange(_ capture: Capture) -> HTTPExchange {
        let configuration = ExchangeTrace.Configuration(
            subsystem: "test", category: "http", redactor: Redactor(extraFields: ["number"]), format: .detailed,
            bodies: .redacted)
        return HTTPExchange(
            transport: DefaultTransport.make(), trace: ExchangeTrace(configuration, logger: capture), clock: .live)
    }

    @Test func aResponseOfAnyStatusIsAnOutcomeAndTracedOnce() async throws {
        try await TransportTestServer.with { server in
            let capture = Capture()
            let exchange = Self.exchange(capture)
            let outcome = try await exchange.send(HTTPRequest(method: "GET", url: server.url("/status/418")))
            guard case .response(let response) = outcome else {
                Issue.record("expected a response, got \(outcome)")
                return
            }
            #expect(response.status == 418)
            #expect(capture.lines.count == 2)
            #expect(capture.lines.first?.hasPrefix("→ GET ") == true)
            #expect(capture.lines.last?.hasPrefix("← 418 GET ") == true)
        }
    }

    @Test func acceptedHandsEveryOtherEndingToTheMapping() async throws {
        try await TransportTestServer.with { server in
            let exchange = Self.exchange(Capture())
            let ok = try await exchange.accepted(
                HTTPRequest(method: "GET", url: server.url("/status/200")), failures: Self.failures)
            #expect(ok.status == 200)
            await #expect(throws: Ending.rejected(503, "status 503")) {
                try await exchange.accepted(
                    HTTPRequest(method: "GET", url: server.url("/status/503")), failures: Self.failures)
            }
            let refusing = try RefusingPort()
            await #expect(throws: Ending.noResponse(.cannotConnectToHost, requestSent: false)) {
                try await exchange.accepted(
                    HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(refusing.port)/")!),
                    failures: Self.failures)
            }
        }
    }

    @Test func aCancelledCallIsCancelledNeverNoResponse() async throws {
        try await TransportTestServer.with { server in
            let capture = Capture()
            let exchange = Self.exchange(capture)
            let call = Task {
                try await exchange.accepted(
                    HTTPRequest(method: "GET", url: server.url("/delay/30000")), failures: Self.failures)
            }
            await server.waitForRequest(to: "/delay/30000")
            call.cancel()
            await #expect(throws: Ending.cancelled) { try await call.value }
            #expect(capture.lines.last?.hasSuffix(": cancelled") == true, "\(capture.lines)")
        }
    }

    @Test func theTraceShowsTheRequestItIsGivenAndASealedBodyAsItsSize() async throws {
        try await TransportTestServer.with { server in
            let capture = Capture()
            let exchange = Self.exchange(capture)
            let card = Data(#"{"number":"4242424242424242"}"#.utf8)
            let request = HTTPRequest(
                method: "POST", url: server.url("/echo"), headers: ["Content-Type": "application/json"], body: card)
            _ = try await exchange.send(
                request,
                tracing: .init(shownRequest: HTTPRequest(method: "POST", url: request.url, headers: request.headers)))
            _ = try await exchange.send(request, tracing: .init(sealedRequest: true, sealedResponse: { _ in true }))
            let text = capture.lines.joined(separator: "\n")
            #expect(!text.contains("4242"), "\(text)")
            #expect(capture.lines[2].hasSuffix("body: <sealed, \(card.count) bytes>"), "\(capture.lines[2])")
            #expect(capture.lines[3].contains("body: <sealed, "), "\(capture.lines[3])")
        }
    }

    @Test func aStreamThatIsNot2xxReadsAnErrorBodyWithinTheLimit() async throws {
        try await TransportTestServer.with { server in
            let exchange = Self.exchange(Capture())
            let notFound = HTTPRequest(method: "GET", url: server.url("/status/404"))
            await #expect(throws: Ending.rejected(404, "status 404")) {
                try await exchange.acceptedStream(notFound, errorBodyLimit: 64, failures: Self.failures)
            }
            await #expect(throws: Ending.rejected(404, ""), "a longer body is dropped, the status kept") {
                try await exchange.acceptedStream(notFound, errorBodyLimit: 6, failures: Self.failures)
            }
            let stream = try await exchange.acceptedStream(
                HTTPRequest(method: "GET", url: server.url("/trickle/2/1")), errorBodyLimit: 6, failures: Self.failures)
            let body = try await stream.body.collect(upTo: 1 << 10)
            #expect(String(decoding: body, as: UTF8.self) == "piece 0\npiece 1\n")
        }
    }
}
