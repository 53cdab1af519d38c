import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// Keeps `Specs/palbase/openapi.json` identical to the document the emulator serves, and checks it is a
/// structurally sound OpenAPI document the code generator can rely on.
///
/// After changing the builder, rewrite the file with
/// `SAMPLE_RECORD_OPENAPI=1 swift test --filter SampleOpenAPIDocumentTests`.
@Suite struct SampleOpenAPIDocumentTests {
    static let specURL = PackageRoot.appending("Specs/palbase/openapi.json")

    /// The committed file, parsed.
    static func committed() throws -> SampleJSONView {
        let view = SampleJSONView(json: try Data(contentsOf: specURL))
        try #require(view.exists, "openapi.json is not JSON")
        return view
    }

    static func operations() throws -> [SampleSpecOperation] {
        SampleSpecOperation.all(in: try committed())
    }

    @Test func committedFileIsTheServedDocument() throws {
        let rendered = SampleOpenAPIDocument.renderedJSON
        if ProcessInfo.processInfo.environment["SAMPLE_RECORD_OPENAPI"] == "1" {
            try rendered.write(to: Self.specURL)
        }
        let onDisk = try Data(contentsOf: Self.specURL)
        guard onDisk != rendered else { return }
        let differences = SampleJSONTree.differences(SampleJSON.parse(onDisk), SampleJSON.parse(rendered))
        Issue.record(
            """
            Specs/palbase/openapi.json is not what SampleOpenAPIDocument renders; rerun with \
            SAMPLE_RECORD_OPENAPI=1 to rewrite it. \
            \(differences.isEmpty ? "Formatting differs only." : differences.prefix(20).joined(separator: "\n"))
            """)
    }

    @Test func renderingIsDeterministic() {
        let first = SampleJSON.render(SampleOpenAPIDocument.document, pretty: true)
        #expect(first == SampleJSON.render(SampleOpenAPIDocument.document, pretty: true))
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains("\\/"), "slashes are not escaped")
        #expect(text.firstRange(of: "\"components\"")!.lowerBound < text.firstRange(of: "\"info\"")!.lowerBound)
    }

    @Test func declaresOpenAPI31WithInfoAndSecurity() throws {
        let document = try Self.committed()
        #expect(document["openapi"].string == "3.1.0")
        #expect(document["info"]["title"].string != nil)
        #expect(document["info"]["version"].string != nil)
        #expect(document["components"]["securitySchemes"]["apikey"]["name"].string == "apikey")
        #expect(document["security"][0]["apikey"].exists)
        #expect(document["components"]["schemas"].members.count == 21)
    }

    @Test func everyOperationHasAUniqueWellFormedID() throws {
        let ids = try Self.operations().map(\.id)
        #expect(ids.count == 14)
        #expect(Set(ids).count == ids.count, "duplicate operation ids: \(ids)")
        for id in ids {
            #expect(id.wholeMatch(of: /[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)?/) != nil, "malformed operation id \(id)")
        }
        #expect(ids.contains("health"), "an operation id without a dot")
        #expect(ids.contains("messaging.send"), "an operation in a reserved namespace")
        #expect(
            Set(ids.filter { $0.hasPrefix("todos.") }) == [
                "todos.list", "todos.create", "todos.get", "todos.update", "todos.delete", "todos.archive",
                "todos.lock", "todos.attach",
            ])
        #expect(Set(ids.filter { $0.hasPrefix("rooms.") }) == ["rooms.create", "rooms.search"])
    }

    @Test func everyReferenceResolves() throws {
        let document = try #require(try Self.committed().value)
        var references: [String] = []
        SampleJSONTree.walk(document) { key, value in
            if key == "$ref", case .string(let target) = value { references.append(target) }
        }
        #expect(references.count > 50)
        for reference in Set(references) {
            #expect(reference.hasPrefix("#/components/"), "unexpected reference \(reference)")
            #expect(SampleJSONTree.resolve(pointer: reference, in: document) != nil, "dangling \(reference)")
        }
    }

    @Test func everyDeclaredErrorHasCodeStatusAndAnObjectPayloadSchema() throws {
        var count = 0
        for operation in try Self.operations() {
            for entry in operation.node["x-palbase-errors"].elements {
                count += 1
                let code = try #require(entry["code"].string, "\(operation.id): error without code")
                #expect(code.wholeMatch(of: /[a-z][a-z0-9_]*/) != nil, "\(operation.id): code \(code)")
                let status = try #require(entry["status"].int, "\(operation.id): \(code) without status")
                #expect((400...599).contains(status))
                #expect(operation.node["responses"][String(status)].exists, "\(operation.id): no \(status) response")
                #expect(entry["description"].string?.isEmpty == false)
                if entry["data"].exists {
                    #expect(entry["data"]["type"].string == "object")
                    #expect(!entry["data"]["properties"].members.isEmpty)
                    #expect(!entry["data"]["required"].strings.isEmpty)
                }
            }
        }
        #expect(count == 18)
    }

    @Test func declaredErrorsMatchTheBrief() throws {
        let operations = Dictionary(uniqueKeysWithValues: try Self.operations().map { ($0.id, $0.node) })
        func declared(_ id: String) -> [String: SampleJSONView] {
            var byCode: [String: SampleJSONView] = [:]
            for entry in operations[id]?["x-palbase-errors"].elements ?? [] {
                byCode[entry["code"].string ?? ""] = entry
            }
            return byCode
        }
        for id in ["todos.get", "todos.update", "todos.delete", "todos.archive", "todos.lock"] {
            #expect(declared(id)["todo_not_found"]?["status"].int == 404, "\(id)")
        }
        for id in ["todos.update", "todos.delete", "todos.archive"] {
            #expect(declared(id)["todo_locked"]?["status"].int == 409, "\(id)")
            #expect(declared(id)["todo_locked"]?["data"]["properties"]["retry_after"]["type"].string == "integer")
        }
        let create = declared("todos.create")
        #expect(create["todo_quota_exceeded"]?["status"].int == 429)
        #expect(create["todo_quota_exceeded"]?["data"]["properties"]["limit"]["type"].string == "integer")
        let rooms = declared("rooms.create")
        #expect(rooms["not_found"]?["status"].int == 404)
        #expect(rooms["room_locked"]?["status"].int == 409)
        #expect(rooms["room_locked"]?["data"]["properties"]["retry_after"]["type"].string == "number")
        #expect(operations["todos.list"]?["x-palbase-errors"].exists == false)
    }

    @Test func pathParametersAreDeclaredForEveryTemplate() throws {
        let document = try Self.committed()
        let root = try #require(document.value)
        for operation in try Self.operations() {
            let templated = Set(operation.path.matches(of: /\{([a-z_]+)\}/).map { String($0.output.1) })
            let declared = Set(
                operation.node["parameters"].elements.compactMap { parameter -> String? in
                    let resolved =
                        parameter["$ref"].string.map {
                            SampleJSONView(SampleJSONTree.resolve(pointer: $0, in: root))
                        } ?? parameter
                    return resolved["in"].string == "path" ? resolved["name"].string : nil
                })
            #expect(templated == declared, "\(operation.id) at \(operation.path)")
        }
    }

    @Test func everyOperationAnswersSuccessRateLimitAndTheEnvelope() throws {
        for operation in try Self.operations() {
            let statuses = Set(operation.node["responses"].members.keys)
            #expect(!statuses.isDisjoint(with: ["200", "201", "204"]), "\(operation.id): \(statuses.sorted())")
            #expect(statuses.contains("default"), "\(operation.id)")
            #expect(statuses.contains("429"), "\(operation.id): every route can be rate limited")
            if operation.node["requestBody"].exists {
                // JSON, or the one multipart body of an upload route (which declares its limits).
                let content = operation.node["requestBody"]["content"]
                let isUpload = operation.node["x-palbase-upload"].exists
                #expect(content[isUpload ? "multipart/form-data" : "application/json"]["schema"].exists)
                #expect(content.members.count == 1)
                #expect(statuses.contains("400"), "\(operation.id): a body can be rejected")
            }
        }
    }

    @Test func uploadRouteDeclaresItsFileAndTheLimitsTheHandlerEnforces() throws {
        let document = try Self.committed()
        let attach = document["paths"]["/todos/{id}/attachment"]["post"]
        #expect(attach["operationId"].string == "todos.attach")
        #expect(attach["x-palbase-upload"]["max_bytes"].int == SampleAttachmentRules.maxFileBytes)
        #expect(attach["x-palbase-upload"]["content_types"].strings == SampleAttachmentRules.contentTypes)
        #expect(SampleAttachmentRules.maxFileBytes == 5 << 20)
        #expect(SampleAttachmentRules.contentTypes == ["image/png", "image/jpeg", "application/pdf"])
        let body = document["components"]["schemas"]["AttachTodoBody"]
        #expect(body["properties"]["file"]["format"].string == "binary")
        #expect(body["required"].strings == ["file"])
        for status in ["201", "400", "404", "413", "415"] {
            #expect(attach["responses"][status].exists, "no \(status) response")
        }
        let codes = attach["x-palbase-errors"].elements.compactMap { $0["code"].string }
        #expect(Set(codes) == ["todo_not_found", "payload_too_large", "unsupported_media_type"])
        #expect(operations(withUpload: try Self.operations()) == ["todos.attach"])
    }

    private func operations(withUpload all: [SampleSpecOperation]) -> [String] {
        all.filter { $0.node["x-palbase-upload"].exists }.map(\.id)
    }

    @Test func queryRouteUsesTheQueryKeyAndTheExtension() throws {
        let search = try Self.committed()["paths"]["/rooms/search"]
        #expect(search.members.keys.sorted() == ["query"])
        #expect(search["query"]["operationId"].string == "rooms.search")
        #expect(search["query"]["x-palbase-method"].string == "QUERY")
        #expect(search["query"]["requestBody"]["required"].bool == true)
    }

    @Test func schemaFeaturesTheGeneratorMustHandle() throws {
        let schemas = try Self.committed()["components"]["schemas"]
        #expect(schemas["Visibility"]["enum"].strings == ["internal", "private", "public", "unlisted"])
        #expect(schemas["Metadata"]["additionalProperties"].bool == true)
        let update = schemas["UpdateTodoBody"]["properties"]
        #expect(update["note"]["type"].strings == ["string", "null"])
        #expect(update["due_date"]["type"].strings == ["string", "null"])
        #expect(update["due_date"]["format"].string == "date-time")
        #expect(!schemas["UpdateTodoBody"]["required"].exists, "every PATCH key is optional")
        let todo = schemas["Todo"]
        #expect(Set(todo["required"].strings) == Set(todo["properties"].members.keys), "every Todo key is always sent")
        #expect(todo["properties"]["created_at"]["format"].string == "date-time")
        #expect(todo["properties"]["locked_until"]["type"].strings == ["string", "null"])
        #expect(schemas["CreateTodoBody"]["required"].strings == ["title"])
    }

    @Test func notesSchemaIsTheEnforcedOne() throws {
        let notes = try Self.committed()["components"]["schemas"]["NoteDocument"]
        #expect(notes["required"].strings == ["title"])
        #expect(notes["additionalProperties"].bool == false)
        #expect(Set(notes["properties"].members.keys) == ["title", "body", "pinned", "tags"])
    }
}
