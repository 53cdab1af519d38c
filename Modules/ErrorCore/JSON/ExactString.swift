import Foundation

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
        let left = lhs.string.utf8
        let right = rhs.string.utf8
        guard left.count == right.count else { return false }
        let compared = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.isEmpty || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        return (compared ?? nil) ?? left.elementsEqual(right)
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return true
        }
        if hashed == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
        hasher.combine(string.utf8.count)
    }

    /// By UTF-8 bytes, which is Unicode scalar order.
    package static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8)
    }
}
