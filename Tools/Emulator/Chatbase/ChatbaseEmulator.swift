import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The Chatbase mobile-SDK API (`/api/sdk`): agents, streamed and non-streamed chat with a scripted agent,
/// client and server tools, retry, identity, credits, conversation statuses, ownership and the per-device
/// rate limit, backed by the emulator's SQLite (tables in migrations 300–399).
///
/// ```swift
/// var configuration = EmulatorConfiguration.testing()
/// configuration.mount(ChatbaseEmulator(rateLimit: 5), at: "/api/sdk")
/// ```
///
/// Every request is checked in this order: the device's rate limit (when it sent `X-Device-Id`), the route
/// (404 `RESOURCE_NOT_FOUND`), the agent (404 `AGENT_NOT_FOUND`), `User-Agent`, `X-Device-Id`, `X-User-Token`,
/// then the route's own rules. Every answer carries `X-RateLimit-*` and `X-Request-Id`. A fresh database
/// and every reset hold the agent `emulator-agent` (identity secret `emulator-identity-secret`).
package struct ChatbaseEmulator: EmulatorMountable, EmulatorService {
    private let rateLimiter: ChatbaseRateLimiter
    private let clock: @Sendable () -> Date

    /// A service allowing `rateLimit` requests per device in each fixed `rateLimitWindow` (the real limit is
    /// 1,000 per 10 s). `clock` is read once per request; tests pass their own to control token expiry and
    /// rate windows.
    package init(
        rateLimit: Int = 1_000, rateLimitWindow: Duration = .seconds(10),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        rateLimiter = ChatbaseRateLimiter(limit: rateLimit, window: rateLimitWindow)
        self.clock = clock
    }

    /// Errors look like Chatbase's.
    package var errorShape: EmulatorErrorShape { .chatbase }

    /// The Chatbase tables (300) and the seeded agent (301).
    package var migrations: [Migration] { ChatbaseMigrations.all }

    /// `chatbase/…` under the admin API (agents, conversation status, identity tokens): see `ChatbaseAdminRoutes`.
    package func adminResponse(
        to request: HTTPServerRequest, path: [String], server: EmulatorServer
    ) async throws
        -> HTTPServerResponse?
    {
        guard path.first == "chatbase" else { return nil }
        return try ChatbaseAdminRoutes(server: server).respond(to: request, path: Array(path.dropFirst()))
    }

    /// Seeds `emulator-agent` again and forgets the rate windows.
    package func didReset(store: SQLiteDatabase) throws {
        try store.execute(ChatbaseMigrations.seedSQL)
        rateLimiter.reset()
    }

    /// Answers one request under `/api/sdk`.
    package func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse {
        let date = clock()
        let now = ChatbaseTime.milliseconds(date)
        let deviceID = Self.deviceID(request.http.headers)
        let decision = rateLimiter.admit(device: deviceID, now: now)
        var response: HTTPServerResponse
        do {
            if let retryAfter = decision.retryAfter { throw ChatbaseAPIError.rateLimited(retryAfter: retryAfter) }
            response = try await answer(request, deviceID: deviceID, date: date)
        } catch let error as ChatbaseAPIError {
            response = error.response
        } catch {
            EmulatorDiagnostics.report("chatbase failed: \(String(describing: error))")
            response = ChatbaseAPIError.internalError.response
        }
        for (name, value) in decision.headers { response.headers.set(name, value) }
        response.headers.set("X-Request-Id", request.requestID)
        return response
    }

    private func answer(
        _ request: EmulatorServiceRequest, deviceID: String?, date: Date
    ) async throws
        -> HTTPServerResponse
    {
        guard let segments = try? PalbaseRequestParser.segments(of: request.subpath),
            let (route, agentID) = ChatbaseRoute.match(method: request.http.method, segments: segments)
        else { throw ChatbaseAPIError.resourceNotFound }
        let agents = ChatbaseAgentStore(store: request.store)
        guard let agent = try agents.agent(id: agentID), agent.sdkChannelEnabled else {
            throw ChatbaseAPIError.agentNotFound
        }
        let userAgent = request.http.headers["User-Agent"] ?? ""
        guard userAgent.hasPrefix("Chatbase-iOS-SDK/") || userAgent.hasPrefix("Chatbase-Android-SDK/") else {
            throw ChatbaseAPIError.invalidUserAgent
        }
        guard let deviceID else { throw ChatbaseAPIError.missingUserIdentifier }
        var userID: String?
        if request.http.headers.contains("X-User-Token") {
            let token = request.http.headers["X-User-Token"] ?? ""
            guard
                let subject = ChatbaseJWT.subject(
                    of: token, secret: agent.identitySecret, now: date, audience: agent.id)
            else {
                throw ChatbaseAPIError.invalidJWT
            }
            userID = subject
        }
        let context = ChatbaseContext(
            request: request.http, store: request.store,
            caller: ChatbaseCaller(agent: agent, deviceID: deviceID, userID: userID),
            now: ChatbaseTime.milliseconds(date), date: date)
        switch route {
        case .chat: return try ChatbaseChatController(context: context).chat()
        case .retry(let conversationID): return try ChatbaseChatController(context: context).retry(conversationID)
        case .toolResult(let conversationID):
            return try ChatbaseToolResultController(context: context).post(conversationID)
        case .verify: return try ChatbaseIdentityController(context: context).verify()
        case .conversations: return try ChatbaseListController(context: context).conversations()
        case .messages(let conversationID): return try ChatbaseListController(context: context).messages(conversationID)
        }
    }

    /// The trimmed `X-Device-Id`, or nil when missing or blank.
    private static func deviceID(_ headers: HTTPHeaders) -> String? {
        guard let value = headers["X-Device-Id"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        return value
    }
}

/// What one request's handler works with.
struct ChatbaseContext {
    let request: HTTPServerRequest
    let store: SQLiteDatabase
    let caller: ChatbaseCaller
    /// The request's instant in Unix milliseconds.
    let now: Int64
    /// The same instant as a date (token expiry).
    let date: Date

    var conversations: ChatbaseConversationStore { ChatbaseConversationStore(store: store) }
    var agents: ChatbaseAgentStore { ChatbaseAgentStore(store: store) }

    /// The request body as a JSON object.
    func body() throws -> ChatbaseBody { try ChatbaseBody(request.body) }

    /// A 200 JSON answer.
    func json(_ value: AnyCodableValue, status: Int = 200) -> HTTPServerResponse {
        .json(status, value.jsonText)
    }

    /// The conversation `id` when the caller may use it. A missing one throws `missing`; one of another
    /// agent 403 `CHAT_CONVERSATION_MISMATCH`; one of another owner 403 `AUTH_OWNERSHIP_MISMATCH`.
    func ownedConversation(_ id: String, missing: ChatbaseAPIError) throws -> ChatbaseConversation {
        guard let conversation = try conversations.conversation(id: id) else { throw missing }
        guard conversation.agentID == caller.agent.id else { throw ChatbaseAPIError.conversationMismatch }
        guard conversation.isOwned(by: caller) else { throw ChatbaseAPIError.ownershipMismatch }
        return conversation
    }
}
