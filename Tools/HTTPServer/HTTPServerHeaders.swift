/// Ordered header fields with case-insensitive lookup.
///
/// Fields keep wire order, and a name that appears several times stays several fields (use
/// `values(for:)` to see them all). Names compare ASCII-case-insensitively, as HTTP requires.
///
/// ```swift
/// var headers: HTTPServerHeaders = ["Content-Type": "application/json"]
/// headers.add("Set-Cookie", "a=1")
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPServerHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field line.
    public typealias Field = (name: String, value: String)

    private var fields: [Field]

    /// Creates headers from fields in the order given.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal; order is kept and repeated names are allowed.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, compared case-insensitively; nil when absent.
    public subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value of `name` in wire order; empty when absent.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// True when at least one field has this name.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Number of field lines (a repeated name counts once per line).
    public var count: Int { fields.count }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces all values of `name` with one field, placed where the first one was (or at the end).
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            add(name, value)
            return
        }
        fields[first] = (name: name, value: value)
        var index = fields.count - 1
        while index > first {
            if Self.namesMatch(fields[index].name, name) { fields.remove(at: index) }
            index -= 1
        }
    }

    /// Removes every field of that name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Iterates `(name, value)` pairs in wire order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies: header lookups sit
    /// on the hot path of every request.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?): if ASCII.lowercased(a) != ASCII.lowercased(b) { return false }
            default: return false
            }
        }
    }
}
