import ChatbaseSDK
import Foundation

extension Command {
    /// `sdk chat identify (--token-stdin | $SDK_CHAT_TOKEN) [--agent ID]`.
    static let chatIdentify = Command(
        name: "identify",
        summary: "Sign a user in with an identity JWT; later chat commands act as that user.",
        discussion: """
            The server checks the token (HS256, signed with the agent's identity secret; the emulator's \
            \(ChatCLIConfiguration.defaultAgent) uses emulator-identity-secret, and POST \
            /__emulator/chatbase/tokens mints one). On success the device's anonymous conversations move to \
            the user, and the token is saved in the chat data directory (see 'sdk help chat') for this agent, \
            so later commands carry it until 'sdk chat logout'. The token is never printed or logged, and is \
            never an argument (any process could read it there): it comes from the first line of stdin with \
            --token-stdin, else from $\(ChatCLIConfiguration.tokenVariable). With --json the result is \
            {"agentId","userId"}.

              sdk chat agent token --sub alice | sdk chat identify --token-stdin
            """,
        parameters: ChatIdentifyParameters(),
        run: { values, context in
            let token = try SecretInput.value(
                stdin: values.tokenStdin, flag: "token-stdin", variable: ChatCLIConfiguration.tokenVariable,
                what: "the identity JWT", context: context)
            let agent = values.agent
            let client = ChatCLIConfiguration.client(agent: agent, context: context)
            do {
                try await client.identify(token: token)
            } catch {
                throw ChatCLIConfiguration.failure(error, context: context)
            }
            let userId = client.currentUserId ?? ""
            try context.emit(
                ChatIdentityResult(agentId: agent, userId: userId),
                text: ["identified as \(userId) for agent \(agent); later chat commands carry the token"])
        }
    )

    /// `sdk chat logout [--agent ID]`.
    static let chatLogout = Command(
        name: "logout",
        summary: "Forget the saved identity token; chat commands are anonymous again.",
        discussion: """
            Deletes the token 'sdk chat identify' saved for the agent; the device ID stays. No request is made. \
            With --json the result is {"agentId","userId":null}.
            """,
        parameters: ChatAgentParameters(),
        run: { values, context in
            let agent = values.agent
            let client = ChatCLIConfiguration.client(agent: agent, context: context)
            let wasIdentified = client.authState != .anonymous
            client.logout()
            try context.emit(
                ChatIdentityResult(agentId: agent, userId: nil),
                text: [wasIdentified ? "signed out of agent \(agent)" : "no user was signed in for agent \(agent)"])
        }
    )
}

/// `sdk chat identify`'s options.
private struct ChatIdentifyParameters: CommandParameters {
    let tokenStdin = Option.flag(
        "token-stdin", help: "Read the identity JWT your backend signed for the user from the first line of stdin.")
    let agent = ChatCLIConfiguration.agentOption
}

/// `--agent` alone, as `sdk chat logout` takes it.
private struct ChatAgentParameters: CommandParameters {
    let agent = ChatCLIConfiguration.agentOption
}

/// What `sdk chat identify --json` and `sdk chat logout --json` print.
struct ChatIdentityResult: Encodable {
    let agentId: String
    let userId: String?

    private enum CodingKeys: String, CodingKey {
        case agentId, userId
    }

    /// `userId` is written as `null` when signed out, rather than left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(agentId, forKey: .agentId)
        try container.encode(userId, forKey: .userId)
    }
}
