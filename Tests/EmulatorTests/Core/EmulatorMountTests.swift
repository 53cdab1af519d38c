import Emulator
import EmulatorTestSupport
import Foundation
import HTTPServer
import Testing

@testable import EmulatorCore

@Suite struct EmulatorMountTests {
    /// A service that answers `GET /ping` with its subpath and request id, and fails on `/boom`.
    struct PingService: EmulatorMountable, EmulatorService {
        struct Boom: Error {}
        var errorShape: EmulatorErrorShape { .chatbase }
        var migrations: [Migration] { [Migration(version: 950, sql: "CREATE TABLE pings (id INTEGER PRIMARY KEY)")] }

        func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse {
            if request.subpath == "/boom" { throw Boom() }
            try request.store.execute("INSERT INTO pings DEFAULT VALUES")
            let text = #"{"subpath":"\#(request.subpath)","request_id":"\#(request.requestID)"}"#
            return HTTPServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    @Test func unmountedServicePrefixesAnswer404InTheirOwnShape() async throws {
        try await withEmulator { _, client async throws in
            let chat = try await client.send("GET", "/api/sdk/agents/a/conversations")
            #expect(chat.status == 404)
            let error = try #require(chat.jsonObject()?["error"] as? [String: Any])
            #expect(error["code"] as? String == "RESOURCE_NOT_FOUND")

            let purse = try await client.send("POST", "/purse/payment/v2/client-sessions", json: "{}")
            #expect(purse.status == 404)
            #expect(purse.header("Content-Type") == "application/problem+json")
            let problem = try #require(purse.jsonObject())
            #expect(problem["error_code"] as? String == "API_404")
            #expect(problem["status"] as? Int == 404)
            #expect(problem["instance"] as? String == "/purse/payment/v2/client-sessions")
            #expect(problem["request_id"] as? String == purse.header("X-Request-Id"))

            // A segment boundary separates mounts: /pursex belongs to Palbase.
            let palbase = try await client.send("GET", "/pursex")
            #expect(palbase.jsonObject()?["error"] as? String == "not_found")
        }
    }

    @Test func mountingAServiceIsOneLine() async throws {
        var configuration = EmulatorConfiguration.testing(palbaseHandlers: [NotesHandler()])
        configuration.mount(PingService(), at: "/api/sdk/")
        try await withEmulator(configuration) { server, client async throws in
            let ping = try await client.send("GET", "/api/sdk/ping")
            #expect(ping.status == 200)
            let body = try #require(ping.jsonObject() as? [String: String])
            #expect(body["subpath"] == "/ping")
            #expect(try server.recentRequests().last?.requestID == body["request_id"])
            #expect(try server.store.query("SELECT COUNT(*) AS c FROM pings").first?.int("c") == 1)

            #expect(try await client.send("GET", "/api/sdk").jsonObject()?["subpath"] as? String == "/")

            let boom = try await client.send("GET", "/api/sdk/boom")
            #expect(boom.status == 500)
            #expect((boom.jsonObject()?["error"] as? [String: Any])?["code"] as? String == "INTERNAL_SERVER_ERROR")

            // The other reserved prefix is untouched.
            #expect(try await client.send("GET", "/purse/x").header("Content-Type") == "application/problem+json")
        }
    }
}
