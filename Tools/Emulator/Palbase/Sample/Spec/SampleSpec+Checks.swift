import EmulatorCore

extension SampleSpec {
    /// Refuses an operation the backend implements but cannot serve as declared: its path names other
    /// parameters than the handler reads, an error the handler answers is not declared, or an upload has no
    /// `x-palbase-upload`. An operation the backend does not implement needs nothing (it answers 501).
    static func check(
        _ operation: SampleSpecOperation, template: SamplePathTemplate, at node: SampleSpecValue
    ) throws(SampleSpecError) {
        guard let implemented = SampleOperation(rawValue: operation.id) else { return }
        let named = Set(template.parameterNames)
        guard named == implemented.pathParameters else {
            throw node.failure(
                "\(operation.id) reads the path parameters \(implemented.pathParameters.sorted()), but "
                    + "\(template.text) names \(named.sorted())")
        }
        for code in implemented.raises where operation.declaredErrors[code.rawValue] == nil {
            throw node.failure(
                "\(operation.id) answers \(code.rawValue), which its x-palbase-errors does not declare")
        }
        if implemented.isUpload && operation.upload == nil {
            throw node.failure("\(operation.id) is an upload: it needs x-palbase-upload {max_bytes, content_types}")
        }
    }

    /// The schemas of `components.schemas` marked `x-palbase-collection: <name>`, by collection name.
    static func collections(in document: SampleSpecValue) throws(SampleSpecError) -> [String: SampleDocumentSchema] {
        var collections: [String: SampleDocumentSchema] = [:]
        for (_, schema) in try document["components"]?["schemas"]?.members() ?? [] {
            guard let marker = schema["x-palbase-collection"] else { continue }
            let name = try marker.string()
            guard SampleDocumentsController.isCollectionName(name) else {
                throw marker.failure("\(name) is not a collection name (^[a-z][a-z0-9_]{0,62}$)")
            }
            guard collections[name] == nil else { throw marker.failure("a second schema for the collection \(name)") }
            collections[name] = try SampleDocumentSchema(jsonSchema: schema)
        }
        return collections
    }
}
