import Foundation

/// Base64 with the URL and filename safe alphabet (RFC 4648 §5), as JOSE uses it: no padding on
/// output, padding optional on input.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// 6-bit value of each ASCII byte, `0xFF` for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// `data` encoded without `=` padding.
    package static func encode(_ data: some DataProtocol) -> String {
        let bytes = [UInt8](data)
        var output = [UInt8]()
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(alphabet[Int(group & 0x3F)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `string` encodes, or `nil` if it is not canonical base64url.
    ///
    /// Accepted: the URL-safe alphabet, with or without the `=` padding that completes the last
    /// quantum. Rejected: any other character (including `+`, `/` and whitespace), a length that
    /// leaves a single dangling character, misplaced or surplus padding, and unused low bits that
    /// are not zero — so every byte string has exactly one accepted encoding, and a signature or
    /// key cannot be altered by re-spelling it.
    package static func decode(_ string: String) -> Data? {
        var characters = Array(string.utf8)
        if characters.last == UInt8(ascii: "=") {
            guard characters.count % 4 == 0 else { return nil }
            let padding = characters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2 else { return nil }
            characters.removeLast(padding)
        }
        let remainder = characters.count % 4
        guard remainder != 1 else { return nil }

        var output = Data()
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for character in characters {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        // The 2 or 4 bits left over from a partial quantum must be zero in a canonical encoding.
        guard accumulator == 0 else { return nil }
        return output
    }
}
