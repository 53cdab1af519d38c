import EmulatorCore

/// The Chatbase SDK API's routes below the mount prefix, with their decoded path parameters.
///
/// Anything else, a wrong method included, is 404 `RESOURCE_NOT_FOUND` (the real server's answer to a
/// wrong method is unknown; one answer keeps it simple).
enum ChatbaseRoute: Equatable {
    /// POST `/agents/{agentId}/chat`.
    case chat
    /// POST `/agents/{agentId}/conversations/{cid}/tool-result`.
    case toolResult(conversationID: String)
    /// POST `/agents/{agentId}/conversations/{cid}/retry`.
    case retry(conversationID: String)
    /// POST `/agents/{agentId}/verify`.
    case verify
    /// GET `/agents/{agentId}/conversations`.
    case conversations
    /// GET `/agents/{agentId}/conversations/{cid}/messages`.
    case messages(conversationID: String)

    /// The route and agent id for `method` and the percent-decoded `segments`, or nil.
    static func match(method: String, segments: [String]) -> (route: ChatbaseRoute, agentID: String)? {
        guard segments.count >= 3, segments[0] == "agents" else { return nil }
        let agentID = segments[1]
        let route: ChatbaseRoute
        switch (method, Array(segments.dropFirst(2))) {
        case ("POST", ["chat"]): route = .chat
        case ("POST", ["verify"]): route = .verify
        case ("GET", ["conversations"]): route = .conversations
        case ("POST", let rest) where rest.count == 3 && rest[0] == "conversations" && rest[2] == "tool-result":
            route = .toolResult(conversationID: rest[1])
        case ("POST", let rest) where rest.count == 3 && rest[0] == "conversations" && rest[2] == "retry":
            route = .retry(conversationID: rest[1])
        case ("GET", let rest) where rest.count == 3 && rest[0] == "conversations" && rest[2] == "messages":
            route = .messages(conversationID: rest[1])
        default: return nil
        }
        return (route, agentID)
    }
}
