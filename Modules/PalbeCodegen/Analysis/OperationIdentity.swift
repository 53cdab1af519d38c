/// The names an `operationId` gives an operation.
///
/// `todos.create` → `pb.todos.create(…)`, types prefixed `TodosCreate`; `health` (no dot) →
/// `pb.health()`, types prefixed `Health`. The namespace is lowerCamelCased; the method is kept
/// verbatim when it is already a lowerCamelCase identifier (controller method names are) and
/// lowerCamelCased otherwise (`list-all` → `listAll`, `FetchCredentialAws` → `fetchCredentialAws`,
/// `get_archives` → `getArchives`). A dot followed by a digit is part of a version, not a namespace
/// split: `get_archives_v2025.0` → `getArchivesV2025_0`.
///
/// An operation without an `operationId` is named from its method and path, with a warning:
/// `GET /pets/{pet_id}` → `getPetsByPetId`.
struct OperationIdentity {
    let id: String
    /// The `pb` property, `nil` for a method directly on `Palbe`.
    let namespace: String?
    let method: String
    let typePrefix: String
    /// The reserved namespace the operation falls in, if any.
    let reservedNamespace: String?

    /// Whether the id was made up from the method and path (the operation has no `operationId`).
    let isSynthesized: Bool

    init(_ node: SpecNode, method httpMethod: String, template: String) throws(CodegenError) {
        // Built only on the error paths: a pointer's text is not free.
        var pointer: String { node.pointer.appending("operationId").description }
        let id: String
        if let given = try node.string("operationId") {
            id = given
            isSynthesized = false
        } else {
            id = Self.synthesizedID(method: httpMethod, template: template)
            isSynthesized = true
        }
        let parts = Self.namespaceSplit(id)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw CodegenError.invalidOperationID(
                pointer: pointer, reason: "operationId \"\(id)\" is not \"namespace.method\" or \"method\"")
        }
        let methodPart = String(parts.last!)
        let method = Self.isLowerCamel(methodPart) ? methodPart : Identifier.lowerCamel(methodPart)
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

    /// `id` split at its namespace dot: a dot followed by a digit is not one (`v2025.0`).
    private static func namespaceSplit(_ id: String) -> [Substring] {
        var parts: [Substring] = []
        var start = id.startIndex
        var index = id.startIndex
        while index < id.endIndex {
            let next = id.index(after: index)
            if id[index] == ".", next == id.endIndex || !("0"..."9").contains(id[next]) {
                parts.append(id[start..<index])
                start = next
            }
            index = next
        }
        parts.append(id[start...])
        return parts
    }

    /// A lowerCamelCase identifier: valid, a lowercase letter first, no `_`.
    private static func isLowerCamel(_ name: String) -> Bool {
        guard Identifier.isValid(name), let first = name.first, first.isLowercase else { return false }
        return !name.contains("_")
    }

    /// `GET /pets/{pet_id}/photos` → `get_pets_by_pet_id_photos`, which names the method
    /// `getPetsByPetIdPhotos`: the method, then each segment, a parameter as "by" and its name.
    static func synthesizedID(method: String, template: String) -> String {
        var words = [method.lowercased()]
        for segment in template.split(separator: "/") {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                words.append("by")
                words.append(String(segment.dropFirst().dropLast()))
            } else {
                words.append(String(segment))
            }
        }
        return words.joined(separator: "_")
    }
}
