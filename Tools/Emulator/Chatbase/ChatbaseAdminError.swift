import EmulatorCore

/// Why a Chatbase admin call (Swift or HTTP) failed.
package enum ChatbaseAdminError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The emulator was configured without `ChatbaseEmulator`, so its tables do not exist.
    case notMounted
    /// The spec or update is not storable; the reason names the field.
    case invalidAgent(String)
    /// An agent with this id already exists.
    case agentExists(String)
    /// No agent has this id.
    case agentNotFound(String)
    /// No conversation has this id.
    case conversationNotFound(String)
    /// A conversation status other than `ongoing`, `ended`, `taken_over`.
    case invalidStatus(String)
    /// The agent has no identity secret, so no token can be signed for it.
    case noIdentitySecret(String)

    /// A one-line explanation.
    package var description: String {
        switch self {
        case .notMounted: "ChatbaseEmulator is not mounted in this emulator"
        case .invalidAgent(let reason): "Invalid agent: \(reason)"
        case .agentExists(let id): "An agent with id \(id) already exists"
        case .agentNotFound(let id): "No agent with id \(id)"
        case .conversationNotFound(let id): "No conversation with id \(id)"
        case .invalidStatus(let status): "Invalid status \(status): use ongoing, ended or taken_over"
        case .noIdentitySecret(let id): "Agent \(id) has no identity secret"
        }
    }
}
