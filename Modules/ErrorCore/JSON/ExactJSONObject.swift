/// A JSON object whose keys remember the order they appeared in.
///
/// Keys are told apart by their exact Unicode scalars (``ExactString``), as JSON does: `café` in NFC
/// and in NFD are two members, not a duplicate.
///
/// The members are kept in document order, and found by comparing UTF-8 bytes while the object is
/// small: most objects on the wire have a handful of members, and hashing every key with a seeded
/// hasher cost more than the rest of reading a small answer. An object that grows past
/// ``indexThreshold`` members also keeps a hash index, so a large document stays linear to read.
package struct ExactJSONObject: Equatable, Hashable, Sendable {
    /// The members, in document order.
    private var members: [(key: String, value: ExactJSON)] = []
    /// Each key's position in ``members``, kept once the object has more than ``indexThreshold`` members.
    private var index: [ExactString: Int]?

    /// Up to this many members, a lookup compares keys one by one.
    static let indexThreshold = 12

    package init() {}

    /// The keys in document order.
    package var keys: [String] { members.map(\.key) }

    /// Adds `value` under `key`; returns `false` (and changes nothing) when `key` is already there.
    package mutating func insert(_ value: ExactJSON, forKey key: String) -> Bool {
        guard position(of: key) == nil else { return false }
        append(key, value)
        return true
    }

    /// The member `key`. Setting replaces a member in its place or appends a new one; setting `nil`
    /// removes it.
    package subscript(key: String) -> ExactJSON? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (nil, let value?):
                append(key, value)
            case (let found?, let value?):
                members[found].value = value
            case (let found?, nil):
                members.remove(at: found)
                index = nil
                reindex()
            case (nil, nil):
                break
            }
        }
    }

    /// The members in document order.
    package var entries: [(key: String, value: ExactJSON)] { members }

    package var isEmpty: Bool { members.isEmpty }

    package var count: Int { members.count }

    /// Same members, in the same order, with the same exact keys.
    package static func == (lhs: ExactJSONObject, rhs: ExactJSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { left, right in
                ExactString(left.key) == ExactString(right.key) && left.value == right.value
            }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(ExactString(member.key))
            hasher.combine(member.value)
        }
    }

    // MARK: - Internals

    private func position(of key: String) -> Int? {
        if let index { return index[ExactString(key)] }
        let exact = ExactString(key)
        return members.firstIndex { ExactString($0.key) == exact }
    }

    private mutating func append(_ key: String, _ value: ExactJSON) {
        // Most objects have a few members: one allocation for them, not one per doubling.
        if members.isEmpty { members.reserveCapacity(8) }
        members.append((key, value))
        if index != nil {
            index?[ExactString(key)] = members.count - 1
        } else {
            reindex()
        }
    }

    /// Builds the index once the object is past ``indexThreshold`` (or drops it below).
    private mutating func reindex() {
        guard members.count > Self.indexThreshold else {
            index = nil
            return
        }
        guard index == nil else { return }
        var built: [ExactString: Int] = [:]
        built.reserveCapacity(members.count * 2)
        for (position, member) in members.enumerated() { built[ExactString(member.key)] = position }
        index = built
    }
}

extension ExactJSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, ExactJSON)...) {
        for (key, value) in elements {
            _ = insert(value, forKey: key)
        }
    }
}
