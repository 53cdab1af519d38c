import ErrorCore

extension OperationReader {
    /// The `multipart/form-data` body of an upload route: an object schema with a `format: binary`
    /// property named `file`. `nil` when the content has no such body; a skip when it is one the SDK
    /// cannot send (a second file, a field that is not text).
    ///
    /// The returned body's schema is the object without `file` (its other properties are the method's
    /// text fields), or `nil` when `file` is all there is.
    func uploadBody(
        in content: SpecNode, body: SpecNode, mapper: inout SchemaMapper
    ) throws(CodegenError) -> Result<BodyInfo, OperationSkip>? {
        guard let media = try content.members().first(where: { $0.key.lowercased().hasPrefix("multipart/form-data") })
        else { return nil }
        guard media.node.isObject else { throw media.node.wrongKind("a media type object") }
        guard let declared = try media.node.object("schema") else { return nil }
        let schema = try document.resolve(declared)
        guard let properties = try schema.object("properties"), let file = properties["file"],
            try isBinary(file)
        else { return nil }

        var fields = ExactJSONObject()
        for (key, property) in try properties.members() where key != "file" {
            if try isBinary(property) {
                return .failure(
                    OperationSkip(
                        reason: "multipart property \"\(key)\" is a second file; an upload takes one, \"file\""))
            }
            guard try isText(property) else {
                return .failure(
                    OperationSkip(reason: "multipart property \"\(key)\" is not text (a string, number or boolean)"))
            }
            _ = fields.insert(property.value, forKey: key)
        }
        var required: [ExactJSON] = []
        if let list = schema["required"] {
            for element in try list.elements() where element.value.stringValue != "file" {
                required.append(element.value)
            }
        }
        var object = ExactJSONObject()
        _ = object.insert(.string("object"), forKey: "type")
        if let description = schema["description"] { _ = object.insert(description.value, forKey: "description") }
        _ = object.insert(.object(fields), forKey: "properties")
        if !required.isEmpty { _ = object.insert(.array(required), forKey: "required") }
        let textSchema = fields.isEmpty ? nil : SpecNode(value: .object(object), pointer: schema.pointer)
        return .success(
            BodyInfo(
                schema: textSchema, doc: try body.text("description"), pointer: body.pointer,
                isRequired: !required.isEmpty, upload: try uploadConstraints(mapper: &mapper)))
    }

    /// The operation's `x-palbase-upload`: `{"max_bytes": <positive int>, "content_types": ["type/subtype", …]}`,
    /// both optional. Absent: no client-side check, with a warning. Malformed: an error, since a wrong
    /// limit would let the SDK send what the server refuses, or refuse what it accepts.
    private func uploadConstraints(mapper: inout SchemaMapper) throws(CodegenError) -> OperationModel.Upload {
        guard let node = node["x-palbase-upload"] else {
            mapper.warn(
                node.warning(
                    "upload \"\(identity.id)\" has no x-palbase-upload; the SDK checks no size or type before sending"))
            return OperationModel.Upload(maxBytes: nil, contentTypes: [])
        }
        guard node.isObject else { throw node.wrongKind("an object with max_bytes and content_types") }
        var maxBytes: Int?
        if let limit = node["max_bytes"] {
            guard let value = limit.value.intValue, value > 0 else {
                throw limit.invalid("max_bytes must be a positive integer, found \(limit.value.jsonText)")
            }
            maxBytes = value
        }
        var contentTypes: [String] = []
        if let types = node["content_types"] {
            for element in try types.elements() {
                guard let type = element.value.stringValue, Self.isMediaTypePattern(type) else {
                    throw element.invalid("a content type must be a media type such as image/png or image/*")
                }
                contentTypes.append(type.lowercased())
            }
        }
        for (key, member) in try node.members() where key != "max_bytes" && key != "content_types" {
            mapper.warn(member.warning("unknown x-palbase-upload key \"\(key)\" is ignored"))
        }
        return OperationModel.Upload(maxBytes: maxBytes, contentTypes: contentTypes)
    }

    /// Throws when `x-palbase-upload` sits on an operation that is not an upload.
    func rejectMisplacedUploadConstraints() throws(CodegenError) {
        guard let misplaced = node["x-palbase-upload"] else { return }
        throw misplaced.invalid(
            "x-palbase-upload belongs to an upload: a multipart/form-data request body with a binary \"file\"")
    }

    private func isBinary(_ property: SpecNode) throws(CodegenError) -> Bool {
        let resolved = try document.resolve(property)
        return resolved.isObject && resolved["format"]?.value.stringValue == "binary"
    }

    /// A string, number, integer or boolean (or a string enum), alone or in an array: what a text part
    /// carries.
    private func isText(_ property: SpecNode) throws(CodegenError) -> Bool {
        let resolved = try document.resolve(property)
        guard resolved.isObject else { return false }
        let types = Self.typeNames(resolved).filter { $0 != "null" }
        if types == ["array"], let items = resolved["items"] { return try isText(items) && !Self.isArray(items) }
        if types.isEmpty { return resolved["enum"] != nil }
        return types.allSatisfy { ["string", "number", "integer", "boolean"].contains($0) }
    }

    private static func isArray(_ node: SpecNode) -> Bool {
        typeNames(node).contains("array")
    }

    private static func typeNames(_ node: SpecNode) -> [String] {
        switch node["type"]?.value {
        case .string(let name)?: [name]
        case .array(let names)?: names.compactMap(\.stringValue)
        default: []
        }
    }

    /// `type/subtype` or `type/*`, each an HTTP token.
    static func isMediaTypePattern(_ text: String) -> Bool {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return false }
        let token = { (part: Substring) in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || $0.properties.numericType != nil
                            || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
                }
        }
        return token(halves[0]) && (halves[1] == "*" || token(halves[1]))
    }
}
