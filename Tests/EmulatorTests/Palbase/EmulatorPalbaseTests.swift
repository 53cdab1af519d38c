import Emulator
import EmulatorTestSupport
import Foundation
import HTTPServer
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

@Suite struct EmulatorPalbaseTests {
    /// True for `req_<lowercase uuid>`.
    static func isRequestID(_ text: String?) -> Bool {
        guard let text, text.hasPrefix("req_"), let uuid = UUID(uuidString: String(text.dropFirst(4))) else {
            return false
        }
        return uuid.uuidString.lowercased() == text.dropFirst(4)
    }

    /// The envelope fields every Palbase error carries.
    static func expectEnvelope(
        _ response: EmulatorTestResponse, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        let envelope = try #require(response.jsonObject(), sourceLocation: sourceLocation)
        #expect(envelope["error"] as? String == code, sourceLocation: sourceLocation)
        #expect(envelope["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect(!((envelope["error_description"] as? String) ?? "").isEmpty, sourceLocation: sourceLocation)
        let requestID = try #require(response.header("X-Request-Id"), sourceLocation: sourceLocation)
        #expect(isRequestID(requestID), sourceLocation: sourceLocation)
        #expect(envelope["request_id"] as? String == requestID, sourceLocation: sourceLocation)
        #expect(envelope.keys.contains("details") && envelope.keys.contains("data"), sourceLocation: sourceLocation)
    }

    @Test func handlerSeesDecodedRequestAndAnswerCarriesARequestID() async throws {
        try await withEmulator { server, client async throws in
            let created = try await client.send("POST", "/notes", json: #"{"id":"a/b c","text":"hi"}"#)
            #expect(created.status == 201)
            let fetched = try await client.send("GET", "/notes/a%2Fb%20c")
            #expect(fetched.status == 200)
            #expect(fetched.jsonObject()?["text"] as? String == "hi")
            #expect(Self.isRequestID(fetched.header("X-Request-Id")))

            let whoami = try await client.send("GET", "/whoami?b=2&a=x%20y&b=1")
            let body = try #require(whoami.jsonObject())
            #expect(body["tenant"] as? String == server.tenantID)
            #expect(body["request_id"] as? String == whoami.header("X-Request-Id"))
            #expect(body["query"] as? [[String]] == [["b", "2"], ["a", "x y"], ["b", "1"]])
        }
    }

    @Test func everyResponseHasItsOwnRequestID() async throws {
        try await withEmulator { _, client async throws in
            var seen: Set<String> = []
            for _ in 0..<5 {
                let response = try await client.send("GET", "/whoami")
                seen.insert(try #require(response.header("X-Request-Id")))
            }
            #expect(seen.count == 5)
        }
    }

    @Test(arguments: [nil, "", "pk_local_wrong"])
    func missingOrWrongAPIKeyIs401(apiKey: String?) async throws {
        try await withEmulator { _, client async throws in
            var client = client
            client.defaultHeaders = apiKey.map { ["apikey": $0] } ?? [:]
            let response = try await client.send("GET", "/whoami")
            try Self.expectEnvelope(response, status: 401, code: "invalid_api_key")
        }
    }

    @Test func unknownRouteIs404AndHandlerErrorsKeepTheirShape() async throws {
        try await withEmulator { _, client async throws in
            try Self.expectEnvelope(try await client.send("GET", "/nothing/here"), status: 404, code: "not_found")

            let missing = try await client.send("GET", "/notes/ghost")
            try Self.expectEnvelope(missing, status: 404, code: "note_not_found")
            #expect(missing.jsonObject()?["details"] as? [[String: String]] == [["field": "id"]])

            let notAllowed = try await client.send("DELETE", "/notes/x")
            try Self.expectEnvelope(notAllowed, status: 405, code: "method_not_allowed")
            #expect(notAllowed.header("Allow") == "GET")
        }
    }

    @Test func extraTopLevelMembersNeverReplaceTheStandardOnes() async throws {
        let server = try EmulatorServer(configuration: .testing(palbaseHandlers: [NotesHandler()]))
        defer { server.store.close() }
        // /auth/fail needs no body, so no sealing is involved.
        let response = await server.respond(
            to: HTTPServerRequest(method: "POST", target: "/auth/fail", headers: ["apikey": server.apiKey]))
        guard case .bytes(let body) = response.body else { throw CancellationError() }
        let envelope = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(envelope["error"] as? String == "echo_conflict")
        #expect(envelope["fields"] as? [String] == ["a"])
        #expect(envelope["data"] as? [String: Int] == ["epoch": 7])
    }

    @Test(arguments: [
        "{", #"{"id": 5, "text": "x"}"#, #"{"text":"no id"}"#, "[1,2]", "null", "\u{FEFF}{}", "not json at all",
    ])
    func malformedOrMistypedJSONIs400(body: String) async throws {
        try await withEmulator { _, client async throws in
            let response = try await client.send("POST", "/notes", json: body)
            try Self.expectEnvelope(response, status: 400, code: "bad_request")
        }
    }

    @Test func oversizedBodyIs413WithTheEnvelope() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.maxPalbaseBodyBytes = 1_024
        try await withEmulator(configuration) { _, client async throws in
            let text = String(repeating: "x", count: 2_000)
            let response = try await client.send("POST", "/notes", json: #"{"id":"big","text":"\#(text)"}"#)
            try Self.expectEnvelope(response, status: 413, code: "payload_too_large")
        }
    }

    @Test(arguments: ["/notes/%2E%2E", "/notes/%2e", "/notes/a%00b", "/notes/%E0%A4", "/notes/%FF"])
    func traversalAndBrokenEscapesInIDsAre400(path: String) async throws {
        try await withEmulator { _, client async throws in
            try Self.expectEnvelope(try await client.send("GET", path), status: 400, code: "bad_request")
        }
    }

    @Test(arguments: ["/notes/..", "/notes/../../etc/passwd", "/./notes/x"])
    func rawDotSegmentsAre400(target: String) async throws {
        // URL loading normalises `..` away, so these go straight to the request pipeline.
        let server = try EmulatorServer(configuration: .testing(palbaseHandlers: [NotesHandler()]))
        defer { server.store.close() }
        let response = await server.respond(
            to: HTTPServerRequest(method: "GET", target: target, headers: ["apikey": server.apiKey]))
        #expect(response.status == 400)
    }

    @Test func wellKnownDocumentsNeedNoAPIKey() async throws {
        try await withEmulator { server, client async throws in
            var anonymous = client
            anonymous.defaultHeaders = [:]
            let key = try await anonymous.send("GET", "/.well-known/palbase-sealing-key")
            #expect(key.status == 200)
            let document = try #require(key.jsonObject() as? [String: String])
            #expect(document["alg"] == "ECDH-ES+A256GCM")
            #expect(document["kid"] == server.sealingKeyID)
            #expect(document["public_key"] == server.sealingPublicKeyBase64URL)
            #expect(server.sealingPublicKey.count == 65 && server.sealingPublicKey.first == 0x04)

            let association = try await anonymous.send("GET", "/.well-known/apple-app-site-association")
            #expect(association.status == 200)
            #expect(association.text == #"{"webcredentials":{"apps":[]}}"#)

            try Self.expectEnvelope(
                try await anonymous.send("POST", "/.well-known/palbase-sealing-key", json: "{}"), status: 405,
                code: "method_not_allowed")
        }
    }

    @Test func unexpectedHandlerErrorIs500InternalError() async throws {
        struct Broken: PalbaseRouteHandler {
            struct Oops: Error {}
            var migrations: [Migration] { [] }
            func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? {
                throw Oops()
            }
        }
        try await withEmulator(.testing(palbaseHandlers: [Broken()])) { _, client async throws in
            try Self.expectEnvelope(try await client.send("GET", "/anything"), status: 500, code: "internal_error")
        }
    }
}
