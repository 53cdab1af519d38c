/// Reads one operation: its path, parameters, request body, success response and declared
/// errors.
///
/// Constructs the SDK cannot send (a non-JSON body, a path segment mixing text and a
/// parameter, an object in a header) skip the operation with a warning and a comment in the
/// generated file; structural mistakes (an undeclared path parameter) are errors. Every check
/// that can skip runs before any schema is mapped, so a skipped operation adds no types.
struct OperationReader {
    let document: SpecDocument
    let node: SpecNode
    let item: SpecNode
    let template: String
    let verb: OperationModel.Verb
    let identity: OperationIdentity

    /// The file the operation's top-level types go to: its namespace, `""` for root methods.
    var fileKey: String { identity.namespace ?? "" }

    func read(with mapper: inout SchemaMapper) throws(CodegenError) -> Result<OperationModel, OperationSkip> {
        let parameters = try mergedParameters()
        let segments: [Segment]
        switch try pathSegments(parameters) {
        case .success(let value): segments = value
        case .failure(let skip): return .failure(skip)
        }
        for parameter in parameters where parameter.location == .header {
            if let reason = try scalarSkipReason(parameter) { return .failure(OperationSkip(reason: reason)) }
        }
        let body = try requestBody(mapper: &mapper)
        if case .failure(let skip) = body { return .failure(skip) }
        var upload: OperationModel.Upload?
        if case .success(let info?) = body { upload = info.upload }
        if upload == nil { try rejectMisplacedUploadConstraints() }
        var dropped: [CodegenWarning] = []
        let success = try successResponse(mapper: &mapper, dropped: &dropped)
        if case .failure(let skip) = success { return .failure(skip) }

        let prefix = identity.typePrefix
        var path: [OperationModel.PathPart] = []
        for segment in segments {
            switch segment {
            case .literal(let text): path.append(.literal(text))
            case .parameter(let parameter): path.append(.parameter(try pathParameter(parameter, mapper: &mapper)))
            }
        }
        let query = try parameterSet(
            parameters.filter { $0.location == .query }, name: prefix + "Query", headers: false, mapper: &mapper)
        let headers = try parameterSet(
            parameters.filter { $0.location == .header }, name: prefix + "Headers", headers: true, mapper: &mapper)
        for cookie in parameters where cookie.location == .cookie {
            mapper.warn(
                CodegenWarning(
                    pointer: cookie.pointer.description,
                    message: "cookie parameter \"\(cookie.name)\" is not generated; the SDK does not send cookies"))
        }
        var input: OperationModel.Input?
        if case .success(let body?) = body, body.upload == nil || body.schema != nil {
            let declaration = try roleDeclaration(
                named: prefix + "Input", schema: body.schema, doc: body.doc, pointer: body.pointer, mapper: &mapper)
            input = OperationModel.Input(declaration: declaration, isRequired: body.isRequired)
        }
        var response: Declaration?
        if case .success(let content?) = success {
            response = try roleDeclaration(
                named: prefix + "Response", schema: content.schema, doc: content.doc, pointer: content.pointer,
                mapper: &mapper)
        }
        let errors = try errorEnum(named: prefix + "Error", mapper: &mapper)
        // Noted on the response type (or, for a method that returns nothing, its error enum).
        for warning in dropped { mapper.drop(warning, from: response ?? errors) }
        let operation = OperationModel(
            id: identity.id, namespace: identity.namespace, methodName: identity.method, typePrefix: prefix, verb: verb,
            pathTemplate: template, path: path, input: input, upload: upload, query: query, headers: headers,
            response: response,
            errorEnum: errors, summary: try node.text("summary"), description: try node.text("description"),
            isDeprecated: try node.bool("deprecated") ?? false, pointer: node.pointer)
        return .success(operation)
    }

    /// Path-level parameters overlaid by the operation's own (same name and location).
    private func mergedParameters() throws(CodegenError) -> [ParameterInfo] {
        var merged: [ParameterInfo] = []
        for source in [item["parameters"], node["parameters"]] {
            guard let source else { continue }
            for element in try source.elements() {
                let parameter = try ParameterInfo(try document.resolve(element))
                if let index = merged.firstIndex(where: {
                    $0.name == parameter.name && $0.location == parameter.location
                }) {
                    merged[index] = parameter
                } else {
                    merged.append(parameter)
                }
            }
        }
        return merged
    }
}
