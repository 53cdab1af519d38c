import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// The three ways to call the backend lower onto one path: the same description gives the same
/// bytes on the wire, whichever way it was made.
@Suite struct CallShapesTests {
    @Test func threeWaysEmitByteIdenticalPosts() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let input = CreateTodoInput(title: "Ship the iOS app", tags: ["ios", "launch"], note: "soon")
            let viaName: Todo = try await client.call("todos", input)
            let viaEndpoint = try await client.call(TodosCreateEndpoint(input: input))
            let viaGenerated = try await client.todos.create(input)
            #expect([viaName.title, viaEndpoint.title, viaGenerated.title] == Array(repeating: input.title, count: 3))

            let sent = try bed.requests(to: "/todos")
            try #require(sent.count == 3)
            for other in sent.dropFirst() {
                expectSameBytes(sent[0], other)
            }
            #expect(sent[0].method == "POST")
            #expect(sent[0].query == nil)
            #expect(
                String(decoding: sent[0].body, as: UTF8.self)
                    == #"{"note":"soon","tags":["ios","launch"],"title":"Ship the iOS app"}"#)
        }
    }

    @Test func threeWaysEmitByteIdenticalGetsWithQueries() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let query = ListTodosQuery(page: 1, perPage: 10, completed: false, tags: ["a b", "c"])
            let _: [Todo] = try await client.call("todos", query, method: .get)
            _ = try await client.call(TodosListEndpoint(query: query))
            let _: [Todo] = try await client.call("/todos", query, method: .get)

            let sent = try bed.requests(to: "/todos")
            try #require(sent.count == 3)
            for other in sent.dropFirst() {
                expectSameBytes(sent[0], other)
            }
            // Sorted keys, snake_case names, repeated array keys, %20 for a space, no body.
            #expect(sent[0].query == "completed=false&page=1&per_page=10&tags=a%20b&tags=c")
            #expect(sent[0].body.isEmpty)
            #expect(sent[0].header("Content-Type") == nil)
        }
    }

    @Test func queryVerbCarriesItsInputInTheBody() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let _: AnyCodableValue = try await client.call("rooms", AnyCodableValue.object(["name": "Lobby"]))
            let result = try await client.call(RoomsSearchEndpoint(input: SearchRoomsInput(text: "lob", limit: 5)))
            #expect(result.total == 1)

            let search = try bed.onlyRequest(to: "/rooms/search")
            #expect(search.method == "QUERY")
            #expect(search.query == nil)
            #expect(String(decoding: search.body, as: UTF8.self) == #"{"limit":5,"text":"lob"}"#)
            #expect(search.header("Content-Type") == "application/json")
        }
    }

    @Test func pathParamsArePercentEncodedAndLiteralsAreNot() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let error = await #expect(throws: TodosUpdateError.self) {
                _ = try await client.todos.update(id: "a b/c?d#é", UpdateTodoInput(completed: true))
            }
            guard case .todoNotFound = try #require(error) else {
                Issue.record("expected .todoNotFound, got \(String(describing: error))")
                return
            }
            let sent = try bed.onlyRequest(to: "/todos/")
            #expect(sent.path == "/todos/a%20b%2Fc%3Fd%23%C3%A9")
            #expect(sent.method == "PATCH")
        }
    }

    @Test func nullableFieldsSendNullToClearAndOmitNil() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let created: Todo = try await client.call("todos", CreateTodoInput(title: "t", note: "keep me"))
            let untouched = try await client.todos.update(id: created.id, UpdateTodoInput(completed: true))
            #expect(untouched.note == "keep me")
            let cleared = try await client.todos.update(id: created.id, UpdateTodoInput(note: .null))
            #expect(cleared.note == nil)

            let patches = try bed.requests(to: "/todos/").filter { $0.method == "PATCH" }
            #expect(
                patches.map { String(decoding: $0.body, as: UTF8.self) } == [#"{"completed":true}"#, #"{"note":null}"#])
        }
    }

    @Test func voidEndpointsIgnoreTheBodyAndEmptyBodiesDecodeAsNull() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let created: Todo = try await client.call("todos", CreateTodoInput(title: "t"))
            try await client.todos.archive(id: created.id)
            let deleted: AnyCodableValue = try await client.call("todos/\(created.id)", method: .delete)
            #expect(deleted == .null)
            let gone: Todo? = try? await client.call("todos/\(created.id)", method: .get)
            #expect(gone == nil)
        }
    }

    @Test func datesTravelAsISO8601BothWays() async throws {
        try await withPalbe { bed in
            let due = Date(timeIntervalSince1970: 1_767_225_600.25)
            let created: Todo = try await bed.client().call("todos", CreateTodoInput(title: "t", dueDate: due))
            #expect(created.dueDate == due)
            let sent = try bed.onlyRequest(to: "/todos")
            #expect(String(decoding: sent.body, as: UTF8.self).contains(#""due_date":"2026-01-01T00:00:00.250Z""#))
        }
    }

    @Test func inputsThatCannotBeSentFailAsEncodeAndNothingIsSent() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let getWithBody = await #expect(throws: TodosArchiveError.self) {
                try await client.call(GetWithBody())
            }
            guard case .other(.encode(let failure)) = try #require(getWithBody) else {
                Issue.record("expected .encode, got \(String(describing: getWithBody))")
                return
            }
            #expect(failure.message.contains("GET"))

            let arrayQuery = await #expect(throws: BackendError.self) {
                let _: [Todo] = try await client.call("todos", ["a", "b"], method: .get)
            }
            #expect(arrayQuery?.caseName == "encode")
            #expect(arrayQuery?.localizedDescription.contains("JSON object") == true)

            let sent = try bed.requests()
            #expect(sent.isEmpty)
        }
    }

    /// Issue 18: curl removes dot segments, so this raw name reached the emulator's admin API.
    @Test(arguments: [
        "todos/../../__emulator/requests", "../__emulator/reset", "todos/./x", "todos/%2E%2e/rooms", "/..",
    ])
    func aRawNameWithADotSegmentIsRefusedUnsent(_ name: String) async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let error = await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call(name, method: .get)
            }
            #expect(error?.caseName == "encode")
            #expect(error?.localizedDescription.contains("nothing was sent") == true)
            let sent = try bed.requests()
            #expect(sent.isEmpty)
        }
    }

    @Test func namesThatOnlyLookLikeDotsAreSent() async throws {
        try await withPalbe { bed in
            let client = bed.client()
            let _: [Todo] = try await client.call("todos", method: .get)
            await #expect(throws: BackendError.self) {
                let _: AnyCodableValue = try await client.call("todos/...", method: .get)
            }
            let paths = try bed.requests().map(\.path)
            #expect(paths == ["/todos", "/todos/..."])
        }
    }

    @Test(arguments: [
        PalbeConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: "  "),
        PalbeConfiguration(baseURL: URL(string: "ftp://127.0.0.1:9")!, apiKey: "key"),
        PalbeConfiguration(baseURL: URL(string: "http://127.0.0.1:9/?x=1")!, apiKey: "key"),
    ])
    func unusableConfigurationIsNotConfigured(_ configuration: PalbeConfiguration) async throws {
        let recorder = RuntimeRecorder()
        let client = PalbeClient(
            configuration: configuration, transport: DefaultTransport.make(), runtime: recorder.runtime())
        client.configure(onError: recorder.hook)
        let error = await #expect(throws: BackendError.self) {
            let _: AnyCodableValue = try await client.call("health", method: .get)
        }
        #expect(error?.caseName == "not_configured")
        #expect(error?.code == "not_configured")
        #expect(recorder.hookErrors.map(\.code) == ["not_configured"])
        #expect(recorder.records.isEmpty, "nothing was sent, so nothing was traced")
    }
}

/// A hand-built endpoint that puts a body on a GET, which cannot carry one.
private struct GetWithBody: PBVoidEndpoint {
    typealias Failure = TodosArchiveError
    var pbRequest: PBRequest { PBRequest(.get, ["todos"], body: CreateTodoInput(title: "x")) }
}

/// Both logged requests carry the same method, path, query, header fields and body. The fields are in
/// the same order too where the transport keeps the SDK's order; URLSession orders them itself, so
/// there the same names with the same values are what the SDK controls.
private func expectSameBytes(
    _ first: LoggedRequest, _ second: LoggedRequest, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(first.method == second.method, sourceLocation: sourceLocation)
    #expect(first.path == second.path, sourceLocation: sourceLocation)
    #expect(first.query == second.query, sourceLocation: sourceLocation)
    if TransportKind.default.preservesRequestHeaderOrder {
        #expect(first.headers == second.headers, sourceLocation: sourceLocation)
    } else {
        #expect(sortedFields(first) == sortedFields(second), sourceLocation: sourceLocation)
    }
    #expect(first.body == second.body, sourceLocation: sourceLocation)
}

/// The request's header fields sorted by name, then value: their order taken out.
private func sortedFields(_ request: LoggedRequest) -> [LoggedRequest.Header] {
    request.headers.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
}
