import Emulator
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import SDKCrypto
import SDKTransport

extension DemoSection {
    /// `pb.auth` against the emulator's auth service: sign up and in, restore the session in a second
    /// client with the server unreachable, create a todo as that user, a storm of calls with an expired
    /// token that refreshes once (the request log is the witness), a server-side revocation that ends
    /// the session with `.sessionExpired`, and a sign-out.
    ///
    /// Runs on an emulator it starts in memory, or on `--base-url`'s emulator when given (through its
    /// admin API, whose clock it moves and puts back). The session lives in a temporary directory.
    package static let palbeAuth = DemoSection(
        title: "Palbe auth: a session that persists, restores offline and refreshes once", timeout: .seconds(60)
    ) { context in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sdk-demo-auth-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await withDemoEmulator(context) { configuration in
            try await PalbeAuthDemo(configuration: configuration, directory: directory, context: context).run()
        }
    }
}

/// The auth demo's script. Every claim it prints is checked first; a check that fails ends the section
/// with a `CommandFailure`.
struct PalbeAuthDemo {
    /// Calls in the refresh storm.
    static let stormSize = 20
    /// How far the clocks move so the access token (an hour's) has expired.
    static let anHourLater = 3_700

    let configuration: PalbeConfiguration
    let directory: URL
    let context: OutputContext
    let admin: EmulatorAdminClient

    init(configuration: PalbeConfiguration, directory: URL, context: OutputContext) {
        self.configuration = configuration
        self.directory = directory
        self.context = context
        admin = EmulatorAdminClient(baseURL: configuration.baseURL, environment: context.environment)
    }

    /// A client whose session lives in `store` (by default the demo's), sending through `transport`.
    func client(store: String = "session", transport: any Transport = DefaultTransport.make()) -> PalbeClient {
        let runtime = PalbeCLIConfiguration.runtime(
            for: context, sessionStore: SessionStorage.directory(directory.appendingPathComponent(store)))
        return PalbeClient(configuration: configuration, transport: transport, runtime: runtime)
    }

    func run() async throws -> [String] {
        var lines: [String] = []
        let pb = client()
        let events = EventLog()
        let unsubscribe = await pb.auth.onAuthEvent { events.append($0) }
        defer { unsubscribe() }

        // 1. Sign up, then sign in.
        let email = "demo-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let password = "demo-" + UUID().uuidString
        let user = try await pb.auth.signUp(email: email, password: password).user
        lines.append("1. signed up \(email) (user \(user.id)): event \(events.last.map(Self.describe) ?? "none")")
        let signedIn = try await pb.auth.signIn(email: email, password: password).user
        guard signedIn.id == user.id else { throw failure("sign-in answered another user") }
        lines.append("   signed in again with the password: a fresh session bound to this device's DPoP key")

        // 2. A second client, a relaunch, with every connection refused: the session is restored from the store.
        let dead = DeadPortTransport()
        let relaunch = client(transport: dead)
        let started = ContinuousClock.now
        let first = await firstState(of: relaunch)
        let elapsed = ContinuousClock.now - started
        guard case .signedIn(let restored) = first, restored.id == user.id, dead.attempts == 0 else {
            throw failure("the relaunched client did not restore the session offline")
        }
        let restoredUser = await relaunch.auth.currentUser
        lines.append(
            "2. a relaunched client with the server unreachable: first state .signedIn(\(restored.email ?? "?")) "
                + "in \(Self.milliseconds(elapsed)) ms, currentUser \(restoredUser?.id ?? "nil"), "
                + "\(dead.attempts) requests made")

        // 3. A todo as that user: the call carries the session; a client with only the API key sees none of it.
        let todo = try await pb.todos.create(.init(title: "Renew the passport"))
        let anonymousTodos = try await client(store: "anonymous").todos.list()
        guard !anonymousTodos.contains(where: { $0.id == todo.id }) else {
            throw failure("the user's todo is visible without the session")
        }
        lines.append(
            "3. created \(todo.id) \"\(todo.title)\" as \(user.id); a client with only the API key lists "
                + "\(anonymousTodos.count) todos, not this one")

        // 4. An hour later on the server the access token has expired: 20 concurrent calls, one refresh. Each
        //    call that left with the old token got a 401 and is replayed once, after the one refresh.
        let marker = try await lastLoggedRequestID()
        _ = try await adminJSON("PUT", "auth/clock", body: ["offset_seconds": .int(Self.anHourLater)])
        let refreshedBefore = events.count { $0 == .tokenRefreshed }
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.stormSize { group.addTask { try await pb.todos.list().count } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        _ = try await adminJSON("DELETE", "auth/clock", body: nil)
        let logged = try await loggedRequests(after: marker)
        let refreshes = logged.filter { $0.path == "/auth/token/refresh" }
        let lists = logged.filter { $0.path == "/todos" && $0.method == "GET" }
        let refreshedEvents = events.count { $0 == .tokenRefreshed } - refreshedBefore
        let rejected = lists.filter { $0.status == 401 }.count
        let answered = lists.filter { $0.status == 200 }.count
        guard results.count == Self.stormSize, refreshes.count == 1, refreshes.first?.status == 200,
            answered == Self.stormSize, rejected + answered == lists.count, rejected <= Self.stormSize,
            refreshedEvents == 1, await pb.auth.isSignedIn
        else {
            throw failure(
                "the storm made \(refreshes.count) refreshes (\(refreshes.map { $0.status ?? 0 })), "
                    + "\(answered) answered and \(rejected) rejected list calls, \(refreshedEvents) refresh events")
        }
        lines.append(
            "4. emulator clock +\(Self.anHourLater) s (admin API), so the token expired: \(Self.stormSize) concurrent "
                + "todos.list() calls all succeeded; request log: \(refreshes.count) POST /auth/token/refresh, "
                + "\(rejected) GET /todos answered 401 with the expired token and replayed once, \(answered) answered "
                + "200; \(refreshedEvents) .tokenRefreshed event")

        // 5. The server revokes every session of the user: the next call ends the session.
        let revoked = try await adminJSON("DELETE", "auth/users/\(user.id)/sessions", body: nil)
        let expiredBefore = events.count { $0 == .signedOut(reason: .sessionExpired) }
        var code = "none"
        do {
            _ = try await pb.todos.list()
        } catch {
            switch error {
            case .other(.unauthorized(let auth)): code = "401 \(auth.code)"
            case .other(let backend): code = backend.code
            }
        }
        let ended = events.count { $0 == .signedOut(reason: .sessionExpired) } - expiredBefore
        let afterRevocation = await pb.auth.currentUser
        guard ended == 1, afterRevocation == nil else {
            throw failure("a revoked session did not end the local one (\(code))")
        }
        lines.append(
            "5. admin revoked \(revoked["revoked"]?.intValue ?? 0) session(s): the next call failed with \(code), "
                + "event .signedOut(sessionExpired), currentUser nil")

        // 6. Sign in once more, then sign out.
        try await pb.auth.signIn(email: email, password: password)
        let logoutsBefore = try await lastLoggedRequestID()
        try await pb.auth.signOut()
        let logouts = try await loggedRequests(after: logoutsBefore).filter { $0.path == "/auth/logout" }
        let afterSignOut = await pb.auth.currentUser
        guard events.last == .signedOut(reason: .userInitiated), afterSignOut == nil, logouts.count == 1 else {
            throw failure("sign-out did not end the session")
        }
        lines.append(
            "6. signed in again, then signed out: POST /auth/logout \(logouts.first?.status.map(String.init) ?? "?"), "
                + "event .signedOut(userInitiated), currentUser nil")
        lines += try await oauthRoundTrip()
        return lines
    }

    // MARK: - Helpers

    /// The first state a listener of `client` receives: the restored one, once the store was read.
    private func firstState(of client: PalbeClient) async -> AuthState {
        let (states, continuation) = AsyncStream.makeStream(of: AuthState.self)
        let unsubscribe = await client.auth.onAuthStateChange { continuation.yield($0) }
        defer { unsubscribe() }
        for await state in states { return state }
        return .signedOut
    }

    /// One request of the emulator's log: what the demo counts.
    struct Logged {
        let id: Int
        let method: String
        let path: String
        let status: Int?
    }

    /// The id of the newest logged request (0 when the log is empty).
    func lastLoggedRequestID() async throws -> Int {
        try await loggedRequests(limit: 1).last?.id ?? 0
    }

    /// The requests logged after `id`, oldest first.
    func loggedRequests(after id: Int) async throws -> [Logged] {
        try await loggedRequests(limit: 500).filter { $0.id > id }
    }

    private func loggedRequests(limit: Int) async throws -> [Logged] {
        let log = try await adminJSON("GET", "requests?limit=\(limit)", body: nil)
        return (log["requests"]?.arrayValue ?? []).compactMap { entry in
            guard let id = entry["id"]?.intValue, let method = entry["method"]?.stringValue,
                let path = entry["path"]?.stringValue
            else { return nil }
            return Logged(id: id, method: method, path: path, status: entry["status"]?.intValue)
        }
    }

    /// An admin call that must succeed; its JSON (null for an empty body).
    private func adminJSON(_ method: String, _ path: String, body: AnyCodableValue?) async throws -> AnyCodableValue {
        let response = try await admin.send(method, path, body: body)
        guard (200..<300).contains(response.status) else { throw admin.failure(response, path: path) }
        if response.body.isEmpty { return .null }
        return try JSONDecoder().decode(AnyCodableValue.self, from: response.body)
    }

    func failure(_ message: String) -> CommandFailure {
        CommandFailure(code: "demo_auth", message: message)
    }

    private static func describe(_ event: AuthEvent) -> String {
        switch event {
        case .signedIn(let user): ".signedIn(\(user.email ?? user.id))"
        case .signedOut(let reason): ".signedOut(\(reason))"
        case .tokenRefreshed: ".tokenRefreshed"
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }
}

/// The events a listener received, in order.
private final class EventLog: Sendable {
    private let events = Locked<[AuthEvent]>([])

    func append(_ event: AuthEvent) {
        events.withLock { $0.append(event) }
    }

    var last: AuthEvent? { events.withLock { $0.last } }

    func count(where predicate: (AuthEvent) -> Bool) -> Int {
        events.withLock { $0.filter(predicate).count }
    }
}

/// A network where nothing answers: every request goes to 127.0.0.1:1, where the connection is refused.
/// The client keeps its configured base URL (and so finds its persisted session); only the wire is dead.
private final class DeadPortTransport: Transport {
    private let tried = Locked(0)
    private let inner = DefaultTransport.make()

    /// How many requests the client tried to send.
    var attempts: Int { tried.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        tried.withLock { $0 += 1 }
        return try await inner.send(Self.redirected(request))
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        tried.withLock { $0 += 1 }
        return try await inner.stream(Self.redirected(request))
    }

    private static func redirected(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        components?.host = "127.0.0.1"
        components?.port = 1
        if let url = components?.url { request.url = url }
        return request
    }
}
