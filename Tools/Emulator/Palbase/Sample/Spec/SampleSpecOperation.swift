import EmulatorCore

/// One operation of the OpenAPI document, as the sample backend serves it: where, which errors it declares,
/// the limits its body schema sets, and an upload's `x-palbase-upload`.
package struct SampleSpecOperation: Sendable {
    /// The `operationId` (`todos.lock`).
    package let id: String
    /// The wire method: `x-palbase-method` when set, else the operation's key uppercased (`query` → `QUERY`).
    package let method: String
    /// The path template it sits under (`/todos/{id}/lock`).
    package let path: String
    /// Its `x-palbase-errors`, by code.
    package let declaredErrors: [String: SampleDeclaredError]
    /// What the request body schema's properties allow, by property name (empty without a body).
    package let fieldLimits: [String: SampleFieldLimits]
    /// Its `x-palbase-upload` with the body's caption limit, for an upload; nil otherwise.
    package let upload: SampleAttachmentRules?

    /// Reads the operation at `node`, found under `key` of the path `path`.
    init(_ node: SampleSpecValue, key: String, path: String) throws(SampleSpecError) {
        id = try node.member("operationId").string()
        method = try node["x-palbase-method"]?.string() ?? key.uppercased()
        self.path = path
        var errors: [String: SampleDeclaredError] = [:]
        for entry in try node["x-palbase-errors"]?.elements() ?? [] {
            let error = try SampleDeclaredError(entry: entry)
            guard errors.updateValue(error, forKey: error.code) == nil else {
                throw entry.failure("\(id) declares \(error.code) twice")
            }
        }
        declaredErrors = errors
        let limits = try Self.fieldLimits(of: node)
        fieldLimits = limits
        upload = try node["x-palbase-upload"].map { upload throws(SampleSpecError) in
            try SampleAttachmentRules(
                maxFileBytes: upload.member("max_bytes").int(in: 1...(1 << 40)),
                contentTypes: upload["content_types"]?.strings().map { $0.lowercased() } ?? [],
                maxCaptionLength: limits["caption"]?.maxLength ?? .max)
        }
    }

    /// The limits of each property of the request body's schema (JSON, or the multipart form of an upload).
    private static func fieldLimits(of node: SampleSpecValue) throws(SampleSpecError) -> [String: SampleFieldLimits] {
        guard let content = try node["requestBody"]?.resolved().member("content") else { return [:] }
        guard let media = content["application/json"] ?? content["multipart/form-data"],
            let schema = try media["schema"]?.resolved()
        else { return [:] }
        var limits: [String: SampleFieldLimits] = [:]
        for (name, property) in try schema["properties"]?.members() ?? [] {
            limits[name] = try SampleFieldLimits(property)
        }
        return limits
    }
}

/// What one property of a request body's schema allows, for the handler rules that check it (`maxLength`
/// of a text, `maxItems` and `items.maxLength` of a tag list). An absent keyword sets no limit.
package struct SampleFieldLimits: Sendable, Equatable {
    /// `maxLength`: the longest text, in characters.
    package var maxLength: Int?
    /// `maxItems`: the most elements of a list.
    package var maxItems: Int?
    /// `items.maxLength`: the longest text element of a list.
    package var itemMaxLength: Int?

    /// No limits.
    package init(maxLength: Int? = nil, maxItems: Int? = nil, itemMaxLength: Int? = nil) {
        self.maxLength = maxLength
        self.maxItems = maxItems
        self.itemMaxLength = itemMaxLength
    }

    /// Reads a property schema; its own keywords win over those of a schema it references.
    init(_ property: SampleSpecValue) throws(SampleSpecError) {
        let target = try property.resolved()
        func keyword(_ name: String, in node: SampleSpecValue) throws(SampleSpecError) -> Int? {
            try node[name].map { value throws(SampleSpecError) in try value.int() }
        }
        func either(_ name: String) throws(SampleSpecError) -> Int? {
            if let own = try keyword(name, in: property) { return own }
            return try keyword(name, in: target)
        }
        let items = try (property["items"] ?? target["items"])?.resolved()
        self.init(
            maxLength: try either("maxLength"), maxItems: try either("maxItems"),
            itemMaxLength: try items.flatMap { items throws(SampleSpecError) in try keyword("maxLength", in: items) })
    }
}
