import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `todos.*` over HTTP: every route, every declared error, PATCH's three-way nullable fields.
@Suite struct SampleTodosTests {
    @Test func createAnswers201WithTheWholeTodo() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send(
                "POST", "/todos",
                json: #"""
                    {"title":"  Ship it  ","tags":["a"," b ","a"],"visibility":"public",
                     "metadata":{"camelKey":1,"snake_key":{"x":[1,2.5,null]}},"note":"n",
                     "due_date":"2025-03-01T10:00:00+01:00","ignored":true}
                    """#)
            #expect(reply.status == 201)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("X-Request-Id")?.hasPrefix("req_") == true)
            let todo = reply.json
            #expect(todo["id"].string?.wholeMatch(of: /todo_[0-9a-f]{32}/) != nil)
            #expect(todo["title"].string == "Ship it")
            #expect(todo["completed"].bool == false)
            #expect(todo["tags"].strings == ["a", "b"])
            #expect(todo["visibility"].string == "public")
            #expect(todo["metadata"]["camelKey"].int == 1, "metadata keys are stored verbatim")
            #expect(todo["metadata"]["snake_key"]["x"][1].double == 2.5)
            #expect(todo["metadata"]["snake_key"]["x"][2].isNull)
            #expect(todo["note"].string == "n")
            #expect(todo["due_date"].string == "2025-03-01T09:00:00.000Z")
            #expect(todo["created_at"].string == "2025-01-02T03:04:05.678Z")
            #expect(todo["updated_at"].string == "2025-01-02T03:04:05.678Z")
            #expect(todo["locked_until"].isNull)
            #expect(todo["archived_at"].isNull)
            #expect(todo.members.count == 12)
        }
    }

    @Test func createAppliesDefaults() async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo(#"{"title":"x"}"#)
            #expect(todo["visibility"].string == "private")
            #expect(todo["tags"].strings == [])
            #expect(todo["metadata"].members.isEmpty && todo["metadata"].exists)
            #expect(todo["note"].isNull)
            #expect(todo["due_date"].isNull)
        }
    }

    @Test(arguments: ["internal", "private", "public", "unlisted"])
    func visibilityKeywordsRoundTrip(_ visibility: String) async throws {
        try await withSampleEmulator { emulator in
            let todo = try await emulator.createTodo(#"{"title":"x","visibility":"\#(visibility)"}"#)
            #expect(todo["visibility"].string == visibility)
        }
    }

    @Test func getReturnsTheStoredTodoAndUnknownIDsAreTodoNotFound() async throws {
        try await withSampleEmulator { emulator in
            let created = try await emulator.createTodo(#"{"title":"x","tags":["t"]}"#)
            let id = try #require(created["id"].string)
            let fetched = try await emulator.send("GET", "/todos/\(id)")
            #expect(fetched.status == 200)
            #expect(fetched.json.value == created.value)
            let missing = try await emulator.send("GET", "/todos/todo_00000000000000000000000000000000")
            let envelope = expectEnvelope(missing, 404, "todo_not_found")
            #expect(envelope["data"].isNull)
            #expect(envelope["details"].isNull)
        }
    }

    @Test func listPagesOldestFirstWithTotalCount() async throws {
        try await withSampleEmulator { emulator in
            for index in 1...5 {
                try await emulator.createTodo(#"{"title":"todo \#(index)"}"#)
                emulator.clock.advance(seconds: 1)
            }
            let first = try await emulator.send("GET", "/todos?page=1&per_page=2")
            #expect(first.status == 200)
            #expect(first.header("X-Total-Count") == "5")
            #expect(first.json.elements.map { $0["title"].string } == ["todo 1", "todo 2"])
            let last = try await emulator.send("GET", "/todos?page=3&per_page=2")
            #expect(last.json.elements.map { $0["title"].string } == ["todo 5"])
            let beyond = try await emulator.send("GET", "/todos?page=99&per_page=2")
            #expect(beyond.status == 200)
            #expect(beyond.json.elements.isEmpty && beyond.json.value == .array([]))
            #expect(beyond.header("X-Total-Count") == "5")
            let everything = try await emulator.send("GET", "/todos")
            #expect(everything.json.elements.count == 5, "default per_page is 20")
        }
    }

    @Test func listFiltersByCompletedAndEveryTag() async throws {
        try await withSampleEmulator { emulator in
            try await emulator.createTodo(#"{"title":"a","tags":["home","urgent"]}"#)
            try await emulator.createTodo(#"{"title":"b","tags":["home"],"completed":true}"#)
            try await emulator.createTodo(#"{"title":"c","tags":["work","urgent"]}"#)
            func titles(_ query: String) async throws -> [String?] {
                let reply = try await emulator.send("GET", "/todos?\(query)")
                #expect(reply.status == 200, "\(query): \(reply.text)")
                return reply.json.elements.map { $0["title"].string }
            }
            #expect(try await titles("completed=true") == ["b"])
            #expect(try await titles("completed=false") == ["a", "c"])
            #expect(try await titles("tags=home") == ["a", "b"])
            #expect(try await titles("tags=home&tags=urgent") == ["a"])
            #expect(try await titles("tags%5B%5D=urgent") == ["a", "c"], "tags[]= is accepted too")
            #expect(try await titles("tags=home&completed=false") == ["a"])
            #expect(try await titles("tags=nothing") == [])
            #expect(try await titles("tags=%20home") == [], "a space is %20 and part of the value")
        }
    }

    @Test func patchDistinguishesAbsentNullAndValue() async throws {
        try await withSampleEmulator { emulator in
            let created = try await emulator.createTodo(
                #"{"title":"x","note":"keep me","due_date":"2025-02-01T00:00:00Z"}"#)
            let id = try #require(created["id"].string)
            emulator.clock.advance(seconds: 10)

            let untouched = try await emulator.send("PATCH", "/todos/\(id)", json: "{}")
            #expect(untouched.status == 200)
            #expect(untouched.json.value == created.value, "an empty PATCH changes nothing, not even updated_at")

            let absent = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"completed":true}"#).json
            #expect(absent["completed"].bool == true)
            #expect(absent["note"].string == "keep me", "absent keeps")
            #expect(absent["due_date"].string == "2025-02-01T00:00:00.000Z", "absent keeps")
            #expect(absent["updated_at"].string == "2025-01-02T03:04:15.678Z")
            #expect(absent["created_at"].string == "2025-01-02T03:04:05.678Z")

            let cleared = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"note":null}"#).json
            #expect(cleared["note"].isNull, "null clears")
            #expect(cleared["due_date"].string == "2025-02-01T00:00:00.000Z")

            let set = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"due_date":"2025-05-05T05:05:05.5Z"}"#)
            #expect(set.json["due_date"].string == "2025-05-05T05:05:05.500Z", "a value sets")
            #expect(set.json["note"].isNull)

            let both = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"due_date":null,"note":"again"}"#).json
            #expect(both["due_date"].isNull)
            #expect(both["note"].string == "again")

            let stored = try await emulator.send("GET", "/todos/\(id)").json
            #expect(stored.value == both.value, "the PATCH answer is what was stored")
        }
    }

    @Test func patchReplacesListsAndObjectsAndRejectsNullForNonNullableFields() async throws {
        try await withSampleEmulator { emulator in
            let created = try await emulator.createTodo(#"{"title":"x","tags":["a"],"metadata":{"k":1}}"#)
            let id = try #require(created["id"].string)
            let updated = try await emulator.send(
                "PATCH", "/todos/\(id)",
                json: #"{"title":" y ","tags":["b","c"],"metadata":{"other":true},"visibility":"internal"}"#
            ).json
            #expect(updated["title"].string == "y")
            #expect(updated["tags"].strings == ["b", "c"])
            #expect(updated["metadata"].members == ["other": .bool(true)])
            #expect(updated["visibility"].string == "internal")

            let rejected = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"title":null}"#)
            let envelope = expectEnvelope(rejected, 400, "bad_request")
            #expect(envelope["fields"][0]["field"].string == "title")
            #expect(envelope["fields"][0]["message"].string == "Expected string, received null")
            let missing = try await emulator.send("PATCH", "/todos/todo_missing", json: #"{"completed":true}"#)
            expectEnvelope(missing, 404, "todo_not_found")
        }
    }

    @Test func deleteAnswers204AndForgetsTheTodo() async throws {
        try await withSampleEmulator { emulator in
            let id = try #require(try await emulator.createTodo()["id"].string)
            let deleted = try await emulator.send("DELETE", "/todos/\(id)")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            expectEnvelope(try await emulator.send("GET", "/todos/\(id)"), 404, "todo_not_found")
            expectEnvelope(try await emulator.send("DELETE", "/todos/\(id)"), 404, "todo_not_found")
        }
    }

    @Test func archiveTakesNoBodyAnswersNoneAndIsIdempotent() async throws {
        try await withSampleEmulator { emulator in
            let id = try #require(try await emulator.createTodo()["id"].string)
            try await emulator.createTodo(#"{"title":"other"}"#)
            emulator.clock.advance(seconds: 1)
            let archived = try await emulator.send("POST", "/todos/\(id)/archive")
            #expect(archived.status == 204)
            #expect(archived.body.isEmpty)
            let stored = try await emulator.send("GET", "/todos/\(id)").json
            #expect(stored["archived_at"].string == "2025-01-02T03:04:06.678Z")
            #expect(stored["updated_at"].string == "2025-01-02T03:04:06.678Z")

            emulator.clock.advance(seconds: 1)
            #expect(try await emulator.send("POST", "/todos/\(id)/archive").status == 204)
            #expect(
                try await emulator.send("GET", "/todos/\(id)").json.value == stored.value, "second archive is a no-op")

            let visible = try await emulator.send("GET", "/todos")
            #expect(visible.json.elements.map { $0["title"].string } == ["other"])
            #expect(visible.header("X-Total-Count") == "1")
            let all = try await emulator.send("GET", "/todos?include_archived=true")
            #expect(all.json.elements.count == 2)
            expectEnvelope(try await emulator.send("POST", "/todos/todo_missing/archive"), 404, "todo_not_found")
        }
    }

    @Test func lockedTodosAnswerTodoLockedWithRetryAfter() async throws {
        try await withSampleEmulator { emulator in
            let id = try #require(try await emulator.createTodo()["id"].string)
            let locked = try await emulator.send("POST", "/todos/\(id)/lock", json: #"{"seconds":90}"#)
            #expect(locked.status == 200)
            #expect(locked.json["locked_until"].string == "2025-01-02T03:05:35.678Z")

            let update = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"completed":true}"#)
            let envelope = expectEnvelope(update, 409, "todo_locked")
            #expect(envelope["data"].members == ["retry_after": .int(90)])
            #expect(update.header("Retry-After") == "90")

            emulator.clock.advance(seconds: 30.5)
            for (method, path) in [("DELETE", "/todos/\(id)"), ("POST", "/todos/\(id)/archive")] {
                let reply = try await emulator.send(method, path)
                #expect(expectEnvelope(reply, 409, "todo_locked")["data"]["retry_after"].int == 60, "59.5 s rounds up")
            }
            #expect(try await emulator.send("GET", "/todos/\(id)").status == 200, "reading is allowed")

            emulator.clock.advance(seconds: 60)
            let after = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"completed":true}"#)
            #expect(after.status == 200, "the lock expired")
            #expect(after.json["completed"].bool == true)
        }
    }

    @Test func lockZeroUnlocksAndLockRejectsBadSeconds() async throws {
        try await withSampleEmulator { emulator in
            let id = try #require(try await emulator.createTodo()["id"].string)
            #expect(try await emulator.send("POST", "/todos/\(id)/lock", json: #"{"seconds":600}"#).status == 200)
            let unlocked = try await emulator.send("POST", "/todos/\(id)/lock", json: #"{"seconds":0}"#)
            #expect(unlocked.json["locked_until"].isNull)
            #expect(try await emulator.send("DELETE", "/todos/\(id)").status == 204)

            let other = try #require(try await emulator.createTodo()["id"].string)
            for (body, message) in [
                (#"{}"#, "Required"), (#"{"seconds":-1}"#, "Must be between 0 and 86400"),
                (#"{"seconds":"10"}"#, "Expected integer, received string"),
                (#"{"seconds":1.5}"#, "Expected integer, received number"),
            ] {
                let reply = try await emulator.send("POST", "/todos/\(other)/lock", json: body)
                let envelope = expectEnvelope(reply, 400, "bad_request")
                #expect(envelope["fields"].elements.map { $0["message"].string } == [message], "\(body)")
            }
            expectEnvelope(
                try await emulator.send("POST", "/todos/todo_missing/lock", json: #"{"seconds":5}"#), 404,
                "todo_not_found")
        }
    }

    @Test func quotaExceededIsADeclared429WithLimitAndNoRetryAfter() async throws {
        try await withSampleEmulator(SampleBackendConfiguration(todoQuota: 2)) { emulator in
            let first = try #require(try await emulator.createTodo()["id"].string)
            try await emulator.createTodo()
            let refused = try await emulator.send("POST", "/todos", json: #"{"title":"three"}"#)
            let envelope = expectEnvelope(refused, 429, "todo_quota_exceeded")
            #expect(envelope["data"].members == ["limit": .int(2)])
            #expect(refused.header("Retry-After") == nil, "waiting does not help; only the generic 429 has it")
            #expect(try await emulator.send("GET", "/todos").header("X-Total-Count") == "2")

            #expect(try await emulator.send("DELETE", "/todos/\(first)").status == 204)
            #expect(try await emulator.send("POST", "/todos", json: #"{"title":"three"}"#).status == 201)
        }
    }

    @Test func defaultQuotaIs500() {
        #expect(SampleBackendConfiguration().todoQuota == 500)
        #expect(SampleBackendConfiguration().rateLimit == nil)
    }
}
