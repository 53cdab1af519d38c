import ErrorCore

extension OperationReader {
    /// A request or response body: its JSON schema (`nil`: free-form) and description.
    struct BodyInfo {
        let schema: SpecNode?
        let doc: String?
        let pointer: JSONPointer
        let isRequired: Bool
        /// Set for an upload route's multipart body (``schema`` is then its text fields).
        var upload: OperationModel.Upload? = nil
    }

    /// The JSON request body, or an upload's multipart body; `nil` when the operation takes none.
    func requestBody(mapper: inout SchemaMapper) throws(CodegenError) -> Result<BodyInfo?, OperationSkip> {
        guard let declared = node["requestBody"] else { return .success(nil) }
        let body = try document.resolve(declared)
        guard let content = try body.object("content") else { throw body.invalid("a request body needs content") }
        guard let media = try jsonMedia(in: content) else {
            if let upload = try uploadBody(in: content, body: body, mapper: &mapper) {
                guard verb == .post || verb == .put || verb == .patch else {
                    return .failure(OperationSkip(reason: "an upload is sent with POST, PUT or PATCH"))
                }
                return upload.map { $0 }
            }
            let types = try content.members().map(\.key).joined(separator: ", ")
            return .failure(OperationSkip(reason: "request body media type \(types) is not JSON"))
        }
        guard verb.carriesBody else {
            return .failure(
                OperationSkip(reason: "a GET request cannot carry a body; use QUERY for a search with a body"))
        }
        return .success(
            BodyInfo(
                schema: try media.object("schema"), doc: try body.text("description"), pointer: body.pointer,
                isRequired: try body.bool("required") ?? false))
    }

    /// The body of the lowest declared 2xx response, `nil` when it has none (204) or when the
    /// operation declares no 2xx response at all. What the generated method cannot return (response
    /// headers, another 2xx status's own body) is added to `dropped`.
    func successResponse(
        mapper: inout SchemaMapper, dropped: inout [CodegenWarning]
    ) throws(CodegenError) -> Result<BodyInfo?, OperationSkip> {
        guard let responses = try node.object("responses") else { return .success(nil) }
        let successes = try responses.members().filter { Self.isSuccessStatus($0.key) }.sorted { $0.key < $1.key }
        guard let first = successes.first else {
            mapper.warn(responses.warning("no 2xx response is declared; the generated method returns nothing"))
            return .success(nil)
        }
        var bodies: [BodyInfo?] = []
        for (status, declared) in successes {
            let response = try document.resolve(declared)
            if let headers = try response.object("headers"), case let names = try headers.members().map(\.key),
                !names.isEmpty
            {
                dropped.append(
                    headers.warning(
                        "response \(status) headers (\(names.joined(separator: ", "))) are not generated; the method returns the body only"
                    ))
            }
            guard let content = try response.object("content"), !content.value.objectValue!.isEmpty else {
                bodies.append(nil)
                continue
            }
            guard let media = try jsonMedia(in: content) else {
                let types = try content.members().map(\.key).joined(separator: ", ")
                return .failure(OperationSkip(reason: "response \(status) media type \(types) is not JSON"))
            }
            bodies.append(
                BodyInfo(
                    schema: try media.object("schema"), doc: try response.text("description"),
                    pointer: response.pointer, isRequired: true))
        }
        if bodies.contains(where: { ($0 == nil) != (bodies[0] == nil) }) {
            mapper.warn(
                responses.warning("2xx responses disagree on having a body; the generated method follows \(first.key)"))
        }
        for (index, (status, _)) in successes.enumerated().dropFirst() {
            guard let body = bodies[index], let firstBody = bodies[0], body.schema?.value != firstBody.schema?.value
            else { continue }
            dropped.append(
                CodegenWarning(
                    pointer: body.pointer.description,
                    message:
                        "response \(status) has a body schema of its own, which is not generated; the method decodes every 2xx body as the \(first.key) body"
                ))
        }
        return .success(bodies[0])
    }

    private static func isSuccessStatus(_ key: String) -> Bool {
        guard key.count == 3, key.first == "2" else { return false }
        return key.dropFirst().allSatisfy(\.isNumber) || key.uppercased() == "2XX"
    }

    /// `application/json` if present, else the first JSON-like media type (`…+json`, `*/*`).
    private func jsonMedia(in content: SpecNode) throws(CodegenError) -> SpecNode? {
        let members = try content.members()
        let exact = members.first { $0.key.lowercased().hasPrefix("application/json") }
        let loose = members.first {
            let type = $0.key.lowercased()
            return type.contains("json") || type == "*/*" || type == "application/*"
        }
        guard let chosen = exact ?? loose else { return nil }
        guard chosen.node.isObject else { throw chosen.node.wrongKind("a media type object") }
        return chosen.node
    }

    /// `<Prefix>Input` or `<Prefix>Response`: the declaration an inline schema produced under
    /// that name, or a typealias to whatever the schema maps to (`TodosGetResponse = Todo`).
    func roleDeclaration(
        named name: String, schema: SpecNode?, doc: String?, pointer: JSONPointer, mapper: inout SchemaMapper
    ) throws(CodegenError) -> Declaration {
        var mapped = MappedSchema(type: .anyValue, isNullable: false)
        if let schema {
            mapped = try mapper.map(
                schema, hint: .named(name), scope: .operationFile(fileKey: fileKey, operationID: identity.id))
            // The inline schema produced the declaration itself (a nullable body decodes `null` as a
            // failure, which is what a client of a non-null contract should see).
            if case .declaration(let declaration) = mapped.type, declaration.name == name {
                return declaration
            }
        }
        let alias = Declaration(name: name, pointer: schema?.pointer ?? pointer, role: .operation)
        alias.fileKey = fileKey
        alias.operationID = identity.id
        alias.doc = doc
        alias.body = .alias(mapped.isNullable && !mapped.type.isAnyValue ? .optional(mapped.type) : mapped.type)
        mapper.register(alias)
        return alias
    }
}
