import Foundation
import Testing

@testable import PalbeCodegen

/// Operation fragments → namespaces, methods, endpoint structs and inputs.
@Suite struct OperationEmissionTests {
    private let todo = ##""Todo": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}"##

    @Test func namespaceIsAPropertyOnPalbeWithOneMethodPerOperation() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/todos/{id}", "get",
                    ##"{"operationId": "todos.get", "summary": "Fetch a todo", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "The todo.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}}}}"##
                ),
                schemas: todo))
        let text = Harness.file(output, "TodosNamespace.swift")
        expectContains(
            text,
            """
            nonisolated extension PalbeClient {
                /// The `todos` operations of your backend.
                public var todos: TodosNamespace { TodosNamespace(client: self) }
            }

            /// The `todos` operations of your backend, one method per endpoint: `pb.todos`.
            public nonisolated struct TodosNamespace: Sendable {
                let client: PalbeClient

                /// Fetch a todo
                ///
                /// `GET /todos/{id}` (`todos.get`).
                @discardableResult
                public func get(id: String) async throws(TodosGetError) -> TodosGetResponse {
                    try await client.call(TodosGetEndpoint(id: id))
                }
            }
            """)
        expectContains(text, "/// The todo.\npublic typealias TodosGetResponse = Todo\n")
        expectContains(
            text,
            """
            public nonisolated struct TodosGetEndpoint: PBEndpoint {
                public typealias Response = TodosGetResponse
                public typealias Failure = TodosGetError

                public let id: String

                public init(id: String) {
                    self.id = id
                }

                public var pbRequest: PBRequest { PBRequest(.get, ["todos", .param(id)]) }
            }
            """)
    }

    @Test func argumentsComeInFixedOrderPathInputQueryHeaders() throws {
        let operation = ##"""
            {"operationId": "todos.update",
             "parameters": [
               {"name": "X-Request-Tag", "in": "header", "schema": {"type": "string"}},
               {"name": "dry_run", "in": "query", "schema": {"type": "boolean"}},
               {"name": "list_id", "in": "path", "required": true, "schema": {"type": "integer"}},
               {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}},
             "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Todo"}}}}}}
            """##
        let output = try Harness.generate(
            Harness.spec(paths: Harness.path("/lists/{list_id}/todos/{id}", "patch", operation), schemas: todo))
        let text = Harness.file(output, "TodosNamespace.swift")
        expectContains(
            text,
            "public func update(listId: Int, id: String, _ input: TodosUpdateInput, query: TodosUpdateQuery = .init(), headers: TodosUpdateHeaders = .init()) async throws(TodosUpdateError) -> TodosUpdateResponse {\n        try await client.call(TodosUpdateEndpoint(listId: listId, id: id, input: input, query: query, headers: headers))\n"
        )
        expectContains(
            text,
            "public var pbRequest: PBRequest { PBRequest(.patch, [\"lists\", .param(String(listId)), \"todos\", .param(id)], body: input, query: query, headers: headers.headerFields) }"
        )
        expectContains(text, "public typealias TodosUpdateInput = Todo\n")
        expectContains(
            text,
            """
            /// The query parameters of `todos.update`.
            public nonisolated struct TodosUpdateQuery: Codable, Sendable, Equatable {
                public var dryRun: Bool?
            """)
        expectContains(
            text,
            """
                /// The fields as the request sends them; an absent value sends no header.
                public var headerFields: [String: String] {
                    var fields: [String: String] = [:]
                    if let xRequestTag { fields["X-Request-Tag"] = xRequestTag }
                    return fields
                }
            """)
    }

    @Test func requiredQueryParameterRemovesTheDefault() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/todos", "get",
                    ##"{"operationId": "todos.list", "parameters": [{"name": "page", "in": "query", "required": true, "schema": {"type": "integer"}}], "responses": {"204": {"description": "OK"}}}"##
                )))
        let text = Harness.file(output, "TodosNamespace.swift")
        expectContains(text, "public func list(query: TodosListQuery) async throws(TodosListError) {\n")
        expectContains(text, "public var page: Int\n")
    }

    @Test func noContentAnswerMakesAVoidEndpointWithoutDiscardableResult() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/todos/{id}/archive", "post",
                    ##"{"operationId": "todos.archive", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "Archived."}}}"##
                )))
        let text = Harness.file(output, "TodosNamespace.swift")
        expectContains(
            text,
            "    /// `POST /todos/{id}/archive` (`todos.archive`).\n    public func archive(id: String) async throws(TodosArchiveError) {\n"
        )
        expectContains(
            text,
            "public nonisolated struct TodosArchiveEndpoint: PBVoidEndpoint {\n    public typealias Failure = TodosArchiveError\n"
        )
        expectContains(text, "PBRequest(.post, [\"todos\", .param(id), \"archive\"])")
        expectLacks(text, "TodosArchiveResponse")
    }

    @Test(
        "QUERY from the 3.2 operation key and from x-palbase-method puts the input in the body",
        arguments: [
            Harness.path("/rooms/search", "query", ##"{"operationId": "rooms.search", BODY, RESPONSE}"##),
            Harness.path(
                "/rooms/search", "post",
                ##"{"operationId": "rooms.search", "x-palbase-method": "QUERY", BODY, RESPONSE}"##),
        ])
    func queryVerb(path: String) throws {
        let filled = path.replacing("BODY", with: Harness.body(##"{"$ref": "#/components/schemas/Todo"}"##))
            .replacing("RESPONSE", with: Harness.json200(##"{"$ref": "#/components/schemas/Todo"}"##))
        let output = try Harness.generate(Harness.spec(paths: filled, schemas: todo))
        expectContains(
            Harness.file(output, "RoomsNamespace.swift"),
            "public var pbRequest: PBRequest { PBRequest(.query, [\"rooms\", \"search\"], body: input) }")
    }

    @Test func inlineBodyAndResponseGetOperationNames() throws {
        let operation =
            ##"{"operationId": "todos.create", "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}}}}, "responses": {"201": {"description": "OK", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}}}"##
        let output = try Harness.generate(Harness.spec(paths: Harness.path("/todos", "post", operation)))
        let text = Harness.file(output, "TodosNamespace.swift")
        expectContains(
            text,
            "public func create(_ input: TodosCreateInput? = nil) async throws(TodosCreateError) -> TodosCreateResponse {"
        )
        expectContains(
            text,
            "public nonisolated struct TodosCreateInput: Codable, Sendable, Equatable {\n    public var title: String\n"
        )
        expectContains(text, "public typealias TodosCreateResponse = [TodosCreateResponseItem]\n")
        expectContains(text, "public nonisolated struct TodosCreateResponseItem: Codable, Sendable, Equatable {")
        expectContains(
            text, "    public let input: TodosCreateInput?\n\n    public init(input: TodosCreateInput? = nil) {")
    }

    @Test func operationWithoutDotIsAMethodOnPalbe() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/health", "get", ##"{"operationId": "health", \##(Harness.json200(##"{"type": "string"}"##))}"##)))
        let text = Harness.file(output, "Palbe+Operations.swift")
        expectContains(
            text,
            """
            nonisolated extension PalbeClient {
                /// `GET /health` (`health`).
                @discardableResult
                public func health() async throws(HealthError) -> HealthResponse {
                    try await call(HealthEndpoint())
                }
            }
            """)
        expectContains(text, "public typealias HealthResponse = String\n")
        #expect(output.files.map(\.name) == ["Palbe+Operations.swift"])
    }

    @Test func pathParameterTypesBecomeText() throws {
        let operation = ##"""
            {"operationId": "things.get", "parameters": [
              {"name": "kind", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Kind"}},
              {"name": "flag", "in": "path", "required": true, "schema": {"type": "boolean"}},
              {"name": "at", "in": "path", "required": true, "schema": {"type": "string", "format": "date-time"}},
              {"name": "client", "in": "path", "required": true}],
             "responses": {"204": {"description": "OK"}}}
            """##
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path("/things/{kind}/{flag}/{at}/{client}", "get", operation),
                schemas: ##""Kind": {"type": "string", "enum": ["a", "b"]}"##))
        let text = Harness.file(output, "ThingsNamespace.swift")
        expectContains(
            text, "public func get(kind: Kind, flag: Bool, at: String, client: String) async throws(ThingsGetError) {")
        // A path parameter named `client` would shadow the namespace's client.
        expectContains(
            text, "try await self.client.call(ThingsGetEndpoint(kind: kind, flag: flag, at: at, client: client))")
        expectContains(
            text,
            "PBRequest(.get, [\"things\", .param(kind.rawValue), .param(String(flag)), .param(at), .param(client)])")
    }

    @Test func deprecatedOperationIsDeprecatedForCallers() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/old", "get",
                    ##"{"operationId": "legacy.old", "deprecated": true, "responses": {"204": {"description": "OK"}}}"##
                )))
        expectContains(
            Harness.file(output, "LegacyNamespace.swift"),
            "    @available(*, deprecated, message: \"deprecated in the API contract\")\n    public func old() async throws(LegacyOldError) {"
        )
    }

    @Test func keywordMethodNamesAreEscaped() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path(
                    "/x", "post", ##"{"operationId": "things.default", "responses": {"204": {"description": "OK"}}}"##))
        )
        expectContains(
            Harness.file(output, "ThingsNamespace.swift"), "public func `default`() async throws(ThingsDefaultError) {")
    }

    @Test func threeWayFieldsOnlyWhereARequestCanSendThem() throws {
        let operation = ##"""
            {"operationId": "todos.update", \##(Harness.body(##"{"$ref": "#/components/schemas/Patch"}"##)),
             \##(Harness.json200(##"{"$ref": "#/components/schemas/Out"}"##))}
            """##
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.path("/todos", "patch", operation),
                schemas: ##"""
                    "Patch": {"type": "object", "properties": {
                      "note": {"type": ["string", "null"]}, "due_at": {"type": ["string", "null"], "format": "date-time"},
                      "title": {"type": "string"}, "label": {"type": ["string", "null"]}, "extra": {}, "shared": {"$ref": "#/components/schemas/Shared"}},
                      "required": ["label"]},
                    "Out": {"type": "object", "properties": {"note": {"type": ["string", "null"]}, "label": {"type": ["string", "null"]}}, "required": ["label"]},
                    "Shared": {"type": "object", "properties": {"hint": {"type": ["string", "null"]}}}
                    """##))
        expectContains(
            Harness.file(output, "Patch.swift"),
            """
                public var note: Nullable<String>?
                public var dueAt: Nullable<Date>?
                public var title: String?
                public var label: Nullable<String>
                public var extra: AnyCodableValue?
                public var shared: Shared?

                public init(note: Nullable<String>? = nil, dueAt: Nullable<Date>? = nil, title: String? = nil, label: Nullable<String>, extra: AnyCodableValue? = nil, shared: Shared? = nil) {
            """)
        expectContains(
            Harness.file(output, "Out.swift"), "    public var note: String?\n    public var label: String?\n")
        // Input-ness follows references: a schema reached from a body is input too.
        expectContains(Harness.file(output, "Shared.swift"), "    public var hint: Nullable<String>?\n")
    }

    @Test func methodsInANamespaceAreSortedByName() throws {
        let paths = ["zeta", "alpha", "mid"].map {
            Harness.path(
                "/\($0)", "post", ##"{"operationId": "ns.\##($0)", "responses": {"204": {"description": "OK"}}}"##)
        }.joined(separator: ", ")
        let text = Harness.file(try Harness.generate(Harness.spec(paths: paths)), "NsNamespace.swift")
        let alpha = try #require(text.range(of: "func alpha()"))
        let mid = try #require(text.range(of: "func mid()"))
        let zeta = try #require(text.range(of: "func zeta()"))
        #expect(alpha.lowerBound < mid.lowerBound && mid.lowerBound < zeta.lowerBound)
    }
}

extension OperationEmissionTests {
    @Test func namesThatWouldClashWithGeneratedMembers() throws {
        let operation =
            ##"{"operationId": "a.b", "parameters": [{"name": "Header-Fields", "in": "header"}], "responses": {"204": {"description": "OK"}}}"##
        let text = Harness.file(
            try Harness.generate(Harness.spec(paths: Harness.path("/x", "get", operation))), "ANamespace.swift")
        expectContains(text, "    public var headerFields_: String?\n")
        expectContains(text, "if let headerFields_ { fields[\"Header-Fields\"] = headerFields_ }")
        let clash = ##"{"operationId": "a.b", "parameters": [{"name": "pb_request", "in": "path", "required": true}]}"##
        #expect(
            Harness.failure(Harness.spec(paths: Harness.path("/x/{pb_request}", "get", clash)))
                == .duplicateName(
                    name: "argument pbRequest of a.b",
                    pointers: ["/paths/~1x~1{pb_request}/get", "/paths/~1x~1{pb_request}/get/parameters/0"]))
    }
}
