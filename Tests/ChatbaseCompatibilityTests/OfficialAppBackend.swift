import ChatbaseSDK
import EmulatorChatbase
import Foundation

// The scaffolding that starts the emulator and looks at what it received, kept out of the app files
// (App/) so those import only what an app built on the official SDK imports.

/// The Chatbase emulator an app under test talks to, with what a test needs to set the scene and to
/// see what the app sent.
struct OfficialAppBackend: Sendable {
    let server: EmulatorServer
    /// The API root an app passes as `baseURL`.
    let baseURL: String
    /// The seeded agent.
    let agentId = "emulator-agent"

    /// A valid identity token for `user` on the seeded agent.
    func token(for user: String) throws -> String {
        try server.chatbaseIdentityToken(agentID: agentId, sub: user)
    }

    /// A new agent whose workspace has no message credits left; returns its ID.
    func agentWithoutCredits() throws -> String {
        try server.createChatbaseAgent(ChatbaseAgentSpec(workspaceCredits: 0)).id
    }

    /// Gives the seeded agent a new identity secret, so tokens issued before are rejected.
    func rotateIdentitySecret() throws {
        _ = try server.updateChatbaseAgent(id: agentId) { $0.identitySecret = "rotated-" + UUID().uuidString }
    }

    /// Streams the seeded agent's replies word by word with `milliseconds` between words.
    func pace(milliseconds: Int) throws {
        _ = try server.updateChatbaseAgent(id: agentId) { $0.paceMilliseconds = milliseconds }
    }

    /// The next `times` tool results get 404 `RESOURCE_TOOL_CALL_NOT_FOUND`, as when the server has
    /// not stored the call yet.
    func rejectToolResults(times: Int) throws {
        _ = try server.addFault(
            FaultRule(
                method: "POST", pathPrefix: "/api/sdk/agents/\(agentId)/conversations/", count: times,
                action: .status(404, error: "RESOURCE_TOOL_CALL_NOT_FOUND")))
    }

    /// The requests the emulator received, oldest first.
    func requests() throws -> [SentRequest] {
        try server.recentRequests(limit: 500).map { logged in
            SentRequest(
                method: logged.method, path: logged.path, query: logged.query,
                headers: logged.headers.map { ($0.name, $0.value) },
                body: try? JSONDecoder().decode(JSONValue.self, from: logged.body))
        }
    }
}

/// One request as the emulator received it.
struct SentRequest: Sendable {
    let method: String
    let path: String
    let query: String?
    let headers: [(name: String, value: String)]
    /// The JSON body, when there was one.
    let body: JSONValue?

    /// The first value of header `name`, case-insensitive.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether header `name` carried `value`: the log keeps a sensitive header's fingerprint, not the value.
    func header(_ name: String, carried value: String) -> Bool {
        header(name) == RequestLog.fingerprint(header: name, value: value)
    }
}

/// Runs `body` against a fresh in-memory emulator with the Chatbase API at `/api/sdk`, with the
/// SDK's standard storage in a fresh directory (so the public initializers get a new device and no
/// saved token, and nothing touches the home directory). Always shuts the emulator down.
func withOfficialApp<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (OfficialAppBackend) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration.testing()
    configuration.mount(ChatbaseEmulator(), at: "/api/sdk")
    let server = try EmulatorServer(configuration: configuration)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "chatbase-compat-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        let root = try server.start()
        let backend = OfficialAppBackend(server: server, baseURL: root.absoluteString + "/api/sdk")
        let result = try await ChatbaseStorage.withOverride(ChatbaseStorage(directory: directory)) {
            try await body(backend)
        }
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
