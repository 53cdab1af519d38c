/// A string compared and hashed by its exact Unicode scalars, the way JSON compares object keys.
///
/// Swift's `==` on `String` treats canonically equivalent spellings as equal: `café` written with
/// `é` (NFC) and with `e` plus a combining acute accent (NFD) are one `String` to Swift but two keys
/// to JSON, to a JSON pointer and to the Swift compiler's identifiers. Object keys (``ExactJSONObject``)
/// and the code generator's pointer tokens and wire keys are compared through this type, so a
/// document that uses both spellings keeps both.
package struct ExactString: Hashable, Comparable, Sendable {
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        // Equal scalars are equal UTF-8 bytes: a Swift string is always valid Unicode.
        lhs.string.utf8.count == rhs.string.utf8.count && lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
        hasher.combine(string.utf8.count)
    }

    /// By UTF-8 bytes, which is Unicode scalar order.
    package static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
    }
}
