import Foundation
import TestSupport
import Testing

@testable import PalbeCodegen

/// Specs the generator cannot turn into compiling Swift: a typed error naming the JSON
/// pointer, or a documented fallback with a warning. Never a crash.
@Suite struct BadInputTests {
    private let thing = ##""Thing": {"type": "object", "properties": {"id": {"type": "string"}}}"##

    @Test(
        arguments: [
            (
                "{\"openapi\": \"3.1.0\",\n \"paths\": {,}}",
                CodegenError.invalidJSON(line: 2, column: 12, reason: "expected a string key")
            ),
            ("[1]", .unsupportedVersion(found: "a JSON array")),
            (##"{"swagger": "2.0"}"##, .unsupportedVersion(found: "swagger 2.0")),
            (##"{"info": {}}"##, .unsupportedVersion(found: "no \"openapi\" field")),
            (##"{"openapi": "4.0.0"}"##, .unsupportedVersion(found: "openapi 4.0.0")),
            (##"{"openapi": 3}"##, .invalidSpec(pointer: "/openapi", reason: "expected a string, found number")),
            (
                ##"{"openapi": "3.1.0", "paths": []}"##,
                .invalidSpec(pointer: "/paths", reason: "expected an object, found array")
            ),
        ])
    func documentLevelProblems(spec: String, expected: CodegenError) {
        #expect(Harness.failure(spec) == expected)
    }

    @Test func missingReferenceNamesThePointerOfTheRef() {
        let spec = Harness.spec(paths: Harness.returning(##"{"$ref": "#/components/schemas/Nope"}"##))
        #expect(
            Harness.failure(spec)
                == .unresolvedReference(
                    pointer: "/paths/~1m/get/responses/200/content/application~1json/schema/$ref",
                    reference: "#/components/schemas/Nope"))
    }

    @Test func externalReferencesAreUnresolved() {
        let spec = Harness.spec(paths: Harness.returning(##"{"$ref": "other.json#/components/schemas/A"}"##))
        #expect(
            Harness.failure(spec)
                == .unresolvedReference(
                    pointer: "/paths/~1m/get/responses/200/content/application~1json/schema/$ref",
                    reference: "other.json#/components/schemas/A"))
    }

    @Test func referenceLoopsAreErrors() {
        let aliases = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/A"}"##),
            schemas: ##""A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}"##)
        #expect(
            Harness.failure(aliases)
                == .invalidSpec(
                    pointer: "/components/schemas/A/$ref",
                    reason:
                        "$ref chain loops back on itself: #/components/schemas/B → #/components/schemas/A → #/components/schemas/B"
                ))
        let parameters = ##"""
            {"openapi": "3.1.0", "paths": {"/m": {"get": {"operationId": "m.get", "parameters": [{"$ref": "#/components/parameters/P"}], "responses": {}}}},
             "components": {"parameters": {"P": {"$ref": "#/components/parameters/Q"}, "Q": {"$ref": "#/components/parameters/P"}}}}
            """##
        #expect(
            Harness.failure(parameters)
                == .invalidSpec(
                    pointer: "/paths/~1m/get/parameters/0/$ref",
                    reason:
                        "$ref chain loops back on itself: #/components/parameters/P → #/components/parameters/Q → #/components/parameters/P"
                ))
    }

    @Test(
        arguments: [
            (
                ##"{"operationId": "a.b.c"}"##,
                CodegenError.invalidOperationID(
                    pointer: "/paths/~1m/get/operationId",
                    reason: "operationId \"a.b.c\" is not \"namespace.method\" or \"method\"")
            ),
            (
                ##"{"operationId": "todos."}"##,
                .invalidOperationID(
                    pointer: "/paths/~1m/get/operationId",
                    reason: "operationId \"todos.\" is not \"namespace.method\" or \"method\"")
            ),
            (
                ##"{"operationId": "todos.---"}"##,
                .invalidOperationID(
                    pointer: "/paths/~1m/get/operationId", reason: "operationId \"todos.---\" has no usable method name"
                )
            ),
            (
                ##"{"operationId": 7}"##,
                .invalidSpec(pointer: "/paths/~1m/get/operationId", reason: "expected a string, found number")
            ),
        ])
    func operationIDs(operation: String, expected: CodegenError) {
        #expect(Harness.failure(Harness.spec(paths: Harness.path("/m", "get", operation))) == expected)
    }

    @Test func duplicateOperationIDsNameBothOperations() {
        let paths = [
            Harness.path("/a", "get", ##"{"operationId": "todos.get"}"##),
            Harness.path("/b", "get", ##"{"operationId": "todos.get"}"##),
        ].joined(separator: ",")
        #expect(
            Harness.failure(Harness.spec(paths: paths))
                == .duplicateName(
                    name: "operationId \"todos.get\"",
                    pointers: ["/paths/~1a/get/operationId", "/paths/~1b/get/operationId"]))
    }

    @Test func propertiesThatCollideAfterCamelCasing() {
        let spec = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/Thing"}"##),
            schemas:
                ##""Thing": {"type": "object", "properties": {"created_at": {"type": "string"}, "createdAt": {"type": "string"}}}"##
        )
        #expect(
            Harness.failure(spec)
                == .duplicateName(
                    name: "Thing.createdAt",
                    pointers: [
                        "/components/schemas/Thing/properties/created_at",
                        "/components/schemas/Thing/properties/createdAt",
                    ]))
    }

    /// `get_item` is lowerCamelCased, so the two collide as methods before their types do.
    @Test func operationsWhoseNamesCollide() {
        let paths = [
            Harness.path("/a", "get", ##"{"operationId": "todos.get_item"}"##),
            Harness.path("/b", "get", ##"{"operationId": "todos.getItem"}"##),
        ].joined(separator: ",")
        #expect(
            Harness.failure(Harness.spec(paths: paths))
                == .duplicateName(name: "method todos.getItem", pointers: ["/paths/~1a/get", "/paths/~1b/get"]))
    }

    @Test func schemaNamedLikeAnOperationType() {
        let spec = Harness.spec(
            paths: Harness.path(
                "/a", "get",
                ##"{"operationId": "todos.get", \##(Harness.json200(##"{"$ref": "#/components/schemas/TodosGetError"}"##))}"##
            ),
            schemas: ##""TodosGetError": {"type": "object"}"##)
        #expect(Harness.failure(spec)?.errorCode == "codegen_duplicate_name")
    }

    @Test func schemaWhoseTypeNameIsTheResponseAliasNeedsNoAlias() throws {
        let spec = Harness.spec(
            paths: Harness.path(
                "/a", "get",
                ##"{"operationId": "todos.get", \##(Harness.json200(##"{"$ref": "#/components/schemas/TodosGetResponse"}"##))}"##
            ),
            schemas: ##""TodosGetResponse": {"type": "object", "properties": {"id": {"type": "string"}}}"##)
        let output = try Harness.generate(spec)
        expectLacks(Harness.allText(output), "typealias TodosGetResponse")
        expectContains(
            Harness.file(output, "TodosGetResponse.swift"), "public nonisolated struct TodosGetResponse: Codable")
    }

    @Test func fileNamesThatCollideOnCaseInsensitiveFileSystems() {
        let spec = Harness.spec(
            paths: Harness.returning(
                ##"{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/TodoList"}, "b": {"$ref": "#/components/schemas/Todolist"}}}"##
            ),
            schemas: ##""TodoList": {"type": "object"}, "Todolist": {"type": "string", "enum": ["x"]}"##)
        #expect(
            Harness.failure(spec)
                == .duplicateName(
                    name: "TodoList.swift and Todolist.swift (the same file on a case-insensitive file system)",
                    pointers: ["/components/schemas/TodoList", "/components/schemas/Todolist"]))
    }

    @Test func rootMethodAndNamespaceWithTheSameName() {
        let paths = [
            Harness.path("/a", "get", ##"{"operationId": "todos"}"##),
            Harness.path("/b", "get", ##"{"operationId": "todos.list"}"##),
        ].joined(separator: ",")
        #expect(
            Harness.failure(Harness.spec(paths: paths))
                == .duplicateName(name: "pb.todos", pointers: ["/paths/~1a/get", "/paths/~1b/get"]))
    }

    @Test func pathParameterNamedLikeAFixedArgument() {
        let operation = ##"{"operationId": "a.b", "parameters": [{"name": "query", "in": "path", "required": true}]}"##
        #expect(
            Harness.failure(Harness.spec(paths: Harness.path("/x/{query}", "get", operation)))?.errorCode
                == "codegen_duplicate_name")
    }

    @Test func inputKeysMustSurviveTheSnakeCaseCoders() throws {
        let body = Harness.body(##"{"type": "object", "properties": {"perPage": {"type": "integer"}}}"##)
        #expect(
            Harness.failure(Harness.spec(paths: Harness.path("/x", "post", ##"{"operationId": "a.b", \##(body)}"##)))
                == .unsupported(
                    pointer: "/paths/~1x/post/requestBody/content/application~1json/schema/properties/perPage",
                    reason:
                        "key \"perPage\" cannot travel through the SDK's snake_case coders (it would be sent as \"per_page\"); use a snake_case key"
                ))
        // Decoding alone works: a response may use such a key.
        let response = Harness.returning(##"{"type": "object", "properties": {"perPage": {"type": "integer"}}}"##)
        expectContains(
            Harness.file(try Harness.generate(Harness.spec(paths: response)), "ModelsNamespace.swift"),
            "public var perPage: Int?")
    }

    @Test func pathTemplateAndParametersMustAgree() {
        let undeclared = Harness.path("/x/{id}", "get", ##"{"operationId": "a.b"}"##)
        #expect(
            Harness.failure(Harness.spec(paths: undeclared))
                == .invalidSpec(
                    pointer: "/paths/~1x~1{id}/get",
                    reason: "path \"/x/{id}\" uses {id}, which the operation does not declare as a path parameter"))
        let unused = Harness.path(
            "/x", "get", ##"{"operationId": "a.b", "parameters": [{"name": "id", "in": "path", "required": true}]}"##)
        #expect(
            Harness.failure(Harness.spec(paths: unused))
                == .invalidSpec(
                    pointer: "/paths/~1x/get/parameters/0", reason: "path parameter \"id\" does not appear in \"/x\""))
    }

    @Test(
        arguments: [
            (##"{"operationId": "a.b", "x-palbase-method": "PURGE"}"##, "/paths/~1x/get/x-palbase-method"),
            (##"{"operationId": "a.b", "x-palbase-errors": [{"code": ""}]}"##, "/paths/~1x/get/x-palbase-errors/0"),
            (
                ##"{"operationId": "a.b", "x-palbase-errors": [{"code": "c", "status": "409"}]}"##,
                "/paths/~1x/get/x-palbase-errors/0/status"
            ),
            (##"{"operationId": "a.b", "parameters": [{"in": "query"}]}"##, "/paths/~1x/get/parameters/0"),
            (##"{"operationId": "a.b", "parameters": [{"name": "q", "in": "body"}]}"##, "/paths/~1x/get/parameters/0"),
            (
                ##"{"operationId": "a.b", "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": 5}}}}}"##,
                "/paths/~1x/get/responses/200/content/application~1json/schema"
            ),
        ])
    func malformedOperationParts(operation: String, pointer: String) {
        let error = Harness.failure(Harness.spec(paths: Harness.path("/x", "get", operation)))
        #expect(error?.pointer == pointer)
        #expect(error?.errorCode == "codegen_invalid_spec")
    }

    @Test func nestedTypeThatWouldHideATopLevelOneIsRejected() {
        let spec = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/Thing"}"##),
            schemas: ##"""
                "Thing": {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a"]}, "other": {"$ref": "#/components/schemas/KindValue"}}},
                "KindValue": {"type": "string", "enum": ["b"]}
                """##)
        #expect(
            Harness.failure(spec)
                == .duplicateName(
                    name: "Thing.KindValue (hides the top-level KindValue inside Thing)",
                    pointers: ["/components/schemas/Thing/properties/kind"]))
    }

    @Test func unmappableConstructsFallBackWithWarningsOrFailWhenAsked() throws {
        let schema =
            ##"{"type": "object", "properties": {"either": {"oneOf": [{"type": "string"}, {"type": "integer"}]}, "multi": {"type": ["string", "boolean"]}}}"##
        let spec = Harness.spec(paths: Harness.returning(schema))
        let output = try Harness.generate(spec)
        expectContains(
            Harness.file(output, "ModelsNamespace.swift"),
            "    public var either: AnyCodableValue?\n    public var multi: AnyCodableValue?\n")
        let pointer = "/paths/~1m/get/responses/200/content/application~1json/schema/properties"
        #expect(
            output.warnings == [
                CodegenWarning(
                    pointer: pointer + "/either/oneOf",
                    message: "oneOf without a discriminator is generated as AnyCodableValue"),
                CodegenWarning(
                    pointer: pointer + "/multi",
                    message: "a value of several types (string, boolean) is generated as AnyCodableValue"),
            ])
        #expect(throws: CodegenError.warningsAsErrors(output.warnings)) {
            try Harness.generate(spec, options: CodegenOptions(warningsAsErrors: true))
        }
    }

    @Test func operationsTheSDKCannotSendAreSkippedVisibly() throws {
        let paths = [
            Harness.path(
                "/u", "post",
                ##"{"operationId": "files.upload", "requestBody": {"content": {"multipart/form-data": {}}}}"##),
            Harness.path(
                "/f/{name}.json", "get",
                ##"{"operationId": "files.get", "parameters": [{"name": "name", "in": "path", "required": true}]}"##),
            Harness.path("/s", "get", ##"{"operationId": "files.search", \##(Harness.body("{}"))}"##),
            Harness.path(
                "/t", "get",
                ##"{"operationId": "files.text", "responses": {"200": {"description": "OK", "content": {"text/plain": {}}}}}"##
            ),
            Harness.path("/o", "options", ##"{"operationId": "files.options"}"##),
            Harness.path(
                "/h", "get",
                ##"{"operationId": "files.head", "parameters": [{"name": "X-Ids", "in": "header", "schema": {"type": "array", "items": {"type": "string"}}}]}"##
            ),
            Harness.path("/ok", "get", ##"{"operationId": "files.ok", "responses": {}}"##),
        ].joined(separator: ",")
        let output = try Harness.generate(Harness.spec(paths: paths))
        let text = Harness.file(output, "FilesNamespace.swift")
        for comment in [
            "// codegen: skipped \"files.get\": path segment \"{name}.json\" mixes text and a parameter, which PBPathSegment cannot express",
            "// codegen: skipped \"files.head\": header parameter \"X-Ids\" is not a scalar, which the SDK cannot send as text",
            "// codegen: skipped \"files.options\": OPTIONS is not a method the SDK sends",
            "// codegen: skipped \"files.search\": a GET request cannot carry a body; use QUERY for a search with a body",
            "// codegen: skipped \"files.text\": response 200 media type text/plain is not JSON",
            "// codegen: skipped \"files.upload\": request body media type multipart/form-data is not JSON",
        ] {
            expectContains(text, comment)
        }
        expectContains(text, "public func ok() async throws(FilesOkError) {")
        #expect(output.warnings.count == 7)
        #expect(
            output.warnings.contains {
                $0.message == "no 2xx response is declared; the generated method returns nothing"
            })
    }

    @Test func truncatedSpecsFailCleanly() async throws {
        let data = try Data(contentsOf: SampleSpecTests.specURL)
        for length in stride(from: 0, to: data.count, by: 97) {
            await Task.yield()  // a long synchronous loop would starve the shared cooperative pool
            let error = Harness.failure(String(decoding: data.prefix(length), as: UTF8.self))
            guard case .invalidJSON = error else {
                Issue.record("prefix of \(length) bytes gave \(String(describing: error))")
                return
            }
        }
    }

    @Test func mutatedSpecsNeverCrash() async throws {
        let original = Array(TortureSpec.json.utf8)
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("{}[]\":,0123456789truefalsenull$ref#/ \\abcxyz-_.".utf8)
        var outcomes = (successes: 0, failures: 0)
        for _ in 0..<300 {
            await Task.yield()  // a long synchronous loop would starve the shared cooperative pool
            var bytes = original
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                }
            }
            do {
                _ = try CodeGenerator().generate(specData: Data(bytes), specName: "fuzz.json")
                outcomes.successes += 1
            } catch {
                #expect(!error.description.isEmpty)
                outcomes.failures += 1
            }
        }
        #expect(outcomes.successes + outcomes.failures == 300)
        #expect(outcomes.failures > 0)
    }
}

extension BadInputTests {
    @Test(
        arguments: [
            ##""A": {"type": "array", "items": {"$ref": "#/components/schemas/A"}}"##,
            ##""A": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/B"}}, "B": {"type": "array", "items": {"$ref": "#/components/schemas/A"}}"##,
        ])
    func typealiasesThatContainThemselves(schemas: String) {
        let spec = Harness.spec(paths: Harness.returning(##"{"$ref": "#/components/schemas/A"}"##), schemas: schemas)
        #expect(
            Harness.failure(spec)
                == .unsupported(
                    pointer: "/components/schemas/A",
                    reason:
                        "a schema that is only an array or dictionary of itself cannot be a Swift typealias; wrap it in an object"
                ))
    }

    @Test func anArrayOfAStructThatHoldsTheArrayIsFine() throws {
        let spec = Harness.spec(
            paths: Harness.returning(##"{"$ref": "#/components/schemas/Tree"}"##),
            schemas:
                ##""Tree": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}, "Node": {"type": "object", "properties": {"children": {"$ref": "#/components/schemas/Tree"}}}"##
        )
        let output = try Harness.generate(spec)
        expectContains(Harness.file(output, "Tree.swift"), "public typealias Tree = [Node]\n")
        expectContains(
            Harness.file(output, "Node.swift"),
            "public nonisolated struct Node: Codable, Sendable, Equatable {\n    public var children: Tree?\n")
    }
}

extension BadInputTests {
    /// Text from the spec lands in comments (summaries, ids, paths, error descriptions,
    /// header names); a line break in it must never end a comment early.
    @Test func lineBreaksInSpecTextStayInsideComments() throws {
        let injected = #"\nINJECTED(\r\nINJECTED\rINJECTED"#
        let spec = Harness.spec(
            paths: [
                Harness.path(
                    "/a\(injected)/{id}", "post",
                    ##"""
                    {"operationId": "ns.op", "summary": "S\##(injected)", "description": "D\##(injected)",
                     "parameters": [{"name": "id", "in": "path", "required": true, "description": "P\##(injected)"},
                                    {"name": "X-H\##(injected)", "in": "header"}],
                     "x-palbase-errors": [{"code": "c\##(injected)", "description": "E\##(injected)"}],
                     \##(Harness.json200(##"{"type": "object", "description": "R\##(injected)", "properties": {"k": {"type": "string", "description": "K\##(injected)", "enum": ["v\##(injected)"]}}}"##))}
                    """##),
                Harness.path(
                    "/b", "post",
                    ##"{"operationId": "ns.skipped\##(injected)", "requestBody": {"content": {"text/plain\##(injected)": {}}}}"##
                ),
            ].joined(separator: ","))
        let output = try Harness.generate(spec)
        var checked = 0
        for file in output.files {
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            where line.contains("INJECTED") {
                checked += 1
                let before = line[..<line.range(of: "INJECTED")!.lowerBound]
                let inComment = before.contains("//")
                let inLiteral = before.filter { $0 == "\"" }.count % 2 == 1
                #expect(inComment || inLiteral, "\(file.name): \(line)")
                #expect(!line.contains("\r"))
            }
        }
        #expect(checked > 10)
    }
}

extension BadInputTests {
    /// Mapping and emission recurse; nesting is capped so that even a thread with a 512 KiB
    /// stack (a secondary thread on Apple platforms) survives any spec, in a debug build too.
    @Test func deepNestingStaysWithinASmallStack() async throws {
        func nested(_ levels: Int) -> String {
            var schema = ##"{"type": "string"}"##
            for _ in 0..<levels { schema = ##"{"type": "object", "properties": {"a": \##(schema)}}"## }
            return Harness.spec(paths: Harness.returning(schema))
        }
        let deepest = nested(SchemaMapper.maximumNesting - 1)
        let tooDeep = nested(SchemaMapper.maximumNesting)
        let jsonTooDeep = String(repeating: "[", count: 10_000)
        // Long chains of references are not nesting: each component is read on its own.
        let chain = (0..<400).map {
            ##""C\##($0)": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/C\##($0 + 1)"}}}"##
        }
        let aliases = (0..<300).map {
            ##""A\##($0)": {"allOf": [{"$ref": "#/components/schemas/A\##($0 + 1)"}], "nullable": true}"##
        }
        let long = Harness.spec(
            paths: Harness.path(
                "/x/{a}", "get",
                ##"{"operationId": "x.get", "parameters": [{"name": "a", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/A0"}}], \##(Harness.json200(##"{"$ref": "#/components/schemas/C0"}"##))}"##
            ),
            schemas: (chain + aliases + [##""C400": {"type": "string"}, "A300": {"type": "string"}"##]).joined(
                separator: ","))
        let (outcomes, output, failure) = try await onOwnThread(stackSize: 512 * 1024) {
            let outcomes = [deepest, tooDeep, jsonTooDeep, long].map { spec in
                do {
                    _ = try Harness.generate(spec)
                    return "ok"
                } catch {
                    return (error as? CodegenError)?.errorCode ?? "\(error)"
                }
            }
            return (outcomes, try Harness.generate(long), Harness.failure(tooDeep))
        }
        #expect(outcomes == ["ok", "codegen_unsupported", "codegen_invalid_json", "ok"])
        expectContains(Harness.file(output, "C0.swift"), "public var next: C1?")
        expectContains(Harness.file(output, "A0.swift"), "public typealias A0 = A1")
        expectContains(Harness.file(output, "XNamespace.swift"), ".param(a)")
        let error = try #require(failure)
        #expect(error.description.hasSuffix("schemas nest more than 32 levels deep"))
    }
}
