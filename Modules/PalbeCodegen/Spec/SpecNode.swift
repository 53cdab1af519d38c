import ErrorCore

/// A node of the spec together with its JSON pointer, with accessors that turn a wrongly
/// shaped node into a ``CodegenError/invalidSpec(pointer:reason:)`` naming that pointer.
struct SpecNode {
    let value: ExactJSON
    let pointer: JSONPointer

    /// The member `key` of an object node, `nil` when absent or when this is not an object.
    subscript(key: String) -> SpecNode? {
        guard case .object(let object) = value, let member = object[key] else { return nil }
        return SpecNode(value: member, pointer: pointer.appending(key))
    }

    var isObject: Bool { value.objectValue != nil }

    /// The members of an object node in document order; throws for any other kind.
    func members() throws(CodegenError) -> [(key: String, node: SpecNode)] {
        guard case .object(let object) = value else { throw wrongKind("an object") }
        return object.entries.map { ($0.key, SpecNode(value: $0.value, pointer: pointer.appending($0.key))) }
    }

    /// The elements of an array node; throws for any other kind.
    func elements() throws(CodegenError) -> [SpecNode] {
        guard case .array(let array) = value else { throw wrongKind("an array") }
        return array.enumerated().map { SpecNode(value: $0.element, pointer: pointer.appending($0.offset)) }
    }

    /// The member `key` as a string: `nil` when absent, an error when present with another kind.
    func string(_ key: String) throws(CodegenError) -> String? {
        guard let member = self[key] else { return nil }
        guard let string = member.value.stringValue else { throw member.wrongKind("a string") }
        return string
    }

    /// The member `key` as a boolean: `nil` when absent, an error when present with another kind.
    func bool(_ key: String) throws(CodegenError) -> Bool? {
        guard let member = self[key] else { return nil }
        guard let bool = member.value.boolValue else { throw member.wrongKind("a boolean") }
        return bool
    }

    /// The member `key` as an object node: `nil` when absent, an error when not an object.
    func object(_ key: String) throws(CodegenError) -> SpecNode? {
        guard let member = self[key] else { return nil }
        guard member.isObject else { throw member.wrongKind("an object") }
        return member
    }

    /// A description, trimmed, or `nil` when absent or blank.
    func text(_ key: String) throws(CodegenError) -> String? {
        guard let text = try string(key)?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    func wrongKind(_ expected: String) -> CodegenError {
        .invalidSpec(pointer: pointer.description, reason: "expected \(expected), found \(value.kindName)")
    }

    /// An invalid-spec error for the member `key` of this node.
    func appendingInvalid(_ key: String, _ reason: String) -> CodegenError {
        .invalidSpec(pointer: pointer.appending(key).description, reason: reason)
    }

    func invalid(_ reason: String) -> CodegenError {
        .invalidSpec(pointer: pointer.description, reason: reason)
    }

    func warning(_ message: String) -> CodegenWarning {
        CodegenWarning(pointer: pointer.description, message: message)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var trimmed = Substring(self)
        while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
        return String(trimmed)
    }
}
