import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// POST `/agents/{id}/verify` `{"token"}`: identify.
struct ChatbaseIdentityController {
    let context: ChatbaseContext

    /// Verifies the HS256 token with the agent's identity secret and answers `{"data":{"userId":<sub>}}`;
    /// the device's anonymous conversations with this agent become the user's. Any token fails with 401
    /// `AUTH_INVALID_JWT` when the agent has no secret.
    func verify() throws -> HTTPServerResponse {
        var body = try context.body()
        let token = body.string("token", required: true, nonBlank: true)
        try body.finish()
        guard let token else { throw ChatbaseAPIError.invalidBody("token", "required") }
        let agent = context.caller.agent
        guard
            let userID = ChatbaseJWT.subject(
                of: token, secret: agent.identitySecret, now: context.date, audience: agent.id)
        else {
            throw ChatbaseAPIError.invalidJWT
        }
        try context.conversations.merge(agentID: agent.id, deviceID: context.caller.deviceID, into: userID)
        return context.json(["data": ["userId": .string(userID)]])
    }
}
