import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small URLSession client for tests that talk to the emulator over real HTTP on 127.0.0.1.
///
/// Every request is bounded by `timeout`, so a test never hangs on a server that stopped answering.
/// Cookies, caches and redirects are off: what the test sees is what the emulator sent.
public struct EmulatorTestClient: Sendable {
    /// The emulator's base URL, e.g. `http://127.0.0.1:49152`.
    public let baseURL: URL
    /// Sent with every request unless the call overrides them (typically `apikey`).
    public var defaultHeaders: [String: String]
    /// Bound on each request, connect included.
    public var timeout: TimeInterval

    private let session: URLSession

    /// A client for `baseURL`.
    public init(baseURL: URL, defaultHeaders: [String: String] = [:], timeout: TimeInterval = 5) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// Sends `method` to `target` (a path with an optional query, e.g. `/todos?page=2`, used verbatim).
    ///
    /// Throws the URL loading error when the connection fails or is dropped; HTTP errors are responses.
    public func send(
        _ method: String, _ target: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> EmulatorTestResponse {
        guard let url = URL(string: baseURL.absoluteString + target) else { throw URLError(.badURL) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in defaultHeaders.merging(headers, uniquingKeysWith: { $1 }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return EmulatorTestResponse(status: http.statusCode, headers: fields, body: data)
    }

    /// Sends a JSON body given as text.
    public func send(
        _ method: String, _ target: String, headers: [String: String] = [:], json: String
    ) async throws -> EmulatorTestResponse {
        try await send(method, target, headers: headers, body: Data(json.utf8))
    }
}
