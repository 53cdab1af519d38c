import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

extension Date {
    /// 2025-01-02T03:04:05.678Z: where the sample tests' clock starts, so their timestamps are exact.
    static let sampleStart = Date(timeIntervalSince1970: 1_735_787_045.678)
}

/// Anything the tests can send a sample request through: the real emulator over HTTP, or the handler
/// directly (for what one emulator cannot show, such as two tenants).
protocol SampleSender: Sendable {
    func send(_ method: String, _ target: String, headers: [(String, String)], body: Data?) async throws -> SampleReply
}

extension SampleSender {
    /// Sends `json` (text, sent verbatim) as the body.
    func send(_ method: String, _ target: String, json: String? = nil) async throws -> SampleReply {
        try await send(
            method, target, headers: json == nil ? [] : [("Content-Type", "application/json")],
            body: json.map { Data($0.utf8) })
    }

    /// Creates a todo and returns its wire form; fails the test when creation fails.
    @discardableResult
    func createTodo(_ json: String = #"{"title":"Ship it"}"#) async throws -> SampleJSONView {
        let reply = try await send("POST", "/todos", json: json)
        try #require(reply.status == 201, "create failed: \(reply.status) \(reply.text)")
        return reply.json
    }

    /// Creates a room and returns its wire form; fails the test when creation fails.
    @discardableResult
    func createRoom(_ json: String) async throws -> SampleJSONView {
        let reply = try await send("POST", "/rooms", json: json)
        try #require(reply.status == 201, "create failed: \(reply.status) \(reply.text)")
        return reply.json
    }
}

/// Checks `reply` is the contract's error envelope with `status` and `code`, and returns it for further checks.
@discardableResult
func expectEnvelope(
    _ reply: SampleReply, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
) -> SampleJSONView {
    let envelope = reply.json
    #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(envelope["error"].string == code, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(envelope["status"].int == status, sourceLocation: sourceLocation)
    #expect(envelope["error_description"].string?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(envelope["request_id"].string?.hasPrefix("req_") == true, sourceLocation: sourceLocation)
    #expect(envelope["request_id"].string == reply.header("X-Request-Id"), sourceLocation: sourceLocation)
    #expect(
        envelope["details"].exists && envelope["data"].exists, "details and data are always sent",
        sourceLocation: sourceLocation)
    return envelope
}

/// The sample backend on a started in-memory emulator on 127.0.0.1, reached over real HTTP.
///
/// Requests go out as raw bytes (``ServerTestClient``), because the tests send what no well-behaved client
/// would: any method (`QUERY` with a body), a request target used verbatim (`/todos/..%2F..`), malformed
/// JSON. One connection per request (`Connection: close`).
struct SampleEmulator: SampleSender {
    let server: EmulatorServer
    let backend: SampleBackend
    let clock: ManualClock
    let port: Int

    /// Sends with the emulator's `apikey` (unless the caller passes one) and `Accept: application/json`.
    func send(_ method: String, _ target: String, headers: [(String, String)], body: Data?) async throws -> SampleReply
    {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !headers.contains(where: { $0.0.lowercased() == "apikey" }) { head += "apikey: \(server.apiKey)\r\n" }
        head += "Accept: application/json\r\n"
        if let body { head += "Content-Length: \(body.count)\r\n" }
        let client = try await ServerTestClient.connect(port: port)
        try await client.send(Array((head + "\r\n").utf8) + Array(body ?? Data()))
        let response = try await client.readResponse()
        await client.close()
        // By lowercased name, the last value winning.
        let fields = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        return SampleReply(status: response.status, headers: fields, body: Data(response.body))
    }
}

/// Runs `body` against a fresh emulator serving a fresh sample backend, and always shuts it down.
func withSampleEmulator<T>(
    _ configuration: SampleBackendConfiguration = .init(), _ body: (SampleEmulator) async throws -> T
) async throws -> T {
    let clock = ManualClock(.sampleStart)
    let backend = SampleBackend(configuration: configuration, clock: clock.read)
    return try await withRunningEmulator(.testing(palbaseHandlers: [backend])) { server, url in
        try await body(SampleEmulator(server: server, backend: backend, clock: clock, port: try #require(url.port)))
    }
}

/// The sample backend called directly on an in-memory database, with errors rendered by the platform's own
/// envelope code: for tenant isolation and per-key limits, which one emulator (one API key) cannot show.
struct SampleDirect: SampleSender {
    let backend: SampleBackend
    let store: SQLiteDatabase
    let clock: ManualClock
    var tenant = "tenant_a"
    var apiKey = "key_a"

    init(_ configuration: SampleBackendConfiguration = .init()) throws {
        let clock = ManualClock(.sampleStart)
        self.clock = clock
        backend = SampleBackend(configuration: configuration, clock: clock.read)
        store = try SQLiteDatabase(.memory)
        try store.migrate(backend.migrations)
    }

    /// The same backend and data, seen by another caller.
    func caller(tenant: String, apiKey: String) -> SampleDirect {
        var other = self
        other.tenant = tenant
        other.apiKey = apiKey
        return other
    }

    func send(_ method: String, _ target: String, headers: [(String, String)], body: Data?) async throws -> SampleReply
    {
        let requestID = "req_\(UUID().uuidString.lowercased())"
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var fields = HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })
        fields.add("apikey", apiKey)
        do {
            let request = PalbaseRequest(
                method: method, path: String(parts[0]),
                segments: try PalbaseRequestParser.segments(of: String(parts[0])),
                query: try PalbaseRequestParser.query(parts.count > 1 ? String(parts[1]) : nil), headers: fields,
                body: body ?? Data(), tenant: tenant, requestID: requestID)
            guard let response = try await backend.handle(request, store: store) else {
                return Self.reply(PalbaseEnvelope.response(for: .notFound(request.path), requestID: requestID))
            }
            var replyHeaders = Dictionary(response.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { $1 })
            replyHeaders["x-request-id"] = requestID
            if response.json != nil { replyHeaders["content-type"] = "application/json" }
            return SampleReply(status: response.status, headers: replyHeaders, body: response.json ?? Data())
        } catch {
            return Self.reply(
                PalbaseEnvelope.response(for: PalbaseHTTPError.converting(error), requestID: requestID))
        }
    }

    private static func reply(_ response: HTTPServerResponse) -> SampleReply {
        let headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        guard case .bytes(let body) = response.body else {
            return SampleReply(status: response.status, headers: headers, body: Data())
        }
        return SampleReply(status: response.status, headers: headers, body: body)
    }
}
