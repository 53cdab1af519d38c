/// Byte classes from RFC 9110/9112 used by the parsers.
package enum ASCII {
    package static let carriageReturn: UInt8 = 0x0D
    package static let lineFeed: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    package static let colon: UInt8 = 0x3A
    static let comma: UInt8 = 0x2C
    static let semicolon: UInt8 = 0x3B

    /// `tchar` from RFC 9110 §5.6.2: the characters of methods, header names and coding names.
    private static let tokenTable: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in "!#$%&'*+-.^_`|~".utf8 { table[Int(byte)] = true }
        return table
    }()

    static func isToken(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

    /// `field-vchar / SP / HTAB` including obs-text: anything but control characters and DEL.
    static func isFieldValue(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Visible characters allowed in a request-target (no spaces, no controls).
    static func isTargetCharacter(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    package static func hexValue(_ byte: UInt8) -> Int? {
        if let digit = digitValue(byte) { return digit }
        let lower = lowercased(byte)
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? Int(lower - UInt8(ascii: "a")) + 10 : nil
    }

    /// `bytes` without leading and trailing spaces and tabs.
    package static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lower = bytes.startIndex
        var upper = bytes.endIndex
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return bytes[lower..<upper]
    }

    /// The elements of a comma-separated list (RFC 9110 §5.6.1), trimmed, empty ones dropped.
    static func listElements(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: comma, omittingEmptySubsequences: false)
            .map(trimmed)
            .filter { !$0.isEmpty }
    }

    /// Case-insensitive equality between raw bytes and a lowercase ASCII literal.
    static func equalsLowercase(_ bytes: ArraySlice<UInt8>, _ literal: String) -> Bool {
        bytes.count == literal.utf8.count && zip(bytes, literal.utf8).allSatisfy { lowercased($0) == $1 }
    }
}
