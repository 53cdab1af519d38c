import EmulatorCore
import Foundation

/// What to create a Chatbase agent with (`EmulatorServer.createChatbaseAgent(_:)`); every field has the
/// default of a plain, unlimited, instant agent.
package struct ChatbaseAgentSpec: Sendable, Codable, Equatable {
    /// The agent id; nil picks `agent_<random>`.
    package var id: String?
    /// A display name.
    package var name: String
    /// The HS256 secret identity tokens are signed with; nil makes every token `AUTH_INVALID_JWT`.
    package var identitySecret: String?
    /// Workspace message credits; nil is unlimited. Each assistant message costs 1; at 0, chat and retry get
    /// 402 `CHAT_CREDITS_EXHAUSTED`.
    package var workspaceCredits: Int?
    /// The agent's own credits; nil is unlimited; at 0, 402 `CHAT_AGENT_CREDITS_EXHAUSTED`.
    package var agentCredits: Int?
    /// False makes the agent answer 404 `AGENT_NOT_FOUND`, as when the SDK channel is off.
    package var sdkChannelEnabled: Bool
    /// False makes chat and retry answer 403 `CHAT_MODEL_NOT_ALLOWED`.
    package var modelAllowed: Bool
    /// The pause before each streamed word, in milliseconds (0–60000).
    package var paceMilliseconds: Int

    /// A spec; the defaults describe an unlimited agent that streams without pauses.
    package init(
        id: String? = nil, name: String = "Emulator agent", identitySecret: String? = nil,
        workspaceCredits: Int? = nil, agentCredits: Int? = nil, sdkChannelEnabled: Bool = true,
        modelAllowed: Bool = true, paceMilliseconds: Int = 0
    ) {
        self.id = id
        self.name = name
        self.identitySecret = identitySecret
        self.workspaceCredits = workspaceCredits
        self.agentCredits = agentCredits
        self.sdkChannelEnabled = sdkChannelEnabled
        self.modelAllowed = modelAllowed
        self.paceMilliseconds = paceMilliseconds
    }
}

/// A Chatbase agent as the emulator stores it.
package struct ChatbaseAgent: Sendable, Codable, Equatable {
    /// The id clients put in `/agents/{id}/…`.
    package var id: String
    /// A display name.
    package var name: String
    /// The HS256 identity secret, or nil when identity verification is not set up.
    package var identitySecret: String?
    /// Remaining workspace credits; nil is unlimited.
    package var workspaceCredits: Int?
    /// Remaining agent credits; nil is unlimited.
    package var agentCredits: Int?
    /// Whether the SDK channel is on (off: 404 `AGENT_NOT_FOUND`).
    package var sdkChannelEnabled: Bool
    /// Whether the plan includes the agent's model (not: 403 `CHAT_MODEL_NOT_ALLOWED`).
    package var modelAllowed: Bool
    /// The pause before each streamed word, in milliseconds.
    package var paceMilliseconds: Int

    /// An agent with every field given.
    package init(
        id: String, name: String, identitySecret: String?, workspaceCredits: Int?, agentCredits: Int?,
        sdkChannelEnabled: Bool, modelAllowed: Bool, paceMilliseconds: Int
    ) {
        self.id = id
        self.name = name
        self.identitySecret = identitySecret
        self.workspaceCredits = workspaceCredits
        self.agentCredits = agentCredits
        self.sdkChannelEnabled = sdkChannelEnabled
        self.modelAllowed = modelAllowed
        self.paceMilliseconds = paceMilliseconds
    }

    /// The agent `spec` describes, with `id` for its id.
    init(spec: ChatbaseAgentSpec, id: String) {
        self.init(
            id: id, name: spec.name, identitySecret: spec.identitySecret, workspaceCredits: spec.workspaceCredits,
            agentCredits: spec.agentCredits, sdkChannelEnabled: spec.sdkChannelEnabled,
            modelAllowed: spec.modelAllowed, paceMilliseconds: spec.paceMilliseconds)
    }

    /// The largest pace accepted: a minute per word is already useless for anything but hang tests.
    static let maxPaceMilliseconds = 60_000

    /// Why the agent cannot be stored, or nil when it can.
    var problem: String? {
        if id.isEmpty || id.count > 128 { return "id must be 1 to 128 characters" }
        if !id.unicodeScalars.allSatisfy(Self.isIDScalar) { return "id may hold only letters, digits, '-', '_', '.'" }
        if name.count > 200 { return "name must be at most 200 characters" }
        if let secret = identitySecret, secret.isEmpty || secret.utf8.count > 4096 {
            return "identity_secret must be 1 to 4096 bytes"
        }
        if let credits = workspaceCredits, credits < 0 { return "workspace_credits must not be negative" }
        if let credits = agentCredits, credits < 0 { return "agent_credits must not be negative" }
        if !(0...Self.maxPaceMilliseconds).contains(paceMilliseconds) {
            return "pace_ms must be between 0 and \(Self.maxPaceMilliseconds)"
        }
        return nil
    }

    private static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
    }
}
