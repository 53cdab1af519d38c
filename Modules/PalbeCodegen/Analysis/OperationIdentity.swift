/// The names an `operationId` gives an operation.
///
/// `todos.create` → `pb.todos.create(…)`, types prefixed `TodosCreate`; `health` (no dot) →
/// `pb.health()`, types prefixed `Health`. The namespace is lowerCamelCased; the method is
/// kept verbatim when it is already an identifier (controller method names are) and
/// lowerCamelCased otherwise (`list-all` → `listAll`).
struct OperationIdentity {
    let id: String
    /// The `pb` property, `nil` for a method directly on `Palbe`.
    let namespace: String?
    let method: String
    let typePrefix: String
    /// The reserved namespace the operation falls in, if any.
    let reservedNamespace: String?

    init(_ node: SpecNode) throws(CodegenError) {
        // Built only on the error paths: a pointer's text is not free.
        var pointer: String { node.pointer.appending("operationId").description }
        guard let id = try node.string("operationId") else {
            throw CodegenError.invalidOperationID(
                pointer: node.pointer.description,
                reason: "the operation has no operationId; the generator names methods after it")
        }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw CodegenError.invalidOperationID(
                pointer: pointer, reason: "operationId \"\(id)\" is not \"namespace.method\" or \"method\"")
        }
        let methodPart = String(parts.last!)
        let method = Identifier.isValid(methodPart) ? methodPart : Identifier.lowerCamel(methodPart)
        guard !method.isEmpty else {
            throw CodegenError.invalidOperationID(
                pointer: pointer, reason: "operationId \"\(id)\" has no usable method name")
        }
        self.id = id
        self.method = method
        if parts.count == 2 {
            let namespace = Identifier.lowerCamel(String(parts[0]))
            guard !namespace.isEmpty else {
                throw CodegenError.invalidOperationID(
                    pointer: pointer, reason: "operationId \"\(id)\" has no usable namespace")
            }
            self.namespace = namespace
            typePrefix = Identifier.upperCamel(namespace) + Identifier.upperCamel(method)
            reservedNamespace = SpecAnalyzer.reservedNamespaces.contains(namespace) ? namespace : nil
        } else {
            namespace = nil
            typePrefix = Identifier.upperCamel(method)
            reservedNamespace = SpecAnalyzer.reservedNamespaces.contains(method) ? method : nil
        }
    }
}
