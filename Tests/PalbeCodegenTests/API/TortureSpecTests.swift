import Testing

@testable import PalbeCodegen

/// The torture spec generates (its output is compile-checked against a stub of the Palbe API
/// in both default and main-actor isolation) with exactly the warnings its fallbacks document.
@Suite struct TortureSpecTests {
    @Test func generatesWithTheDocumentedWarnings() throws {
        let output = try Harness.generate(TortureSpec.json)
        #expect(
            output.warnings.map(\.description) == [
                "#/components/schemas/Error: schema \"Error\" is generated as ErrorModel: Error is a Swift, Foundation or Palbe type",
                "#/components/schemas/Untyped/oneOf: oneOf without a discriminator is generated as AnyCodableValue",
                "#/paths: skipped reserved namespace \"auth\" (SDK-owned): auth.login",
                "#/paths/~1files~1{name}.json/get: operation \"files.get\" skipped: path segment \"{name}.json\" mixes text and a parameter, which PBPathSegment cannot express",
                "#/paths/~1pets~1{pet_id}/get/parameters/6: cookie parameter \"session\" is not generated; the SDK does not send cookies",
                "#/paths/~1trace/trace: operation \"debug.trace\" skipped: TRACE is not a method the SDK sends",
                "#/paths/~1upload/post: operation \"files.upload\" skipped: request body media type multipart/form-data is not JSON",
            ])
    }

    @Test func keywordsAndOddKeysAreHandled() throws {
        let text = Harness.file(try Harness.generate(TortureSpec.json), "Keywords.swift")
        expectContains(
            text,
            """
                public nonisolated enum ClassValue: String, Codable, Sendable, CaseIterable {
                    case `public`
                    case `private`
                    case inProgress = "in-progress"
                    case _1st = "1st"
                    case empty = ""
                    case rawValue_ = "rawValue"
                    case `self`
                    case type = "Type"
                }
            """)
        expectContains(
            text,
            "public init(`default`: String? = nil, `public`: Bool? = nil, self_: String? = nil, `init`: String? = nil,")
        expectContains(text, "        case _2fa = \"2fa\"\n        case `class`\n")
    }

    @Test func headersAndQueryOfOneOperation() throws {
        let text = Harness.file(try Harness.generate(TortureSpec.json), "PetsNamespace.swift")
        expectContains(
            text,
            "public func get(petId: Int, query: PetsGetQuery, headers: PetsGetHeaders) async throws(PetsGetError) -> PetsGetResponse {"
        )
        expectContains(
            text,
            "        fields[\"X-Trace-Id\"] = xTraceId\n        if let ifNoneMatch { fields[\"If-None-Match\"] = ifNoneMatch }\n        if let xRetries { fields[\"X-Retries\"] = String(xRetries) }\n"
        )
        expectLacks(text, "accept")
        expectLacks(text, "session")
    }
}
