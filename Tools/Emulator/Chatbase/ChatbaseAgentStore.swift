import EmulatorCore
import Foundation

/// Reads and writes `chatbase_agents`; shared by the service, the Swift admin API and the HTTP admin routes.
struct ChatbaseAgentStore {
    let store: SQLiteDatabase

    private static let columns =
        "id, name, identity_secret, workspace_credits, agent_credits, sdk_channel_enabled, model_allowed, pace_ms"

    /// The agent with `id`, or nil.
    func agent(id: String) throws -> ChatbaseAgent? {
        try store.query("SELECT \(Self.columns) FROM chatbase_agents WHERE id = ?", [.text(id)]).first.map(Self.agent)
    }

    /// Every agent, in creation order.
    func all() throws -> [ChatbaseAgent] {
        try store.query("SELECT \(Self.columns) FROM chatbase_agents ORDER BY rowid").map(Self.agent)
    }

    /// Stores a new agent; throws `ChatbaseAdminError.invalidAgent` or `.agentExists`.
    func create(_ spec: ChatbaseAgentSpec) throws -> ChatbaseAgent {
        let id = spec.id ?? "agent_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let agent = ChatbaseAgent(spec: spec, id: id)
        if let problem = agent.problem { throw ChatbaseAdminError.invalidAgent(problem) }
        do {
            try store.execute(
                "INSERT INTO chatbase_agents (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", Self.values(agent))
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw ChatbaseAdminError.agentExists(id)
        }
        return agent
    }

    /// Applies `update` to the agent with `id` and stores the result; the id cannot change.
    func update(id: String, _ update: (inout ChatbaseAgent) throws -> Void) throws -> ChatbaseAgent {
        try store.transaction {
            guard var agent = try agent(id: id) else { throw ChatbaseAdminError.agentNotFound(id) }
            try update(&agent)
            guard agent.id == id else { throw ChatbaseAdminError.invalidAgent("id cannot change") }
            if let problem = agent.problem { throw ChatbaseAdminError.invalidAgent(problem) }
            try store.execute(
                """
                UPDATE chatbase_agents SET name = ?, identity_secret = ?, workspace_credits = ?, agent_credits = ?,
                sdk_channel_enabled = ?, model_allowed = ?, pace_ms = ? WHERE id = ?
                """,
                Array(Self.values(agent).dropFirst()) + [.text(id)])
            return agent
        }
    }

    /// Takes one credit from each limited budget of the agent (never below 0).
    func charge(agentID: String) throws {
        try store.execute(
            """
            UPDATE chatbase_agents SET
                workspace_credits = CASE WHEN workspace_credits > 0 THEN workspace_credits - 1
                    ELSE workspace_credits END,
                agent_credits = CASE WHEN agent_credits > 0 THEN agent_credits - 1 ELSE agent_credits END
            WHERE id = ?
            """,
            [.text(agentID)])
    }

    private static func values(_ agent: ChatbaseAgent) -> [SQLiteValue] {
        [
            .text(agent.id), .text(agent.name), SQLiteValue(agent.identitySecret), SQLiteValue(agent.workspaceCredits),
            SQLiteValue(agent.agentCredits), SQLiteValue(agent.sdkChannelEnabled), SQLiteValue(agent.modelAllowed),
            .integer(Int64(agent.paceMilliseconds)),
        ]
    }

    private static func agent(_ row: SQLiteRow) -> ChatbaseAgent {
        ChatbaseAgent(
            id: row.string("id") ?? "", name: row.string("name") ?? "", identitySecret: row.string("identity_secret"),
            workspaceCredits: row.int("workspace_credits"), agentCredits: row.int("agent_credits"),
            sdkChannelEnabled: row.bool("sdk_channel_enabled") ?? true, modelAllowed: row.bool("model_allowed") ?? true,
            paceMilliseconds: row.int("pace_ms") ?? 0)
    }
}
