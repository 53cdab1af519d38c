import EmulatorCore
import ErrorCore
import Foundation
import SDKTransport

/// A small client for tests that talk to the emulator over real HTTP on 127.0.0.1, on the package's
/// own `CurlTransport` (real sockets, real transport).
///
/// Every request is bounded by `timeout`, so a test never hangs on a server that stopped answering.
/// Redirects are never followed: what the test sees is what the emulator sent. (It deliberately
/// avoids FoundationNetworking's async `URLSession.data(for:)`, which on Linux can deadlock when a
/// timeout cancels the task while its completion is being delivered.)
public struct EmulatorTestClient: Sendable {
    /// The emulator's base URL, e.g. `http://127.0.0.1:49152`.
    public let baseURL: URL
    /// Sent with every request unless the call overrides them (typically `apikey`).
    public var defaultHeaders: [String: String]
    /// Bound on each request, connect included.
    public var timeout: TimeInterval
    /// The admin token sent on `/__emulator` paths; nil looks up the emulator this process runs at `baseURL`.
    public var adminToken: String?

    /// A client for `baseURL`.
    public init(
        baseURL: URL, defaultHeaders: [String: String] = [:], timeout: TimeInterval = 5, adminToken: String? = nil
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        self.adminToken = adminToken
    }

    /// Sends `method` to `target` (a path with an optional query, e.g. `/todos?page=2`, used verbatim).
    ///
    /// Throws the transport's `TransportError` when the connection fails or is dropped; HTTP errors
    /// are responses.
    public func send(
        _ method: String, _ target: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> EmulatorTestResponse {
        guard let url = URL(string: baseURL.absoluteString + target) else { throw URLError(.badURL) }
        var fields = HTTPHeaders()
        for (name, value) in defaultHeaders.merging(headers, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            fields[name] = value
        }
        if body != nil, fields["Content-Type"] == nil { fields["Content-Type"] = "application/json" }
        if target.hasPrefix("/__emulator") {
            // The admin API wants the token (of the in-process emulator at `baseURL`) and JSON writes; a test of
            // those checks passes its own `Authorization` or `Content-Type`, which win.
            if fields["Authorization"] == nil, let token = adminToken ?? EmulatorServer.adminToken(servingAt: baseURL) {
                fields["Authorization"] = "Bearer \(token)"
            }
            if ["POST", "PUT", "PATCH"].contains(method), fields["Content-Type"] == nil {
                fields["Content-Type"] = "application/json"
            }
        }
        let request = HTTPRequest(
            method: method, url: url, headers: fields, body: body, timeout: .milliseconds(Int(timeout * 1_000)))
        let response = try await DefaultTransport.make().send(request)
        var received: [String: String] = [:]
        for (name, value) in response.headers { received[name.lowercased()] = value }
        return EmulatorTestResponse(status: response.status, headers: received, body: response.body)
    }

    /// Sends a JSON body given as text.
    public func send(
        _ method: String, _ target: String, headers: [String: String] = [:], json: String
    ) async throws -> EmulatorTestResponse {
        try await send(method, target, headers: headers, body: Data(json.utf8))
    }
}
