/// One operation the generator turns into a method, an endpoint struct and an error enum.
struct OperationModel {
    /// The HTTP verbs `PBMethod` covers.
    enum Verb: String, CaseIterable {
        case get, post, patch, put, delete, query

        /// Whether the SDK sends a body with this verb (`PBMethod.carriesBody`).
        var carriesBody: Bool { self != .get }
    }

    /// A piece of the path template.
    enum PathPart {
        case literal(String)
        case parameter(PathParameter)
    }

    /// A path parameter: a method argument and a `.param(…)` segment.
    struct PathParameter {
        let wireName: String
        var name: String
        let type: TypeRef
        let doc: String?
        let pointer: JSONPointer
    }

    /// An upload route (`multipart/form-data` with a binary `file`): the method takes a `file:` and a
    /// `progress:`, its input holds the other text fields, and these limits are checked before sending.
    struct Upload {
        /// `x-palbase-upload.max_bytes`, when set.
        let maxBytes: Int?
        /// `x-palbase-upload.content_types`, lowercased; empty accepts any type.
        let contentTypes: [String]
    }

    /// The request body the method takes as its unlabeled input argument.
    struct Input {
        /// `<Prefix>Input`: the struct itself for an inline schema, else a typealias.
        let declaration: Declaration
        let isRequired: Bool
    }

    let id: String
    /// The `pb` property of the namespace (`todos`), `nil` for a method directly on `Palbe`.
    let namespace: String?
    /// The method name, unescaped (`get`).
    var methodName: String
    /// `TodosGet`: the prefix of every per-operation type name.
    let typePrefix: String
    let verb: Verb
    let pathTemplate: String
    var path: [PathPart]
    /// The upload's text fields for an upload (`nil` when `file` is its only part), the JSON body otherwise.
    let input: Input?
    let upload: Upload?
    let query: Declaration?
    let headers: Declaration?
    /// `<Prefix>Response` (struct or typealias); `nil` for an operation that answers no body.
    let response: Declaration?
    let errorEnum: Declaration
    let summary: String?
    let description: String?
    let isDeprecated: Bool
    let pointer: JSONPointer

    var pathParameters: [PathParameter] {
        path.compactMap {
            if case .parameter(let parameter) = $0 { return parameter }
            return nil
        }
    }

    var endpointName: String { typePrefix + "Endpoint" }
}
