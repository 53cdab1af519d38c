import ErrorCore
import Foundation
import HTTPServer

/// The JSON admin API under `/__emulator/`: health, reset, request log, inbox and fault rules here, and each
/// mounted service's own routes (``EmulatorService/adminResponse(to:path:server:)``).
///
/// No `apikey` is needed, but every request needs the admin token (`EmulatorRequestGuard` checks it, with
/// `Host`, `Origin` and JSON writes, before this runs); errors use the Palbase envelope.
///
/// | method, path | answer |
/// | --- | --- |
/// | GET `health` | `{"status":"ok","api_key","base_url","sealing_key","mounts":[…]}` |
/// | POST `reset` | 204; empties every table but the identity, clears faults, restores configured PoW and attest rules |
/// | GET `requests?limit=N&before=ID` | `{"requests":[…],"next_before"}`: up to N (default 100, max 500) older than ID, oldest first; redacted, bodies cut to 4 KiB |
/// | DELETE `requests` | 204 |
/// | GET `inbox?to=&channel=` | `{"messages":[…]}` in delivery order |
/// | DELETE `inbox?to=` | `{"deleted":N}` |
/// | GET / POST / DELETE `faults` | `{"faults":[…]}` / 201 the rule with its `id` / 204 |
/// | DELETE `faults/{id}` | 204, or 404 `not_found` |
/// | `pow`, `attest`, `auth/…` | Palbase's proof-of-work and App Attest rules, the auth service: see `PalbaseAdminRoutes` |
/// | `chatbase/…` | agents, conversation status, identity tokens: see `ChatbaseAdminRoutes` |
/// | `purse/…` | settings, clock offset, sessions and their payments, method states: see `PurseAdminRoutes` |
package struct AdminAPI: Sendable {
    package static let prefix = "/__emulator"

    package let server: EmulatorServer

    /// True for the admin API's own paths.
    package static func covers(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    /// The largest admin body read (256 KiB): every admin document is small, and a large one only costs.
    package static let maxBodyBytes = 256 * 1024

    package func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        do {
            guard request.body.count <= Self.maxBodyBytes else {
                throw PalbaseHTTPError(
                    status: 413, code: "payload_too_large",
                    description: "An admin body is at most \(Self.maxBodyBytes) bytes")
            }
            let segments = try PalbaseRequestParser.segments(of: request.path).dropFirst()
            let query = try PalbaseRequestParser.query(request.query)
            func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
            switch (request.method, Array(segments)) {
            case ("GET", ["health"]):
                return try Self.json(server.healthDocument)
            case ("POST", ["reset"]):
                try server.reset()
                return Self.noContent
            case ("GET", ["requests"]):
                let limit = try parameter("limit").map { try Self.integer($0, name: "limit", range: 0...500) } ?? 100
                let before = try parameter("before").map { try Self.integer($0, name: "before", range: 1...Int.max) }
                let page = try server.requestLog.page(limit: limit, before: before)
                return try Self.json(
                    AnyCodableValue.object([
                        "requests": .array(page.requests.map { AnyCodableValue.object($0.json) }),
                        "next_before": page.nextBefore.map(AnyCodableValue.int) ?? .null,
                    ]))
            case ("DELETE", ["requests"]):
                try server.requestLog.clear()
                return Self.noContent
            case ("GET", ["inbox"]):
                let channel = try parameter("channel").map { name in
                    guard let channel = InboxMessage.Channel(rawValue: name) else {
                        throw PalbaseHTTPError.badRequest("channel must be email or sms")
                    }
                    return channel
                }
                let messages = try server.inbox.messages(to: parameter("to"), channel: channel)
                return try Self.json(Messages(messages: messages))
            case ("DELETE", ["inbox"]):
                let deleted = try server.inbox.clear(to: parameter("to"))
                return try Self.json(AnyCodableValue.object(["deleted": .int(deleted)]))
            case ("GET", ["faults"]):
                return try Self.json(Faults(faults: try server.faults.all()))
            case ("POST", ["faults"]):
                let rule = try Self.decode(FaultRule.self, from: request.body)
                return try Self.json(try server.faults.add(rule), status: 201)
            case ("DELETE", ["faults"]):
                try server.faults.clear()
                return Self.noContent
            case ("DELETE", let path) where path.count == 2 && path[0] == "faults":
                let id = try Self.integer(path[1], name: "fault id", range: 1...Int.max)
                guard try server.faults.remove(id: id) else { throw PalbaseHTTPError.notFound(request.path) }
                return Self.noContent
            case (_, let path):
                for service in server.services {
                    if let response = try await service.adminResponse(to: request, path: path, server: server) {
                        return response
                    }
                }
                guard Self.routes.contains(path.joined(separator: "/")) else {
                    throw PalbaseHTTPError.notFound(request.path)
                }
                throw PalbaseHTTPError.methodNotAllowed(request.method, allowed: Self.methods(for: path))
            }
        } catch {
            return PalbaseEnvelope.response(for: PalbaseHTTPError.converting(error), requestID: nil)
        }
    }

    // MARK: - Routing table for 405s

    private static let routes: Set<String> = ["health", "reset", "requests", "inbox", "faults"]

    private static func methods(for path: [String]) -> [String] {
        switch path.first {
        case "health": ["GET"]
        case "reset": ["POST"]
        case "requests", "inbox": ["GET", "DELETE"]
        default: ["GET", "POST", "DELETE"]
        }
    }

    // MARK: - Bodies (the services' admin routes answer through these too)

    private struct Messages: Encodable { let messages: [InboxMessage] }
    private struct Faults: Encodable { let faults: [FaultRule] }
    package static var noContent: HTTPServerResponse { HTTPServerResponse(status: 204) }

    package static func json(_ value: some Encodable, status: Int = 200) throws -> HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: ["Content-Type": "application/json"], body: try EmulatorJSON.encode(value))
    }

    package static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        do {
            return try EmulatorJSON.decode(type, from: body)
        } catch {
            throw PalbaseHTTPError.badRequest("The body is not valid JSON for this route: \(Self.summary(of: error))")
        }
    }

    package static func integer(_ text: String, name: String, range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw PalbaseHTTPError.badRequest("\(name) must be an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// A one-line reason for a decoding failure, naming the offending key when there is one.
    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "malformed JSON" : "bad \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "malformed JSON"
        }
    }
}
