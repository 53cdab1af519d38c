import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
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
    ) -> PalbeClient {
        var runtime = (recorder ?? self.recorder).runtime(traceHTTP: traceHTTP)
        runtime.sessionStore = store ?? self.store
        return PalbeClient(
            configuration: configuration ?? self.configuration(), transport: transport ?? DefaultTransport.make(),
            runtime: runtime)
    }

    /// The persisted unit as the client wrote it, read with the SDK's own reader.
    func persisted(_ client: PalbeClient) throws -> PersistedAuth? {
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

extension LoggedRequest {
    /// The stored form of the bearer the request carried: the log keeps a fingerprint, never the token; compare
    /// with ``bearerPrint(_:)``.
    var bearer: String? {
        header("Authorization").flatMap { $0.hasPrefix("Bearer ") ? $0 : nil }
    }
}

/// What the request log stores for `Authorization: Bearer <token>` (nil for no token).
func bearerPrint(_ token: String?) -> String? {
    token.map { RequestLog.fingerprint(header: "Authorization", value: "Bearer \($0)") }
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
