import ErrorCore

extension ChatbaseClient {
    /// Checks a JWT with the Chatbase server and signs the user in.
    ///
    /// On success later requests carry the token in `X-User-Token` and belong to the user, the
    /// device's anonymous conversations are merged into the user, the token is saved so the user
    /// stays signed in after a restart, and the current conversation is reset. On failure nothing
    /// changes. The request itself never carries a previous token.
    ///
    /// - Parameter token: an HS256 JWT from your backend, signed with the agent's identity secret.
    /// - Throws: ``APIError`` (401 `AUTH_INVALID_JWT` for an invalid or expired token),
    ///   ``ChatError``, or `CancellationError`.
    public func identify(token: String) async throws {
        try await ChatbaseFailure.mapping {
            let request = try http.request(
                "POST", ["verify"], body: VerifyBody(token: token), identity: try await identity(includeToken: false))
            let response = try await http.send(request)
            let userId = try http.decode(VerifyResponse.self, from: response).data.userId
            session.withLock { session in
                session.identityUnread = false
                session.auth = .identified(token: token)
                session.userId = userId
                session.conversationId = nil
                session.generation += 1
            }
            identityStore.save(IdentityStore.Saved(token: token, userId: userId))
            log.note(.info, ChatbaseLog.Category.identity, "identified")
        }
    }

    /// Signs the user out: requests are anonymous again, the saved token is deleted, and the
    /// current conversation and user are reset. Never fails (a token that cannot be deleted is
    /// logged).
    public func logout() {
        session.withLock { session in
            session.identityUnread = false
            session.auth = .anonymous
            session.userId = nil
            session.conversationId = nil
            session.generation += 1
        }
        identityStore.clear()
        log.note(.info, ChatbaseLog.Category.identity, "logged out")
    }
}

private struct VerifyBody: Encodable, Sendable {
    let token: String
}

private struct VerifyResponse: Decodable {
    struct Payload: Decodable {
        let userId: String
    }

    let data: Payload
}
