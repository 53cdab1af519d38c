import Emulator
import ErrorCore
import Foundation
import SDKTransport

/// The CLI's one way into an emulator's admin API (`/__emulator/…`), with the admin token it needs.
///
/// The token comes from, in order: `SDK_EMULATOR_TOKEN`; an emulator this process runs (the demo's
/// embedded one); the `admin-token` file of the data directory (`SDK_EMULATOR_DATA_DIR`, else
/// `.sdk/emulator`, the default of `sdk emulator start`).
struct EmulatorAdminClient {
    /// The emulator's root URL (any path of `baseURL` is dropped).
    let root: URL
    /// The token, when one was found; requests without one get the emulator's 401 and say where to find it.
    let token: String?

    init(baseURL: URL, environment: [String: String]) {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.path = ""
        components?.query = nil
        root = components?.url ?? baseURL
        token = Self.token(for: baseURL, environment: environment)
    }

    /// The admin token for the emulator at `baseURL` (see the type's discussion).
    static func token(for baseURL: URL, environment: [String: String]) -> String? {
        if let token = environment[EmulatorAdminToken.environmentVariable], !token.isEmpty { return token }
        if let token = EmulatorServer.adminToken(servingAt: baseURL) { return token }
        let directory =
            environment["SDK_EMULATOR_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? EmulatorConfiguration.defaultDataDirectory
        return EmulatorAdminToken.read(in: URL(fileURLWithPath: directory))
    }

    /// Sends `method` to `/__emulator/<path>` (`path` may end in an already encoded `?query`) with a JSON
    /// body when `body` is given.
    ///
    /// Throws `TransportError` when nothing answers; any HTTP status is returned.
    func send(_ method: String, _ path: String, body: AnyCodableValue? = nil) async throws -> HTTPResponse {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var base = root.appendingPathComponent("__emulator")
        for segment in parts[0].split(separator: "/") { base.appendPathComponent(String(segment)) }
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        if parts.count == 2 { components?.percentEncodedQuery = String(parts[1]) }
        guard let url = components?.url else { throw CommandFailure(code: "invalid_url", message: "bad admin path") }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil || ["POST", "PUT", "PATCH"].contains(method) { headers["Content-Type"] = "application/json" }
        let request = HTTPRequest(
            method: method, url: url, headers: headers, body: try body.map { try JSONEncoder().encode($0) },
            timeout: .seconds(10))
        return try await DefaultTransport.make().send(request)
    }

    /// The failure for an admin answer that is not `expected`: the admin API's own `{"error",
    /// "error_description"}`, and for a missing or wrong token, where to find the right one.
    func failure(_ response: HTTPResponse, path: String) -> CommandFailure {
        let body = try? JSONDecoder().decode(AnyCodableValue.self, from: response.body)
        let code = body?["error"]?.stringValue ?? "emulator_admin"
        var description = body?["error_description"]?.stringValue ?? "HTTP \(response.status) from /__emulator/\(path)"
        if response.status == 401, code == "admin_token_required" {
            description =
                "The emulator at \(root.absoluteString) wants its admin token: set "
                + "\(EmulatorAdminToken.environmentVariable) to the token 'sdk emulator start' printed, or "
                + "SDK_EMULATOR_DATA_DIR to its data directory"
        }
        return CommandFailure(code: code, message: "\(description) (HTTP \(response.status))")
    }
}
