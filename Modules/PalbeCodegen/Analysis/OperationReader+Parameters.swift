import ErrorCore

extension OperationReader {
    enum Segment {
        case literal(String)
        case parameter(ParameterInfo)
    }

    /// The path template split at `/` (empty segments dropped), each segment literal text or
    /// exactly one `{parameter}`.
    func pathSegments(_ parameters: [ParameterInfo]) throws(CodegenError) -> Result<[Segment], OperationSkip> {
        let declared = parameters.filter { $0.location == .path }
        var segments: [Segment] = []
        var used: Set<String> = []
        for piece in template.split(separator: "/") {
            if piece.hasPrefix("{"), piece.hasSuffix("}"), piece.count > 2,
                !piece.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" })
            {
                let name = String(piece.dropFirst().dropLast())
                guard let parameter = declared.first(where: { $0.name == name }) else {
                    throw CodegenError.invalidSpec(
                        pointer: node.pointer.description,
                        reason:
                            "path \"\(template)\" uses {\(name)}, which the operation does not declare as a path parameter"
                    )
                }
                used.insert(name)
                segments.append(.parameter(parameter))
            } else if piece.contains(Character("{")) || piece.contains(Character("}")) {
                return .failure(
                    OperationSkip(
                        reason:
                            "path segment \"\(piece)\" mixes text and a parameter, which PBPathSegment cannot express"))
            } else {
                segments.append(.literal(String(piece)))
            }
        }
        if let unused = declared.first(where: { !used.contains($0.name) }) {
            throw CodegenError.invalidSpec(
                pointer: unused.pointer.description,
                reason: "path parameter \"\(unused.name)\" does not appear in \"\(template)\"")
        }
        for parameter in declared {
            if let reason = try scalarSkipReason(parameter) { return .failure(OperationSkip(reason: reason)) }
        }
        return .success(segments)
    }

    /// Why a path or header parameter cannot be sent, or `nil` when it can: their values
    /// become text, so they must be scalars or string enums.
    func scalarSkipReason(_ parameter: ParameterInfo) throws(CodegenError) -> String? {
        guard let schema = parameter.schema else { return nil }
        var resolved = try document.resolve(schema)
        // Look through one-member wrappers (`allOf: [{$ref}]`, the 3.0 way to annotate a reference).
        var visited: Set<JSONPointer> = []
        while visited.insert(resolved.pointer).inserted, let allOf = resolved["allOf"], resolved["properties"] == nil,
            let members = try? allOf.elements(), members.count == 1
        {
            resolved = try document.resolve(members[0])
        }
        let shapeKeys = ["properties", "items", "oneOf", "anyOf", "additionalProperties"]
        if let allOf = resolved["allOf"], (try? allOf.elements())?.count != 1 {
            return
                "\(parameter.location.rawValue) parameter \"\(parameter.name)\" is not a scalar, which the SDK cannot send as text"
        }
        var types = try typeNames(resolved).filter { $0 != "null" }
        if types.isEmpty, resolved["enum"] != nil { types = ["string"] }
        let scalar: Set = ["string", "integer", "number", "boolean"]
        guard types.count <= 1, types.allSatisfy(scalar.contains), !shapeKeys.contains(where: { resolved[$0] != nil })
        else {
            return
                "\(parameter.location.rawValue) parameter \"\(parameter.name)\" is not a scalar, which the SDK cannot send as text"
        }
        return nil
    }

    private func typeNames(_ node: SpecNode) throws(CodegenError) -> [String] {
        guard let type = node["type"] else { return [] }
        if let name = type.value.stringValue { return [name] }
        return try type.elements().compactMap(\.value.stringValue)
    }

    /// A path parameter with its Swift type: `String` for strings of any format, else the
    /// mapped scalar or string enum.
    func pathParameter(
        _ parameter: ParameterInfo, mapper: inout SchemaMapper
    ) throws(CodegenError) -> OperationModel.PathParameter {
        var type = TypeRef.string
        if let schema = parameter.schema {
            let hint = NameHint.named(identity.typePrefix + Identifier.upperCamel(parameter.name))
            type = try mapper.map(schema, hint: hint, scope: .operationFile(fileKey: fileKey, operationID: identity.id))
                .type
            if case .date = type { type = .string }
            if case .anyValue = type { type = .string }
        }
        return OperationModel.PathParameter(
            wireName: parameter.name, name: "", type: type, doc: parameter.doc, pointer: parameter.pointer)
    }

    /// The `<Prefix>Query` or `<Prefix>Headers` struct, `nil` when there are no such parameters.
    func parameterSet(
        _ parameters: [ParameterInfo], name: String, headers: Bool, mapper: inout SchemaMapper
    ) throws(CodegenError) -> Declaration? {
        // OpenAPI says these three header parameters are ignored: the client sets them itself.
        let ignored: Set = ["accept", "content-type", "authorization"]
        let relevant = parameters.filter { !headers || !ignored.contains($0.name.lowercased()) }
        guard !relevant.isEmpty else { return nil }
        let declaration = Declaration(name: name, pointer: node.pointer.appending("parameters"), role: .operation)
        declaration.fileKey = fileKey
        declaration.operationID = identity.id
        declaration.isParameterSet = true
        declaration.isHeaderSet = headers
        declaration.doc =
            headers ? "The header parameters of `\(identity.id)`." : "The query parameters of `\(identity.id)`."
        mapper.register(declaration)
        var properties: [Property] = []
        for parameter in relevant {
            var type = TypeRef.string
            if let schema = parameter.schema {
                type = try mapper.map(schema, hint: .property(parameter.name), scope: .nested(declaration)).type
                if headers, case .date = type { type = .string }
                if headers, case .anyValue = type { type = .string }
            }
            if !headers { warnAboutQueryEncoding(parameter, type: type, mapper: &mapper) }
            properties.append(
                Property(
                    wireKey: parameter.name, type: type, isRequired: parameter.isRequired, isNullable: false,
                    doc: parameter.doc, pointer: parameter.pointer))
        }
        declaration.body = .structure(properties)
        return declaration
    }

    /// The SDK writes a query as `key=value` pairs, arrays as repeated keys; say so when the
    /// spec asks for something else.
    private func warnAboutQueryEncoding(_ parameter: ParameterInfo, type: TypeRef, mapper: inout SchemaMapper) {
        let pointer = parameter.pointer.description
        if let style = parameter.style, style != "form" {
            mapper.warn(
                CodegenWarning(
                    pointer: pointer, message: "query style \"\(style)\" is sent as form style (key=value) by the SDK"))
        }
        if case .array = type, parameter.explode == false {
            mapper.warn(
                CodegenWarning(
                    pointer: pointer, message: "explode: false is sent as repeated keys (tags=a&tags=b) by the SDK"))
        }
        guard let schema = parameter.schema, let resolved = try? document.resolve(schema) else { return }
        let types = (try? typeNames(resolved)) ?? []
        let isObject =
            types.contains("object") || resolved["properties"] != nil || resolved["additionalProperties"] != nil
        if isObject
            || (types.isEmpty && resolved["items"] == nil && resolved["enum"] == nil && resolved["allOf"] == nil)
        {
            mapper.warn(
                CodegenWarning(
                    pointer: pointer,
                    message:
                        "object-valued query parameter \"\(parameter.name)\" is skipped by the SDK's query encoding"))
        }
    }
}
