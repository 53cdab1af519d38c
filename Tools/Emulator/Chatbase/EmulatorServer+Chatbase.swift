import EmulatorCore
import Foundation

extension EmulatorServer {
    /// Creates a Chatbase agent (for tests, the CLI and the demo).
    ///
    /// Throws `ChatbaseAdminError.invalidAgent` (bad id, negative credits, pace outside 0–60000 ms),
    /// `.agentExists`, or `.notMounted` when this emulator has no `ChatbaseEmulator`.
    @discardableResult
    package func createChatbaseAgent(_ spec: ChatbaseAgentSpec = .init()) throws -> ChatbaseAgent {
        try chatbaseAgentStore().create(spec)
    }

    /// Changes an agent in place (credits, pace, channel, model, secret, name); the id cannot change.
    ///
    /// Throws `ChatbaseAdminError.agentNotFound`, `.invalidAgent` or `.notMounted`.
    @discardableResult
    package func updateChatbaseAgent(id: String, _ update: (inout ChatbaseAgent) -> Void) throws -> ChatbaseAgent {
        try chatbaseAgentStore().update(id: id, update)
    }

    /// Sets a conversation's status: `ongoing`, `ended` or `taken_over` (only `ongoing` takes messages).
    ///
    /// Throws `ChatbaseAdminError.invalidStatus`, `.conversationNotFound` or `.notMounted`.
    package func setChatbaseConversationStatus(id: String, _ status: String) throws {
        guard ChatbaseConversation.statuses.contains(status) else { throw ChatbaseAdminError.invalidStatus(status) }
        try requireChatbase()
        guard try ChatbaseConversationStore(store: store).setStatus(status, conversationID: id) else {
            throw ChatbaseAdminError.conversationNotFound(id)
        }
    }

    /// Every Chatbase agent, in creation order (the seeded `emulator-agent` first).
    package func chatbaseAgents() throws -> [ChatbaseAgent] {
        try chatbaseAgentStore().all()
    }

    /// An identity token for `sub` signed with the agent's secret, valid for `ttl` seconds.
    ///
    /// Throws `ChatbaseAdminError.agentNotFound`, `.noIdentitySecret` or `.notMounted`.
    package func chatbaseIdentityToken(agentID: String, sub: String, ttl: TimeInterval = 3600) throws -> String {
        guard let agent = try chatbaseAgentStore().agent(id: agentID) else {
            throw ChatbaseAdminError.agentNotFound(agentID)
        }
        guard let secret = agent.identitySecret else { throw ChatbaseAdminError.noIdentitySecret(agentID) }
        return ChatbaseJWT.hs256(sub: sub, exp: Date().addingTimeInterval(ttl), secret: secret)
    }

    private func chatbaseAgentStore() throws -> ChatbaseAgentStore {
        try requireChatbase()
        return ChatbaseAgentStore(store: store)
    }

    private func requireChatbase() throws {
        guard configuration.mounts.contains(where: { $0.service is ChatbaseEmulator }) else {
            throw ChatbaseAdminError.notMounted
        }
    }
}
