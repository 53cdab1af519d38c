import ErrorCore
import Foundation

/// An RFC 6901 JSON pointer into the spec, such as `/paths/~1todos~1{id}/get/operationId`.
///
/// Every error and warning the generator reports carries one, so a message always says where in
/// the document the problem sits. Tokens compare by their exact Unicode scalars, as the keys they
/// name do (``ExactString``).
struct JSONPointer: Hashable, Comparable, CustomStringConvertible {
    private(set) var tokens: [String]

    /// The whole document (`""`).
    static let root = JSONPointer(tokens: [])

    init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer of a local reference such as `#/components/schemas/Todo`, `nil` for anything
    /// else (an external file or URL, or a fragment that is not a pointer).
    init?(reference: String) {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = reference.dropFirst()
        guard let decoded = String(fragment).removingPercentEncodingForPointer() else { return nil }
        if decoded.isEmpty {
            self.tokens = []
            return
        }
        guard decoded.hasPrefix("/") else { return nil }
        self.tokens = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.contains(Character("~"))
                ? $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String($0)
        }
    }

    func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    var description: String {
        tokens.map { token in
            guard token.contains(Character("~")) || token.contains(Character("/")) else { return "/" + token }
            return "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        .joined()
    }

    static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.elementsEqual(rhs.tokens) { ExactString($0) == ExactString($1) }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(tokens.count)
        for token in tokens { hasher.combine(ExactString(token)) }
    }

    /// Token by token: in `String` order, and spellings that order as equal (canonically equivalent)
    /// by their UTF-8 bytes, so the order is total over exact tokens and as quick as `String`'s.
    static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        for (left, right) in zip(lhs.tokens, rhs.tokens) {
            if left != right { return left < right }
            if ExactString(left) != ExactString(right) { return ExactString(left) < ExactString(right) }
        }
        return lhs.tokens.count < rhs.tokens.count
    }
}

extension String {
    /// Decodes `%XX` escapes (a reference is a URI fragment); `nil` when an escape is malformed
    /// or the bytes are not UTF-8.
    fileprivate func removingPercentEncodingForPointer() -> String? {
        guard contains(Character("%")) else { return self }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(ASCIIHex.value), let low = iterator.next().flatMap(ASCIIHex.value)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return UTF8Text.validating(bytes)
    }
}
