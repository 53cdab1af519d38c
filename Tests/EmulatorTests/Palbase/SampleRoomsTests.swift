import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `rooms.create` with its declared `not_found` and `room_locked`, `rooms.search` over the QUERY verb,
/// `messaging.send`, `health`, and the served OpenAPI document.
@Suite struct SampleRoomsTests {
    @Test func createAnswers201WithTheRoom() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send(
                "POST", "/rooms", json: #"{"name":" Lobby ","visibility":"public","metadata":{"theme":"dark"}}"#)
            #expect(reply.status == 201)
            let room = reply.json
            #expect(room["id"].string?.wholeMatch(of: /room_[0-9a-f]{32}/) != nil)
            #expect(room["name"].string == "Lobby")
            #expect(room["parent_id"].isNull)
            #expect(room["visibility"].string == "public")
            #expect(room["metadata"]["theme"].string == "dark")
            #expect(room["created_at"].string == "2025-01-02T03:04:05.678Z")
            #expect(room["locked_until"].isNull)
            #expect(room.members.count == 7)
        }
    }

    @Test func unknownParentIsNotFound() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("POST", "/rooms", json: #"{"name":"child","parent_id":"room_nope"}"#)
            let envelope = expectEnvelope(reply, 404, "not_found")
            #expect(envelope["data"].isNull)
        }
    }

    @Test func lockedParentIsRoomLockedWithFractionalRetryAfter() async throws {
        try await withSampleEmulator { emulator in
            let parent = try await emulator.createRoom(#"{"name":"parent","lock_seconds":12.25}"#)
            #expect(parent["locked_until"].string == "2025-01-02T03:04:17.928Z")
            let parentID = try #require(parent["id"].string)
            emulator.clock.advance(seconds: 2)

            let refused = try await emulator.send(
                "POST", "/rooms", json: #"{"name":"child","parent_id":"\#(parentID)"}"#)
            let envelope = expectEnvelope(refused, 409, "room_locked")
            #expect(envelope["data"].members == ["retry_after": .double(10.25)])
            #expect(refused.header("Retry-After") == "11")

            emulator.clock.advance(seconds: 10.25)
            let child = try await emulator.createRoom(#"{"name":"child","parent_id":"\#(parentID)"}"#)
            #expect(child["parent_id"].string == parentID)
        }
    }

    @Test func createValidatesLikeTodos() async throws {
        try await withSampleEmulator { emulator in
            let shape = try await emulator.send("POST", "/rooms", json: #"{"name":"x","lock_seconds":"soon"}"#)
            #expect(expectEnvelope(shape, 400, "bad_request")["fields"][0]["field"].string == "lock_seconds")
            let range = try await emulator.send("POST", "/rooms", json: #"{"name":"x","lock_seconds":86401}"#)
            expectEnvelope(range, 400, "bad_request")
            let rule = try await emulator.send(
                "POST", "/rooms", json: #"{"name":"\#(String(repeating: "r", count: 101))"}"#)
            #expect(expectEnvelope(rule, 400, "validation_error")["details"][0]["field"].string == "name")
        }
    }

    @Test func searchUsesTheQueryVerbWithItsInputInTheBody() async throws {
        try await withSampleEmulator { emulator in
            let lobby = try await emulator.createRoom(#"{"name":"Main Lobby","visibility":"public"}"#)
            let lobbyID = try #require(lobby["id"].string)
            emulator.clock.advance(seconds: 1)
            try await emulator.createRoom(#"{"name":"Side lobby","visibility":"private","parent_id":"\#(lobbyID)"}"#)
            emulator.clock.advance(seconds: 1)
            try await emulator.createRoom(#"{"name":"Kitchen","visibility":"internal"}"#)

            func names(_ body: String) async throws -> ([String?], Int?) {
                let reply = try await emulator.send("QUERY", "/rooms/search", json: body)
                #expect(reply.status == 200, "\(body): \(reply.text)")
                return (reply.json["rooms"].elements.map { $0["name"].string }, reply.json["total"].int)
            }
            #expect(try await names("{}") == (["Main Lobby", "Side lobby", "Kitchen"], 3))
            #expect(try await names(#"{"text":"LOBBY"}"#) == (["Main Lobby", "Side lobby"], 2))
            #expect(try await names(#"{"visibility":["internal","public"]}"#) == (["Main Lobby", "Kitchen"], 2))
            #expect(try await names(#"{"parent_id":null}"#) == (["Main Lobby", "Kitchen"], 2), "null: top level only")
            #expect(try await names(#"{"parent_id":"\#(lobbyID)"}"#) == (["Side lobby"], 1))
            #expect(try await names(#"{"limit":1}"#) == (["Main Lobby"], 3), "total counts before the limit")
            #expect(try await names("") == (["Main Lobby", "Side lobby", "Kitchen"], 3), "no body is an empty search")
        }
    }

    @Test func searchRejectsBadInputAndOtherVerbs() async throws {
        try await withSampleEmulator { emulator in
            let shape = try await emulator.send(
                "QUERY", "/rooms/search", json: #"{"visibility":["public","secret"],"limit":0}"#)
            let fields = expectEnvelope(shape, 400, "bad_request")["fields"].elements.compactMap { $0["field"].string }
            #expect(fields == ["limit", "visibility.1"])
            let rule = try await emulator.send(
                "QUERY", "/rooms/search", json: #"{"text":"\#(String(repeating: "q", count: 201))"}"#)
            expectEnvelope(rule, 400, "validation_error")
            for method in ["GET", "POST"] {
                let reply = try await emulator.send(method, "/rooms/search", json: "{}")
                expectEnvelope(reply, 405, "method_not_allowed")
                #expect(reply.header("Allow") == "QUERY")
            }
        }
    }

    @Test func messagingSendStoresIntoAnExistingRoom() async throws {
        try await withSampleEmulator { emulator in
            let roomID = try #require(try await emulator.createRoom(#"{"name":"chat"}"#)["id"].string)
            let sent = try await emulator.send("POST", "/messages", json: #"{"room_id":"\#(roomID)","text":"hi"}"#)
            #expect(sent.status == 201)
            #expect(sent.json["id"].string?.wholeMatch(of: /msg_[0-9a-f]{32}/) != nil)
            #expect(sent.json["room_id"].string == roomID)
            #expect(sent.json["text"].string == "hi")
            #expect(sent.json["created_at"].string == "2025-01-02T03:04:05.678Z")

            let missing = try await emulator.send("POST", "/messages", json: #"{"room_id":"room_nope","text":"hi"}"#)
            expectEnvelope(missing, 404, "not_found")
            let blank = try await emulator.send("POST", "/messages", json: #"{"room_id":"\#(roomID)","text":" \n "}"#)
            expectEnvelope(blank, 400, "validation_error")
            let shape = try await emulator.send("POST", "/messages", json: #"{"text":"hi"}"#)
            #expect(expectEnvelope(shape, 400, "bad_request")["fields"][0]["field"].string == "room_id")
        }
    }

    @Test func healthHasNoDotInItsOperationID() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("GET", "/health")
            #expect(reply.status == 200)
            #expect(reply.json.members == ["status": .string("ok"), "time": .string("2025-01-02T03:04:05.678Z")])
        }
    }

    @Test func theEmulatorServesTheCommittedOpenAPIDocument() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("GET", "/openapi.json")
            #expect(reply.status == 200)
            #expect(reply.body == (try Data(contentsOf: SampleOpenAPIDocumentTests.specURL)))
        }
    }
}
