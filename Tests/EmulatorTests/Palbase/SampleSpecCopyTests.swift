import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The emulator follows its OpenAPI document: each test edits a copy of `Specs/palbase/openapi.json` (a
/// declared error's status, a schema's limits, the routes, an upload's limits, a collection) and sees the
/// sample backend answer what the copy says, while the committed document keeps today's answers.
@Suite struct SampleSpecCopyTests {
    /// Read from a file, as `SampleSpec(contentsOf:)` reads any document; also served byte for byte.
    @Test func aDeclaredErrorAnswersTheStatusTheDocumentGivesIt() async throws {
        var copy = try SampleSpecCopy()
        copy.editDeclaredErrors(path: "/todos/{id}", method: "patch") { entry in
            guard entry["code"] == .string("todo_locked"), case .object(var members) = entry else { return entry }
            members["status"] = .int(423)
            return .object(members)
        }
        copy.edit("paths", "/todos/{id}", "patch", "responses") { responses in
            guard case .object(var members)? = responses else { return }
            members["423"] = members.removeValue(forKey: "409")
            responses = .object(members)
        }
        let spec = try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("openapi.json")
            try copy.data.write(to: file)
            return try SampleSpec(contentsOf: file)
        }
        try await withSampleEmulator(SampleBackendConfiguration(spec: spec)) { emulator in
            #expect(try await emulator.send("GET", "/openapi.json").body == copy.data)
            let id = try await emulator.createTodo()["id"].string ?? ""
            #expect(try await emulator.send("POST", "/todos/\(id)/lock", json: #"{"seconds":60}"#).status == 200)

            let update = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"completed":true}"#)
            #expect(expectEnvelope(update, 423, "todo_locked")["data"]["retry_after"].int == 60)
            #expect(update.header("Retry-After") == "60")
            // Only todos.update's entry changed.
            expectEnvelope(try await emulator.send("DELETE", "/todos/\(id)"), 409, "todo_locked")
        }
        try await withSampleEmulator { emulator in
            let id = try await emulator.createTodo()["id"].string ?? ""
            _ = try await emulator.send("POST", "/todos/\(id)/lock", json: #"{"seconds":60}"#)
            expectEnvelope(try await emulator.send("PATCH", "/todos/\(id)", json: "{}"), 409, "todo_locked")
        }
    }

    @Test func tightenedSchemasAreEnforced() async throws {
        var copy = try SampleSpecCopy()
        copy.set("components", "schemas", "NoteDocument", "properties", "title", "maxLength", to: .int(5))
        copy.set("components", "schemas", "CreateTodoBody", "properties", "title", "maxLength", to: .int(5))
        copy.set("components", "schemas", "CreateTodoBody", "properties", "tags", "maxItems", to: .int(1))
        let direct = try SampleDirect(SampleBackendConfiguration(spec: try copy.load()))

        let note = try await direct.send("POST", "/v1/docs/notes", json: #"{"title":"abcdef"}"#)
        let details = expectEnvelope(note, 400, "schema_validation_failed")["details"]
        #expect(details[0]["message"].string == "Must be at most 5 characters")
        #expect(try await direct.send("POST", "/v1/docs/notes", json: #"{"title":"abcde"}"#).status == 201)

        let todo = try await direct.send("POST", "/todos", json: #"{"title":"abcdef","tags":["a","b"]}"#)
        let problems = expectEnvelope(todo, 400, "validation_error")["details"].elements.map {
            "\($0["field"].string ?? "?"): \($0["message"].string ?? "?")"
        }
        #expect(problems == ["title: Must be at most 5 characters", "tags: At most 1 tags"])
        // UpdateTodoBody was left alone: a change keeps the committed limits.
        let id = try await direct.createTodo(#"{"title":"short"}"#)["id"].string ?? ""
        #expect(try await direct.send("PATCH", "/todos/\(id)", json: #"{"title":"abcdefgh"}"#).status == 200)
    }

    @Test func routesAreTheDocumentsPaths() async throws {
        var copy = try SampleSpecCopy()
        copy.edit("paths") { paths in
            guard case .object(var members)? = paths else { return }
            members["/v2/messages"] = members.removeValue(forKey: "/messages")
            let export: AnyCodableValue = [
                "operationId": "todos.export", "responses": ["200": ["description": "The todo, exported."]],
            ]
            members["/todos/{id}/export"] = ["get": export]
            if case .object(var rooms)? = members["/rooms"] {
                rooms["delete"] = ["operationId": "rooms.clear", "responses": ["204": ["description": "Gone."]]]
                members["/rooms"] = .object(rooms)
            }
            paths = .object(members)
        }
        try await withSampleEmulator(SampleBackendConfiguration(spec: try copy.load())) { emulator in
            let room = try await emulator.createRoom(#"{"name":"Lobby"}"#)["id"].string ?? ""
            let message = #"{"room_id":"\#(room)","text":"hi"}"#
            expectEnvelope(try await emulator.send("POST", "/messages", json: message), 404, "not_found")
            #expect(try await emulator.send("POST", "/v2/messages", json: message).status == 201)

            expectEnvelope(try await emulator.send("GET", "/todos/x/export"), 501, "not_implemented")
            let wrongMethod = try await emulator.send("GET", "/rooms")
            expectEnvelope(wrongMethod, 405, "method_not_allowed")
            #expect(wrongMethod.header("Allow") == "DELETE, POST")
        }
    }

    /// Over HTTP, so the body limit the platform applies before reading comes from the copy too.
    @Test func uploadLimitsAreTheDeclaredOnes() async throws {
        var copy = try SampleSpecCopy()
        copy.set(
            "paths", "/todos/{id}/attachment", "post", "x-palbase-upload",
            to: ["max_bytes": 10, "content_types": ["image/*"]])
        try await withSampleEmulator(SampleBackendConfiguration(spec: try copy.load())) { emulator in
            let todo = try await emulator.createTodo()["id"].string ?? ""
            func attach(_ type: String, _ count: Int) async throws -> SampleReply {
                try await emulator.send(
                    "POST", "/todos/\(todo)/attachment", headers: [SampleAttachmentTests.multipartType],
                    body: SampleAttachmentTests.multipart(file: ("f", type, Data(count: count))))
            }
            #expect(try await attach("image/gif", 10).status == 201)
            expectEnvelope(try await attach("image/gif", 11), 413, "payload_too_large")
            expectEnvelope(try await attach("application/pdf", 1), 415, "unsupported_media_type")
            // The platform refuses a longer declared body before reading it, at the copy's limit.
            let limit = emulator.backend.maxBodyBytes(method: "POST", segments: ["todos", todo, "attachment"])
            #expect(limit == 10 + SampleAttachmentRules.framingAllowance)
        }
    }

    @Test func aSchemaMarkedAsACollectionIsEnforcedOnIt() async throws {
        var copy = try SampleSpecCopy()
        copy.set(
            "components", "schemas", "Recipe",
            to: [
                "type": "object", "required": ["name"], "x-palbase-collection": "recipes",
                "properties": ["name": ["type": "string", "maxLength": 20], "vegan": ["type": "boolean"]],
            ])
        let direct = try SampleDirect(SampleBackendConfiguration(spec: try copy.load()))
        #expect(try await direct.send("POST", "/v1/docs/recipes", json: #"{"name":"Soup","extra":1}"#).status == 201)
        let refused = try await direct.send("POST", "/v1/docs/recipes", json: #"{"vegan":"yes"}"#)
        let details = expectEnvelope(refused, 400, "schema_validation_failed")["details"].elements
        #expect(details.map { $0["field"].string } == ["name", "vegan"])
        expectEnvelope(
            try await SampleDirect().send("POST", "/v1/docs/recipes", json: "{}"), 404, "collection_not_found")
    }
}
