import ErrorCore
import Foundation
import SDKTransport

/// The transport double, for what the emulator cannot do: answer with a shape it never sends, fail a
/// request before it leaves, hold a request on its way while the test looks, change or watch a request
/// as it leaves.
///
/// Every request is recorded (``requests``), then meets the rules in the order given, each applying to
/// the requests it matches up to its `times`. A rule either ends the exchange
/// (``Rule/respond(status:headers:body:when:)``, ``Rule/fail(with:times:when:)``) or lets the request go
/// on to the next rule and, past the last, to `base`: by default the package's transport, so the rest of
/// the exchange runs against the emulator. Streams meet the same rules as buffered exchanges.
public final class ScriptedTransport: Transport {
    private let base: any Transport
    private let rules: [Rule]
    private let log = Locked((requests: [HTTPRequest](), failures: 0))

    /// A transport applying `rules`, in order, to each request before it goes to `base`.
    public init(forwardingTo base: any Transport = DefaultTransport.make(), _ rules: Rule...) {
        self.base = base
        self.rules = rules
    }

    /// Every request handed to this transport, oldest first, as the caller made it.
    public var requests: [HTTPRequest] { log.withLock { $0.requests } }

    /// How many requests a ``Rule/fail(with:times:when:)`` rule failed.
    public var failures: Int { log.withLock { $0.failures } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await exchange(request, answered: { $0 }, sending: { try await self.base.send($0) })
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await exchange(
            request,
            answered: {
                HTTPStreamingResponse(status: $0.status, headers: $0.headers, body: HTTPBodyStream(chunks: [$0.body]))
            },
            sending: { try await self.base.stream($0) })
    }

    /// Routes `request` through the rules, then hands back their answer or sends what they let through.
    private func exchange<Response: Sendable>(
        _ request: HTTPRequest, answered: (HTTPResponse) -> Response,
        sending: @escaping @Sendable (HTTPRequest) async throws -> Response
    ) async throws -> Response {
        switch try await route(request) {
        case .answer(let response):
            return answered(response)
        case .forward(let request, let after, let abandon):
            let response =
                if let abandon {
                    try await Self.send(request, abandoningOnce: abandon, through: sending)
                } else {
                    try await sending(request)
                }
            for hook in after { try await hook(request) }
            return response
        }
    }

    /// Sends `request` and, once `arrived` returns, abandons the exchange (cancelling it) and fails it as
    /// a timeout after sending; an answer or a failure before that is the exchange's own.
    private static func send<Response: Sendable>(
        _ request: HTTPRequest, abandoningOnce arrived: @escaping Rule.Hook,
        through sending: @escaping @Sendable (HTTPRequest) async throws -> Response
    ) async throws -> Response {
        try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask { try await sending(request) }
            group.addTask {
                try await arrived(request)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw TransportError(
                    code: .timedOut, requestSent: true, message: "timed out (abandoned once the server had it)")
            }
            return response
        }
    }

    /// What the rules made of a request: an answer of their own, or the request to send on, the hooks to
    /// run once it is answered, and the condition on which to abandon it.
    private enum Route {
        case answer(HTTPResponse)
        case forward(HTTPRequest, after: [Rule.Hook], abandon: Rule.Hook?)
    }

    private func route(_ request: HTTPRequest) async throws -> Route {
        log.withLock { $0.requests.append(request) }
        var request = request
        var after: [Rule.Hook] = []
        var abandon: Rule.Hook?
        for rule in rules where rule.applies(to: request) {
            switch rule.action {
            case .respond(let response):
                return .answer(response)
            case .fail(let error):
                log.withLock { $0.failures += 1 }
                throw error
            case .hold(let gate):
                await gate.pass()
            case .rewrite(let change):
                change(&request)
            case .before(let hook):
                try await hook(request)
            case .after(let hook):
                after.append(hook)
            case .timeOut(let arrived):
                abandon = arrived
            }
        }
        return .forward(request, after: after, abandon: abandon)
    }
}
