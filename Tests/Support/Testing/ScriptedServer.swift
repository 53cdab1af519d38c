import ErrorCore
import Foundation
import HTTPServer

/// A real ``HTTPServer`` on 127.0.0.1 (ephemeral port) that answers from a script, for the answers the
/// emulator never gives: broken framing, odd statuses, forged bodies, streams cut on purpose.
///
/// Routes are matched on `METHOD path` (path without the query) and get the request and how many
/// requests reached that path so far (1 for the first). Requests no route matches go to the fallback
/// given at creation (404 without a body when there is none). Every request is recorded.
public final class ScriptedServer: Sendable {
    /// Answers one request; the `Int` counts the requests that reached its path, this one included.
    public typealias Route = @Sendable (HTTPServerRequest, Int) async -> HTTPServerResponse

    /// The underlying server.
    public let server: HTTPServer
    private let script: Script

    /// Starts a server on an ephemeral port; call ``shutdown()`` when done (or use
    /// ``withScriptedServer(_:fallback:_:)``).
    public init(_ configuration: HTTPServer.Configuration = .init(), fallback: Route? = nil) throws {
        let script = Script(fallback: fallback)
        self.script = script
        server = HTTPServer(configuration: configuration) { request in await script.answer(request) }
        try server.start()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { server.baseURL }

    /// The URL of `path` (which may carry a query) on this server.
    public func url(_ path: String) -> URL { URL(string: server.baseURL.absoluteString + path)! }

    /// Scripts `METHOD path`, replacing what was scripted for it before.
    public func route(_ method: String, _ path: String, _ route: @escaping Route) {
        script.routes.withLock { $0["\(method) \(path)"] = route }
    }

    /// Every request received, in order of arrival.
    public var requests: [HTTPServerRequest] { script.received.withLock { $0 } }

    /// How many requests reached `path`, whatever their method.
    public func requestCount(_ path: String) -> Int { requests.count { $0.path == path } }

    /// Returns once a request has arrived (at once if one already has).
    public func waitForRequest() async {
        await script.arrival(nil).wait()
    }

    /// Returns once a request for `path` has arrived (at once if one already has).
    public func waitForRequest(to path: String) async {
        await script.arrival(path).wait()
    }

    /// Stops the server and waits for its connections to end.
    public func shutdown() async { await server.shutdown() }

    /// The script and what it saw, shared with the server's handler.
    private final class Script: Sendable {
        let fallback: Route?
        let routes = Locked<[String: Route]>([:])
        let received = Locked<[HTTPServerRequest]>([])
        /// Fired on the first request (key nil) and the first request for each path.
        private let arrivals = Locked<[String?: TestSignal]>([:])

        init(fallback: Route?) {
            self.fallback = fallback
        }

        func arrival(_ path: String?) -> TestSignal {
            arrivals.withLock { arrivals in
                if let signal = arrivals[path] { return signal }
                let signal = TestSignal()
                arrivals[path] = signal
                return signal
            }
        }

        func answer(_ request: HTTPServerRequest) async -> HTTPServerResponse {
            let count = received.withLock { received in
                received.append(request)
                return received.count { $0.path == request.path }
            }
            arrival(nil).fire()
            arrival(request.path).fire()
            let route = routes.withLock { $0["\(request.method) \(request.path)"] }
            guard let handler = route ?? fallback else { return HTTPServerResponse(status: 404) }
            return await handler(request, count)
        }
    }
}

/// Runs `body` against a started ``ScriptedServer`` and always shuts it down, failing instead of
/// hanging when that takes longer than a few seconds.
public func withScriptedServer<T>(
    _ configuration: HTTPServer.Configuration = .init(), fallback: ScriptedServer.Route? = nil,
    _ body: (ScriptedServer) async throws -> T
) async throws -> T {
    let server = try ScriptedServer(configuration, fallback: fallback)
    let result: T
    do {
        result = try await body(server)
    } catch {
        try? await ServerTestHarness.stop(server.server)
        throw error
    }
    try await ServerTestHarness.stop(server.server)
    return result
}
