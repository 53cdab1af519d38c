import Emulator
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Data belongs to the caller (`PalbaseRequest.tenant`), and the rate limit to the API key. One emulator
/// serves a single API key, so these drive the handler directly with two callers sharing one database.
@Suite struct SampleTenancyTests {
    @Test func anotherTenantCannotSeeOrTouchTodos() async throws {
        let alice = try SampleDirect()
        let bob = alice.caller(tenant: "tenant_b", apiKey: "key_b")
        let id = try #require(try await alice.createTodo(#"{"title":"alice's"}"#)["id"].string)
        try await bob.createTodo(#"{"title":"bob's"}"#)

        expectEnvelope(try await bob.send("GET", "/todos/\(id)"), 404, "todo_not_found")
        expectEnvelope(try await bob.send("PATCH", "/todos/\(id)", json: #"{"title":"mine"}"#), 404, "todo_not_found")
        expectEnvelope(try await bob.send("POST", "/todos/\(id)/lock", json: #"{"seconds":60}"#), 404, "todo_not_found")
        expectEnvelope(try await bob.send("POST", "/todos/\(id)/archive"), 404, "todo_not_found")
        expectEnvelope(try await bob.send("DELETE", "/todos/\(id)"), 404, "todo_not_found")

        let bobs = try await bob.send("GET", "/todos")
        #expect(bobs.json.elements.map { $0["title"].string } == ["bob's"])
        #expect(bobs.header("X-Total-Count") == "1")
        let alices = try await alice.send("GET", "/todos/\(id)")
        #expect(alices.json["title"].string == "alice's", "untouched by bob's attempts")
    }

    @Test func quotaIsPerTenant() async throws {
        let alice = try SampleDirect(SampleBackendConfiguration(todoQuota: 1))
        let bob = alice.caller(tenant: "tenant_b", apiKey: "key_b")
        try await alice.createTodo()
        expectEnvelope(try await alice.send("POST", "/todos", json: #"{"title":"2"}"#), 429, "todo_quota_exceeded")
        try await bob.createTodo()
    }

    @Test func roomsMessagesAndDocumentsArePerTenant() async throws {
        let alice = try SampleDirect()
        let bob = alice.caller(tenant: "tenant_b", apiKey: "key_b")
        let roomID = try #require(try await alice.createRoom(#"{"name":"alice room"}"#)["id"].string)
        expectEnvelope(
            try await bob.send("POST", "/rooms", json: #"{"name":"x","parent_id":"\#(roomID)"}"#), 404, "not_found")
        expectEnvelope(
            try await bob.send("POST", "/messages", json: #"{"room_id":"\#(roomID)","text":"hi"}"#), 404, "not_found")
        #expect(try await bob.send("QUERY", "/rooms/search", json: "{}").json["total"].int == 0)

        let document = try await alice.send("POST", "/v1/docs/notes", json: #"{"title":"secret"}"#)
        let documentID = try #require(document.json["id"].string)
        expectEnvelope(try await bob.send("GET", "/v1/docs/notes/\(documentID)"), 404, "document_not_found")
        #expect(try await alice.send("GET", "/v1/docs/notes/\(documentID)").status == 200)
    }

    @Test func rateLimitIsPerAPIKey() async throws {
        let alice = try SampleDirect(
            SampleBackendConfiguration(rateLimit: SampleRateLimit(requests: 2, per: .seconds(10))))
        let bob = alice.caller(tenant: "tenant_b", apiKey: "key_b")
        #expect(try await alice.send("GET", "/health").status == 200)
        #expect(try await alice.send("GET", "/health").status == 200)
        expectEnvelope(try await alice.send("GET", "/health"), 429, "rate_limited")
        #expect(try await bob.send("GET", "/health").status == 200, "bob has a bucket of his own")
    }
}
