import Emulator
import EmulatorTestSupport
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct EmulatorAdminTests {
    @Test func healthDescribesTheEmulator() async throws {
        try await withEmulator { server, client async throws in
            var anonymous = client
            anonymous.defaultHeaders = [:]
            let response = try await anonymous.send("GET", "/__emulator/health")
            #expect(response.status == 200)
            let health = try #require(response.jsonObject())
            #expect(health["status"] as? String == "ok")
            #expect(health["api_key"] as? String == server.apiKey)
            #expect(health["base_url"] as? String == client.baseURL.absoluteString)
            #expect(health["sealing_key"] as? String == server.sealingPublicKeyBase64URL)
            let mounts = try #require(health["mounts"] as? [[String: String]])
            #expect(mounts.map { $0["prefix"] } == ["/", "/api/sdk", "/purse"])
        }
    }

    @Test func requestLogKeepsRequestsAsReceived() async throws {
        try await withEmulator { _, client async throws in
            _ = try await client.send("POST", "/notes?x=1", headers: ["X-Trace": "t1"], json: #"{"id":"1","text":"é"}"#)
            _ = try await client.send(
                "PUT", "/binary", headers: ["Content-Type": "application/octet-stream"], body: Data([0xFF, 0x00, 0xFE]))
            _ = try await client.send("GET", "/whoami")

            let all = try #require(try await client.send("GET", "/__emulator/requests").jsonObject())
            let requests = try #require(all["requests"] as? [[String: Any]])
            #expect(requests.map { $0["method"] as? String } == ["POST", "PUT", "GET"])
            let post = requests[0]
            #expect(post["path"] as? String == "/notes")
            #expect(post["query"] as? String == "x=1")
            #expect(post["body"] as? String == #"{"id":"1","text":"é"}"#)
            #expect(post["status"] as? Int == 201)
            #expect((post["request_id"] as? String)?.hasPrefix("req_") == true)
            let headers = try #require(post["headers"] as? [[String: String]])
            #expect(headers.contains { $0["name"]?.lowercased() == "x-trace" && $0["value"] == "t1" })
            #expect(headers.contains { $0["name"]?.lowercased() == "apikey" })
            let binary = requests[1]
            #expect(binary["body"] is NSNull)
            #expect(binary["body_base64"] as? String == Data([0xFF, 0x00, 0xFE]).base64EncodedString())
            #expect(requests[2]["query"] is NSNull)

            let last = try #require(try await client.send("GET", "/__emulator/requests?limit=1").jsonObject())
            #expect((last["requests"] as? [[String: Any]])?.map { $0["method"] as? String } == ["GET"])

            #expect(try await client.send("DELETE", "/__emulator/requests").status == 204)
            let empty = try #require(try await client.send("GET", "/__emulator/requests").jsonObject())
            #expect((empty["requests"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func requestLogIsCapped() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.requestLogCapacity = 3
        try await withEmulator(configuration) { server, client async throws in
            for index in 0..<5 { _ = try await client.send("GET", "/whoami?i=\(index)") }
            #expect(try server.recentRequests(limit: 100).map(\.query) == ["i=2", "i=3", "i=4"])
        }
    }

    @Test func inboxListsFiltersAndDeletes() async throws {
        try await withEmulator { server, client async throws in
            let first = try server.inbox.deliver(
                InboxMessage(
                    channel: .email, to: "a@example.com", subject: "Verify", body: "Code 123456",
                    metadata: ["code": "123456"]))
            try server.inbox.deliver(InboxMessage(channel: .sms, to: "+15550100", body: "Your code is 999"))
            try server.inbox.deliver(InboxMessage(channel: .email, to: "b@example.com", subject: "Hi", body: "x"))
            #expect(first.id != nil && first.createdAt != nil)

            let all = try #require(try await client.send("GET", "/__emulator/inbox").jsonObject())
            let messages = try #require(all["messages"] as? [[String: Any]])
            #expect(messages.map { $0["to"] as? String } == ["a@example.com", "+15550100", "b@example.com"])
            #expect(messages[0]["subject"] as? String == "Verify")
            #expect(messages[0]["metadata"] as? [String: String] == ["code": "123456"])
            #expect(messages[0]["channel"] as? String == "email")
            #expect(messages[0]["created_at"] is String)

            let sms = try #require(try await client.send("GET", "/__emulator/inbox?channel=sms").jsonObject())
            #expect((sms["messages"] as? [[String: Any]])?.map { $0["to"] as? String } == ["+15550100"])
            let toA = try #require(try await client.send("GET", "/__emulator/inbox?to=a%40example.com").jsonObject())
            #expect((toA["messages"] as? [[String: Any]])?.count == 1)
            #expect(try await client.send("GET", "/__emulator/inbox?channel=pigeon").status == 400)

            let deleted = try await client.send("DELETE", "/__emulator/inbox?to=a%40example.com")
            #expect(deleted.jsonObject()?["deleted"] as? Int == 1)
            #expect(try server.inbox.messages().count == 2)
            #expect(try await client.send("DELETE", "/__emulator/inbox").jsonObject()?["deleted"] as? Int == 2)
            #expect(try server.inbox.messages().isEmpty)
        }
    }

    @Test func resetEmptiesDataButKeepsTheIdentity() async throws {
        try await withEmulator { server, client async throws in
            let apiKey = server.apiKey
            let sealingKey = server.sealingPublicKey
            #expect(try await client.send("POST", "/notes", json: #"{"id":"r","text":"t"}"#).status == 201)
            try server.inbox.deliver(InboxMessage(channel: .sms, to: "+1", body: "x"))
            try server.addFault(.status(500, error: "x"), pathPrefix: "/nowhere")

            #expect(try await client.send("POST", "/__emulator/reset").status == 204)

            #expect(try server.inbox.messages().isEmpty)
            #expect(try server.faults.all().isEmpty)
            #expect(try server.recentRequests().isEmpty)
            // Same API key still works; the note is gone.
            #expect(try await client.send("GET", "/notes/r").status == 404)
            #expect(server.apiKey == apiKey && server.sealingPublicKey == sealingKey)
            #expect(try EmulatorIdentity.loadOrCreate(in: server.store).apiKey == apiKey)
        }
    }

    @Test func resetLetsServicesReseed() async throws {
        struct Seeded: PalbaseRouteHandler {
            var migrations: [Migration] { [Migration(version: 901, sql: "CREATE TABLE seeds (v TEXT)")] }
            func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? { nil }
            func didReset(store: SQLiteDatabase) throws {
                try store.execute("INSERT INTO seeds VALUES ('fresh')")
            }
        }
        try await withEmulator(.testing(palbaseHandlers: [Seeded()])) { server, _ async throws in
            try server.store.execute("INSERT INTO seeds VALUES ('old')")
            try server.reset()
            #expect(try server.store.query("SELECT v FROM seeds").compactMap { $0.string("v") } == ["fresh"])
        }
    }

    @Test(arguments: [
        ("GET", "/__emulator/nope", 404, "not_found"),
        ("GET", "/__emulator", 404, "not_found"),
        ("GET", "/__emulator/reset", 405, "method_not_allowed"),
        ("POST", "/__emulator/health", 405, "method_not_allowed"),
        ("PUT", "/__emulator/faults", 405, "method_not_allowed"),
        ("GET", "/__emulator/requests?limit=-1", 400, "bad_request"),
        ("GET", "/__emulator/requests?limit=abc", 400, "bad_request"),
        ("DELETE", "/__emulator/faults/abc", 400, "bad_request"),
        ("POST", "/__emulator/pow", 400, "bad_request"),
    ])
    func badAdminRequestsGetTheEnvelope(method: String, target: String, status: Int, code: String) async throws {
        try await withEmulator { _, client async throws in
            let response = try await client.send(method, target, body: method == "POST" ? Data("{".utf8) : nil)
            #expect(response.status == status)
            #expect(response.jsonObject()?["error"] as? String == code)
            #expect(response.jsonObject()?["status"] as? Int == status)
        }
    }
}
