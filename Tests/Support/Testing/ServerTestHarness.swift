import HTTPServer

/// Starts a server for one test and always shuts it down, with a bound on how long that may take.
public enum ServerTestHarness {
    /// Raised when `shutdown()` did not finish in time (a stuck handler or a leak).
    public struct ShutdownTimedOut: Error, CustomStringConvertible {
        public let openConnections: Int
        public var description: String { "shutdown did not finish; \(openConnections) connections still open" }
    }

    /// Runs `body` against a started server on 127.0.0.1 and an ephemeral port, then shuts the
    /// server down (also when `body` throws).
    public static func withServer<Result>(
        _ configuration: HTTPServer.Configuration = .init(),
        handler: @escaping HTTPServer.Handler,
        _ body: (HTTPServer) async throws -> Result
    ) async throws -> Result {
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        let result: Result
        do {
            result = try await body(server)
        } catch {
            try? await stop(server)
            throw error
        }
        try await stop(server)
        return result
    }

    /// Shuts `server` down, failing instead of hanging if that takes longer than `timeout`.
    public static func stop(_ server: HTTPServer, within timeout: Duration = .seconds(5)) async throws {
        let finished = TestSignal()
        Task {
            await server.shutdown()
            finished.fire()
        }
        guard await finished.wait(timeout: timeout) else {
            throw ShutdownTimedOut(openConnections: server.openConnectionCount)
        }
    }

    /// A configuration for tests. The read and idle timeouts default to the server's own: on a loaded
    /// machine a test client can sit for seconds between its connect and its first byte, and a shorter
    /// idle limit closed such connections unanswered. Tests of the timeouts pass their own. The head,
    /// body and rate limits keep the server's defaults unless given.
    public static func configuration(
        readTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30), maxConnections: Int = 64,
        maxRequestBodyBytes: Int = 64 << 10, maxHeaderBytes: Int = 8 << 10, headTimeout: Duration? = nil,
        bodyTimeout: Duration? = nil, minimumTransferRate: Int? = nil, writeTimeout: Duration = .seconds(10)
    ) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.readTimeout = readTimeout
        configuration.idleTimeout = idleTimeout
        if let headTimeout { configuration.headTimeout = headTimeout }
        if let bodyTimeout { configuration.bodyTimeout = bodyTimeout }
        if let minimumTransferRate { configuration.minimumTransferRate = minimumTransferRate }
        configuration.maxConnections = maxConnections
        configuration.maxRequestBodyBytes = maxRequestBodyBytes
        configuration.maxHeaderBytes = maxHeaderBytes
        configuration.writeTimeout = writeTimeout
        return configuration
    }
}
