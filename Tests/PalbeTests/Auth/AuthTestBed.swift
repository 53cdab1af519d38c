import Emulator
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import TestSupport
import Testing

/// A running emulator with the auth service (cheap password hashing) and the sample backend, and what
/// an auth test needs: clients whose session lives in a temporary directory of the test's own, the
/// inbox, the admin API, the request log. Created by ``withAuthBackend(_:)``.
struct AuthTestBed: Sendable {
    /// Bound on every exchange a test client makes: generous, since storms run 100 calls at once on a
    /// loaded machine.
    static let requestTimeout: Duration = .seconds(30)

    let emulator: EmulatorServer
    let service: AuthService
    let baseURL: URL
    let recorder: RuntimeRecorder
    /// Where ``store`` keeps the session files.
    let storeDirectory: URL

    /// The session store every client of this bed shares unless told otherwise: a second client
    /// made from it is a relaunch of the first.
    var store: FileSecureStore { FileSecureStore(directory: storeDirectory) }

    /// A configuration for this emulator, the sealing key pinned unless `pinSealingKey` is false.
    func configuration(pinSealingKey: Bool = true) -> PalbeConfiguration {
        PalbeConfiguration(
            baseURL: baseURL, apiKey: emulator.apiKey, environment: "test",
            sealingKey: pinSealingKey ? emulator.sealingPublicKeyBase64URL : nil, appVersion: "3.1.4",
            requestTimeout: Self.requestTimeout)
    }

    /// A client keeping its session in `store` (by default ``store``), sending through `transport`.
    func client(
        _ configuration: PalbeConfiguration? = nil, store: (any SecureStore)? = nil,
        transport: (any Transport)? = nil, traceHTTP: Bool = true, recorder: RuntimeRecorder? = nil
    ) -> Palbe {
        var runtime = (recorder ?? self.recorder).runtime(traceHTTP: traceHTTP)
        runtime.sessionStore = store ?? self.store
        return Palbe(
            configuration: configuration ?? self.configuration(), transport: transport ?? DefaultTransport.make(),
            runtime: runtime)
    }

    /// The persisted unit as the client wrote it, read with the SDK's own reader.
    func persisted(_ client: Palbe) throws -> PersistedAuth? {
        try client.session.persistence.loadNow()
    }

    /// Every logged request to `prefix`, oldest first.
    func requests(to prefix: String) throws -> [LoggedRequest] {
        try emulator.requests(to: prefix)
    }

    /// The metadata of the newest inbox message to `recipient` of `kind` (`otp`, `magic_link`,
    /// `password_reset`, `email_verification`).
    func inbox(
        to recipient: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws
        -> [String: String]
    {
        let messages = try emulator.inbox.messages(to: recipient).filter { $0.metadata["kind"] == kind }
        return try #require(messages.last, "no \(kind) message to \(recipient)", sourceLocation: sourceLocation)
            .metadata
    }

    /// Calls the auth admin API, `/__emulator/auth/<path>`, and returns the status and JSON body.
    @discardableResult
    func admin(
        _ method: String, _ path: String, _ body: AnyCodableValue? = nil
    ) async throws -> (
        status: Int, body: AnyCodableValue
    ) {
        let response = try await EmulatorTestClient(baseURL: baseURL, timeout: 30).send(
            method, "/__emulator/auth/" + path, body: body.map { Data($0.jsonText.utf8) })
        let json = response.body.isEmpty ? .null : try JSONDecoder().decode(AnyCodableValue.self, from: response.body)
        return (response.status, json)
    }

    /// Moves the auth service's clock `seconds` from the real time, through the admin API.
    func setClockOffset(_ seconds: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let reply = try await admin("PUT", "clock", ["offset_seconds": .int(seconds)])
        #expect(reply.status == 200, sourceLocation: sourceLocation)
    }

    /// The id of the account with `email`, through the admin API.
    func userID(email: String) async throws -> String {
        let reply = try await admin("GET", "users?email=\(email)")
        return try #require(reply.body["users"]?.arrayValue?.first?["id"]?.stringValue)
    }

    /// The sessions of `userID` as the admin API shows them.
    func sessions(of userID: String) async throws -> [AnyCodableValue] {
        try await admin("GET", "users/\(userID)/sessions").body["sessions"]?.arrayValue ?? []
    }
}

/// Runs `body` against a fresh in-memory emulator serving the auth service and the sample backend, with a
/// temporary session directory; always shuts both down.
func withAuthBackend<T>(
    policy: AuthPolicy = .testing, isolation: isolated (any Actor)? = #isolation,
    _ body: (AuthTestBed) async throws -> T
) async throws -> T {
    let service = AuthService(policy: policy)
    return try await withTemporaryDirectory { directory in
        try await withRunningEmulator(.testing(palbaseHandlers: [service, SampleBackend()])) { emulator, baseURL in
            try await body(
                AuthTestBed(
                    emulator: emulator, service: service, baseURL: baseURL, recorder: RuntimeRecorder(),
                    storeDirectory: directory.appendingPathComponent("session")))
        }
    }
}

/// Collects what a listener hears, and lets a test await the n-th value.
final class Heard<Value: Sendable>: Sendable {
    private let state = Locked((values: [Value](), waiters: [(count: Int, signal: TestSignal)]()))

    /// The listener to register.
    var listener: @Sendable (Value) -> Void {
        { [self] value in
            let ready = state.withLock { state in
                state.values.append(value)
                let count = state.values.count
                let ready = state.waiters.filter { $0.count <= count }.map(\.signal)
                state.waiters.removeAll { $0.count <= count }
                return ready
            }
            for signal in ready { signal.fire() }
        }
    }

    /// Everything heard so far, oldest first.
    var values: [Value] { state.withLock { $0.values } }

    /// Waits until `count` values were heard (bounded; the test fails on timeout) and returns them all.
    @discardableResult
    func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Value] {
        let signal = TestSignal()
        let already = state.withLock { state in
            if state.values.count >= count { return true }
            state.waiters.append((count, signal))
            return false
        }
        if !already {
            let heard = await signal.wait(timeout: .seconds(60))
            #expect(heard, "heard \(values.count) of \(count) values", sourceLocation: sourceLocation)
        }
        return values
    }
}

/// A transport that runs `hook` before each request it passes on to `inner`, and counts what it sent:
/// a hook can hold a request back, fail it, or change the world before it arrives.
struct InterceptingTransport: Transport {
    let inner: any Transport
    let hook: @Sendable (HTTPRequest) async throws -> Void
    private let log = Locked<[HTTPRequest]>([])

    init(_ inner: any Transport = DefaultTransport.make(), hook: @escaping @Sendable (HTTPRequest) async throws -> Void)
    {
        self.inner = inner
        self.hook = hook
    }

    /// Every request handed to this transport, oldest first.
    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        try await hook(request)
        return try await inner.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        log.withLock { $0.append(request) }
        try await hook(request)
        return try await inner.stream(request)
    }
}

/// A session store that wraps another and holds its first read until ``release()``: a Keychain
/// still loading at launch.
final class GatedStore: SecureStore {
    let inner: any SecureStore
    /// Fired when the first read begins.
    let readStarted = TestSignal()
    private let gate = DispatchSemaphore(value: 0)
    private let state = Locked((reads: 0, released: false))

    init(_ inner: any SecureStore) {
        self.inner = inner
    }

    /// Lets the held read (and every later one) through.
    func release() {
        let first = state.withLock { state in
            defer { state.released = true }
            return !state.released
        }
        if first { gate.signal() }
    }

    func read(_ key: String) throws -> Data? {
        let held = state.withLock { state in
            state.reads += 1
            return state.reads == 1 && !state.released
        }
        if held {
            readStarted.fire()
            gate.wait()
        }
        return try inner.read(key)
    }

    func write(_ data: Data, for key: String) throws { try inner.write(data, for: key) }
    func delete(_ key: String) throws { try inner.delete(key) }
}

/// A session store that wraps another and, once armed with ``holdNextWrite()``, holds the next write
/// until ``release()``: a slow Keychain write.
final class WriteGatedStore: SecureStore {
    let inner: any SecureStore
    /// Fired when the held write begins.
    let writeStarted = TestSignal()
    private let gate = DispatchSemaphore(value: 0)
    private let armed = Locked(false)

    init(_ inner: any SecureStore) {
        self.inner = inner
    }

    /// Holds the next write.
    func holdNextWrite() { armed.withLock { $0 = true } }

    /// Lets the held write through.
    func release() { gate.signal() }

    func read(_ key: String) throws -> Data? { try inner.read(key) }

    func write(_ data: Data, for key: String) throws {
        let held = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        if held {
            writeStarted.fire()
            gate.wait()
        }
        try inner.write(data, for: key)
    }

    func delete(_ key: String) throws { try inner.delete(key) }
}

extension LoggedRequest {
    /// The bearer token the request carried.
    var bearer: String? {
        header("Authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
    }
}

/// The error a throwing auth call threw, or nil when it returned.
func authError(_ body: () async throws(AuthError) -> Void) async -> AuthError? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}

/// A session store in memory: a device whose secure store starts empty and is never shared.
final class InMemoryStore: SecureStore {
    private let items = Locked<[String: Data]>([:])

    func read(_ key: String) throws -> Data? { items.withLock { $0[key] } }
    func write(_ data: Data, for key: String) throws { items.withLock { $0[key] = data } }
    func delete(_ key: String) throws { items.withLock { $0[key] = nil } }
}

/// A transport that answers every request with `status` and `body` (for shapes the emulator never
/// sends), recording what it was asked.
struct CannedTransport: Transport {
    let status: Int
    let body: String
    private let log = Locked<[HTTPRequest]>([])

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json", "X-Request-Id": "req_canned"],
            body: Data(body.utf8))
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        throw TransportError(code: .unsupportedURL, requestSent: false, message: "no streams here")
    }
}
