import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// What the sample backend reads from `Specs/palbase/openapi.json`: its routes, and that it implements exactly
/// what the document declares; what it still keeps in code agrees with what the document says.
@Suite struct SampleSpecTests {
    /// `(method, path, expected)`: the operation id and parameters, `405 <Allow>`, or `nil` for no route.
    static let routes: [(String, String, String?)] = [
        ("GET", "/health", "health"),
        ("GET", "/openapi.json", "openapi.json"),
        ("POST", "/openapi.json", "405 GET"),
        ("GET", "/todos", "todos.list"),
        ("POST", "/todos", "todos.create"),
        ("DELETE", "/todos", "405 GET, POST"),
        ("GET", "/todos/search", "todos.get id=search"),
        ("PATCH", "/todos/a%2Fb", "todos.update id=a/b"),
        ("DELETE", "/todos/t1", "todos.delete id=t1"),
        ("PUT", "/todos/t1", "405 DELETE, GET, PATCH"),
        ("POST", "/todos/t1/archive", "todos.archive id=t1"),
        ("POST", "/todos/t1/lock", "todos.lock id=t1"),
        ("POST", "/todos/t1/attachment", "todos.attach id=t1"),
        ("GET", "/todos/t1/archive", "405 POST"),
        ("QUERY", "/rooms/search", "rooms.search"),
        ("POST", "/rooms/search", "405 QUERY"),
        ("POST", "/rooms", "rooms.create"),
        ("GET", "/rooms", "405 POST"),
        ("POST", "/messages", "messaging.send"),
        ("POST", "/v1/docs/notes", "docs.insert collection=notes"),
        ("GET", "/v1/docs/notes/doc_1", "docs.get collection=notes id=doc_1"),
        ("GET", "/v1/docs/notes", "405 POST"),
        ("GET", "/", nil),
        ("GET", "/rooms/other", nil),
        ("GET", "/todos/t1/other", nil),
        ("GET", "/v1/docs", nil),
        ("GET", "/v2/docs/notes/doc_1", nil),
        ("POST", "/todos/t1/archive/more", nil),
    ]

    @Test(arguments: routes)
    func routesAreTheDocumentsPaths(method: String, path: String, expected: String?) throws {
        let segments = try PalbaseRequestParser.segments(of: path)
        let described: String?
        do {
            switch try SampleRoute.match(method: method, segments: segments, in: .repository) {
            case nil: described = nil
            case .openAPIDocument: described = "openapi.json"
            case .operation(let operation, let parameters)?:
                described = ([operation.id] + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                    .joined(separator: " ")
            }
        } catch let error as PalbaseHTTPError {
            described = "\(error.status) " + (error.headers.first { $0.0 == "Allow" }?.1 ?? "")
        }
        #expect(described == expected)
    }

    @Test func theBackendImplementsExactlyWhatTheDocumentDeclares() throws {
        let spec = SampleSpec.repository
        #expect(Set(spec.operations.keys) == Set(SampleOperation.allCases.map(\.rawValue)))
        for operation in SampleOperation.allCases {
            let declared = try #require(spec.operations[operation.rawValue])
            #expect(Set(declared.declaredErrors.keys) == Set(operation.raises.map(\.rawValue)), "\(operation)")
        }
        #expect(spec.operations["rooms.search"]?.method == "QUERY")
        #expect(spec.operations["todos.lock"]?.path == "/todos/{id}/lock")
        #expect(spec.operations["todos.update"]?.declaredErrors["todo_locked"]?.status == 409)
        #expect(spec.operations["todos.create"]?.declaredErrors["todo_quota_exceeded"]?.status == 429)
        #expect(spec.operations["rooms.create"]?.declaredErrors["room_locked"]?.dataSchema?["type"] == "object")
        #expect(Set(spec.documentSchemas.keys) == ["notes"])
    }

    /// The limits the handler rules apply, read from each operation's body schema.
    @Test func handlerRulesTakeTheirLimitsFromTheBodySchemas() throws {
        let operations = SampleSpec.repository.operations
        for id in ["todos.create", "todos.update"] {
            let limits = try #require(operations[id]?.fieldLimits)
            #expect(limits["title"]?.maxLength == 200, "\(id)")
            #expect(limits["note"]?.maxLength == 2000, "\(id)")
            #expect(limits["tags"] == SampleFieldLimits(maxItems: 20, itemMaxLength: 50), "\(id)")
        }
        #expect(operations["rooms.create"]?.fieldLimits["name"]?.maxLength == 100)
        #expect(operations["rooms.search"]?.fieldLimits["text"]?.maxLength == 200)
        #expect(operations["messaging.send"]?.fieldLimits["text"]?.maxLength == 2000)
        #expect(operations["todos.attach"]?.fieldLimits["caption"]?.maxLength == 200)
    }

    /// What the handlers keep in code (the enum they store, what JSON Schema has no keyword for) is what the
    /// document says.
    @Test func whatTheHandlersKeepInCodeAgreesWithTheDocument() throws {
        let document = try SampleOpenAPIDocumentTests.committed()
        let schemas = document["components"]["schemas"]
        #expect(schemas["Visibility"]["enum"].strings == SampleVisibility.allCases.map(\.rawValue))
        for body in ["CreateTodoBody", "CreateRoomBody"] {
            #expect(schemas[body]["properties"]["visibility"]["default"].string == SampleVisibility.default.rawValue)
        }
        let description = try #require(document["info"]["description"].string)
        #expect(description.contains("Bodies nest at most \(SampleJSON.maxDepth) levels deep."))
        let metadata = try #require(schemas["Metadata"]["description"].string)
        #expect(metadata.contains("At most \(SampleRules.maxMetadataBytes / 1024) KiB once encoded."))
    }
}
