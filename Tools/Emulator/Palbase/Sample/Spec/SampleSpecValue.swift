import EmulatorCore
import ErrorCore
import Foundation

/// A node of the OpenAPI document together with its JSON pointer, so whatever reads the document says
/// where a problem is (`#/paths/~1todos/post/x-palbase-errors/0/status: expected an integer`).
struct SampleSpecValue {
    /// The node.
    let value: ExactJSON
    /// Its JSON pointer, `""` for the document itself.
    let pointer: String
    /// The whole document, for `$ref`.
    let root: ExactJSON

    /// The document itself.
    init(root: ExactJSON) {
        self.init(value: root, pointer: "", root: root)
    }

    private init(value: ExactJSON, pointer: String, root: ExactJSON) {
        self.value = value
        self.pointer = pointer
        self.root = root
    }

    /// An error about this node.
    func failure(_ reason: String) -> SampleSpecError {
        SampleSpecError(pointer: pointer, reason: reason)
    }

    /// The member `key` of this object, or nil when this is not an object or has no such member.
    subscript(key: String) -> SampleSpecValue? {
        value.objectValue?[key].map { child($0, key) }
    }

    /// The member `key`, which must be there.
    func member(_ key: String) throws(SampleSpecError) -> SampleSpecValue {
        guard let member = try object()[key] else { throw failure("has no \"\(key)\"") }
        return member
    }

    /// This object's members in document order.
    func members() throws(SampleSpecError) -> [(key: String, value: SampleSpecValue)] {
        try object().value.objectValue?.entries.map { ($0.key, child($0.value, $0.key)) } ?? []
    }

    /// This array's elements.
    func elements() throws(SampleSpecError) -> [SampleSpecValue] {
        guard case .array(let elements) = value else { throw failure("expected an array, found \(value.kindName)") }
        return elements.enumerated().map { child($0.element, String($0.offset)) }
    }

    /// This string.
    func string() throws(SampleSpecError) -> String {
        guard case .string(let string) = value else { throw failure("expected a string, found \(value.kindName)") }
        return string
    }

    /// This array of strings.
    func strings() throws(SampleSpecError) -> [String] {
        var strings: [String] = []
        for element in try elements() { strings.append(try element.string()) }
        return strings
    }

    /// This boolean.
    func bool() throws(SampleSpecError) -> Bool {
        guard case .bool(let bool) = value else { throw failure("expected a boolean, found \(value.kindName)") }
        return bool
    }

    /// This integer, which must lie in `range`.
    func int(in range: ClosedRange<Int> = 0...Int.max) throws(SampleSpecError) -> Int {
        guard let int = value.intValue, range.contains(int) else {
            throw failure("expected an integer in \(range.lowerBound)…\(range.upperBound), found \(value.kindName)")
        }
        return int
    }

    /// The node a `$ref` here points at (followed through chains of references), or this node without one.
    ///
    /// Only references inside the document (`#/…`) are followed; a dangling or external one is an error.
    func resolved() throws(SampleSpecError) -> SampleSpecValue {
        var current = self
        var seen: Set<String> = []
        while case .string(let reference)? = current.value.objectValue?["$ref"] {
            guard reference.hasPrefix("#/"), seen.insert(reference).inserted else {
                throw current.failure("cannot follow the reference \(reference)")
            }
            var node = SampleSpecValue(root: root)
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                guard let next = node[key] else { throw current.failure("dangling reference \(reference)") }
                node = next
            }
            current = node
        }
        return current
    }

    private func object() throws(SampleSpecError) -> SampleSpecValue {
        guard case .object = value else { throw failure("expected an object, found \(value.kindName)") }
        return self
    }

    private func child(_ value: ExactJSON, _ token: String) -> SampleSpecValue {
        let escaped = token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        return SampleSpecValue(value: value, pointer: pointer + "/" + escaped, root: root)
    }
}
