import ErrorCore
import Foundation
import TestSupport
import Testing

@testable import PalbeCodegen

/// The defects real OpenAPI documents found (issue 32): snake_case keys with digit words, one-member
/// compositions colliding with their member, operations without an `operationId`, ids that are not
/// lowerCamelCase.
@Suite struct RealDocumentDefectTests {
    // MARK: Keys the SDK coders' conversion does not round-trip

    /// The rule, held against the real coders for every key over `a`, `b`, `1`, `2`, `_` up to five
    /// characters (3,905 keys: digit words, digit runs, leading, trailing and doubled underscores) and
    /// 2,000 seeded random longer ones: a key without capitals either round-trips through the
    /// decoder's name, or the encoder writes the wire key itself unchanged, so a generated type can
    /// always decode under the decoder's name and encode under one of the two.
    @Test func everySnakeCaseKeyDecodesAndEncodesUnderTheRuleTheGeneratorApplies() throws {
        var keys: [String] = []
        var frontier = [""]
        for _ in 1...5 {
            frontier = frontier.flatMap { prefix in ["a", "b", "1", "2", "_"].map { prefix + $0 } }
            keys += frontier
        }
        #expect(keys.count == 3_905)
        var random = SplitMix64(seed: 32)
        let alphabet = Array("abcxyz0123456789_")
        for _ in 0..<2_000 {
            let length = Int.random(in: 6...24, using: &random)
            keys.append(String((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
        }
        keys += ["max_requests_per_1_minute", "per_page"]

        let wireKeys = WireKeys(wireKeys: keys)
        var viaWireKey = 0
        for key in keys {
            let (decoded, roundTrips) = wireKeys.translation(of: key)
            let encodingKey = roundTrips ? decoded : key
            if !roundTrips {
                viaWireKey += 1
                #expect(wireKeys.encodedName(of: key) == key, "the encoder rewrites \"\(key)\"")
            }
            // Through the real coders: the encoder writes exactly the wire key …
            let encoded = try SDKCoders.snakeCaseEncoder().encode(OneKey(name: encodingKey, value: 7))
            #expect(String(decoding: encoded, as: UTF8.self) == "{\"\(key)\":7}", "key \"\(key)\"")
            // … and the decoder finds the wire key under the name the generator gives the property.
            let object = Data("{\"\(key)\":7}".utf8)
            let found = try SDKCoders.snakeCaseDecoder().decode(Lookup.self, from: object).names
            #expect(found == [decoded], "key \"\(key)\"")
        }
        // Both kinds occur: the corpus reaches the keys the issue is about.
        #expect(viaWireKey > 1_000)
        #expect(wireKeys.translation(of: "max_requests_per_1_minute") == ("maxRequestsPer1Minute", false))
        #expect(wireKeys.translation(of: "per_page") == ("perPage", true))
    }

    @Test func aRequestBodyWithDigitWordKeysIsGeneratedAndEncodesUnderItsWireKeys() throws {
        let spec = Harness.spec(
            paths: Harness.path(
                "/limits", "post",
                "{\"operationId\": \"limits.set\", \(Harness.body("{\"$ref\": \"#/components/schemas/Limits\"}")), \(Harness.json200("{\"type\": \"string\"}"))}"
            ),
            schemas: """
                "Limits": {"type": "object", "required": ["max_requests_per_1_minute"], "properties": {
                  "max_requests_per_1_minute": {"type": "integer"}, "name": {"type": "string"},
                  "a__b": {"type": "string"}, "@type": {"type": "string"}}}
                """)
        let text = Harness.file(try Harness.generate(spec), "Limits.swift")
        expectContains(text, "    public var maxRequestsPer1Minute: Int\n")
        expectContains(
            text,
            """
                private nonisolated enum EncodingKeys: String, CodingKey {
                    case maxRequestsPer1Minute = "max_requests_per_1_minute"
                    case name
                    case aB = "a__b"
                    case type = "@type"
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: EncodingKeys.self)
                    try container.encode(maxRequestsPer1Minute, forKey: .maxRequestsPer1Minute)
                    try container.encodeIfPresent(name, forKey: .name)
                    try container.encodeIfPresent(aB, forKey: .aB)
                    try container.encodeIfPresent(type, forKey: .type)
                }
            """)
        // A type whose keys all round-trip keeps the synthesized encoding.
        let plain = Harness.spec(
            paths: Harness.returning("{\"$ref\": \"#/components/schemas/Page\"}"),
            schemas: "\"Page\": {\"type\": \"object\", \"properties\": {\"per_page\": {\"type\": \"integer\"}}}")
        expectLacks(Harness.file(try Harness.generate(plain), "Page.swift"), "EncodingKeys")
    }

    @Test func camelCaseWireKeysInAnInputAreStillRefused() {
        for key in ["petId", "PageSize"] {
            let spec = Harness.spec(
                paths: Harness.path(
                    "/p", "post",
                    "{\"operationId\": \"p.set\", \(Harness.body("{\"type\": \"object\", \"properties\": {\"\(key)\": {\"type\": \"string\"}}}")), \(Harness.json200("{\"type\": \"string\"}"))}"
                ))
            let failure = Harness.failure(spec).map { "\($0)" } ?? "generated"
            #expect(failure.contains("cannot travel through the SDK's snake_case coders"), "\(key): \(failure)")
        }
    }

    // MARK: One-member compositions

    @Test func aComponentThatIsAOneMemberCompositionIsThatMember() throws {
        let spec = Harness.spec(
            paths: Harness.path(
                "/s", "get",
                "{\"operationId\": \"shields.list\", \(Harness.json200("""
                {"type": "object", "properties": {
                  "lists": {"$ref": "#/components/schemas/ShieldLists"},
                  "wrapped": {"$ref": "#/components/schemas/Wrapped"},
                  "alias": {"$ref": "#/components/schemas/Again"}}}
                """))}"),
            schemas: """
                "ShieldLists": {"description": "Lists.", "allOf": [{"type": "object", "properties": {"name": {"type": "string"}}}]},
                "Wrapped": {"anyOf": [{"type": "object", "properties": {"a_b": {"type": "string"}}}, {"type": "null"}]},
                "Again": {"allOf": [{"$ref": "#/components/schemas/ShieldLists"}]}
                """)
        let output = try Harness.generate(spec)
        expectContains(
            Harness.file(output, "ShieldLists.swift"),
            "/// Lists.\npublic nonisolated struct ShieldLists: Codable, Sendable, Equatable {\n    public var name: String?\n"
        )
        expectContains(
            Harness.file(output, "Wrapped.swift"), "public nonisolated struct Wrapped: Codable, Sendable, Equatable {")
        let all = Harness.allText(output)
        expectContains(all, "public typealias Again = ShieldLists")
        // The null alternative makes the reference optional, not the type.
        expectContains(all, "public var wrapped: Wrapped?")
        expectLacks(all, "ShieldListsAllOf")
    }

    // MARK: Operation names

    @Test func anOperationWithoutAnIdIsNamedFromItsMethodAndPathWithAWarning() throws {
        let spec = Harness.spec(
            paths: Harness.path(
                "/pets/{pet_id}/photos", "get",
                """
                {"parameters": [{"name": "pet_id", "in": "path", "required": true, "schema": {"type": "string"}}],
                 \(Harness.json200("{\"type\": \"string\"}"))}
                """))
        let output = try Harness.generate(spec)
        #expect(
            output.warnings.map(\.description) == [
                "#/paths/~1pets~1{pet_id}~1photos/get: operation has no operationId; generated as \"getPetsByPetIdPhotos\" from its method and path"
            ])
        expectContains(Harness.allText(output), "public func getPetsByPetIdPhotos(petId: String)")
    }

    @Test func operationIdsThatAreNotLowerCamelCaseBecomeIdiomaticNames() throws {
        let cases: [(id: String, call: String)] = [
            ("FetchCredentialAws", "public func fetchCredentialAws()"),
            ("get_archives_v2025.0", "public func getArchivesV2025_0()"),
            ("list_all_items", "public func listAllItems()"),
            ("URLFetch", "public func urlFetch()"),
            ("todos.createItem", "public func createItem()"),
            ("health", "public func health()"),
        ]
        for (id, call) in cases {
            let output = try Harness.generate(Harness.spec(paths: Harness.returning("{\"type\": \"string\"}", id: id)))
            expectContains(Harness.allText(output), call)
            #expect(output.warnings.isEmpty, "\(id): \(output.warnings)")
        }
        let namespaced = try Harness.generate(
            Harness.spec(paths: Harness.returning("{\"type\": \"string\"}", id: "todos.createItem")))
        expectContains(Harness.allText(namespaced), "public var todos: TodosNamespace")
    }
}

/// Encodes one integer under a key spelled `name`, which the encoder's strategy then converts.
private struct OneKey: Encodable {
    let name: String
    let value: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RawKey.self)
        try container.encode(value, forKey: RawKey(stringValue: name))
    }
}

/// The names the decoder's strategy turns an object's keys into.
private struct Lookup: Decodable {
    let names: [String]
    init(from decoder: any Decoder) throws {
        names = try decoder.container(keyedBy: RawKey.self).allKeys.map(\.stringValue)
    }
}

private struct RawKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Nothing is dropped silently: each construct the generated code does not carry is warned about
/// with its pointer and noted in the generated file.
@Suite struct DroppedConstructTests {
    static func model(_ property: String, extra: String = "") throws -> (warnings: [String], text: String) {
        let spec = Harness.spec(
            paths: Harness.returning("{\"$ref\": \"#/components/schemas/Thing\"}"),
            schemas: "\"Thing\": {\"type\": \"object\", \"properties\": {\(property)}\(extra)}")
        let output = try Harness.generate(spec)
        return (output.warnings.map(\.description), Harness.file(output, "Thing.swift"))
    }

    @Test func aDeprecatedProperty() throws {
        let (warnings, text) = try Self.model("\"old_name\": {\"type\": \"string\", \"deprecated\": true}")
        #expect(
            warnings == [
                "#/components/schemas/Thing/properties/old_name: property \"old_name\" is deprecated; the generated property does not say so"
            ])
        expectContains(
            text,
            "// codegen: property \"old_name\" is deprecated; the generated property does not say so (#/components/schemas/Thing/properties/old_name)\npublic nonisolated struct Thing"
        )
    }

    @Test func aDefaultValue() throws {
        let (warnings, text) = try Self.model("\"limit\": {\"type\": \"integer\", \"default\": 20}")
        #expect(
            warnings == [
                "#/components/schemas/Thing/properties/limit: the default of property \"limit\" is not generated; an absent value stays nil and the server's default applies"
            ])
        expectContains(text, "// codegen: the default of property \"limit\" is not generated")
    }

    @Test func additionalPropertiesTrueBesideProperties() throws {
        let (warnings, text) = try Self.model(
            "\"name\": {\"type\": \"string\"}", extra: ", \"additionalProperties\": true")
        #expect(
            warnings == [
                "#/components/schemas/Thing/additionalProperties: additionalProperties: true beside properties is not generated; extra keys are ignored"
            ])
        expectContains(text, "// codegen: additionalProperties: true beside properties is not generated")
        // Alone, `true` is a dictionary, nothing dropped.
        let spec = Harness.spec(
            paths: Harness.returning("{\"$ref\": \"#/components/schemas/Open\"}"),
            schemas: "\"Open\": {\"type\": \"object\", \"additionalProperties\": true}")
        #expect(try Harness.generate(spec).warnings.isEmpty)
    }

    @Test func responseHeadersAndASecondSuccessBody() throws {
        let responses = """
            "responses": {
              "200": {"description": "OK", "headers": {"x-next": {"schema": {"type": "string"}}},
                      "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}},
              "202": {"description": "Accepted", "content": {"application/json": {"schema": {"type": "object", "properties": {"job": {"type": "string"}}}}}},
              "203": {"description": "Same", "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}}}}}
            }
            """
        let output = try Harness.generate(
            Harness.spec(paths: Harness.path("/t", "get", "{\"operationId\": \"t.get\", \(responses)}")))
        #expect(
            output.warnings.map(\.description) == [
                "#/paths/~1t/get/responses/200/headers: response 200 headers (x-next) are not generated; the method returns the body only",
                "#/paths/~1t/get/responses/202: response 202 has a body schema of its own, which is not generated; the method decodes every 2xx body as the 200 body",
            ])
        let text = Harness.file(output, "TNamespace.swift")
        expectContains(text, "// codegen: response 200 headers (x-next) are not generated")
        expectContains(text, "// codegen: response 202 has a body schema of its own")
    }

    /// A key with a line break cannot end the `// codegen:` comment early and turn the rest into code.
    @Test func aNoteCannotBreakOutOfItsComment() throws {
        let (_, text) = try Self.model("\"a\\nlet injected = 1\": {\"type\": \"string\", \"deprecated\": true}")
        expectContains(text, "// codegen: property \"a\\nlet injected = 1\" is deprecated")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("let injected") })
    }
}
