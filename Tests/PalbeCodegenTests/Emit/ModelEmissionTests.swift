import Testing

@testable import PalbeCodegen

/// Schema fragments → the Swift model text they become.
@Suite struct ModelEmissionTests {
    private func model(_ schema: String, version: String = "3.1.0", name: String = "Thing") throws -> String {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning("{\"$ref\": \"#/components/schemas/\(name)\"}"),
                schemas: "\"\(name)\": \(schema)",
                version: version))
        return Harness.file(output, "\(name).swift")
    }

    @Test func structHasCamelCasePropertiesMemberwiseInitAndNoSnakeCaseKeys() throws {
        let text = try model(
            ##"""
            {"type": "object", "description": "A thing.",
             "properties": {"id": {"type": "string", "description": "The id."}, "created_at": {"type": "string", "format": "date-time"},
                            "count": {"type": "integer"}, "ratio": {"type": "number"}, "done": {"type": "boolean"}},
             "required": ["id", "created_at"]}
            """##)
        expectContains(
            text,
            """
            import Foundation
            import Palbe

            /// A thing.
            public nonisolated struct Thing: Codable, Sendable, Equatable {
                /// The id.
                public var id: String
                public var createdAt: Date
                public var count: Int?
                public var ratio: Double?
                public var done: Bool?

                public init(id: String, createdAt: Date, count: Int? = nil, ratio: Double? = nil, done: Bool? = nil) {
                    self.id = id
                    self.createdAt = createdAt
                    self.count = count
                    self.ratio = ratio
                    self.done = done
                }
            }

            """)
        expectLacks(text, "CodingKeys")
    }

    @Test func nestedStringEnumEscapesKeywords() throws {
        let text = try model(
            ##"{"type": "object", "properties": {"kind": {"type": "string", "enum": ["public", "in_progress", "done"]}}}"##
        )
        expectContains(
            text,
            """
                public nonisolated enum KindValue: String, Codable, Sendable, CaseIterable {
                    case `public`
                    case inProgress = "in_progress"
                    case done
                }

                public var kind: KindValue?
            """)
    }

    @Test(
        "nullable in 3.0 and 3.1 spellings makes an output field optional",
        arguments: [
            (##"{"type": "string", "nullable": true}"##, "3.0.3"),
            (##"{"type": ["string", "null"]}"##, "3.1.0"),
            (##"{"oneOf": [{"type": "string"}, {"type": "null"}]}"##, "3.1.0"),
            (##"{"anyOf": [{"type": "null"}, {"type": "string"}]}"##, "3.1.0"),
            (##"{"type": "string", "enum": ["a", null]}"##, "3.1.0"),
        ])
    func nullableSpellings(schema: String, version: String) throws {
        let text = try model(
            ##"{"type": "object", "properties": {"note": \##(schema)}, "required": ["note"]}"##, version: version)
        let isEnum = schema.contains("enum")
        expectContains(text, isEnum ? "public var note: NoteValue?" : "public var note: String?")
    }

    @Test func freeFormValuesDictionariesAndArrays() throws {
        let text = try model(
            ##"""
            {"type": "object", "properties": {
               "anything": {}, "meta": {"type": "object"}, "open": {"type": "object", "additionalProperties": true},
               "scores": {"type": "object", "additionalProperties": {"type": "number"}},
               "matrix": {"type": "array", "items": {"type": "array", "items": {"type": ["integer", "null"]}}},
               "list": {"type": "array"}, "day": {"type": "string", "format": "date"}},
             "required": ["anything", "meta", "open", "scores", "matrix", "list", "day"]}
            """##)
        expectContains(text, "public var anything: AnyCodableValue\n")
        expectContains(text, "public var meta: [String: AnyCodableValue]\n")
        expectContains(text, "public var open: [String: AnyCodableValue]\n")
        expectContains(text, "public var scores: [String: Double]\n")
        expectContains(text, "public var matrix: [[Int?]]\n")
        expectContains(text, "public var list: [AnyCodableValue]\n")
        expectContains(text, "public var day: String\n")
        expectLacks(text, "import Foundation")
    }

    @Test func inlineObjectsNestAsValueTypes() throws {
        let text = try model(
            ##"""
            {"type": "object", "properties": {
               "owner": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
               "items": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}}}}}}
            """##)
        expectContains(
            text,
            "    public nonisolated struct OwnerValue: Codable, Sendable, Equatable {\n        public var name: String\n"
        )
        expectContains(
            text,
            "    public nonisolated struct ItemsItem: Codable, Sendable, Equatable {\n        public var sku: String?\n"
        )
        expectContains(text, "    public var owner: OwnerValue?\n    public var items: [ItemsItem]?\n")
    }

    @Test func componentAliasesAndEnums() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning(
                    ##"{"type": "object", "properties": {"m": {"$ref": "#/components/schemas/Meta"}, "v": {"$ref": "#/components/schemas/Visibility"}, "t": {"$ref": "#/components/schemas/Tags"}}}"##
                ),
                schemas: ##"""
                    "Meta": {"type": "object", "additionalProperties": true, "description": "Free-form."},
                    "Visibility": {"type": "string", "enum": ["private", "public"]},
                    "Tags": {"type": "array", "items": {"type": "object", "properties": {"label": {"type": "string"}}}}
                    """##))
        expectContains(
            Harness.file(output, "Meta.swift"), "/// Free-form.\npublic typealias Meta = [String: AnyCodableValue]\n")
        expectContains(
            Harness.file(output, "Visibility.swift"),
            "public nonisolated enum Visibility: String, Codable, Sendable, CaseIterable {\n    case `private`\n    case `public`\n}\n"
        )
        expectContains(Harness.file(output, "Tags.swift"), "public typealias Tags = [TagsItem]\n")
        expectContains(
            Harness.file(output, "TagsItem.swift"), "public nonisolated struct TagsItem: Codable, Sendable, Equatable {"
        )
    }

    @Test func oddWireKeysGetCodingKeysThatTheSDKCodersStillConvert() throws {
        let text = try model(
            ##"{"type": "object", "properties": {"@type": {"type": "string"}, "content-type": {"type": "string"}, "self": {"type": "string"}, "user_id": {"type": "string"}}}"##
        )
        expectContains(
            text, "    public var type: String?\n    public var contentType: String?\n    public var self_: String?\n")
        expectContains(
            text,
            """
                private nonisolated enum CodingKeys: String, CodingKey {
                    case type = "@type"
                    case contentType = "content-type"
                    case self_ = "self"
                    case userId
                }
            """)
    }

    @Test func allOfMergesObjectMembersAndUnwrapsASingleReference() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning(
                    ##"{"type": "object", "properties": {"d": {"$ref": "#/components/schemas/Derived"}, "w": {"allOf": [{"$ref": "#/components/schemas/Base"}], "nullable": true, "description": "Wrapped."}}, "required": ["d", "w"]}"##,
                    id: "models.get"),
                schemas: ##"""
                    "Base": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}, "required": ["id"]},
                    "Derived": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {"name": {"type": "integer"}, "extra": {"type": "boolean"}}, "required": ["extra"]}]}
                    """##, version: "3.0.3"))
        expectContains(
            Harness.file(output, "Derived.swift"),
            "    public var id: String\n    public var name: Int?\n    public var extra: Bool\n")
        expectContains(Harness.file(output, "ModelsNamespace.swift"), "    /// Wrapped.\n    public var w: Base?\n")
    }

    @Test func discriminatedOneOfBecomesAnEnumWithOneCasePerAlternative() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning(##"{"$ref": "#/components/schemas/Pet"}"##),
                schemas: ##"""
                    "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                            "discriminator": {"propertyName": "pet_type", "mapping": {"kitten": "#/components/schemas/Cat"}}},
                    "Cat": {"type": "object", "properties": {"pet_type": {"type": "string"}}},
                    "Dog": {"type": "object", "properties": {"pet_type": {"type": "string"}}}
                    """##))
        let text = Harness.file(output, "Pet.swift")
        expectContains(text, "public nonisolated enum Pet: Codable, Sendable, Equatable {")
        expectContains(text, "    case kitten(Cat)\n")
        expectContains(text, "    case dog(Dog)\n")
        expectContains(text, "        case \"kitten\": self = .kitten(try Cat(from: decoder))\n")
        expectContains(text, "        case \"Dog\": self = .dog(try Dog(from: decoder))\n")
        expectContains(text, "        case discriminator = \"petType\"\n")
        #expect(output.warnings.isEmpty)
    }

    @Test func recursiveSchemaBecomesAFinalClass() throws {
        let text = try model(
            ##"{"type": "object", "properties": {"name": {"type": "string"}, "parent": {"$ref": "#/components/schemas/Thing"}, "kids": {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}, "required": ["name"]}"##
        )
        expectContains(
            text,
            """
            public nonisolated final class Thing: Codable, Sendable, Equatable {
                public let name: String
                public let parent: Thing?
                public let kids: [Thing]?
            """)
        expectContains(
            text, "        guard lhs.parent == rhs.parent else { return false }\n        return lhs.kids == rhs.kids\n")
    }

    @Test func arrayRecursionNeedsNoClass() throws {
        let text = try model(
            ##"{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}}}"##
        )
        expectContains(text, "public nonisolated struct Thing: Codable, Sendable, Equatable {")
    }

    @Test func schemaNamedLikeAStandardTypeIsRenamedWithAWarning() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning(##"{"$ref": "#/components/schemas/Error"}"##),
                schemas: ##""Error": {"type": "object", "properties": {"message": {"type": "string"}}}"##))
        expectContains(Harness.file(output, "ErrorModel.swift"), "public nonisolated struct ErrorModel: Codable")
        #expect(
            output.warnings == [
                CodegenWarning(
                    pointer: "/components/schemas/Error",
                    message: "schema \"Error\" is generated as ErrorModel: Error is a Swift, Foundation or Palbe type")
            ])
    }

    @Test func unreachableSchemasAreNotEmitted() throws {
        let output = try Harness.generate(
            Harness.spec(
                paths: Harness.returning(##"{"type": "string"}"##),
                schemas: ##""Unused": {"oneOf": [{"type": "string"}, {"type": "integer"}]}"##))
        #expect(output.files.map(\.name) == ["ModelsNamespace.swift", "Palbe+Operations.swift"])
        #expect(output.warnings.isEmpty)
    }
}
