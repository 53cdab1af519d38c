import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The Chatbase part of the admin API, under `/__emulator/chatbase/` (no auth, snake_case JSON, errors in
/// the admin API's Palbase envelope):
///
/// | method, path | body | answer |
/// | --- | --- | --- |
/// | POST `agents` | `{id?, name?, identity_secret?, workspace_credits?, agent_credits?, sdk_channel_enabled?, model_allowed?, pace_ms?}` | 201 agent |
/// | GET `agents` | | `{"agents":[…]}` |
/// | PATCH `agents/{id}` | the same fields but `id`; `null` clears an optional one | 200 agent |
/// | POST `conversations/{cid}/status` | `{"status"}` | 204 |
/// | POST `tokens` | `{"agent_id","sub","ttl_seconds"?}` (default 3600) | `{"token"}` |
struct ChatbaseAdminRoutes {
    let server: EmulatorServer

    /// Answers `method path` (the segments after `chatbase`); throws `PalbaseHTTPError`.
    func respond(to request: HTTPServerRequest, path: [String]) throws -> HTTPServerResponse {
        do {
            switch (request.method, path) {
            case ("POST", ["agents"]):
                var spec = ChatbaseAgentSpec()
                let fields = try Self.object(request.body)
                var agent = ChatbaseAgent(spec: spec, id: "")
                try Self.apply(fields, to: &agent, allowingID: true)
                spec = ChatbaseAgentSpec(
                    id: fields["id"]?.stringValue, name: agent.name, identitySecret: agent.identitySecret,
                    workspaceCredits: agent.workspaceCredits, agentCredits: agent.agentCredits,
                    sdkChannelEnabled: agent.sdkChannelEnabled, modelAllowed: agent.modelAllowed,
                    paceMilliseconds: agent.paceMilliseconds)
                return Self.json(Self.json(try server.createChatbaseAgent(spec)), status: 201)
            case ("GET", ["agents"]):
                return Self.json(["agents": .array(try server.chatbaseAgents().map(Self.json))])
            case ("PATCH", let path) where path.count == 2 && path[0] == "agents":
                let fields = try Self.object(request.body)
                var failure: PalbaseHTTPError?
                let agent = try server.updateChatbaseAgent(id: path[1]) { agent in
                    do throws(PalbaseHTTPError) {
                        try Self.apply(fields, to: &agent, allowingID: false)
                    } catch { failure = error }
                }
                if let failure { throw failure }
                return Self.json(Self.json(agent))
            case ("POST", let path) where path.count == 3 && path[0] == "conversations" && path[2] == "status":
                let fields = try Self.object(request.body)
                guard case .string(let status) = fields["status"] ?? .null else {
                    throw PalbaseHTTPError.badRequest("status must be a string")
                }
                try server.setChatbaseConversationStatus(id: path[1], status)
                return HTTPServerResponse(status: 204)
            case ("POST", ["tokens"]):
                let fields = try Self.object(request.body)
                guard case .string(let agentID) = fields["agent_id"] ?? .null,
                    case .string(let subject) = fields["sub"] ?? .null, !subject.isEmpty
                else { throw PalbaseHTTPError.badRequest("agent_id and sub must be strings") }
                var ttl = 3600
                if let value = fields["ttl_seconds"], value != .null {
                    guard let seconds = value.intValue, (-31_536_000...31_536_000).contains(seconds) else {
                        throw PalbaseHTTPError.badRequest("ttl_seconds must be an integer within a year")
                    }
                    ttl = seconds
                }
                let token = try server.chatbaseIdentityToken(agentID: agentID, sub: subject, ttl: TimeInterval(ttl))
                return Self.json(["token": .string(token)])
            case (_, ["agents"]), (_, ["tokens"]):
                throw PalbaseHTTPError.methodNotAllowed(
                    request.method, allowed: path == ["agents"] ? ["GET", "POST"] : ["POST"])
            default:
                throw PalbaseHTTPError.notFound(request.path)
            }
        } catch let error as ChatbaseAdminError {
            throw Self.httpError(error)
        }
    }

    // MARK: - Mapping

    /// The agent as admin JSON (snake_case, `pace_ms`).
    static func json(_ agent: ChatbaseAgent) -> AnyCodableValue {
        [
            "id": .string(agent.id), "name": .string(agent.name),
            "identity_secret": agent.identitySecret.map(AnyCodableValue.string) ?? .null,
            "workspace_credits": agent.workspaceCredits.map(AnyCodableValue.int) ?? .null,
            "agent_credits": agent.agentCredits.map(AnyCodableValue.int) ?? .null,
            "sdk_channel_enabled": .bool(agent.sdkChannelEnabled), "model_allowed": .bool(agent.modelAllowed),
            "pace_ms": .int(agent.paceMilliseconds),
        ]
    }

    private static let fieldNames: Set<String> = [
        "id", "name", "identity_secret", "workspace_credits", "agent_credits", "sdk_channel_enabled", "model_allowed",
        "pace_ms",
    ]

    /// Applies the admin fields present in `fields`; unknown fields and wrong types are 400 `bad_request`.
    private static func apply(
        _ fields: [String: AnyCodableValue], to agent: inout ChatbaseAgent, allowingID: Bool
    ) throws(PalbaseHTTPError) {
        if let unknown = fields.keys.sorted().first(where: { !fieldNames.contains($0) || (!allowingID && $0 == "id") })
        {
            throw PalbaseHTTPError.badRequest("unknown field \(unknown)")
        }
        for (key, value) in fields {
            switch (key, value) {
            case ("id", .string), ("id", .null): break
            case ("name", .string(let name)): agent.name = name
            case ("identity_secret", .string(let secret)): agent.identitySecret = secret
            case ("identity_secret", .null): agent.identitySecret = nil
            case ("workspace_credits", .null): agent.workspaceCredits = nil
            case ("workspace_credits", _) where value.intValue != nil: agent.workspaceCredits = value.intValue
            case ("agent_credits", .null): agent.agentCredits = nil
            case ("agent_credits", _) where value.intValue != nil: agent.agentCredits = value.intValue
            case ("sdk_channel_enabled", .bool(let enabled)): agent.sdkChannelEnabled = enabled
            case ("model_allowed", .bool(let allowed)): agent.modelAllowed = allowed
            case ("pace_ms", _) where value.intValue != nil: agent.paceMilliseconds = value.intValue ?? 0
            default: throw PalbaseHTTPError.badRequest("\(key) has the wrong type")
            }
        }
    }

    private static func object(_ body: Data) throws -> [String: AnyCodableValue] {
        guard let object = SampleJSON.parse(body)?.objectValue else {
            throw PalbaseHTTPError.badRequest("The body must be a JSON object")
        }
        return object
    }

    private static func json(_ value: AnyCodableValue, status: Int = 200) -> HTTPServerResponse {
        .json(status, value.jsonText)
    }

    private static func httpError(_ error: ChatbaseAdminError) -> PalbaseHTTPError {
        let description = error.description
        return switch error {
        case .invalidAgent, .invalidStatus: PalbaseHTTPError.badRequest(description)
        case .agentExists, .noIdentitySecret: PalbaseHTTPError(status: 409, code: "conflict", description: description)
        case .agentNotFound, .conversationNotFound, .notMounted:
            PalbaseHTTPError(status: 404, code: "not_found", description: description)
        }
    }
}
