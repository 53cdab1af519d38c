import ErrorCore
import Foundation
import SDKTransport

extension Command {
    /// `sdk chat agent`: the emulator's Chatbase agents, through its admin API.
    static let chatAgent = Command.group(
        name: "agent",
        summary: "Create emulator agents and identity tokens (emulator admin API).",
        discussion: """
            These commands call the emulator's admin API under /__emulator/chatbase/, at the emulator root: \
            the Chatbase API URL without its /api/sdk (see 'sdk help chat'). They do not work against the real \
            Chatbase service.
            """,
        subcommands: [chatAgentCreate, chatAgentToken]
    )

    /// `sdk chat agent create [--id ID] [--name N] [--identity-secret S] [--credits N] [--agent-credits N]
    /// [--pace-ms N]`.
    static let chatAgentCreate = Command(
        name: "create",
        summary: "Create an agent on the emulator.",
        discussion: """
            Every option has the default of a plain agent: a random agent_… id, unlimited credits, no identity \
            secret (every identify then fails with AUTH_INVALID_JWT) and no pause between streamed words. Each \
            reply costs 1 credit; at 0, chat answers 402 CHAT_CREDITS_EXHAUSTED (--credits) or \
            CHAT_AGENT_CREDITS_EXHAUSTED (--agent-credits). The secret is never printed. With --json the \
            result is {"agent":{"id","name","hasIdentitySecret","credits","agentCredits","paceMs"}}.
            """,
        parameters: ChatAgentCreateParameters(),
        run: { values, context in
            var fields: [String: AnyCodableValue] = [:]
            if let id = values.id { fields["id"] = .string(id) }
            if let name = values.name { fields["name"] = .string(name) }
            if let secret = values.identitySecret { fields["identity_secret"] = .string(secret) }
            if let credits = values.credits { fields["workspace_credits"] = .int(credits) }
            if let credits = values.agentCredits { fields["agent_credits"] = .int(credits) }
            if let pace = values.paceMilliseconds { fields["pace_ms"] = .int(pace) }
            let agent = try await ChatEmulatorAdmin(baseURL: context.baseURL, environment: context.environment)
                .createAgent(fields)
            try context.emit(["agent": agent], text: [agent.summary])
        }
    )

    /// `sdk chat agent token --sub USER [--agent ID] [--ttl SECONDS]`.
    static let chatAgentToken = Command(
        name: "token",
        summary: "Mint an identity JWT for a user of an emulator agent, for 'sdk chat identify'.",
        discussion: """
            The emulator signs it with the agent's identity secret (HS256, sub = the user, exp = now + ttl). \
            Prints the token alone, so 'sdk chat agent token --sub alice | sdk chat identify --token-stdin' works. \
            With --json the result is {"token"}.
            """,
        parameters: ChatAgentTokenParameters(),
        run: { values, context in
            let token = try await ChatEmulatorAdmin(baseURL: context.baseURL, environment: context.environment).token(
                agent: values.agent, sub: values.sub, ttl: values.ttl)
            try context.emit(["token": token], text: [token])
        }
    )
}

/// `sdk chat agent create`'s options.
private struct ChatAgentCreateParameters: CommandParameters {
    let id = Option<String?>.value(
        "id", type: .nonEmpty, valueName: "id", help: "The agent id; default agent_<random>.")
    let name = Option<String?>.value("name", type: .nonEmpty, valueName: "name", help: "A display name.")
    let identitySecret = Option<String?>.value(
        "identity-secret", type: .nonEmpty, valueName: "secret",
        help: "The HS256 secret identity tokens must be signed with.")
    let credits = Option<Int?>.value(
        "credits", type: .integer(in: 0...1_000_000_000), valueName: "n",
        help: "Workspace message credits; default unlimited.")
    let agentCredits = Option<Int?>.value(
        "agent-credits", type: .integer(in: 0...1_000_000_000), valueName: "n",
        help: "The agent's own message credits; default unlimited.")
    let paceMilliseconds = Option<Int?>.value(
        "pace-ms", type: .integer(in: 0...60_000), valueName: "ms",
        help: "Pause before each streamed word, so streaming is visible; default 0.")
}

/// `sdk chat agent token`'s options.
private struct ChatAgentTokenParameters: CommandParameters {
    let sub = Option<String>.required("sub", type: .nonEmpty, valueName: "user", help: "The user id the token names.")
    let ttl = Option.value(
        "ttl", type: .integer(in: -31_536_000...31_536_000), valueName: "seconds", default: 3600,
        help: "Seconds until it expires; negative makes an expired token.")
    let agent = ChatCLIConfiguration.agentOption
}

/// An emulator agent as `sdk chat agent create` shows it: every admin field but the secret itself.
struct ChatAgentRecord: Codable, Sendable {
    let id: String
    let name: String
    let hasIdentitySecret: Bool
    let credits: Int?
    let agentCredits: Int?
    let paceMs: Int

    /// One line for people.
    var summary: String {
        let credits = credits.map(String.init) ?? "unlimited"
        let agentCredits = agentCredits.map(String.init) ?? "unlimited"
        return "created agent \(id) (\(name)): credits \(credits), agent credits \(agentCredits), "
            + "pace \(paceMs) ms, identity secret \(hasIdentitySecret ? "set" : "none")"
    }
}

/// The Chatbase part of the emulator's admin API (`/__emulator/chatbase/`), at the root `baseURL` implies.
struct ChatEmulatorAdmin {
    let admin: EmulatorAdminClient

    init(baseURL: URL?, environment: [String: String]) {
        admin = EmulatorAdminClient(baseURL: ChatCLIConfiguration.emulatorRoot(baseURL), environment: environment)
    }

    /// `POST agents` with the admin's snake_case `fields`.
    func createAgent(_ fields: [String: AnyCodableValue]) async throws -> ChatAgentRecord {
        let agent = try await post("agents", fields, expecting: 201)
        return ChatAgentRecord(
            id: agent["id"]?.stringValue ?? "", name: agent["name"]?.stringValue ?? "",
            hasIdentitySecret: agent["identity_secret"]?.stringValue != nil,
            credits: agent["workspace_credits"]?.intValue, agentCredits: agent["agent_credits"]?.intValue,
            paceMs: agent["pace_ms"]?.intValue ?? 0)
    }

    /// `POST tokens`: a JWT for `sub` signed with the agent's identity secret.
    func token(agent: String, sub: String, ttl: Int) async throws -> String {
        let answer = try await post(
            "tokens", ["agent_id": .string(agent), "sub": .string(sub), "ttl_seconds": .int(ttl)], expecting: 200)
        guard let token = answer["token"]?.stringValue else {
            throw CommandFailure(code: "emulator_admin", message: "the emulator's token answer has no token")
        }
        return token
    }

    private func post(
        _ path: String, _ fields: [String: AnyCodableValue], expecting status: Int
    ) async throws
        -> AnyCodableValue
    {
        let response: HTTPResponse
        do {
            response = try await admin.send("POST", "chatbase/" + path, body: .object(fields))
        } catch let error as TransportError where !error.requestSent {
            throw ChatCLIConfiguration.unreachable(admin.root, detail: error.message)
        } catch let error as TransportError {
            throw CommandFailure(
                code: "emulator_admin",
                message: "The emulator's admin API did not answer /__emulator/chatbase/\(path): \(error.message)")
        }
        guard response.status == status, let body = try? JSONDecoder().decode(AnyCodableValue.self, from: response.body)
        else { throw admin.failure(response, path: "chatbase/" + path) }
        return body
    }
}
