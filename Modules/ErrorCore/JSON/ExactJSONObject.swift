/// A JSON object whose keys remember the order they appeared in.
///
/// Keys are told apart by their exact Unicode scalars (``ExactString``), as JSON does: `café` in NFC
/// and in NFD are two members, not a duplicate.
package struct ExactJSONObject: Equatable, Hashable, Sendable {
    package private(set) var keys: [String] = []
    private var values: [ExactString: ExactJSON] = [:]

    package init() {}

    /// Adds `value` under `key`; returns `false` (and changes nothing) when `key` is already there.
    package mutating func insert(_ value: ExactJSON, forKey key: String) -> Bool {
        let exact = ExactString(key)
        guard values[exact] == nil else { return false }
        keys.append(key)
        values[exact] = value
        return true
    }

    /// The member `key`. Setting replaces a member in its place or appends a new one; setting `nil`
    /// removes it.
    package subscript(key: String) -> ExactJSON? {
        get { values[ExactString(key)] }
        set {
            let exact = ExactString(key)
            switch (values[exact], newValue) {
            case (nil, let value?):
                keys.append(key)
                values[exact] = value
            case (_?, let value?):
                values[exact] = value
            case (_?, nil):
                values[exact] = nil
                keys.removeAll { ExactString($0) == exact }
            case (nil, nil):
                break
            }
        }
    }

    /// The members in document order.
    package var entries: [(key: String, value: ExactJSON)] {
        keys.map { ($0, values[ExactString($0)]!) }
    }

    package var isEmpty: Bool { keys.isEmpty }

    package var count: Int { keys.count }

    /// Same members, in the same order, with the same exact keys.
    package static func == (lhs: ExactJSONObject, rhs: ExactJSONObject) -> Bool {
        lhs.values == rhs.values && lhs.keys.elementsEqual(rhs.keys) { ExactString($0) == ExactString($1) }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(keys.count)
        for key in keys {
            hasher.combine(ExactString(key))
            hasher.combine(values[ExactString(key)])
        }
    }
}

extension ExactJSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, ExactJSON)...) {
        for (key, value) in elements {
            _ = insert(value, forKey: key)
        }
    }
}
