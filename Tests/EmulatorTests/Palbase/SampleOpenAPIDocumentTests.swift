import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// `Specs/palbase/openapi.json` is the sample backend's contract: the emulator serves it byte for byte and
/// follows it (`SampleSpecTests`), the code generator reads it (`SampleSpecTests` in PalbeCodegenTests). These
/// tests check it is a structurally sound OpenAPI document the code generator can rely on, written in one
/// canonical form.
///
/// After editing it by hand, put it back in canonical form (sorted keys, two-space indentation) with
/// `SAMPLE_RECORD_OPENAPI=1 swift test --filter SampleOpenAPIDocumentTests`.
@Suite struct SampleOpenAPIDocumentTests {
    static let specURL = PackageRoot.appending("Specs/palbase/openapi.json")

    /// The committed file, parsed.
    static func committed() throws -> SampleJSONView {
        let view = SampleJSONView(json: try Data(contentsOf: specURL))
        try #require(view.exists, "openapi.json is not JSON")
        return view
    }

    static func operations() throws -> [SampleDocumentOperation] {
        SampleDocumentOperation.all(in: try committed())
    }

    @Test func theEmulatorReadsAndServesTheCommittedFile() throws {
        #expect(SampleSpec.repositoryURL.standardizedFileURL.path == Self.specURL.standardizedFileURL.path)
        #expect(SampleSpec.repository.data == (try Data(contentsOf: Self.specURL)))
        #expect(SampleBackendConfiguration().spec.data == SampleSpec.repository.data)
    }

    /// Pretty-printed with sorted keys, unescaped slashes and a final newline: the form it has always been
    /// written in, so a hand edit shows as a small diff.
    @Test func theCommittedFileIsInCanonicalForm() throws {
        let onDisk = try Data(contentsOf: Self.specURL)
        let value = try #require(SampleJSON.parse(onDisk), "openapi.json is not JSON")
        let encoder = SDKCoders.camelCaseEncoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        let canonical = try encoder.encode(value) + Data("\n".utf8)
        if ProcessInfo.processInfo.environment["SAMPLE_RECORD_OPENAPI"] == "1" {
            try canonical.write(to: Self.specURL)
        }
        #expect(onDisk == canonical, "rerun with SAMPLE_RECORD_OPENAPI=1 to rewrite it in canonical form")
        let text = String(decoding: onDisk, as: UTF8.self)
        #expect(!text.contains("\\/"), "slashes are not escaped")
        #expect(text.firstRange(of: "\"components\"")!.lowerBound < text.firstRange(of: "\"info\"")!.lowerBound)
        #expect(text.hasSuffix("}\n"))
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
        let enforced = try #require(SampleSpec.repository.attachmentRules)
        #expect(attach["operationId"].string == "todos.attach")
        #expect(attach["x-palbase-upload"]["max_bytes"].int == enforced.maxFileBytes)
        #expect(attach["x-palbase-upload"]["content_types"].strings == enforced.contentTypes)
        #expect(enforced.maxFileBytes == 5 << 20)
        #expect(enforced.contentTypes == ["image/png", "image/jpeg", "application/pdf"])
        #expect(enforced.maxCaptionLength == 200)
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

    private func operations(withUpload all: [SampleDocumentOperation]) -> [String] {
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
        #expect(notes["x-palbase-collection"].string == "notes")
        // What the emulator enforces, read from that schema: required fields first, then document order.
        let enforced = SampleDocumentSchema(fields: [
            .init("title", .string(minLength: 1, maxLength: 200), required: true),
            .init("body", .string(minLength: 0, maxLength: 10_000)),
            .init("pinned", .boolean),
            .init("tags", .stringArray(maxItems: 20, itemMinLength: 1, itemMaxLength: 50)),
        ])
        #expect(SampleBackendConfiguration().documentSchemas == ["notes": enforced])
    }
}
