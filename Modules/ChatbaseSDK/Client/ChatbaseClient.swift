import ErrorCore
import Foundation
import SDKTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The main entry point of the Chatbase SDK. Call it from any task or actor.
///
/// A new client starts anonymous, tied to a device ID that stays the same across launches; call
/// ``identify(token:)`` to sign a user in (the token is saved, so the user stays signed in after a
/// restart). Register client-side tools with ``tool(_:handler:)`` before the first ``send(_:conversationId:configure:)``.
///
/// Errors: ``APIError`` for network problems and server error responses, ``ChatError`` for
/// problems the SDK finds itself, `CancellationError` when the calling Task is cancelled.
///
/// ```swift
/// let client = ChatbaseClient(agentId: "YOUR_AGENT_ID")
/// let response = try await client.send("Hello")
/// print(response.message.text)
/// ```
public final class ChatbaseClient: Sendable {
    /// The default API address.
    public static let defaultBaseURL = "https://www.chatbase.co/api/sdk"

    struct Session: Sendable {
        var auth: AuthState
        var userId: String?
        var conversationId: String?
        /// Bumped by identify and logout, so a reply that finishes afterwards does not overwrite
        /// the new session's current conversation.
        var generation = 0
        /// The saved identity could not be read yet (a locked Keychain): requests wait for it rather than go
        /// out anonymous (see `ChatbaseClient.identity(includeToken:)`).
        var identityUnread = false
    }

    /// The agent this client talks to.
    public let agentId: String
    /// This install's device ID, sent as `X-Device-Id` on every request.
    public let deviceId: String
    /// How many streams one `send` or `retry` may open while running tools.
    public let maxToolLoopSteps: Int

    let http: ChatbaseHTTP
    let log: ChatbaseLog
    let identityStore: IdentityStore
    let tools = ToolRegistry()
    /// Times exchanges and waits between tool-result retries.
    let clock: SDKClock
    let session: Locked<Session>

    /// Creates a client, with the official SDK's parameters.
    ///
    /// - Parameters:
    ///   - agentId: the Chatbase agent ID to connect to.
    ///   - baseURL: the API address; leave it at its default. One that is not an `http(s)` URL makes
    ///     every call throw ``ChatError/invalidURL(_:)``.
    ///   - configuration: used whole wherever URLSession carries the requests (Apple platforms): the
    ///     client makes its own session from it, so `protocolClasses`, `httpAdditionalHeaders`, proxies
    ///     and `waitsForConnectivity` apply (caching and cookies stay off). Its
    ///     `timeoutIntervalForRequest` bounds the wait for a response and the silence between two
    ///     chunks of a stream, and its `timeoutIntervalForResource` a whole request; expiry throws
    ///     `APIError.networkError(URLError(.timedOut))`. On Linux with libcurl only the two timeouts
    ///     and `httpAdditionalHeaders` apply.
    ///   - maxToolLoopSteps: how many streams one `send` or `retry` may open while running tools
    ///     (at least 1); going over throws ``ChatError/toolLoopLimitExceeded(limit:)``.
    ///
    /// Diagnostics go to ``defaultLogger``; use ``init(agentId:baseURL:configuration:maxToolLoopSteps:logger:)``
    /// to send them elsewhere.
    public convenience init(
        agentId: String,
        baseURL: String = "https://www.chatbase.co/api/sdk",
        configuration: URLSessionConfiguration = .default,
        maxToolLoopSteps: Int = 10
    ) {
        self.init(
            agentId: agentId, baseURL: baseURL, configuration: configuration, maxToolLoopSteps: maxToolLoopSteps,
            logger: ChatbaseClient.defaultLogger)
    }

    /// Creates a client whose diagnostics go to `logger`; otherwise as
    /// ``init(agentId:baseURL:configuration:maxToolLoopSteps:)``.
    ///
    /// - Parameters:
    ///   - agentId: the Chatbase agent ID to connect to.
    ///   - baseURL: the API address; leave it at its default.
    ///   - configuration: as for ``init(agentId:baseURL:configuration:maxToolLoopSteps:)``.
    ///   - maxToolLoopSteps: how many streams one `send` or `retry` may open while running tools.
    ///   - logger: where diagnostics go (subsystem `com.chatbase.sdk`, the official SDK's categories
    ///     `APIClient`, `ChatService`, `Identity` and `ConversationState`). Tokens, message text and
    ///     tool input/output are never logged.
    public convenience init(
        agentId: String,
        baseURL: String = ChatbaseClient.defaultBaseURL,
        configuration: URLSessionConfiguration = .default,
        maxToolLoopSteps: Int = 10,
        logger: any SDKLogger
    ) {
        let carrier = ConfiguredTransport(configuration)
        self.init(
            agentId: agentId, baseURL: baseURL, timeouts: RequestTimeouts(configuration),
            maxToolLoopSteps: maxToolLoopSteps, transport: carrier.transport,
            additionalHeaders: carrier.additionalHeaders, logger: logger)
    }

    /// Creates a client with explicit seams, for tests and tools: the transport, headers added to every
    /// request (under the SDK's own), where state is persisted, the logger and the clock that times
    /// exchanges and waits between tool-result retries.
    package init(
        agentId: String,
        baseURL: String = ChatbaseClient.defaultBaseURL,
        timeouts: RequestTimeouts = RequestTimeouts(),
        maxToolLoopSteps: Int = 10,
        transport: any Transport = DefaultTransport.make(),
        additionalHeaders: HTTPHeaders = HTTPHeaders(),
        storage: ChatbaseStorage = .standard,
        logger: any SDKLogger = ChatbaseClient.defaultLogger,
        clock: SDKClock = .live
    ) {
        let log = ChatbaseLog(logger: logger)
        self.agentId = agentId
        self.maxToolLoopSteps = max(1, maxToolLoopSteps)
        self.log = log
        self.clock = clock
        self.http = ChatbaseHTTP(
            transport: transport, baseURL: baseURL, agentId: agentId, timeouts: timeouts,
            additionalHeaders: additionalHeaders, log: log, clock: clock)
        self.deviceId = DeviceIdStore.deviceId(for: storage, log: log)
        self.identityStore = IdentityStore(storage: storage, agentId: agentId, log: log)
        var session = Session(auth: .anonymous)
        switch identityStore.load() {
        case .saved(let saved): (session.auth, session.userId) = (.identified(token: saved.token), saved.userId)
        case .none: break
        case .unreadable: session.identityUnread = true
        }
        self.session = Locked(session)
    }

    /// Whether a user is signed in.
    ///
    /// While the saved identity cannot be read (a Keychain locked since the device started) this reads it
    /// again, and says `.anonymous` only until it can: requests wait for it meanwhile.
    public var authState: AuthState {
        resolveSavedIdentity()
        return session.withLock { $0.auth }
    }

    /// The conversation of the last successful reply; `nil` after ``newConversation()``,
    /// ``identify(token:)`` and ``logout()``.
    public var currentConversationId: String? { session.withLock { $0.conversationId } }

    /// The server's ID for the user of this client: the one ``identify(token:)`` confirmed, or the
    /// `userId` of the last reply (anonymous users have one too, once the server has answered).
    /// `nil` before the first reply and after ``identify(token:)`` fails or ``logout()``.
    public var currentUserId: String? { session.withLock { $0.userId } }

    /// Forgets the current conversation, so the next send through ``ConversationState`` starts a new one.
    public func newConversation() {
        session.withLock { $0.conversationId = nil }
    }

    /// Registers the handler for the client-side tool `name`; registering a name again replaces
    /// its handler. The name must match a Custom Action of the agent.
    public func tool(_ name: String, handler: @escaping ToolHandler) {
        tools.register(name, handler: handler)
    }

    /// Removes the handler for `name`. The agent then gets `{"error": …}` when it asks for that tool.
    public func removeTool(_ name: String) {
        tools.remove(name)
    }

    /// The identity headers for a request; `includeToken: false` for `verify`, which must not
    /// carry a previous (possibly expired) token.
    ///
    /// A locked Keychain is not an anonymous user: while the saved identity cannot be read, the request
    /// waits for it (reading again after 50 ms, then twice as long each time up to 2 s), at most
    /// ``identityWaitLimit``, and then fails with `APIError.networkError(URLError(.userAuthenticationRequired))`
    /// with nothing sent, rather than go out anonymous and start a conversation that is not the user's.
    func identity(includeToken: Bool = true) async throws -> RequestIdentity {
        if includeToken, session.withLock({ $0.identityUnread }) { try await waitForSavedIdentity() }
        return RequestIdentity(deviceId: deviceId, token: includeToken ? authState.token : nil)
    }

    /// How long a request waits for a saved identity that cannot be read now.
    static let identityWaitLimit: Duration = .seconds(10)

    private func waitForSavedIdentity() async throws {
        var rereads = 0
        var waited = Duration.zero
        while !resolveSavedIdentity() {
            guard waited < Self.identityWaitLimit else {
                throw APIError.networkError(URLError(.userAuthenticationRequired))
            }
            let delay = BackoffPolicy.unreadableStore.backoff(afterRetries: rereads)
            try await clock.sleep(for: delay)
            waited += delay
            rereads += 1
        }
    }

    /// Reads the saved identity again when it could not be read before; whether it is known now.
    @discardableResult
    func resolveSavedIdentity() -> Bool {
        guard session.withLock({ $0.identityUnread }) else { return true }
        let loaded = identityStore.load()
        guard loaded != .unreadable else { return false }
        session.withLock { session in
            guard session.identityUnread else { return }  // identify or logout decided meanwhile
            session.identityUnread = false
            if case .saved(let saved) = loaded {
                session.auth = .identified(token: saved.token)
                session.userId = saved.userId
            }
        }
        return true
    }

    /// Records the outcome of a reply, unless identify or logout happened since it started.
    func recordReply(conversationId: String, userId: String?, generation: Int) {
        session.withLock { session in
            guard session.generation == generation else { return }
            session.conversationId = conversationId
            if let userId { session.userId = userId }
        }
    }

    var generation: Int { session.withLock { $0.generation } }
}
