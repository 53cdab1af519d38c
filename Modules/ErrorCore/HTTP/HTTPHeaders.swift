/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// The one header type of the package: the transports send and receive it, and the loopback HTTP
/// server (`HTTPServer`) parses requests into it and writes responses from it.
///
/// Order and repeated names are kept exactly as given (or as received), so a header that may legally
/// repeat (`Set-Cookie`, `Vary`) survives a round trip. Names compare ASCII-case-insensitively;
/// values compare exactly.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers["authorization"] = "Bearer …"      // replaces every Authorization field
/// headers.add("Accept", "text/event-stream")  // appends, keeping existing ones
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field in wire order.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates headers from fields in the order given.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal; the literal's order is kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Whether there are no fields at all.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (case-insensitive), or `nil`.
    ///
    /// Setting a value replaces every field of that name with one field at the position of the first
    /// one (or at the end); setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get { fields.first { Self.equalNames($0.name, name) }?.value }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            replaceAll(name, keepingSpelling: true, with: newValue)
        }
    }

    /// Every value for `name` (case-insensitive), in wire order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.equalNames($0.name, name) ? $0.value : nil }
    }

    /// Whether at least one field is called `name` (case-insensitive).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` (case-insensitive) with one field spelled `name`, at the
    /// position of the first one (or at the end).
    ///
    /// Unlike assigning through the subscript, which keeps the first field's spelling, this writes
    /// `name` exactly as given.
    public mutating func set(_ name: String, _ value: String) {
        replaceAll(name, keepingSpelling: false, with: value)
    }

    /// Removes every field called `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    private mutating func replaceAll(_ name: String, keepingSpelling: Bool, with value: String) {
        guard let first = fields.firstIndex(where: { Self.equalNames($0.name, name) }) else {
            fields.append((name: name, value: value))
            return
        }
        fields[first] = (name: keepingSpelling ? fields[first].name : name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if Self.equalNames(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Iterates the fields in wire order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Equal when both hold the same fields in the same order; names compare case-insensitively.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { equalNames($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies: header names are tokens,
    /// so folding A–Z is the whole of HTTP's case rule. Header lookups sit on the hot path of every
    /// request, in the transports and in the server.
    package static func equalNames(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case let (a?, b?):
                if a != b && asciiLower(a) != asciiLower(b) { return false }
            default:
                return false
            }
        }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}
