import Foundation
import TestSupport
import Testing

@testable import PalbeCodegen

/// The real documents in `Tests/OpenAPICorpus` (sources in its `SOURCES`): each generates, and what
/// the issue found in them is handled. `Tools/scripts/codegen-corpus`, run by CI, also compiles each
/// output in Swift 6 mode with warnings as errors.
@Suite struct CorpusTests {
    static let folder = PackageRoot.url.appendingPathComponent("Tests/OpenAPICorpus")

    static func documents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func generate(_ name: String) throws -> GeneratedOutput {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        return try CodeGenerator().generate(specData: data, specName: name)
    }

    @Test func everyDocumentIsListedInSourcesAndGenerates() throws {
        let sources = try String(contentsOf: Self.folder.appendingPathComponent("SOURCES"), encoding: .utf8)
        let documents = try Self.documents()
        #expect(documents.count == 16)
        for name in documents {
            #expect(sources.contains("\n\(name) "), "\(name) is not in SOURCES")
            let output = try Self.generate(name)
            #expect(!output.files.isEmpty, "\(name)")
        }
    }

    /// Box's 2025.0 API: `ShieldLists` is a one-member `allOf`, ids carry a version (`get_archives_v2025.0`),
    /// and one operation answers 202 with a body of its own.
    @Test func boxVersionedOperationsAndOneMemberCompositions() throws {
        let output = try Self.generate("box-v2025.0.json")
        let all = Harness.allText(output)
        expectContains(all, "public func getArchivesV2025_0(query: GetArchivesV2025_0Query = .init()")
        expectContains(Harness.file(output, "ShieldLists.swift"), "public nonisolated struct ShieldLists: Codable")
        #expect(
            output.warnings.map(\.description).contains(
                "#/paths/~1docgen_templates~1{template_id}~1tags/get/responses/202: response 202 has a body schema of its own, which is not generated; the method decodes every 2xx body as the 200 body"
            ))
        expectContains(all, "// codegen: response 202 has a body schema of its own")
    }

    @Test func petstorePagingHeaderIsSaidToBeLeftOut() throws {
        let output = try Self.generate("oai-petstore.json")
        #expect(
            output.warnings.map(\.description) == [
                "#/paths/~1pets/get/responses/200/headers: response 200 headers (x-next) are not generated; the method returns the body only"
            ])
        expectContains(
            Harness.allText(output),
            "// codegen: response 200 headers (x-next) are not generated; the method returns the body only (#/paths/~1pets/get/responses/200/headers)\n"
        )
    }

    @Test func anOperationWithoutAnIdAndPascalCaseIds() throws {
        let scopes = try Self.generate("oai-non-oauth-scopes.json")
        #expect(
            scopes.warnings.map(\.description) == [
                "#/paths/~1users/get: operation has no operationId; generated as \"getUsers\" from its method and path"
            ])
        let twilio = try Self.generate("twilio-flex_v2.json")
        expectContains(Harness.allText(twilio), "public func fetchFlexUser(instanceSid: String, flexUserSid: String)")
    }
}
