import Foundation
import TestSupport
import Testing

@testable import PalbeCodegen

/// The sample backend's contract (`Specs/palbase/openapi.json`) generates the client the seeds
/// show, call for call.
@Suite struct SampleSpecTests {
    static let specURL = PackageRoot.appending("Specs/palbase/openapi.json")

    private func output() throws -> GeneratedOutput {
        try CodeGenerator().generate(specData: try Data(contentsOf: Self.specURL), specName: "openapi.json")
    }

    @Test func producesOneFilePerNamespaceAndModel() throws {
        #expect(
            try output().files.map(\.name) == [
                "Attachment.swift", "CreateRoomBody.swift", "CreateTodoBody.swift", "Health.swift",
                "LockTodoBody.swift", "Metadata.swift",
                "Palbe+Operations.swift", "Room.swift", "RoomsNamespace.swift", "SearchRoomsBody.swift",
                "SearchRoomsResponse.swift", "Todo.swift", "TodosNamespace.swift", "UpdateTodoBody.swift",
                "Visibility.swift",
            ])
    }

    @Test func roomsCreateErrorIsTheDocumentedText() throws {
        expectContains(Harness.file(try output(), "RoomsNamespace.swift"), ErrorEnumTests.seedRoomsCreateError)
    }

    @Test func todosMethodsHaveTheSeedSignatures() throws {
        let text = Harness.file(try output(), "TodosNamespace.swift")
        expectContains(
            text,
            "public func list(query: TodosListQuery = .init()) async throws(TodosListError) -> TodosListResponse {")
        expectContains(
            text,
            "public func create(_ input: TodosCreateInput) async throws(TodosCreateError) -> TodosCreateResponse {")
        expectContains(text, "public func get(id: String) async throws(TodosGetError) -> TodosGetResponse {")
        expectContains(
            text,
            "public func update(id: String, _ input: TodosUpdateInput) async throws(TodosUpdateError) -> TodosUpdateResponse {"
        )
        expectContains(text, "public func delete(id: String) async throws(TodosDeleteError) {")
        expectContains(text, "public func archive(id: String) async throws(TodosArchiveError) {")
        expectContains(text, "public typealias TodosGetResponse = Todo\n")
        expectContains(text, "public typealias TodosListResponse = [Todo]\n")
        expectContains(text, "public typealias TodosUpdateInput = UpdateTodoBody\n")
        expectContains(
            text,
            """
                case todoNotFound
                case todoLocked(TodoLockedData)
                case other(BackendError)
            """)
        expectContains(
            text,
            """
                public nonisolated struct TodoQuotaExceededData: Codable, Sendable {
                    public let limit: Int
                }
            """)
        expectContains(text, "    public var perPage: Int?\n")
        expectContains(text, "    public var includeArchived: Bool?\n")
        expectContains(text, "    public var tags: [String]?\n")
    }

    @Test func todosAttachIsAnUploadWithTheRouteLimits() throws {
        let text = Harness.file(try output(), "TodosNamespace.swift")
        expectContains(
            text,
            "public func attach(id: String, file: PBUpload, _ input: TodosAttachInput? = nil, progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil) async throws(TodosAttachError) -> TodosAttachResponse {"
        )
        expectContains(
            text,
            "public static let constraints = PBUploadConstraints(maxBytes: 5242880, contentTypes: [\"image/png\", \"image/jpeg\", \"application/pdf\"])"
        )
        expectContains(text, "    case payloadTooLarge\n    case unsupportedMediaType\n")
    }

    @Test func roomsSearchIsAQueryWithItsInputInTheBody() throws {
        let text = Harness.file(try output(), "RoomsNamespace.swift")
        expectContains(
            text, "public var pbRequest: PBRequest { PBRequest(.query, [\"rooms\", \"search\"], body: input) }")
        expectContains(
            Harness.file(try output(), "SearchRoomsBody.swift"), "    public var parentId: Nullable<String>?\n")
    }

    @Test func healthSitsOnPalbeAndReservedNamespacesAreSkippedVisibly() throws {
        let output = try output()
        let text = Harness.file(output, "Palbe+Operations.swift")
        expectContains(
            text,
            """
            // codegen: skipped reserved namespace "docs" (SDK-owned)
            // codegen: skipped reserved namespace "messaging" (SDK-owned)
            """)
        expectContains(
            text,
            "public func health() async throws(HealthError) -> HealthResponse {\n        try await call(HealthEndpoint())\n"
        )
        #expect(!output.files.contains { $0.name.hasPrefix("Messaging") || $0.name.hasPrefix("Docs") })
        #expect(!Harness.allText(output).contains("SendMessageBody"))
        // Reserved namespaces are skipped; defaults and a paging header are said to be left out.
        let defaultNote = "is not generated; an absent value stays nil and the server's default applies"
        #expect(
            output.warnings.map(\.description) == [
                "#/components/schemas/CreateRoomBody/properties/visibility: the default of property \"visibility\" \(defaultNote)",
                "#/components/schemas/CreateTodoBody/properties/completed: the default of property \"completed\" \(defaultNote)",
                "#/components/schemas/CreateTodoBody/properties/visibility: the default of property \"visibility\" \(defaultNote)",
                "#/components/schemas/SearchRoomsBody/properties/limit: the default of property \"limit\" \(defaultNote)",
                "#/paths: skipped reserved namespace \"docs\" (SDK-owned): docs.get, docs.insert",
                "#/paths: skipped reserved namespace \"messaging\" (SDK-owned): messaging.send",
                "#/paths/~1todos/get/responses/200/headers: response 200 headers (X-Total-Count) are not generated; the method returns the body only",
            ])
    }

    @Test func modelsFollowTheContract() throws {
        let output = try output()
        expectContains(Harness.file(output, "UpdateTodoBody.swift"), "    public var dueDate: Nullable<Date>?\n")
        expectContains(Harness.file(output, "UpdateTodoBody.swift"), "    public var note: Nullable<String>?\n")
        expectContains(Harness.file(output, "UpdateTodoBody.swift"), "    public var completed: Bool?\n")
        expectContains(Harness.file(output, "Todo.swift"), "    public var note: String?\n")
        expectContains(Harness.file(output, "Todo.swift"), "    public var createdAt: Date\n")
        expectContains(Harness.file(output, "Todo.swift"), "    public var metadata: Metadata\n")
        expectContains(
            Harness.file(output, "Metadata.swift"), "public typealias Metadata = [String: AnyCodableValue]\n")
        expectContains(
            Harness.file(output, "Visibility.swift"),
            "    case `internal`\n    case `private`\n    case `public`\n    case unlisted\n")
        expectContains(
            Harness.file(output, "Health.swift"),
            "    public nonisolated enum StatusValue: String, Codable, Sendable, CaseIterable {\n        case ok\n    }\n"
        )
    }
}
