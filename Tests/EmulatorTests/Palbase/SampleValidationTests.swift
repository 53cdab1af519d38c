import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// The two 400 shapes the seeds document: boundary validation answers `bad_request` with a top-level
/// `fields` list (and `details: null`), a handler rule answers `validation_error` with `details`.
@Suite struct SampleValidationTests {
    /// `(body, [(field, message)])` for bodies that fail the schema of `todos.create`.
    static let schemaFailures: [(String, [String])] = [
        (#"{"title":42}"#, ["title: Expected string, received number"]),
        (#"{}"#, ["title: Required"]),
        (#"{"title":null}"#, ["title: Expected string, received null"]),
        (#"{"title":"x","completed":"yes"}"#, ["completed: Expected boolean, received string"]),
        (#"{"title":"x","completed":1}"#, ["completed: Expected boolean, received number"]),
        (#"{"title":"x","tags":"a"}"#, ["tags: Expected array, received string"]),
        (
            #"{"title":"x","tags":["a",1,{}]}"#,
            ["tags.1: Expected string, received number", "tags.2: Expected string, received object"]
        ),
        (
            #"{"title":"x","visibility":"secret"}"#,
            ["visibility: Invalid enum value. Expected 'internal' | 'private' | 'public' | 'unlisted'"]
        ),
        (#"{"title":"x","metadata":[1]}"#, ["metadata: Expected object, received array"]),
        (#"{"title":"x","due_date":"tomorrow"}"#, ["due_date: Invalid ISO 8601 date-time"]),
        (#"{"title":"x","due_date":"2025-02-30T00:00:00Z"}"#, ["due_date: Invalid ISO 8601 date-time"]),
        (#"{"title":"x","note":7}"#, ["note: Expected string, received number"]),
        (#"[1,2]"#, [": Expected object, received array"]),
        (#""title""#, [": Expected object, received string"]),
        (#"{"title":"x""#, [": Body is not valid JSON"]),
    ]

    @Test(arguments: schemaFailures)
    func boundaryFailuresAnswerBadRequestWithTopLevelFields(_ body: String, _ expected: [String]) async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("POST", "/todos", json: body)
            let envelope = expectEnvelope(reply, 400, "bad_request")
            let fields = envelope["fields"].elements.map {
                "\($0["field"].string ?? "?"): \($0["message"].string ?? "?")"
            }
            #expect(fields == expected)
            #expect(envelope["details"].isNull, "the known mismatch: the list is not under details")
            #expect(envelope["data"].isNull)
            #expect(try await emulator.send("GET", "/todos").header("X-Total-Count") == "0", "nothing was stored")
        }
    }

    @Test func everySchemaProblemIsReportedAtOnce() async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("POST", "/todos", json: #"{"completed":"no","visibility":1}"#)
            let envelope = expectEnvelope(reply, 400, "bad_request")
            #expect(
                Set(envelope["fields"].elements.compactMap { $0["field"].string }) == [
                    "title", "completed", "visibility",
                ])
        }
    }

    /// `(body, [(field, message)])` for bodies that parse but break a handler rule.
    static let ruleFailures: [(String, [String])] = [
        (#"{"title":"   "}"#, ["title: Must not be empty"]),
        (#"{"title":"\#(String(repeating: "x", count: 201))"}"#, ["title: Must be at most 200 characters"]),
        (#"{"title":"x","tags":["ok"," "]}"#, ["tags.1: Must not be empty"]),
        (#"{"title":"x","tags":["\#(String(repeating: "t", count: 51))"]}"#, ["tags.0: Must be at most 50 characters"]),
        (
            #"{"title":"x","tags":[\#((1...21).map { "\"t\($0)\"" }.joined(separator: ","))]}"#,
            ["tags: At most 20 tags"]
        ),
        (#"{"title":"x","note":"\#(String(repeating: "n", count: 2001))"}"#, ["note: Must be at most 2000 characters"]),
        (
            #"{"title":"x","metadata":{"blob":"\#(String(repeating: "m", count: 9000))"}}"#,
            ["metadata: Must be at most 8192 bytes as JSON"]
        ),
        (#"{"title":"","tags":[""]}"#, ["title: Must not be empty", "tags.0: Must not be empty"]),
    ]

    @Test(arguments: ruleFailures)
    func handlerRulesAnswerValidationErrorWithDetails(_ body: String, _ expected: [String]) async throws {
        try await withSampleEmulator { emulator in
            let reply = try await emulator.send("POST", "/todos", json: body)
            let envelope = expectEnvelope(reply, 400, "validation_error")
            let details = envelope["details"].elements.map {
                "\($0["field"].string ?? "?"): \($0["message"].string ?? "?")"
            }
            #expect(details == expected)
            #expect(!envelope["fields"].exists, "validation_error has no top-level fields")
            #expect(envelope["details"][0].members.keys.sorted() == ["field", "message"])
        }
    }

    @Test func titleOfExactly200CharactersIsAccepted() async throws {
        try await withSampleEmulator { emulator in
            let title = String(repeating: "é", count: 200)
            let todo = try await emulator.createTodo(#"{"title":"\#(title)"}"#)
            #expect(todo["title"].string == title)
        }
    }

    @Test func patchUsesTheSameTwoShapes() async throws {
        try await withSampleEmulator { emulator in
            let id = try #require(try await emulator.createTodo()["id"].string)
            let shape = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"completed":"true"}"#)
            #expect(expectEnvelope(shape, 400, "bad_request")["fields"][0]["field"].string == "completed")
            let rule = try await emulator.send("PATCH", "/todos/\(id)", json: #"{"title":"  "}"#)
            #expect(expectEnvelope(rule, 400, "validation_error")["details"][0]["field"].string == "title")
            let note = try await emulator.send(
                "PATCH", "/todos/\(id)", json: #"{"note":"\#(String(repeating: "n", count: 2001))"}"#)
            expectEnvelope(note, 400, "validation_error")
        }
    }

    /// `(query, field)` for list queries the boundary rejects.
    static let queryFailures: [(String, String)] = [
        ("page=0", "page"), ("page=abc", "page"), ("page=1.5", "page"), ("page=99999999999999999999", "page"),
        ("per_page=0", "per_page"), ("per_page=101", "per_page"), ("completed=yes", "completed"),
        ("completed=1", "completed"), ("include_archived=TRUE", "include_archived"),
    ]

    @Test(arguments: queryFailures)
    func badQueryParametersAnswerBadRequest(_ query: String, _ field: String) async throws {
        try await withSampleEmulator { emulator in
            let envelope = expectEnvelope(try await emulator.send("GET", "/todos?\(query)"), 400, "bad_request")
            #expect(envelope["fields"].elements.map { $0["field"].string } == [field])
        }
    }

    @Test func aHugePageIsEmptyNotAnOverflow() async throws {
        try await withSampleEmulator { emulator in
            try await emulator.createTodo()
            let reply = try await emulator.send("GET", "/todos?page=\(Int.max)&per_page=100")
            #expect(reply.status == 200)
            #expect(reply.json.value == .array([]))
            #expect(reply.header("X-Total-Count") == "1")
        }
    }
}
