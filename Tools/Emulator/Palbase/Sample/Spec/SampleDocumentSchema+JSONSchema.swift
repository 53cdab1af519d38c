import EmulatorCore

extension SampleDocumentSchema {
    /// Reads a collection's schema from the OpenAPI document: an object schema whose `properties` are
    /// strings (`minLength`, `maxLength`), booleans, numbers or arrays of strings (`maxItems`, and `minLength`,
    /// `maxLength` on `items`); `required` names some of them; `additionalProperties` is a boolean (absent:
    /// allowed, as in JSON Schema).
    ///
    /// Anything else that constrains (a `pattern`, an `enum`, an integer, a nested object) is refused: the
    /// backend does not enforce what it cannot check. Annotations (`description`, `default`, `x-…`) are
    /// ignored. Problems are reported for the required fields first, in `required` order, then for the rest
    /// in document order.
    init(jsonSchema schema: SampleSpecValue) throws(SampleSpecError) {
        try Self.allowOnly(["type", "properties", "required", "additionalProperties"], in: schema)
        guard try schema.member("type").string() == "object" else { throw schema.failure("expected type object") }
        let allowsUnknown = try schema["additionalProperties"]?.bool() ?? true
        var fields: [Field] = []
        for (name, property) in try schema["properties"]?.members() ?? [] {
            fields.append(Field(name, try Self.fieldType(property)))
        }
        var ordered: [Field] = []
        for required in try schema["required"]?.elements() ?? [] {
            let name = try required.string()
            guard let index = fields.firstIndex(where: { $0.name == name }) else {
                throw required.failure("\(name) is required but not among the properties")
            }
            var field = fields.remove(at: index)
            field.isRequired = true
            ordered.append(field)
        }
        self.init(fields: ordered + fields, allowsUnknownFields: allowsUnknown)
    }

    private static func fieldType(_ property: SampleSpecValue) throws(SampleSpecError) -> FieldType {
        switch try property.member("type").string() {
        case "string":
            try allowOnly(["type", "minLength", "maxLength"], in: property)
            return .string(minLength: try limit("minLength", in: property) ?? 0, maxLength: try maximum(property))
        case "boolean":
            try allowOnly(["type"], in: property)
            return .boolean
        case "number":
            try allowOnly(["type"], in: property)
            return .number
        case "array":
            try allowOnly(["type", "items", "maxItems"], in: property)
            let items = try property.member("items")
            try allowOnly(["type", "minLength", "maxLength"], in: items)
            guard try items.member("type").string() == "string" else { throw items.failure("expected type string") }
            return .stringArray(
                maxItems: try limit("maxItems", in: property) ?? .max,
                itemMinLength: try limit("minLength", in: items) ?? 0, itemMaxLength: try maximum(items))
        case let other:
            throw property.failure(
                "a collection field of type \(other) cannot be enforced (string, boolean, number or array of strings)")
        }
    }

    private static func maximum(_ node: SampleSpecValue) throws(SampleSpecError) -> Int {
        try limit("maxLength", in: node) ?? .max
    }

    private static func limit(_ keyword: String, in node: SampleSpecValue) throws(SampleSpecError) -> Int? {
        try node[keyword].map { value throws(SampleSpecError) in try value.int() }
    }

    /// Refuses a keyword outside `keywords` that is not an annotation.
    private static func allowOnly(_ keywords: Set<String>, in node: SampleSpecValue) throws(SampleSpecError) {
        for (key, value) in try node.members()
        where !keywords.contains(key) && !annotations.contains(key) && !key.hasPrefix("x-") {
            throw value.failure("\(key) cannot be enforced on a collection's documents")
        }
    }

    private static let annotations: Set<String> = [
        "description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
    ]
}
